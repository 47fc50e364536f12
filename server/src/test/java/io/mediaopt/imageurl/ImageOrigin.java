package io.mediaopt.imageurl;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An origin on 127.0.0.1 that image URLs name as their source: {@code /photo.jpg} serves a file,
 * {@code /moved} redirects to {@code target}, {@code /text} serves a page, {@code /stall} never
 * answers (until the origin closes), so a fetch of it meets its time limit however busy the
 * machine, {@code /tagged.jpg} serves {@link #tagged} with an ETag and Last-Modified of its
 * {@link #version} and answers a conditional GET that names them with 304; it counts every request,
 * so a test can tell that a refused source was never fetched, and the 304s.
 */
final class ImageOrigin implements AutoCloseable {
    private final HttpServer server;
    final AtomicInteger requests = new AtomicInteger();
    private final CountDownLatch closed = new CountDownLatch(1);
    volatile String redirectTarget = "/photo.jpg";
    volatile byte[] tagged = new byte[0];
    volatile int version = 1;
    final AtomicInteger notModified = new AtomicInteger();
    volatile String lastIfNoneMatch;
    volatile String lastIfModifiedSince;

    ImageOrigin(Path photo) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            requests.incrementAndGet();
            String path = exchange.getRequestURI().getPath();
            byte[] body;
            if (path.equals("/photo.jpg")) {
                body = Files.readAllBytes(photo);
                exchange.getResponseHeaders().add("Content-Type", "image/jpeg");
            } else if (path.equals("/tagged.jpg")) {
                String etag = "\"v" + version + "\"";
                String lastModified = "Sun, 0" + version + " Nov 2026 10:00:00 GMT";
                lastIfNoneMatch = exchange.getRequestHeaders().getFirst("If-None-Match");
                lastIfModifiedSince = exchange.getRequestHeaders().getFirst("If-Modified-Since");
                exchange.getResponseHeaders().add("ETag", etag);
                exchange.getResponseHeaders().add("Last-Modified", lastModified);
                if (etag.equals(lastIfNoneMatch)) {
                    notModified.incrementAndGet();
                    exchange.sendResponseHeaders(304, -1);
                    exchange.close();
                    return;
                }
                body = tagged;
                exchange.getResponseHeaders().add("Content-Type", "image/jpeg");
            } else if (path.equals("/moved")) {
                exchange.getResponseHeaders().add("Location", redirectTarget);
                exchange.sendResponseHeaders(302, -1);
                exchange.close();
                return;
            } else if (path.equals("/stall")) {
                try {
                    closed.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                exchange.close();
                return;
            } else if (path.equals("/text")) {
                body = "<html><body>not an image</body></html>".getBytes();
            } else {
                exchange.sendResponseHeaders(404, -1);
                exchange.close();
                return;
            }
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        // a stalled exchange holds its own thread, not the one every other request waits for
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.start();
    }

    int port() {
        return server.getAddress().getPort();
    }

    String url(String path) {
        return "http://127.0.0.1:" + port() + path;
    }

    @Override
    public void close() {
        closed.countDown();
        server.stop(0);
    }
}
