package io.mediaopt.imageurl;

import io.mediaopt.ServiceException;
import io.mediaopt.webhooks.CallbackUrls;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.InputStreamResponseListener;
import org.eclipse.jetty.client.Request;
import org.eclipse.jetty.client.Response;
import org.eclipse.jetty.http.HttpHeader;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Fetches http(s) sources through the callbacks' guard: the host must be on the allow-list,
 * every address it resolves to must be one callbacks may reach (unless private ones are allowed),
 * the connection goes to the checked address ({@code CheckedHttpClient}), each redirect is checked
 * again, and the body stops at the byte limit and the whole fetch at the time limit.
 */
final class HttpSource {
    private static final int MAX_REDIRECTS = 5;

    private final SourceHosts hosts;
    private final CallbackUrls urls;
    private final HttpClient client;
    private final long maxBytes;
    private final Duration timeout;

    HttpSource(SourceHosts hosts, CallbackUrls urls, HttpClient client, long maxBytes, Duration timeout) {
        this.hosts = hosts;
        this.urls = urls;
        this.client = client;
        this.maxBytes = maxBytes;
        this.timeout = timeout;
    }

    /** The URL if its form and host are allowed; nothing is resolved. 400 or 403 otherwise. */
    URI check(String source) {
        URI uri;
        try {
            uri = urls.parse(source);
        } catch (IllegalArgumentException e) {
            throw ServiceException.invalidInput("The image URL's source: " + e.getMessage());
        }
        if (!hosts.allows(uri.getHost())) {
            throw ImageUrlException.notAllowed("The source host " + uri.getHost() + " is not in SERVICE_IMAGE_URL_SOURCES");
        }
        return uri;
    }

    /**
     * What the origin answered: its body stored, with the validators it sent for it, or (empty)
     * 304 to a conditional GET, the stored copy still current.
     */
    record Fetched(Optional<Validators> stored) {
        static final Fetched NOT_MODIFIED = new Fetched(Optional.empty());

        boolean notModified() {
            return stored.isEmpty();
        }
    }

    /** Fetches {@code source} into {@code file} unconditionally. */
    Fetched fetch(String source, Path file) {
        return fetch(source, file, Optional.empty());
    }

    /**
     * Fetches {@code source} into {@code file}, following redirects that pass the same checks;
     * with the validators of an earlier fetch ({@code known}) the GET is conditional
     * (If-None-Match, If-Modified-Since), and a 304 leaves {@code file} unwritten.
     */
    Fetched fetch(String source, Path file, Optional<Validators> known) {
        String etag = known.map(Validators::etag).orElse(null);
        String lastModified = known.map(Validators::lastModified).orElse(null);
        long deadline = System.nanoTime() + timeout.toNanos();
        URI uri = check(source);
        for (int hop = 0; hop <= MAX_REDIRECTS; hop++) {
            Hop answer = fetchOnce(uri, file, deadline, etag, lastModified);
            if (answer.fetched() != null) return answer.fetched();
            uri = check(uri.resolve(answer.redirect()).toString());
        }
        throw ImageUrlException.unreachable("The source redirected more than " + MAX_REDIRECTS + " times");
    }

    /** One request's outcome: a redirect's target, or what was fetched. */
    private record Hop(URI redirect, Fetched fetched) {}

    private Hop fetchOnce(URI uri, Path file, long deadline, String etag, String lastModified) {
        long left = Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()));
        InputStreamResponseListener listener = new InputStreamResponseListener();
        Request request = client.newRequest(uri).timeout(left, TimeUnit.MILLISECONDS)
                .idleTimeout(left, TimeUnit.MILLISECONDS)
                .headers(h -> {
                    h.put(HttpHeader.USER_AGENT, "mediaopt-image-url");
                    if (etag != null) h.put(HttpHeader.IF_NONE_MATCH, etag);
                    if (lastModified != null) h.put(HttpHeader.IF_MODIFIED_SINCE, lastModified);
                });
        request.send(listener);
        try {
            Response response = listener.get(left, TimeUnit.MILLISECONDS);
            int status = response.getStatus();
            if (status == 304 && (etag != null || lastModified != null)) {
                listener.getInputStream().close();
                return new Hop(null, Fetched.NOT_MODIFIED);
            }
            if (status >= 300 && status < 400 && response.getHeaders().get(HttpHeader.LOCATION) != null) {
                listener.getInputStream().close();
                return new Hop(URI.create(response.getHeaders().get(HttpHeader.LOCATION)), null);
            }
            if (status != 200) {
                listener.getInputStream().close();
                throw ImageUrlException.unreachable("The source answered " + status);
            }
            long declared = response.getHeaders().getLongField(HttpHeader.CONTENT_LENGTH);
            if (declared > maxBytes) {
                request.abort(new IOException("too large"));
                throw ServiceException.tooLarge("The source is larger than the limit of " + maxBytes + " bytes");
            }
            copy(listener.getInputStream(), file, request);
            return new Hop(null, new Fetched(Optional.of(new Validators(response.getHeaders().get(HttpHeader.ETAG),
                    response.getHeaders().get(HttpHeader.LAST_MODIFIED)))));
        } catch (ExecutionException e) {
            throw failure(uri, e.getCause());
        } catch (TimeoutException e) {
            request.abort(e);
            throw ImageUrlException.timeout("The source did not answer within " + timeout.toMillis() + " ms");
        } catch (InterruptedException e) {
            request.abort(e);
            Thread.currentThread().interrupt();
            throw ImageUrlException.unreachable("Interrupted while fetching the source");
        } catch (IOException e) {
            request.abort(e);
            throw failure(uri, e);
        }
    }

    private void copy(InputStream in, Path file, Request request) throws IOException {
        long total = 0;
        byte[] buffer = new byte[64 * 1024];
        try (in; OutputStream out = Files.newOutputStream(file)) {
            for (int n; (n = in.read(buffer)) >= 0; ) {
                total += n;
                if (total > maxBytes) {
                    request.abort(new IOException("too large"));
                    throw ServiceException.tooLarge("The source is larger than the limit of " + maxBytes + " bytes");
                }
                out.write(buffer, 0, n);
            }
        }
    }

    private ServiceException failure(URI uri, Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof CallbackUrls.RefusedAddressException) {
                return ImageUrlException.notAllowed("The source host " + uri.getHost() + " is refused: "
                        + cause.getMessage().replace("callbacks", "sources"));
            }
            if (cause instanceof UnknownHostException) {
                return ImageUrlException.unreachable("The source host " + uri.getHost() + " does not resolve");
            }
            if (cause instanceof TimeoutException || cause instanceof SocketTimeoutException) {
                return ImageUrlException.timeout("The source did not answer within " + timeout.toMillis() + " ms");
            }
        }
        return ImageUrlException.unreachable("The source could not be fetched: " + failure.getClass().getSimpleName());
    }
}
