package io.mediaopt.client;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Builds signed URLs of the service's {@code /img/} route, as imgproxy signs them: the source as
 * unpadded base64url, the signature the unpadded base64url of HMAC-SHA256 with the key over the
 * salt followed by the path after it ({@code /<options>/<source>}). Key and salt are one pair of
 * SERVICE_IMAGE_URL_KEYS, in hex. A URL made here is the one {@code @imgproxy/imgproxy-node} and
 * the TypeScript client make for the same options.
 *
 * <pre>{@code
 * ImageUrls urls = ImageUrls.signed(URI.create("https://media.example.com"), key, salt);
 * String url = urls.url("https://images.example.com/cat.jpg",
 *         new ImageUrlOptions().width(300).height(200).resizingType(ResizingType.FILL).gravity(Gravity.SMART));
 * }</pre>
 */
public final class ImageUrls {
    private static final String HMAC = "HmacSHA256";
    private static final Base64.Encoder BASE64_URL = Base64.getUrlEncoder().withoutPadding();

    private final String endpoint;
    private final byte[] key;
    private final byte[] salt;

    private ImageUrls(URI baseUrl, byte[] key, byte[] salt) {
        String base = baseUrl.toString().replaceAll("/+$", "");
        this.endpoint = (base.endsWith("/api") ? base.substring(0, base.length() - 4) : base) + "/img";
        this.key = key;
        this.salt = salt;
    }

    /**
     * URLs of the service at {@code baseUrl} (its address; a trailing {@code /api} is dropped)
     * signed with this pair of hex key and salt.
     *
     * @throws IllegalArgumentException when key or salt is not hex, or empty
     */
    public static ImageUrls signed(URI baseUrl, String hexKey, String hexSalt) {
        return new ImageUrls(baseUrl, hex(hexKey, "key"), hex(hexSalt, "salt"));
    }

    /** URLs that say {@code insecure} in place of a signature: they pass only with SERVICE_IMAGE_URL_UNSIGNED=true. */
    public static ImageUrls unsigned(URI baseUrl) {
        return new ImageUrls(baseUrl, null, null);
    }

    /** The URL of {@code source} ({@code https://…}, {@code s3://<key>}, {@code mediaopt://jobs/<id>/output}) with no option. */
    public String url(String source) {
        return url(source, new ImageUrlOptions());
    }

    /** The URL of {@code source} with these options. */
    public String url(String source, ImageUrlOptions options) {
        String path = options.path() + "/" + BASE64_URL.encodeToString(source.getBytes(StandardCharsets.UTF_8));
        return endpoint + "/" + (key == null ? "insecure" : signature(path)) + path;
    }

    private String signature(String path) {
        try {
            Mac mac = Mac.getInstance(HMAC);
            mac.init(new SecretKeySpec(key, HMAC));
            mac.update(salt);
            return BASE64_URL.encodeToString(mac.doFinal(path.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA256 is part of every JDK", e);
        }
    }

    private static byte[] hex(String hex, String what) {
        if (hex == null || hex.isEmpty()) {
            throw new IllegalArgumentException("The " + what + " is empty");
        }
        try {
            return HexFormat.of().parseHex(hex);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("The " + what + " must be hex", e);
        }
    }
}
