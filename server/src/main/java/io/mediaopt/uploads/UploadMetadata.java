package io.mediaopt.uploads;


import io.mediaopt.ServiceException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;
import java.util.regex.Pattern;

/**
 * The tus Upload-Metadata header: comma-separated pairs of an ASCII key and a Base64 value
 * ({@code filename ZmlsbS5tcDQ=,preset d2Vi}). Values must be UTF-8; a key may appear once.
 */
public final class UploadMetadata {
    /** Longer than any set of the form's fields can be; a longer header is refused unread. */
    public static final int MAX_LENGTH = 4096;
    private static final Pattern KEY = Pattern.compile("[A-Za-z0-9_.-]{1,64}");

    private UploadMetadata() {}

    /** The pairs of the header (none when it is null or blank); any malformed part is refused. */
    public static Map<String, String> parse(String header) {
        Map<String, String> pairs = new LinkedHashMap<>();
        if (header == null || header.isBlank()) return pairs;
        if (header.length() > MAX_LENGTH) {
            throw ServiceException.invalidInput("Expected an Upload-Metadata header of at most " + MAX_LENGTH + " characters");
        }
        for (String pair : header.split(",", -1)) {
            String[] parts = pair.strip().split(" ", -1);
            if (parts.length > 2 || !KEY.matcher(parts[0]).matches()) {
                throw ServiceException.invalidInput("Expected Upload-Metadata as comma-separated \"key base64value\" pairs");
            }
            String value = parts.length == 2 ? decode(parts[0], parts[1]) : "";
            if (pairs.put(parts[0], value) != null) {
                throw ServiceException.invalidInput("Expected one \"" + parts[0] + "\" in Upload-Metadata");
            }
        }
        return pairs;
    }

    /** The header carrying these pairs, as {@link #parse} reads it. */
    public static String format(Map<String, String> pairs) {
        StringJoiner header = new StringJoiner(",");
        pairs.forEach((key, value) -> header.add(key + " "
                + Base64.getEncoder().encodeToString(value.getBytes(StandardCharsets.UTF_8))));
        return header.toString();
    }

    private static String decode(String key, String base64) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(Base64.getDecoder().decode(base64))).toString();
        } catch (IllegalArgumentException | CharacterCodingException e) {
            throw ServiceException.invalidInput("Expected the Upload-Metadata value of \"" + key + "\" as Base64 of UTF-8 text");
        }
    }
}
