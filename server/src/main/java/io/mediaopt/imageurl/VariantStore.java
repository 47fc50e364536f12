package io.mediaopt.imageurl;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaopt.storage.Storage;
import io.mediaopt.storage.StorageException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutionException;
import java.util.function.Supplier;

/**
 * Rendered variants and what is known of their sources, kept in the service's storage (the local
 * directory, or the bucket every node shares) under {@link #PREFIX}: a source's facts under a
 * digest of its URL, a variant under a digest of its source's version, the canonical options, the
 * format and the quality, with its figures beside it. Identical misses on one node wait for one
 * render; across nodes two may render the same variant at once, and the second write replaces the
 * first with the same bytes.
 */
final class VariantStore {
    static final String PREFIX = "image-url/";

    /** A stored variant's figures. */
    record Figures(int width, int height, String format, long bytes) {}

    private final Storage storage;
    private final ObjectMapper json;
    private final ConcurrentMap<String, CompletableFuture<Figures>> inFlight = new ConcurrentHashMap<>();

    VariantStore(Storage storage, ObjectMapper json) {
        this.storage = storage;
        this.json = json;
    }

    static String variantKey(String version, String canonical) {
        return PREFIX + "variants/" + sha256(version + "\n" + canonical);
    }

    Optional<SourceFacts> facts(String source) {
        return read(factsKey(source), SourceFacts.class);
    }

    void putFacts(String source, SourceFacts facts, Path work) {
        write(factsKey(source), facts, work);
    }

    Optional<Figures> figures(String variantKey) {
        return read(variantKey + ".json", Figures.class);
    }

    /**
     * The figures of the variant, rendered by {@code render} (which stores it) unless another
     * request of this node is rendering it already: then this one waits for that render.
     */
    Figures renderOnce(String variantKey, Supplier<Figures> render) {
        CompletableFuture<Figures> mine = new CompletableFuture<>();
        CompletableFuture<Figures> running = inFlight.putIfAbsent(variantKey, mine);
        if (running != null) return join(running);
        try {
            Figures figures = figures(variantKey).orElseGet(render);
            mine.complete(figures);
            return figures;
        } catch (RuntimeException e) {
            mine.completeExceptionally(e);
            throw e;
        } finally {
            inFlight.remove(variantKey, mine);
        }
    }

    /** Stores a rendered file and then its figures, which mark it complete. */
    void putVariant(String variantKey, Path file, String contentType, Figures figures, Path work) {
        storage.put(variantKey, file, contentType);
        write(variantKey + ".json", figures, work);
    }

    Storage.StoredObject open(String variantKey) {
        return storage.open(variantKey);
    }

    /** The storage variants are kept in, for sending one whole or a range of it. */
    Storage storage() {
        return storage;
    }

    private static String factsKey(String source) {
        return PREFIX + "sources/" + sha256(source) + ".json";
    }

    private <T> Optional<T> read(String key, Class<T> type) {
        try (Storage.StoredObject object = storage.open(key)) {
            return Optional.of(json.readValue(object.content(), type));
        } catch (StorageException e) {
            if (e.isOutage()) throw e;
            return Optional.empty();
        } catch (IOException e) {
            return Optional.empty(); // a half-written or foreign object: rendered again
        }
    }

    private void write(String key, Object value, Path work) {
        try {
            Path file = Files.createTempFile(work, "facts", ".json");
            Files.write(file, json.writeValueAsBytes(value));
            storage.put(key, file, "application/json");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Figures join(CompletableFuture<Figures> running) {
        try {
            return running.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a render", e);
        }
    }

    static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
