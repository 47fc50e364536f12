package io.mediaopt.http;

import io.javalin.http.Context;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import java.util.Set;

/**
 * The optional API-key check of interface.md 5: with no keys configured everything is public;
 * otherwise every route but health needs a key in x-api-key or Authorization: Bearer. Keys are
 * compared in constant time and never logged.
 */
public final class ApiKeys {
    private static final String HEALTH_PATH = "/api/health";

    private final List<byte[]> keys;

    public ApiKeys(Set<String> keys) {
        this.keys = keys.stream().map(k -> k.getBytes(StandardCharsets.UTF_8)).toList();
    }

    public boolean enforced() {
        return !keys.isEmpty();
    }

    /** A before-handler: throws {@link UnauthorizedException} when a key is needed and missing. */
    public void check(Context ctx) {
        if (!enforced() || HEALTH_PATH.equals(ctx.path())) return;
        String presented = presentedKey(ctx);
        if (presented == null || !matches(presented)) throw new UnauthorizedException();
    }

    private static String presentedKey(Context ctx) {
        String header = ctx.header("x-api-key");
        if (header != null && !header.isBlank()) return header.strip();
        String authorization = ctx.header("Authorization");
        if (authorization != null && authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return authorization.substring(7).strip();
        }
        return null;
    }

    /** Compares against every key without stopping early, so timing says nothing about them. */
    private boolean matches(String presented) {
        byte[] candidate = presented.getBytes(StandardCharsets.UTF_8);
        boolean found = false;
        for (byte[] key : keys) {
            found |= MessageDigest.isEqual(key, candidate);
        }
        return found;
    }
}
