package io.mediaopt.client;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What an upload token allows ({@link MediaoptClient#createUploadToken}): the form's fields it
 * fixes, the largest file, the kind of media, the page origin and how long it is valid; anything
 * left out is not restricted (the life is the service's default, one hour).
 * <pre>
 * TokenRequest.any().preset("mobile").kind("image").maxBytes(20_000_000).origin("https://shop.example")
 * </pre>
 */
public final class TokenRequest {
    private final Map<String, Object> fields = new LinkedHashMap<>();

    private TokenRequest() {}

    /** A request restricting nothing yet. */
    public static TokenRequest any() {
        return new TokenRequest();
    }

    public TokenRequest preset(String preset) {
        return with("preset", preset);
    }

    public TokenRequest format(OutputFormat format) {
        return with("format", format.wireName());
    }

    public TokenRequest quality(int quality) {
        return with("quality", quality);
    }

    public TokenRequest width(int width) {
        return with("width", width);
    }

    /** Comma-separated, as the form's field: {@code hls,poster}. */
    public TokenRequest renditions(String renditions) {
        return with("renditions", renditions);
    }

    public TokenRequest callbackUrl(String callbackUrl) {
        return with("callbackUrl", callbackUrl);
    }

    /** Any other field of the form, by its name, as the form would send it. */
    public TokenRequest field(String name, Object value) {
        return with(name, value);
    }

    /** The largest file the token takes, in bytes. */
    public TokenRequest maxBytes(long maxBytes) {
        return with("maxBytes", maxBytes);
    }

    /** {@code image} or {@code video}. */
    public TokenRequest kind(String kind) {
        return with("kind", kind);
    }

    /** The origin of the page that uploads ({@code https://shop.example}), sent by browsers as {@code Origin}. */
    public TokenRequest origin(String origin) {
        return with("origin", origin);
    }

    /** How long the token is valid, at most 86400 seconds. */
    public TokenRequest expiresInSec(long seconds) {
        return with("expiresInSec", seconds);
    }

    @JsonValue
    Map<String, Object> fields() {
        return Map.copyOf(fields);
    }

    private TokenRequest with(String name, Object value) {
        fields.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, name));
        return this;
    }
}
