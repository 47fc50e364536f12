package io.mediaopt.client;

/**
 * A minted upload token: {@code token} goes to the browser, which uploads to {@code uploadUrl}
 * (the tus endpoint) or through a client built with {@link MediaoptClientBuilder#uploadToken},
 * until {@code expiresAt} (ISO-8601).
 */
public record UploadToken(String token, String uploadUrl, String expiresAt) {
    @Override
    public String toString() {
        return "UploadToken[uploadUrl=" + uploadUrl + ", expiresAt=" + expiresAt + "]";
    }
}
