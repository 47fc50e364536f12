package io.mediaopt.imageurl;


import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.List;

/**
 * imgproxy's URL signatures: URL-safe base64, without padding, of HMAC-SHA256(key, salt + the path
 * after the signature). Every configured pair is tried, without stopping at the first match, so
 * the time of a refusal says nothing about the keys.
 */
public final class UrlSignatures {
    static final String INSECURE = "insecure";

    private final List<ImageUrlSettings.SigningKey> keys;
    private final boolean unsigned;

    public UrlSignatures(List<ImageUrlSettings.SigningKey> keys, boolean unsigned) {
        this.keys = List.copyOf(keys);
        this.unsigned = unsigned;
    }

    /** The signature of {@code path} by one pair. */
    static String sign(ImageUrlSettings.SigningKey key, String path) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key.key(), "HmacSHA256"));
            mac.update(key.salt());
            byte[] digest = mac.doFinal(path.getBytes(StandardCharsets.UTF_8));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }

    /** Passes a URL signed by any configured pair (or {@code insecure} where allowed); 403 otherwise. */
    public void check(ProcessingUrl url) {
        if (unsigned && url.signature().equals(INSECURE)) return;
        byte[] presented = url.signature().getBytes(StandardCharsets.UTF_8);
        boolean valid = false;
        for (ImageUrlSettings.SigningKey key : keys) {
            byte[] expected = sign(key, url.signedPath()).getBytes(StandardCharsets.UTF_8);
            valid |= MessageDigest.isEqual(expected, presented);
        }
        if (!valid) throw ImageUrlException.invalidSignature();
    }
}
