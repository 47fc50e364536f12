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
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Checks the calls the service makes when a job ends. Each carries {@code x-service-signature:
 * t=<unix seconds>,v1=<hex>}, the hex being HMAC-SHA256, keyed with the UTF-8 bytes of the
 * service's SERVICE_WEBHOOK_SECRET, of the timestamp, a dot and the exact body bytes.
 *
 * <pre>{@code
 * byte[] body = request.body();           // the raw bytes, before any JSON parsing
 * String signature = request.header(WebhookSignature.HEADER);
 * if (!WebhookSignature.verify(secret, signature, body)) return 401;
 * Job job = WebhookSignature.job(body);   // x-service-event-id tells repeats apart
 * }</pre>
 */
public final class WebhookSignature {
    public static final String HEADER = "x-service-signature";
    public static final String EVENT_ID_HEADER = "x-service-event-id";
    public static final String EVENT_HEADER = "x-service-event";
    /** How far the signed time may be from now: the clocks' difference plus the call's time. */
    public static final Duration DEFAULT_TOLERANCE = Duration.ofMinutes(5);

    private static final ObjectMapper JSON =
            JsonMapper.builder().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

    private WebhookSignature() {}

    /** {@link #verify(String, String, byte[], Duration, Instant)} with the default tolerance, now. */
    public static boolean verify(String secret, String signatureHeader, byte[] body) {
        return verify(secret, signatureHeader, body, DEFAULT_TOLERANCE, Instant.now());
    }

    /**
     * True when the header is well formed, its time is within {@code tolerance} of {@code now},
     * and its signature is that of {@code body} under {@code secret}; compared in constant time.
     */
    public static boolean verify(String secret, String signatureHeader, byte[] body, Duration tolerance,
                                 Instant now) {
        if (secret == null || signatureHeader == null || body == null) {
            return false;
        }
        Long timestamp = null;
        byte[] expected = null;
        for (String part : signatureHeader.split(",")) {
            String item = part.strip();
            if (item.startsWith("t=")) {
                timestamp = parseLong(item.substring(2));
            } else if (item.startsWith("v1=")) {
                expected = parseHex(item.substring(3));
            }
        }
        if (timestamp == null || expected == null) {
            return false;
        }
        if (Math.abs(now.getEpochSecond() - timestamp) > tolerance.toSeconds()) {
            return false;
        }
        return MessageDigest.isEqual(expected, sign(secret, timestamp, body));
    }

    /** The job the body reports, in the state it ended with. */
    public static Job job(byte[] body) {
        try {
            return JSON.readValue(body, Job.class);
        } catch (IOException e) {
            throw new MediaoptIOException("The callback body is not a job: " + e.getMessage(), e);
        }
    }

    static byte[] sign(String secret, long timestamp, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            mac.update((timestamp + ".").getBytes(StandardCharsets.US_ASCII));
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

    private static byte[] parseHex(String text) {
        try {
            return HexFormat.of().parseHex(text);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
