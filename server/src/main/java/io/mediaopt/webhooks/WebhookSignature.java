package io.mediaopt.webhooks;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.HexFormat;

/**
 * The {@code x-service-signature} header: {@code t=<unix seconds>,v1=<hex>}, where the hex is
 * HMAC-SHA256, keyed with the UTF-8 bytes of SERVICE_WEBHOOK_SECRET, of the ASCII timestamp, a
 * dot, and the exact body bytes. The timestamp lets a receiver refuse old replays.
 */
public final class WebhookSignature {
    public static final String HEADER = "x-service-signature";

    private final byte[] secret;

    public WebhookSignature(String secret) {
        this.secret = secret.getBytes(StandardCharsets.UTF_8);
    }

    public String header(long epochSeconds, byte[] body) {
        return "t=" + epochSeconds + ",v1=" + HexFormat.of().formatHex(mac(epochSeconds, body));
    }

    private byte[] mac(long epochSeconds, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            mac.update((epochSeconds + ".").getBytes(StandardCharsets.US_ASCII));
            return mac.doFinal(body);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }
}
