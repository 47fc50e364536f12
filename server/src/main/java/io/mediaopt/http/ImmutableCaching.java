package io.mediaopt.http;

import io.javalin.http.Context;
import io.javalin.http.HttpStatus;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.Base64;

/**
 * The caching headers of content that never changes under its URL (RFC 9111, RFC 8246): a year's
 * {@code public, immutable} max-age, or {@code private} for as long as its signed link lasts; a
 * strong ETag made from what identifies the stored bytes, the same on every node; Last-Modified;
 * and 304 Not Modified for a request whose If-None-Match (or, without one, If-Modified-Since) says
 * the client holds them already.
 */
public final class ImmutableCaching {
    static final long YEAR_SECONDS = 31_536_000;

    private ImmutableCaching() {}

    /** A strong ETag of these parts (storage key, name, size: what identifies the bytes), quoted. */
    public static String etag(String... parts) {
        return etag(String.join("\n", parts).getBytes(StandardCharsets.UTF_8));
    }

    /** A strong ETag of a body made here: a digest of the bytes themselves. */
    public static String etag(byte[] body) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(body);
            return "\"" + Base64.getUrlEncoder().withoutPadding().encodeToString(Arrays.copyOf(digest, 18)) + "\"";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    /**
     * Writes the headers; true when the client's copy is current and the answer is a 304 with no
     * body. {@code secondsLeft}: how long a private link lasts, {@link Long#MAX_VALUE} for public content.
     */
    public static boolean answer(Context ctx, String etag, long lastModifiedMillis, long secondsLeft) {
        ctx.header("Cache-Control", secondsLeft == Long.MAX_VALUE
                ? "public, max-age=" + YEAR_SECONDS + ", immutable"
                : "private, max-age=" + Math.min(secondsLeft, YEAR_SECONDS) + ", immutable");
        ctx.header("ETag", etag);
        Instant lastModified = Instant.ofEpochSecond(lastModifiedMillis / 1000);
        ctx.header("Last-Modified", DateTimeFormatter.RFC_1123_DATE_TIME.format(lastModified.atOffset(ZoneOffset.UTC)));
        if (!current(ctx.header("If-None-Match"), ctx.header("If-Modified-Since"), etag, lastModified)) return false;
        ctx.status(HttpStatus.NOT_MODIFIED);
        return true;
    }

    /**
     * Whether an If-None-Match header names {@code etag} (quoted): any tag of its list, weak or
     * strong, or {@code *}; the weak comparison RFC 9110 13.1.2 asks of If-None-Match.
     */
    public static boolean matches(String ifNoneMatch, String etag) {
        return ifNoneMatch != null && Arrays.stream(ifNoneMatch.split(",")).map(String::strip)
                .anyMatch(tag -> tag.equals("*") || tag.equals(etag) || tag.equals("W/" + etag));
    }

    private static boolean current(String ifNoneMatch, String ifModifiedSince, String etag, Instant lastModified) {
        if (ifNoneMatch != null) return matches(ifNoneMatch, etag);
        if (ifModifiedSince == null) return false;
        try {
            Instant since = DateTimeFormatter.RFC_1123_DATE_TIME.parse(ifModifiedSince.strip(), Instant::from);
            return !lastModified.isAfter(since);
        } catch (DateTimeParseException e) {
            return false;
        }
    }
}
