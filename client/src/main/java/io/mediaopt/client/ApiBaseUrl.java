package io.mediaopt.client;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * The service's API root, such as {@code http://127.0.0.1:8080/api}. Checked once when the
 * client is built so a wrong URL fails there, with a message naming it, instead of as a 404 on
 * the first call.
 */
record ApiBaseUrl(String root) {

    static ApiBaseUrl parse(String value) {
        String root = value == null ? "" : value.strip();
        if (root.endsWith("/")) {
            root = root.substring(0, root.length() - 1);
        }
        if (!root.endsWith("/api")) {
            throw invalid(value);
        }
        URI uri;
        try {
            uri = URI.create(root);
        } catch (IllegalArgumentException malformed) {
            throw invalid(value);
        }
        String scheme = uri.getScheme();
        if (!("http".equalsIgnoreCase(scheme) || "https".equalsIgnoreCase(scheme)) || uri.getHost() == null
                || uri.getQuery() != null || uri.getFragment() != null) {
            throw invalid(value);
        }
        return new ApiBaseUrl(root);
    }

    /** {@code path} starts with a slash and is relative to /api, e.g. {@code /media/jobs}. */
    URI resolve(String path) {
        return URI.create(root + path);
    }

    /** A job id as one path segment, so an odd id cannot reach another route. */
    static String segment(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private static IllegalArgumentException invalid(String value) {
        return new IllegalArgumentException(
                "Expected a base URL ending in /api but received " + value
                        + " (for example http://127.0.0.1:8080/api)");
    }
}
