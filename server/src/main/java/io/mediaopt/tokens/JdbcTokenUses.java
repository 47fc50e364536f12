package io.mediaopt.tokens;

import io.mediaopt.database.SqlStatements;
import io.mediaopt.media.MediaKind;

import javax.sql.DataSource;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * The one use of each upload token, in the job database (table upload_token_uses): taken by a
 * single insert, so of two uploads with the same token on any nodes exactly one gets it, and
 * naming the upload or job it made, which the token may then go on with.
 */
public final class JdbcTokenUses {
    private static final String WHAT = "Upload token store";

    private final DataSource dataSource;
    private final Clock clock;

    public JdbcTokenUses(DataSource dataSource, Clock clock) {
        this.dataSource = dataSource;
        this.clock = clock;
    }

    /** What a token's use made: its upload (null for a form upload) or job (null until known). */
    public record Use(String uploadId, String jobId) {}

    /** Takes the token's one use; false when it was taken already. */
    public boolean claim(UploadToken token) {
        return SqlStatements.update(dataSource, WHAT, """
                INSERT INTO upload_token_uses (token_id, owner_key_name, media_kind, expires_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (token_id) DO NOTHING""",
                token.id(), token.key(), token.mediaKind().map(MediaKind::wireName).orElse(null),
                token.expiresAt().toEpochMilli()) == 1;
    }

    /** Records what the token's use made. */
    public void made(String tokenId, Use use) {
        SqlStatements.update(dataSource, WHAT, "UPDATE upload_token_uses SET upload_id = ?, job_id = ? WHERE token_id = ?",
                use.uploadId(), use.jobId(), tokenId);
    }

    /** Gives the use back, after the upload it was taken for was refused. */
    public void release(String tokenId) {
        SqlStatements.update(dataSource, WHAT, "DELETE FROM upload_token_uses WHERE token_id = ?", tokenId);
    }

    /** The token's use, empty while it is unused. */
    public Optional<Use> find(String tokenId) {
        return SqlStatements.query(dataSource, WHAT, rs -> new Use(rs.getString("upload_id"), rs.getString("job_id")),
                "SELECT upload_id, job_id FROM upload_token_uses WHERE token_id = ?", tokenId).stream().findFirst();
    }

    /** The kind of file the token that made the upload allows; empty when any, or no token made it. */
    public Optional<MediaKind> kindOfUpload(String uploadId) {
        return SqlStatements.query(dataSource, WHAT, rs -> rs.getString("media_kind"),
                        "SELECT media_kind FROM upload_token_uses WHERE upload_id = ?", uploadId).stream()
                .filter(Objects::nonNull).findFirst().flatMap(UploadToken::kindNamed);
    }

    /** Deletes the uses of tokens expired for a day (their tokens are refused anyway); returns how many. */
    public int purgeExpired() {
        return SqlStatements.update(dataSource, WHAT, "DELETE FROM upload_token_uses WHERE expires_at < ?",
                clock.millis() - Duration.ofDays(1).toMillis());
    }
}
