package io.mediaopt.imageurl;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Supplier;

/**
 * Reads of small variants from storage, each done once for the requests of this node that ask for
 * the same variant at the same time (as identical misses do once their render is stored): the
 * others wait for that read and share its bytes. Nothing is kept once a read is over.
 */
final class VariantReads {
    /** The largest variant read whole; larger ones are streamed from storage to each request. */
    static final long LARGEST = 1024 * 1024;

    private final ConcurrentMap<String, CompletableFuture<byte[]>> reading = new ConcurrentHashMap<>();

    /** Whether a variant of {@code size} bytes is read whole and shared. */
    static boolean shares(long size) {
        return size <= LARGEST;
    }

    /** The variant's bytes, read by {@code read}, or by the request of this node reading them already. */
    byte[] bytes(String variantKey, Supplier<byte[]> read) {
        CompletableFuture<byte[]> mine = new CompletableFuture<>();
        CompletableFuture<byte[]> running = reading.putIfAbsent(variantKey, mine);
        if (running != null) return VariantStore.join(running);
        try {
            byte[] content = read.get();
            mine.complete(content);
            return content;
        } catch (RuntimeException e) {
            mine.completeExceptionally(e);
            throw e;
        } finally {
            reading.remove(variantKey, mine);
        }
    }
}
