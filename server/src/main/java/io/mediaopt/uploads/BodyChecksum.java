package io.mediaopt.uploads;


import io.mediaopt.ServiceException;
import java.io.InputStream;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.Locale;
import java.util.Map;

/**
 * The tus checksum of one request's body ({@code Upload-Checksum: sha1 <base64>}): the digest
 * the client computed, and the one of the bytes as they are read.
 */
public final class BodyChecksum {
    /** tus names → Java's names, in the order {@code Tus-Checksum-Algorithm} lists them. */
    private static final Map<String, String> ALGORITHMS = Map.of("sha1", "SHA-1", "sha256", "SHA-256");
    public static final String SUPPORTED = "sha1,sha256";

    private final byte[] expected;
    private final MessageDigest digest;

    private BodyChecksum(byte[] expected, MessageDigest digest) {
        this.expected = expected;
        this.digest = digest;
    }

    /** The checksum the header asks for, null without the header; a malformed one or another algorithm is refused. */
    public static BodyChecksum parse(String header) {
        if (header == null) return null;
        String[] parts = header.strip().split(" ", -1);
        String algorithm = parts.length == 2 ? ALGORITHMS.get(parts[0].toLowerCase(Locale.ROOT)) : null;
        if (algorithm == null) {
            throw ServiceException.invalidInput("Expected Upload-Checksum as \"sha1 <base64>\" or \"sha256 <base64>\"");
        }
        try {
            return new BodyChecksum(Base64.getDecoder().decode(parts[1]), MessageDigest.getInstance(algorithm));
        } catch (IllegalArgumentException e) {
            throw ServiceException.invalidInput("Expected the Upload-Checksum digest in Base64");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The body, digested as it is read. */
    InputStream wrap(InputStream body) {
        return new DigestInputStream(body, digest);
    }

    /** Whether the bytes read through {@link #wrap} are the ones the client digested. */
    boolean matches() {
        return MessageDigest.isEqual(expected, digest.digest());
    }
}
