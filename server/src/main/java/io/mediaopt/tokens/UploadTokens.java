package io.mediaopt.tokens;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaopt.ErrorCode;
import io.mediaopt.ServiceException;
import io.mediaopt.http.Signatures;

import java.io.IOException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Makes and checks upload tokens: base64url of the JSON {@link UploadToken} claims, a dot, and
 * their signature by the key derived from the minting API key ({@link Signatures.Purpose#UPLOAD_TOKEN}).
 * A token is checked by its signature alone, so a forged one is refused with no lookup, and
 * every node with the same SERVICE_API_KEYS accepts it, across restarts; removing the API key
 * invalidates every token it minted.
 */
public final class UploadTokens {
    public static final Duration DEFAULT_LIFE = Duration.ofHours(1);
    public static final Duration MAX_LIFE = Duration.ofHours(24);
    /** Far longer than any token this service mints; a longer text is refused unread. */
    private static final int MAX_LENGTH = 8192;
    private static final Pattern SHAPE = Pattern.compile("[A-Za-z0-9_-]{16,8000}\\.[A-Za-z0-9_-]{43}");

    private final Function<String, Optional<Signatures>> signers;
    private final ObjectMapper json;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();

    /** {@code signers} gives the token signer of the API key of a name, empty when there is no such key. */
    public UploadTokens(Function<String, Optional<Signatures>> signers, ObjectMapper json, Clock clock) {
        this.signers = signers;
        this.json = json;
        this.clock = clock;
    }

    /** Whether {@code text} looks like a token rather than an API key, as an Authorization header may carry either. */
    public static boolean looksLikeToken(String text) {
        return text != null && text.length() <= MAX_LENGTH && SHAPE.matcher(text).matches();
    }

    /** A new token id: 128 random bits. */
    public String newId() {
        byte[] id = new byte[16];
        random.nextBytes(id);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(id);
    }

    public Instant now() {
        return clock.instant();
    }

    /** The token carrying {@code claims}, signed for the key they name. */
    public String mint(UploadToken claims) {
        Signatures signer = signers.apply(claims.key())
                .orElseThrow(() -> new IllegalArgumentException("No API key named " + claims.key()));
        String payload;
        try {
            payload = Base64.getUrlEncoder().withoutPadding().encodeToString(json.writeValueAsBytes(claims));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Token claims are plain values", e);
        }
        return payload + "." + signer.sign(payload);
    }

    /**
     * The claims of a token whose signature holds and which has not expired: otherwise 401,
     * invalid-token (malformed, forged, or its key removed) or token-expired.
     */
    public UploadToken verify(String token) {
        if (token == null || token.length() > MAX_LENGTH) throw invalid();
        int dot = token.indexOf('.');
        if (dot < 0 || token.indexOf('.', dot + 1) >= 0) throw invalid();
        String payload = token.substring(0, dot);
        UploadToken claims = claims(payload);
        Signatures signer = signers.apply(claims.key()).orElseThrow(UploadTokens::invalid);
        if (!signer.verifies(payload, token.substring(dot + 1))) throw invalid();
        if (clock.instant().isAfter(claims.expiresAt())) {
            throw ServiceException.tokenRefused(ErrorCode.TOKEN_EXPIRED, "This upload token expired at "
                    + claims.expiresAt() + "; ask for a new one");
        }
        return claims;
    }

    /** The claims as written, not yet trusted: only the key's name is used before the signature is checked. */
    private UploadToken claims(String payload) {
        try {
            UploadToken claims = json.readValue(Base64.getUrlDecoder().decode(payload), UploadToken.class);
            if (claims.id() == null || claims.key() == null) throw invalid();
            return claims;
        } catch (IllegalArgumentException | IOException e) {
            throw invalid();
        }
    }

    private static ServiceException invalid() {
        return ServiceException.tokenRefused(ErrorCode.INVALID_TOKEN,
                "Invalid upload token: malformed, altered, or its API key was removed");
    }

    @Override
    public String toString() {
        return "UploadTokens[…]";
    }
}
