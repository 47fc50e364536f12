package io.mediaopt.tokens;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.mediaopt.ErrorCode;
import io.mediaopt.ServiceException;
import io.mediaopt.media.MediaFormat;
import io.mediaopt.media.MediaKind;

import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * What an upload token allows, as its signed claims say: one upload for the API key named
 * {@code key}, until {@code exp} (epoch seconds), with the form's {@code fields} fixed to these
 * values, a file of at most {@code maxBytes} of the {@code kind} image or video, sent from a page
 * of {@code origin}; each of the last three null when the token does not restrict it. {@code id}
 * is random, the name of the token's one use in the job database.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record UploadToken(String id, String key, long exp, Map<String, String> fields, Long maxBytes, String kind,
                          String origin) {

    public UploadToken {
        fields = fields == null ? Map.of() : Map.copyOf(fields);
    }

    public Instant expiresAt() {
        return Instant.ofEpochSecond(exp);
    }

    /** The kind of file the token allows, empty for any. */
    public Optional<MediaKind> mediaKind() {
        return kindNamed(kind);
    }

    /** The kind whose wire name is {@code name} (image, video); empty for null or another name. */
    public static Optional<MediaKind> kindNamed(String name) {
        if (name == null) return Optional.empty();
        return Arrays.stream(MediaKind.values()).filter(k -> k.wireName().equals(name.toLowerCase(Locale.ROOT)))
                .findFirst();
    }

    /**
     * The form's fields as {@code sent}, with those the token fixes filled in where none was sent;
     * a field sent with another value than the token's is refused.
     */
    public Function<String, String> fieldsOver(Function<String, String> sent) {
        return name -> {
            String value = sent.apply(name);
            String fixed = fields.get(name);
            if (fixed == null) return value;
            if (value != null && !value.strip().equals(fixed.strip())) {
                throw ServiceException.tokenRefused(ErrorCode.TOKEN_SCOPE, "This upload token fixes \"" + name
                        + "\" to \"" + fixed + "\"; send that value or none");
            }
            return fixed;
        };
    }

    /** {@link #fieldsOver} for fields given whole, as tus metadata or a JSON body gives them. */
    public Map<String, String> fieldsOver(Map<String, String> sent) {
        Function<String, String> merged = fieldsOver(sent::get);
        Map<String, String> all = new LinkedHashMap<>(sent);
        fields.keySet().forEach(name -> all.put(name, merged.apply(name)));
        sent.keySet().forEach(name -> all.put(name, merged.apply(name)));
        return all;
    }

    /** Refuses a file of {@code size} bytes over the token's limit, 413 as any file too large. */
    public void checkSize(long size) {
        if (maxBytes != null && size > maxBytes) {
            throw ServiceException.tooLarge("This upload token allows a file of at most " + maxBytes + " bytes");
        }
    }

    /** Refuses a file of another kind than the token allows; one of no known format is left to the job's own refusal. */
    public static void checkKind(Optional<MediaKind> allowed, Optional<MediaFormat> sniffed) {
        if (allowed.isPresent() && sniffed.isPresent() && sniffed.get().kind() != allowed.get()) {
            throw ServiceException.tokenRefused(ErrorCode.TOKEN_SCOPE, "This upload token allows only "
                    + allowed.get().wireName() + " files, not " + sniffed.get().shortName());
        }
    }
}
