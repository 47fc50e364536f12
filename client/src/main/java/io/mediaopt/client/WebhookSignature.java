package io.mediaopt.client;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Checks the calls the service makes when a job ends. They follow the Standard Webhooks format
 * (standardwebhooks.com), so the {@code standardwebhooks} library of any language checks them
 * too: {@code webhook-id}, {@code webhook-timestamp} (unix seconds) and {@code webhook-signature:
 * v1,<base64>}, the base64 being HMAC-SHA256 of {@code <id>.<timestamp>.<body bytes>} keyed with
 * the bytes that the service's SERVICE_WEBHOOK_SECRET ({@code whsec_<base64>}) stands for.
 *
 * <pre>{@code
 * byte[] body = request.body();           // the raw bytes, before any JSON parsing
 * if (!WebhookSignature.verify(secret, request.header(WebhookSignature.ID_HEADER),
 *         request.header(WebhookSignature.TIMESTAMP_HEADER),
 *         request.header(WebhookSignature.SIGNATURE_HEADER), body)) return 401;
 * Job job = WebhookSignature.job(body);   // webhook-id tells repeats apart
 * }</pre>
 */
public final class WebhookSignature {
    public static final String ID_HEADER = "webhook-id";
    public static final String TIMESTAMP_HEADER = "webhook-timestamp";
    public static final String SIGNATURE_HEADER = "webhook-signature";
    public static final String EVENT_HEADER = "x-service-event";
    /** How far the signed time may be from now: the clocks' difference plus the call's time. */
    public static final Duration DEFAULT_TOLERANCE = Duration.ofMinutes(5);

    private static final String SECRET_PREFIX = "whsec_";
    private static final ObjectMapper JSON =
            JsonMapper.builder().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

    private WebhookSignature() {}

    /** {@link #verify(String, String, String, String, byte[], Duration, Instant)} with the default tolerance, now. */
    public static boolean verify(String secret, String id, String timestamp, String signatures, byte[] body) {
        return verify(secret, id, timestamp, signatures, body, DEFAULT_TOLERANCE, Instant.now());
    }

    /**
     * True when the headers are well formed, the timestamp is within {@code tolerance} of
     * {@code now}, and one of the space-separated {@code v1,<base64>} signatures is that of
     * {@code id}, {@code timestamp} and {@code body} under {@code secret} (with or without its
     * {@code whsec_} prefix); compared in constant time.
     */
    public static boolean verify(String secret, String id, String timestamp, String signatures, byte[] body,
                                 Duration tolerance, Instant now) {
        if (secret == null || id == null || timestamp == null || signatures == null || body == null) {
            return false;
        }
        byte[] key = decode(secret.startsWith(SECRET_PREFIX) ? secret.substring(SECRET_PREFIX.length()) : secret);
        Long seconds = parseLong(timestamp);
        if (key == null || key.length == 0 || seconds == null
                || Math.abs(now.getEpochSecond() - seconds) > tolerance.toSeconds()) {
            return false;
        }
        byte[] expected = sign(key, id, timestamp, body);
        for (String signature : signatures.split(" ")) {
            if (!signature.startsWith("v1,")) continue;
            byte[] given = decode(signature.substring(3));
            if (given != null && MessageDigest.isEqual(expected, given)) return true;
        }
        return false;
    }

    /** The job the body reports, in the state it ended with. */
    public static Job job(byte[] body) {
        try {
            return JSON.readValue(body, Job.class);
        } catch (IOException e) {
            throw new MediaoptIOException("The callback body is not a job: " + e.getMessage(), e);
        }
    }

    static byte[] sign(byte[] key, String id, String timestamp, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            mac.update((id + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8));
            return mac.doFinal(body);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }

    private static Long parseLong(String text) {
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static byte[] decode(String base64) {
        try {
            return Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
