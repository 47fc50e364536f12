package io.mediaopt.imageurl;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Semaphore;
import java.util.function.Supplier;

/**
 * The renders one source host may have in flight on this node (SERVICE_IMAGE_URL_RENDERS_PER_HOST):
 * one more is refused at once with 429, so that a host's many variants cannot take every
 * encoder from the others.
 */
final class RenderSlots {
    /** Seconds a refused render is told to wait: about one render's time. */
    static final long RETRY_AFTER_SECONDS = 1;
    /** What the service's own storage and jobs count as: one host. */
    private static final String STORAGE = "storage";

    private final int perHost;
    private final ConcurrentMap<String, Semaphore> hosts = new ConcurrentHashMap<>();

    RenderSlots(int perHost) {
        this.perHost = perHost;
    }

    /** Runs {@code render} in a slot of {@code host}; 429 rate-limited when the host has none free. */
    <T> T run(String host, Supplier<T> render) {
        Semaphore slots = hosts.computeIfAbsent(host, h -> new Semaphore(perHost));
        if (!slots.tryAcquire()) {
            throw ImageUrlException.rateLimited("The source's host has " + perHost
                    + " renders in flight already (SERVICE_IMAGE_URL_RENDERS_PER_HOST)", RETRY_AFTER_SECONDS);
        }
        try {
            return render.get();
        } finally {
            slots.release();
        }
    }

    /** The host a render of {@code source} counts against: an http(s) URL's host, else the service's storage. */
    static String hostOf(String source) {
        if (!source.regionMatches(true, 0, "http", 0, 4)) return STORAGE;
        try {
            String host = java.net.URI.create(source).getHost();
            return host == null ? STORAGE : host.toLowerCase(java.util.Locale.ROOT);
        } catch (IllegalArgumentException e) {
            return STORAGE;
        }
    }
}
