package io.mediaopt.web;

import io.javalin.http.Context;
import io.mediaopt.Feature;
import io.mediaopt.Routes;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The service's web page: a fixed set of static files from the jar's {@code web/} folder,
 * served at {@code /} without a key. The page calls the API like any client, so its own files
 * hold nothing a stranger may not see. Each file is read once, at start.
 */
public final class WebPage implements Feature {
    /**
     * Scripts and styles only from the page's own files, never inline; media only from the
     * service or from the browser's own blobs (the picked files, the fetched outputs and renditions).
     */
    static final String CONTENT_SECURITY_POLICY = String.join("; ",
            "default-src 'self'",
            "script-src 'self'",
            "style-src 'self'",
            "img-src 'self' blob:",
            "media-src 'self' blob:",
            "connect-src 'self'",
            "object-src 'none'",
            "base-uri 'none'",
            "form-action 'none'",
            "frame-ancestors 'none'");

    private static final Map<String, String> FILES = Map.ofEntries(
            Map.entry("/", "index.html"),
            Map.entry("/app.js", "app.js"),
            Map.entry("/api.js", "api.js"),
            Map.entry("/dom.js", "dom.js"),
            Map.entry("/options.js", "options.js"),
            Map.entry("/file-card.js", "file-card.js"),
            Map.entry("/renditions.js", "renditions.js"),
            Map.entry("/storyboard.js", "storyboard.js"),
            Map.entry("/format.js", "format.js"),
            Map.entry("/vendor/tus.min.js", "vendor/tus.min.js"),
            Map.entry("/app.css", "app.css"),
            Map.entry("/favicon.svg", "favicon.svg"));

    private final Map<String, File> files;

    private WebPage(Map<String, File> files) {
        this.files = files;
    }

    /** Reads every file of the page from the classpath; a missing one stops the start. */
    public static WebPage load() {
        Map<String, File> files = new LinkedHashMap<>();
        FILES.forEach((path, name) -> files.put(path, new File(read(name), contentType(name))));
        return new WebPage(files);
    }

    /** The exact paths the page answers on, public whatever SERVICE_API_KEYS says. */
    public Set<String> paths() {
        return files.keySet();
    }

    @Override
    public void routes(Routes routes) {
        for (String path : paths()) routes.get(path, this::serve);
    }

    /** A GET handler for any of {@link #paths()}. */
    public void serve(Context ctx) {
        File file = files.get(ctx.path());
        ctx.header("Content-Security-Policy", CONTENT_SECURITY_POLICY);
        ctx.header("Referrer-Policy", "no-referrer");
        ctx.header("Cache-Control", "no-cache");
        ctx.contentType(file.contentType()).result(file.bytes());
    }

    private static byte[] read(String name) {
        try (InputStream in = WebPage.class.getResourceAsStream("/web/" + name)) {
            if (in == null) throw new IllegalStateException("The web page file web/" + name + " is not in the jar");
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String contentType(String name) {
        String extension = name.substring(name.lastIndexOf('.') + 1);
        return switch (extension) {
            case "html" -> "text/html; charset=utf-8";
            case "js" -> "text/javascript; charset=utf-8";
            case "css" -> "text/css; charset=utf-8";
            case "svg" -> "image/svg+xml";
            default -> throw new IllegalArgumentException("No content type for web/" + name);
        };
    }

    private record File(byte[] bytes, String contentType) {}
}
