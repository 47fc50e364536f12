package io.mediaopt.http;

import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * Lets the pages of the origins SERVICE_CORS_ORIGINS names read every answer of the service,
 * errors included, and send it what its clients send (docs/api.md, CORS). A request from another
 * origin, or from none, is answered as if CORS were off, but for {@code Vary: Origin}. No
 * credentials are allowed: callers hold keys and tokens in headers, never cookies.
 */
final class Cors {
    private static final String VARY = "Vary";
    private static final String ALLOW_ORIGIN = "Access-Control-Allow-Origin";
    private static final String EXPOSE_HEADERS = "Access-Control-Expose-Headers";
    private static final List<String> METHODS = List.of("GET", "HEAD", "POST", "PATCH", "DELETE", "OPTIONS");
    /** What the clients send: tus-js-client and Uppy, hls.js, the TypeScript client, plain fetch. */
    private static final List<String> REQUEST_HEADERS = List.of("tus-resumable", "upload-length", "upload-offset",
            "upload-metadata", "upload-checksum", "upload-defer-length", "upload-concat", "x-http-method-override",
            "x-api-key", "authorization", "content-type", RequestIds.HEADER, "range", "if-none-match",
            "if-modified-since", "accept");
    /** How long a browser may keep a preflight's answer: two hours, the most Chromium keeps one. */
    private static final long MAX_AGE_SECONDS = 7200;
    /** The headers of answers a page reads that are not safelisted already, but for the service's own. */
    private static final List<String> STANDARD_EXPOSED = List.of("Location", "Upload-Offset", "Upload-Length",
            "Upload-Expires", "Upload-Metadata", "Tus-Resumable", "Tus-Version", "Tus-Extension", "Tus-Max-Size",
            "Tus-Checksum-Algorithm", "Retry-After", "Content-Range", "Content-Disposition", "Content-Length",
            "ETag", "Last-Modified", "Accept-Ranges");

    private final CorsOrigins origins;
    private final String exposed;

    /** {@code serviceHeaders}: every header of the service's own that an answer may carry. */
    Cors(CorsOrigins origins, List<String> serviceHeaders) {
        this.origins = origins;
        List<String> names = new ArrayList<>(STANDARD_EXPOSED);
        names.addAll(serviceHeaders);
        this.exposed = String.join(", ", names);
    }

    /**
     * A before-handler for every path, ahead of the key check: adds the headers of an allowed
     * origin, and answers its preflight itself, since a browser sends no key with one. Headers
     * set here stay on the answer, errors included.
     */
    void before(Context ctx) {
        if (!origins.enabled()) return;
        String origin = ctx.header("Origin");
        if (isPreflight(ctx) && origins.allows(origin)) {
            ctx.header(VARY, "Origin");
            ctx.header(ALLOW_ORIGIN, allowedOrigin(origin));
            ctx.header("Access-Control-Allow-Methods", String.join(", ", METHODS));
            ctx.header("Access-Control-Allow-Headers", String.join(", ", REQUEST_HEADERS));
            ctx.header("Access-Control-Max-Age", Long.toString(MAX_AGE_SECONDS));
            ctx.status(HttpStatus.NO_CONTENT);
            // no route, key check or totals: the preflight is answered, nothing else is told
            ctx.skipRemainingHandlers();
            return;
        }
        answerHeaders(origin, origins.allows(origin)).forEach(ctx::header);
    }

    /**
     * An after-handler: a route that set its own {@code Vary} (the picture's {@code Accept})
     * replaced this one's; both must stay.
     */
    void keepVary(Context ctx) {
        if (!origins.enabled()) return;
        String vary = ctx.res().getHeader(VARY);
        if (vary == null || !vary.toLowerCase(Locale.ROOT).contains("origin")) {
            ctx.header(VARY, vary == null ? "Origin" : vary + ", Origin");
        }
    }

    /**
     * The same headers on an answer of the HTTP server itself ({@link ProtocolErrors}). Jetty
     * keeps none of the headers of a request it refused while reading them (a bad request line,
     * too many headers): its origin is unknown then, and only {@code *} may be answered.
     */
    void addTo(HttpFields.Mutable headers, HttpFields request) {
        String origin = request.get(HttpHeader.ORIGIN);
        boolean unknown = request.size() == 0;
        answerHeaders(origin, origins.allows(origin) || unknown && origins.anyOrigin())
                .forEach((BiConsumer<String, String>) headers::put);
    }

    /**
     * The same headers on an answer given ahead of the routes, as {@link #before} and
     * {@link #keepVary} give them: a {@code Vary} the answer has already is extended.
     */
    void addToAnswer(HttpFields.Mutable headers, HttpFields request) {
        String vary = headers.get(VARY);
        String origin = request.get(HttpHeader.ORIGIN);
        answerHeaders(origin, origins.allows(origin)).forEach((BiConsumer<String, String>) headers::put);
        if (vary != null && origins.enabled()) headers.put(VARY, vary + ", Origin");
    }

    /**
     * The CORS headers of an actual answer to a request with this Origin: {@code Vary} whenever
     * CORS is on, since the answer would be another for another origin; the rest only for an
     * allowed one.
     */
    private Map<String, String> answerHeaders(String origin, boolean allowed) {
        Map<String, String> headers = new LinkedHashMap<>();
        if (!origins.enabled()) return headers;
        headers.put(VARY, "Origin");
        if (allowed) {
            headers.put(ALLOW_ORIGIN, allowedOrigin(origin));
            headers.put(EXPOSE_HEADERS, exposed);
        }
        return headers;
    }

    private String allowedOrigin(String origin) {
        return origins.anyOrigin() ? "*" : origin;
    }

    private static boolean isPreflight(Context ctx) {
        return "OPTIONS".equals(ctx.method().name()) && ctx.header("Access-Control-Request-Method") != null;
    }
}
