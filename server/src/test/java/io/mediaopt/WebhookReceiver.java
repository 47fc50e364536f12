package io.mediaopt;

import com.standardwebhooks.Webhook;
import com.standardwebhooks.exceptions.WebhookVerificationException;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.mediaopt.client.Job;
import io.mediaopt.client.WebhookSignature;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.function.Predicate;

/**
 * A real HTTP receiver of callbacks on 127.0.0.1: it records every POST (headers, body, when it
 * arrived) and answers with the statuses it was told to, then 204.
 */
public final class WebhookReceiver implements AutoCloseable {
    private final HttpServer server;
    private final Deque<Answer> answers = new ArrayDeque<>();
    private final List<Call> calls = new ArrayList<>();

    /** One POST as it arrived; header names in lower case. */
    public record Call(String path, Map<String, String> headers, byte[] body, long receivedAtMillis) {
        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        public String eventId() {
            return header(WebhookSignature.ID_HEADER);
        }

        /** Whether the Java client accepts the call's signature under {@code secret}. */
        public boolean signedWith(String secret) {
            return WebhookSignature.verify(secret, eventId(), header(WebhookSignature.TIMESTAMP_HEADER),
                    header(WebhookSignature.SIGNATURE_HEADER), body);
        }

        /** Whether the reference Standard Webhooks library accepts the call under {@code secret}. */
        public boolean acceptedByStandardWebhooks(String secret) {
            Map<String, List<String>> all = new TreeMap<>();
            headers.forEach((name, value) -> all.put(name, List.of(value)));
            try {
                new Webhook(secret).verify(new String(body, StandardCharsets.UTF_8), all);
                return true;
            } catch (WebhookVerificationException e) {
                return false;
            }
        }

        public Job job() {
            return WebhookSignature.job(body);
        }
    }

    private record Answer(int status, String location) {}

    private WebhookReceiver(HttpServer server) {
        this.server = server;
        server.createContext("/", this::handle);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.start();
    }

    public static WebhookReceiver start() throws IOException {
        return on(0);
    }

    /** Listens on the given port of 127.0.0.1 (a receiver that comes up where a caller already points). */
    public static WebhookReceiver on(int port) throws IOException {
        return new WebhookReceiver(HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0));
    }

    public URI url(String path) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
    }

    /** The next calls get these statuses, in order; later ones get 204. */
    public synchronized WebhookReceiver answer(int... statuses) {
        for (int status : statuses) answers.add(new Answer(status, null));
        return this;
    }

    /** The next call is redirected to {@code location}. */
    public synchronized WebhookReceiver redirect(int status, URI location) {
        answers.add(new Answer(status, location.toString()));
        return this;
    }

    public synchronized List<Call> calls() {
        return List.copyOf(calls);
    }

    /** Waits until the calls received satisfy {@code done}; returns them. */
    public List<Call> await(Predicate<List<Call>> done, Duration timeout) throws Exception {
        List<Call> got = Eventually.await(timeout, this::calls, done);
        if (!done.test(got)) {
            throw new AssertionError("the receiver did not get the expected calls in " + timeout + "; got " + got);
        }
        return got;
    }

    public List<Call> awaitCount(int count, Duration timeout) throws Exception {
        return await(c -> c.size() >= count, timeout);
    }

    private void handle(HttpExchange exchange) throws IOException {
        long receivedAt = System.currentTimeMillis();
        byte[] body;
        try (InputStream in = exchange.getRequestBody()) {
            body = in.readAllBytes();
        }
        Map<String, String> headers = new TreeMap<>();
        exchange.getRequestHeaders().forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT), values.getFirst()));
        Answer answer;
        synchronized (this) {
            calls.add(new Call(exchange.getRequestURI().getPath(), headers, body, receivedAt));
            answer = answers.isEmpty() ? new Answer(204, null) : answers.poll();
        }
        if (answer.location() != null) exchange.getResponseHeaders().add("Location", answer.location());
        exchange.sendResponseHeaders(answer.status(), -1);
        exchange.close();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
