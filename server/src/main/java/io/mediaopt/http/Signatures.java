package io.mediaopt.http;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;

/**
 * What the service signs on a key's behalf (upload tokens, links to a key's private media) is
 * signed with a key derived from that API key and the purpose: every node holding the same
 * SERVICE_API_KEYS checks it with no shared state and across restarts, a signature made for one
 * purpose is worth nothing for another, and removing the API key revokes all it signed.
 */
public final class Signatures {
    /** What a signature is for; each derives its own key. */
    public enum Purpose {
        UPLOAD_TOKEN("mediaopt upload token v1"),
        MEDIA_URL("mediaopt media url v1");

        private final byte[] label;

        Purpose(String label) {
            this.label = label.getBytes(StandardCharsets.UTF_8);
        }
    }

    private final byte[] key;

    private Signatures(byte[] key) {
        this.key = key;
    }

    /** The signer of {@code purpose} for the API key whose secret is {@code apiKeySecret}. */
    static Signatures of(byte[] apiKeySecret, Purpose purpose) {
        return new Signatures(hmac(apiKeySecret, purpose.label));
    }

    /** URL-safe base64 (no padding) of HMAC-SHA256 over {@code text}. */
    public String sign(String text) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(hmac(key, text.getBytes(StandardCharsets.UTF_8)));
    }

    /** Whether {@code signature} is {@link #sign}'s of {@code text}, compared in constant time. */
    public boolean verifies(String text, String signature) {
        if (signature == null) return false;
        return MessageDigest.isEqual(sign(text).getBytes(StandardCharsets.US_ASCII),
                signature.getBytes(StandardCharsets.US_ASCII));
    }

    static byte[] hmac(byte[] key, byte[] data) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac.doFinal(data);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }

    @Override
    public String toString() {
        return "Signatures[…]";
    }
}
