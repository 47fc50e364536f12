package io.mediaopt.imageurl;

import io.mediaopt.database.SqlStatements;

import javax.sql.DataSource;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;

/**
 * Who renders a variant that is not stored yet, in the job database every node shares (table
 * image_variant_claims): one request at a time holds a variant's claim, for at most {@link #LEASE},
 * so that a node that stops while it renders holds it no longer than that.
 */
final class RenderClaims {
    /** Longer than a render takes: its source's fetch is bounded, and its pixels. */
    static final Duration LEASE = Duration.ofMinutes(2);
    private static final String WHAT = "Image render claims";

    private final DataSource dataSource;
    private final Clock clock;

    RenderClaims(DataSource dataSource, Clock clock) {
        this.dataSource = dataSource;
        this.clock = clock;
    }

    /** The id of a new claim on {@code variantKey}; empty while another request's claim holds it. */
    Optional<String> claim(String variantKey) {
        String id = UUID.randomUUID().toString();
        long now = clock.millis();
        int made = SqlStatements.update(dataSource, WHAT, """
                INSERT INTO image_variant_claims (variant_key, claim_id, claimed_until) VALUES (?, ?, ?)
                ON CONFLICT (variant_key) DO UPDATE SET claim_id = excluded.claim_id,
                    claimed_until = excluded.claimed_until
                WHERE image_variant_claims.claimed_until < ?""", variantKey, id, now + LEASE.toMillis(), now);
        return made == 1 ? Optional.of(id) : Optional.empty();
    }

    /** Ends the claim {@code claimId}, unless it expired and another request took the variant over. */
    void release(String variantKey, String claimId) {
        SqlStatements.update(dataSource, WHAT, "DELETE FROM image_variant_claims WHERE variant_key = ? AND claim_id = ?",
                variantKey, claimId);
    }

    /** Deletes the expired claims of nodes that stopped while they rendered; returns how many. */
    int purgeExpired() {
        return SqlStatements.update(dataSource, WHAT, "DELETE FROM image_variant_claims WHERE claimed_until < ?",
                clock.millis());
    }
}
