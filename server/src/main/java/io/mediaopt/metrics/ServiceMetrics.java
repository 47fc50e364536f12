package io.mediaopt.metrics;

import io.mediaopt.ErrorCode;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * What the service counts for Prometheus: requests, optimizations and their bytes, encode
 * times, the queue, the encoders, busy answers, job attempts and failures, and the JVM's and
 * the process's memory. Metric names and labels are listed in the README ("Metrics").
 * Switched off, every method still works and records nothing.
 */
public final class ServiceMetrics implements AutoCloseable {
    /** Request latency buckets: from a health check to a synchronous video encode. */
    private static final Duration[] REQUEST_BUCKETS = seconds(0.005, 0.025, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300);
    /** Encode time buckets: from a thumbnail-sized image to a long video. */
    private static final Duration[] ENCODE_BUCKETS = seconds(0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 240, 600);
    /** The strategy label of an optimization that produced nothing. */
    public static final String NO_STRATEGY = "none";
    /** The outcome label of an optimization that succeeded. */
    public static final String OK = "ok";

    private final MeterRegistry registry;
    private final Optional<PrometheusMeterRegistry> prometheus;
    private final Runnable stopRuntimeMetrics;
    /** Counted on every image URL hit: registered once, not looked up per hit. */
    private final Counter imageUrlHits;
    private final Counter imageUrlEarlyHits;

    private ServiceMetrics(MeterRegistry registry, Optional<PrometheusMeterRegistry> prometheus,
                           Runnable stopRuntimeMetrics) {
        this.registry = registry;
        this.prometheus = prometheus;
        this.stopRuntimeMetrics = stopRuntimeMetrics;
        this.imageUrlHits = Counter.builder("mediaopt.image.url.hits")
                .description("Image URL answers served without a render of their own").register(registry);
        this.imageUrlEarlyHits = Counter.builder("mediaopt.image.url.early.hits")
                .description("Image URL hits answered ahead of the routes, from the variants this node remembers")
                .register(registry);
    }

