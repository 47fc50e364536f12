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
import java.time.Duration;
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
 * format and the quality, with its figures beside it. Identical misses cause one render: on one
 * node the others wait for it in memory; across nodes the render is claimed in the shared database
 * ({@link RenderClaims}) and the other nodes look for the stored variant until it is there. What
 * this node read or wrote last is also kept in memory ({@link #REMEMBERED} entries of each kind),
 * so that a hit reads nothing but the variant's bytes: a variant evicted meanwhile is found
 * missing when its bytes are opened, and rendered again.
 */
final class VariantStore {
    static final String PREFIX = "image-url/";
    /** How many sources' facts and variants' figures a node keeps in memory before it forgets them all. */
    static final int REMEMBERED = 10_000;
    /** How long a miss waits for another node's render before it is answered 503 busy. */
    static final Duration WAIT_AT_MOST = Duration.ofSeconds(20);
    /** The first and the longest pause between two looks for another node's render. */
    private static final long FIRST_PAUSE_MS = 50;
    private static final long LONGEST_PAUSE_MS = 500;

    /** A stored variant's figures. */
    record Figures(int width, int height, String format, long bytes) {}

    private final Storage storage;
    private final ObjectMapper json;
    private final RenderClaims claims;
    private final ConcurrentMap<String, CompletableFuture<Figures>> inFlight = new ConcurrentHashMap<>();
    private final ConcurrentMap<String, SourceFacts> recentFacts = new ConcurrentHashMap<>();
    private final ConcurrentMap<String, Figures> recentFigures = new ConcurrentHashMap<>();

    VariantStore(Storage storage, ObjectMapper json, RenderClaims claims) {
        this.storage = storage;
        this.json = json;
        this.claims = claims;
    }

    static String variantKey(String version, String canonical) {
        return PREFIX + "variants/" + sha256(version + "\n" + canonical);
    }

    Optional<SourceFacts> facts(String source) {
        SourceFacts known = recentFacts.get(source);
        if (known != null) return Optional.of(known);
        Optional<SourceFacts> stored = read(factsKey(source), SourceFacts.class);
        stored.ifPresent(f -> remember(recentFacts, source, f));
        return stored;
    }

    /** The source's facts as this node last read or wrote them; empty when it remembers none. */
    Optional<SourceFacts> knownFacts(String source) {
        return Optional.ofNullable(recentFacts.get(source));
    }

    void putFacts(String source, SourceFacts facts, Path work) {
        write(factsKey(source), facts, work);
        remember(recentFacts, source, facts);
    }

    /**
     * The variant's figures as this node last read or wrote them: what a hit needs. A variant
     * evicted since is then found missing when its bytes are opened.
     */
    Optional<Figures> knownFigures(String variantKey) {
        return Optional.ofNullable(recentFigures.get(variantKey));
    }

    /** The stored variant's figures; empty when it is not (or no longer) stored. */
    Optional<Figures> figures(String variantKey) {
        Optional<Figures> stored = read(variantKey + ".json", Figures.class);
        stored.ifPresentOrElse(f -> remember(recentFigures, variantKey, f), () -> recentFigures.remove(variantKey));
        return stored;
    }

    /** Deletes a variant: its figures first, which makes it a miss, then its bytes. */
    void delete(String variantKey) {
        recentFigures.remove(variantKey);
        storage.delete(variantKey + ".json");
        storage.delete(variantKey);
    }

    private static <T> void remember(ConcurrentMap<String, T> known, String key, T value) {
        if (known.size() >= REMEMBERED) known.clear();
        known.put(key, value);
    }

    /**
     * The figures of the variant, rendered by {@code render} (which stores it) unless another
     * request is rendering it already: then this one waits for that render, on this node or another.
     */
    Figures renderOnce(String variantKey, Supplier<Figures> render) {
        CompletableFuture<Figures> mine = new CompletableFuture<>();
        CompletableFuture<Figures> running = inFlight.putIfAbsent(variantKey, mine);
        if (running != null) return join(running);
        try {
            Figures figures = figures(variantKey).orElseGet(() -> renderClaimed(variantKey, render));
            mine.complete(figures);
            return figures;
        } catch (RuntimeException e) {
            mine.completeExceptionally(e);
            throw e;
        } finally {
            inFlight.remove(variantKey, mine);
        }
    }

    /**
     * Renders the variant once its claim is this node's; while another node holds the claim, looks
     * for the variant that node stores, pausing longer each time, for {@link #WAIT_AT_MOST}.
     */
    private Figures renderClaimed(String variantKey, Supplier<Figures> render) {
        long giveUpAt = System.nanoTime() + WAIT_AT_MOST.toNanos();
        long pause = FIRST_PAUSE_MS;
        while (true) {
            Optional<String> claim = claims.claim(variantKey);
            if (claim.isPresent()) {
                try {
                    // stored by the claim's previous holder between this request's look and its claim
                    return figures(variantKey).orElseGet(render);
                } finally {
                    claims.release(variantKey, claim.get());
                }
            }
            if (System.nanoTime() - giveUpAt > 0) {
                throw ImageUrlException.busy("Another node is rendering this variant; ask again", 1);
            }
            pause(pause);
            pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
            Optional<Figures> stored = figures(variantKey);
            if (stored.isPresent()) return stored.get();
        }
    }

    /** Deletes the render claims of nodes that stopped while they rendered; returns how many. */
    int purgeExpiredClaims() {
        return claims.purgeExpired();
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for another node's render", e);
        }
    }

    /** Stores a rendered file and then its figures, which mark it complete. */
    void putVariant(String variantKey, Path file, String contentType, Figures figures, Path work) {
        storage.put(variantKey, file, contentType);
        write(variantKey + ".json", figures, work);
        remember(recentFigures, variantKey, figures);
    }

    Storage.StoredObject open(String variantKey) {
        return storage.open(variantKey);
    }

    /** The storage variants are kept in, for sending one whole or a range of it. */
    Storage storage() {
        return storage;
    }

    /** A stored variant's bytes, for one small enough to be kept in memory. */
    byte[] read(String variantKey) {
        try (Storage.StoredObject object = storage.open(variantKey)) {
            return object.content().readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
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

    /** What another request's work gave, its failure thrown as this request's. */
    static <T> T join(CompletableFuture<T> running) {
        try {
            return running.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for another request", e);
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
