package io.mediaopt.imageurl;

import io.mediaopt.database.SqlStatements;

import javax.sql.DataSource;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The bytes and last use of each stored variant, in the job database every node shares (table
 * image_variants), so that the variants past SERVICE_IMAGE_URL_CACHE_BYTES are evicted least
 * recently used first whichever node served them. A hit writes its variant's row at most once a
 * {@link #TOUCH_EVERY} per node, which keeps hits off the database.
 */
final class VariantUses {
    static final Duration TOUCH_EVERY = Duration.ofMinutes(1);
    private static final String WHAT = "Image variant store";
    /** How many variants one sweep's query takes at a time. */
    private static final int BATCH = 100;
    /** How many variants' last touch a node remembers before it forgets them all. */
    private static final int REMEMBERED = 100_000;

    private final DataSource dataSource;
    private final VariantStore variants;
    private final long maxBytes;
    private final Clock clock;
    private final ConcurrentMap<String, Long> touchedAt = new ConcurrentHashMap<>();

    /** {@code maxBytes}: the bound of all variants' bytes, 0 for none. */
    VariantUses(DataSource dataSource, VariantStore variants, long maxBytes, Clock clock) {
        this.dataSource = dataSource;
        this.variants = variants;
        this.maxBytes = maxBytes;
        this.clock = clock;
    }

    /** Whether {@link #used} would write the variant's row now: false for a variant this node touched within the minute. */
    boolean due(String variantKey) {
        Long last = touchedAt.get(variantKey);
        return last == null || clock.millis() - last >= TOUCH_EVERY.toMillis();
    }

    /** Records a variant served (stored just now, or found): its row made or its time moved, once a minute at most. */
    void used(String variantKey, long bytes) {
        if (!due(variantKey)) return;
        long now = clock.millis();
        if (touchedAt.size() >= REMEMBERED) touchedAt.clear();
        touchedAt.put(variantKey, now);
        SqlStatements.update(dataSource, WHAT, """
                INSERT INTO image_variants (variant_key, bytes, last_used_at) VALUES (?, ?, ?)
                ON CONFLICT (variant_key) DO UPDATE SET last_used_at = excluded.last_used_at, bytes = excluded.bytes
                WHERE image_variants.last_used_at < excluded.last_used_at""", variantKey, bytes, now);
    }

    /** The bytes of every recorded variant. */
    long totalBytes() {
        return SqlStatements.query(dataSource, WHAT, rs -> rs.getLong(1),
                "SELECT COALESCE(SUM(bytes), 0) FROM image_variants").getFirst();
    }

    /**
     * Deletes the least recently used variants, their figures first (which makes them misses),
     * until the rest fit in the bound; returns how many were deleted.
     */
    int evict() {
        if (maxBytes <= 0) return 0;
        long total = totalBytes();
        int deleted = 0;
        while (total > maxBytes) {
            List<Row> oldest = SqlStatements.query(dataSource, WHAT, rs -> new Row(rs.getString(1), rs.getLong(2)),
                    "SELECT variant_key, bytes FROM image_variants ORDER BY last_used_at, variant_key LIMIT " + BATCH);
            if (oldest.isEmpty()) break;
            for (Row row : oldest) {
                if (total <= maxBytes) break;
                variants.delete(row.key());
                SqlStatements.update(dataSource, WHAT, "DELETE FROM image_variants WHERE variant_key = ?", row.key());
                touchedAt.remove(row.key());
                total -= row.bytes();
                deleted++;
            }
        }
        return deleted;
    }

    private record Row(String key, long bytes) {}
}
