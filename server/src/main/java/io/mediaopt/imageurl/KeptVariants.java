package io.mediaopt.imageurl;

import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.PreEncodedHttpField;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The bytes of small variants stored in a local directory, kept in memory with the header fields
 * of their answers encoded once, so that a hit writes one buffer and opens no file: at most
 * {@link #LARGEST} bytes each and {@link #TOTAL} in all, the least recently used dropped first.
 * Each use compares the file's size, modification time and identity with those of the bytes
 * kept (one {@code stat}): a variant evicted, or stored again, by this node or by another sharing
 * the directory, is then found missing or read again, never answered stale.
 */
final class KeptVariants {
    static final int LARGEST = 256 * 1024;
    static final long TOTAL = 32L * 1024 * 1024;

    /**
     * A variant's bytes (a read-only buffer outside the heap, handed to the socket as it is), the
     * file they were read from as it was then, and the headers of its answers: of a 200 and of a
     * 304, each for a format named in the URL and for one negotiated ({@code Vary: Accept}).
     */
    record Kept(ByteBuffer body, FileTime modified, Object fileKey, VariantStore.Figures figures,
                HttpFields whole, HttpFields wholeNegotiated, HttpFields unchanged, HttpFields unchangedNegotiated,
                AtomicLong usedAt) {

        HttpFields whole(Variant variant) {
            return variant.negotiated() ? wholeNegotiated : whole;
        }

        HttpFields unchanged(Variant variant) {
            return variant.negotiated() ? unchangedNegotiated : unchanged;
        }

        /** The bytes to write, a view of their own for each answer. */
        ByteBuffer content() {
            return body.slice();
        }
    }

    private final long cacheSeconds;
    private final ConcurrentMap<String, Kept> kept = new ConcurrentHashMap<>();
    private final AtomicLong uses = new AtomicLong();
    private long keptBytes;

    KeptVariants(long cacheSeconds) {
        this.cacheSeconds = cacheSeconds;
    }

    /**
     * The variant as kept, if its file is still the one read and its figures still those known;
     * null otherwise (not kept, evicted, stored again). Reads only the file's attributes.
     */
    Kept current(Variant variant, VariantStore.Figures figures, Path file) {
        Kept known = kept.get(variant.key());
        if (known == null) return null;
        BasicFileAttributes now = attributes(file);
        if (now == null || now.size() != known.body().capacity() || !now.lastModifiedTime().equals(known.modified())
                || !Objects.equals(now.fileKey(), known.fileKey()) || !figures.equals(known.figures())) {
            forget(variant.key(), known);
            return null;
        }
        known.usedAt().set(uses.incrementAndGet());
        return known;
    }

    /**
     * Reads the variant's file into memory when it is small enough; null when it is not, or not
     * there. Blocks on the file: not for a thread that must not wait.
     */
    Kept read(Variant variant, VariantStore.Figures figures, Path file) throws IOException {
        BasicFileAttributes before = attributes(file);
        if (before == null || before.size() > LARGEST) return null;
        ByteBuffer body = ByteBuffer.allocateDirect((int) before.size());
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            while (body.hasRemaining() && channel.read(body) >= 0) {
                // read to the end
            }
        }
        BasicFileAttributes after = attributes(file);
        // replaced or still being written while it was read: the next hit reads it again
        if (body.hasRemaining() || after == null || after.size() != before.size()
                || !after.lastModifiedTime().equals(before.lastModifiedTime())
                || !Objects.equals(after.fileKey(), before.fileKey())) {
            return null;
        }
        body.flip();
        Kept read = new Kept(body.asReadOnlyBuffer(), before.lastModifiedTime(), before.fileKey(), figures,
                whole(variant, false, figures, before.size()), whole(variant, true, figures, before.size()),
                unchanged(variant, false), unchanged(variant, true), new AtomicLong(uses.incrementAndGet()));
        keep(variant.key(), read);
        return read;
    }

    private HttpFields whole(Variant variant, boolean negotiated, VariantStore.Figures figures, long size) {
        HttpFields.Mutable fields = HttpFields.build();
        Variant named = new Variant(variant.key(), variant.format(), variant.quality(), negotiated);
        named.cachingHeaders((name, value) -> fields.add(new PreEncodedHttpField(name, value)), cacheSeconds);
        named.contentHeaders((name, value) -> fields.add(new PreEncodedHttpField(name, value)), figures, size, true);
        fields.add(new HttpField.LongValueHttpField(HttpHeader.CONTENT_LENGTH, size));
        return fields.asImmutable();
    }

    private HttpFields unchanged(Variant variant, boolean negotiated) {
        HttpFields.Mutable fields = HttpFields.build();
        new Variant(variant.key(), variant.format(), variant.quality(), negotiated)
                .cachingHeaders((name, value) -> fields.add(new PreEncodedHttpField(name, value)), cacheSeconds);
        return fields.asImmutable();
    }

    private synchronized void keep(String key, Kept read) {
        Kept before = kept.put(key, read);
        keptBytes += read.body().capacity() - (before == null ? 0 : before.body().capacity());
        if (keptBytes <= TOTAL) return;
        // past the bound: the least recently used go, down to three quarters of it
        List<Map.Entry<String, Kept>> oldestFirst = new ArrayList<>(kept.entrySet());
        oldestFirst.sort(Comparator.comparingLong(e -> e.getValue().usedAt().get()));
        for (Map.Entry<String, Kept> entry : oldestFirst) {
            if (keptBytes <= TOTAL / 4 * 3) break;
            if (kept.remove(entry.getKey(), entry.getValue())) keptBytes -= entry.getValue().body().capacity();
        }
    }

    private synchronized void forget(String key, Kept known) {
        if (kept.remove(key, known)) keptBytes -= known.body().capacity();
    }

    /** The bytes kept now. */
    synchronized long bytes() {
        return keptBytes;
    }

    private static BasicFileAttributes attributes(Path file) {
        try {
            return Files.readAttributes(file, BasicFileAttributes.class);
        } catch (IOException e) {
            return null; // evicted
        }
    }
}
