package io.mediaopt.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A tiny in-process HTTP server standing in for the service: it records every request the
 * client sends and answers from canned responses, so tests can check both directions.
 */
final class StubApiServer implements AutoCloseable {

    /** A request as the server received it. */
    record Recorded(String method, String path, Headers headers, byte[] body) {
        String header(String name) {
            return headers.getFirst(name);
        }

        String bodyText() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    /** A response to serve. */
    record Canned(int status, Map<String, String> headers, byte[] body) {
        static Canned json(int status, String json) {
            return new Canned(status, Map.of("Content-Type", "application/json"),
                    json.getBytes(StandardCharsets.UTF_8));
        }

        static Canned error(int status, String code, String message) {
            try {
                return new Canned(status, Map.of("Content-Type", "application/json"),
                        JSON.writeValueAsBytes(Map.of("error", message, "code", code)));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
        }

        Canned withHeader(String name, String value) {
            var all = new LinkedHashMap<>(headers);
            all.put(name, value);
            return new Canned(status, all, body);
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;
    private final Map<String, Deque<Canned>> routes = new ConcurrentHashMap<>();
    private final List<Recorded> requests = new CopyOnWriteArrayList<>();

    private StubApiServer(HttpServer server) {
        this.server = server;
        server.createContext("/", this::handle);
        server.start();
    }

    static StubApiServer start() throws IOException {
        return new StubApiServer(HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0));
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/api";
    }

    /** Serves the responses in order for {@code method path}; the last one repeats. */
    StubApiServer on(String method, String path, Canned... responses) {
        routes.put(method + " " + path, new ArrayDeque<>(List.of(responses)));
        return this;
    }

    List<Recorded> requests() {
        return List.copyOf(requests);
    }

    Recorded lastRequest() {
        return requests.getLast();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] body = exchange.getRequestBody().readAllBytes();
            String path = exchange.getRequestURI().getRawPath();
            requests.add(new Recorded(exchange.getRequestMethod(), path, exchange.getRequestHeaders(), body));
            Canned canned = next(exchange.getRequestMethod() + " " + path);
            canned.headers().forEach((name, value) -> exchange.getResponseHeaders().add(name, value));
            exchange.sendResponseHeaders(canned.status(), canned.body().length == 0 ? -1 : canned.body().length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(canned.body());
            }
        }
    }

    private Canned next(String route) {
        Deque<Canned> queue = routes.get(route);
        if (queue == null) {
            return Canned.error(404, "not-found", "No stub for " + route);
        }
        synchronized (queue) {
            return queue.size() > 1 ? queue.poll() : queue.peek();
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