    /** Metrics kept for a Prometheus scrape, with the JVM's and the process's own. */
    public static ServiceMetrics prometheus() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        return new ServiceMetrics(registry, Optional.of(registry), RuntimeMetrics.bindTo(registry));
    }

    /** Metrics switched off: a registry without children drops every measurement. */
    public static ServiceMetrics off() {
        return new ServiceMetrics(new CompositeMeterRegistry(), Optional.empty(), () -> {});
    }

    /** True when there is something to scrape. */
    public boolean enabled() {
        return prometheus.isPresent();
    }

    /** The Prometheus text exposition of every metric. */
    public String scrape() {
        return prometheus.orElseThrow(() -> new IllegalStateException("metrics are off")).scrape();
    }

    /** The media type of {@link #scrape()}. */
    public static String contentType() {
        return "text/plain; version=0.0.4; charset=utf-8";
    }

    public void httpRequest(String method, String route, int status, Duration took) {
        httpRequests(method, route, status).record(took);
    }

    /** The timer {@link #httpRequest} records into, looked up once by a caller that records many of its requests. */
    public Timer httpRequests(String method, String route, int status) {
        return Timer.builder("http.server.requests").description("HTTP requests by route and status")
                .tags("method", method, "route", route, "status", Integer.toString(status))
                .serviceLevelObjectives(REQUEST_BUCKETS)
                .register(registry);
    }

    /**
     * One optimization attempt that ended: {@code outcome} is {@link #OK} or the error code it
     * failed with; bytes count only when it succeeded. An output larger than its input (returned
     * when it had to be re-encoded) saves nothing; counters never go down.
     */
    public void optimization(String kind, String preset, String strategy, String outcome, long inputBytes,
                             long outputBytes) {
        Counter.builder("mediaopt.optimizations").description("Optimizations by kind, preset, strategy and outcome")
                .tags("kind", kind, "preset", preset, "strategy", strategy, "outcome", outcome)
                .register(registry).increment();
        if (!OK.equals(outcome)) return;
        bytes("mediaopt.input", "Bytes of the optimized inputs", kind, preset, inputBytes);
        bytes("mediaopt.output", "Bytes of the outputs", kind, preset, outputBytes);
        bytes("mediaopt.saved", "Input bytes minus output bytes", kind, preset, Math.max(0, inputBytes - outputBytes));
    }

    private void bytes(String name, String description, String kind, String preset, long amount) {
        Counter.builder(name).description(description).baseUnit("bytes").tags("kind", kind, "preset", preset)
                .register(registry).increment((double) amount);
    }

    /** The time a successful encode took (libvips or ffmpeg, every strategy it tried). */
    public void encodeTime(String kind, Duration took) {
        Timer.builder("mediaopt.encode").description("Time of successful encodes by kind").tags("kind", kind)
                .serviceLevelObjectives(ENCODE_BUCKETS)
                .register(registry).record(took);
    }

    /** A job starts being processed: {@code mode} is sync (a request waits) or queued. */
    public void jobAttempt(String mode) {
        Counter.builder("mediaopt.job.attempts").description("Times a job started processing")
                .tags("mode", mode).register(registry).increment();
    }

    /** Jobs that ended failed with {@code code}. */
    public void jobFailures(ErrorCode code, int count) {
        Counter.builder("mediaopt.job.failures").description("Jobs that failed, by error code")
                .tags("code", code.wireName()).register(registry).increment(count);
    }

    /**
     * A callback attempt ended: {@code delivered}, {@code retry} (tried again later) or
     * {@code failed} (given up).
     */
    public void webhookAttempt(String outcome) {
        Counter.builder("mediaopt.webhook.attempts").description("Callback attempts, by outcome")
                .tags("outcome", outcome).register(registry).increment();
    }

    /**
     * A job's input walked whole for a second file inside it (a polyglot), by the job's origin
     * ({@code sync}, {@code form}, {@code stored}): each input is walked once, where it is first read whole.
     */
    public void polyglotWalk(String origin) {
        Counter.builder("mediaopt.polyglot.walks").description("Job inputs walked whole for a polyglot, by job origin")
                .tags("origin", origin).register(registry).increment();
    }

    /** A request to {@code route} answered 503 busy (no encoder freed up, or too many pending jobs). */
    public void busyAnswer(String route) {
        Counter.builder("mediaopt.busy.answers").description("Requests answered 503 busy, by route")
                .tags("route", route).register(registry).increment();
    }

    /** An image URL's variant rendered and stored by this node: a variant moves it once, whichever node renders it. */
    public void imageUrlRender() {
        Counter.builder("mediaopt.image.url.renders").description("Image URL variants this node rendered")
                .register(registry).increment();
    }

    /** An image URL answered with a variant already stored, by this node or another, or rendered by another request. */
    public void imageUrlHit() {
        imageUrlHits.increment();
    }

    /** An image URL hit answered ahead of the routes, from what this node remembers (a part of {@link #imageUrlHit}). */
    public void imageUrlEarlyHit() {
        imageUrlEarlyHits.increment();
    }

    /** A chunk of a long video (of any node's job) encoded and stored by this node. */
    public void videoChunkEncoded() {
        Counter.builder("mediaopt.video.chunks").description("Chunks of long videos this node encoded, of any node's jobs")
                .register(registry).increment();
    }

    /** A value read at each scrape, such as the queue depth; NaN when it cannot be read. */
    public void gauge(String name, String description, Supplier<Number> value) {
        Gauge.builder(name, () -> {
            try {
                return value.get();
            } catch (RuntimeException e) {
                return Double.NaN;
            }
        }).description(description).strongReference(true).register(registry);
    }

    @Override
    public void close() {
        stopRuntimeMetrics.run();
        registry.close();
    }

    private static Duration[] seconds(double... values) {
        Duration[] durations = new Duration[values.length];
        for (int i = 0; i < values.length; i++) durations[i] = Duration.ofNanos((long) (values[i] * 1e9));
        return durations;
    }
}
