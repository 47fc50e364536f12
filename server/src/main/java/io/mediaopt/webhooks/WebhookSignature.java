package io.mediaopt.webhooks;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;

/**
 * The headers of a callback in the Standard Webhooks format (standardwebhooks.com):
 * {@code webhook-id}, {@code webhook-timestamp} (unix seconds) and {@code webhook-signature:
 * v1,<base64>}, the base64 being HMAC-SHA256 of {@code <id>.<timestamp>.<body bytes>} keyed with
 * the bytes of SERVICE_WEBHOOK_SECRET, written {@code whsec_<base64 of the key>}. Any receiver
 * checks it with the {@code standardwebhooks} library of its language; the timestamp lets it
 * refuse old replays, the id repeats.
 */
public final class WebhookSignature {
    public static final String ID_HEADER = "webhook-id";
    public static final String TIMESTAMP_HEADER = "webhook-timestamp";
    public static final String SIGNATURE_HEADER = "webhook-signature";
    public static final String SECRET_PREFIX = "whsec_";
    /** The specification's lower bound on the key's length. */
    public static final int MIN_KEY_BYTES = 24;

    private final byte[] key;

    /** @throws IllegalArgumentException when {@code secret} is not {@code whsec_<base64 of at least 24 bytes>} */
    public WebhookSignature(String secret) {
        this.key = key(secret);
    }

    /**
     * The key a secret written {@code whsec_<base64>} stands for.
     *
     * @throws IllegalArgumentException saying what is wrong with it, never echoing it
     */
    public static byte[] key(String secret) {
        if (!secret.startsWith(SECRET_PREFIX)) {
            throw new IllegalArgumentException("expected whsec_ followed by the base64 of the key");
        }
        byte[] key;
        try {
            key = Base64.getDecoder().decode(secret.substring(SECRET_PREFIX.length()));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("expected standard base64 after whsec_");
        }
        if (key.length < MIN_KEY_BYTES) {
            throw new IllegalArgumentException("expected a key of at least " + MIN_KEY_BYTES
                    + " bytes after whsec_ but it has " + key.length);
        }
        return key;
    }

    /** The value of {@code webhook-signature} for this message. */
    public String signature(String id, long epochSeconds, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            mac.update((id + "." + epochSeconds + ".").getBytes(StandardCharsets.UTF_8));
            return "v1," + Base64.getEncoder().encodeToString(mac.doFinal(body));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }
}
