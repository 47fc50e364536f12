package io.mediaopt.http;


import io.javalin.http.Context;

import io.mediaopt.ServiceException;
import io.mediaopt.Caller;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The optional API-key check of docs/api.md (Authentication): with no keys configured everything
 * is public; otherwise every route but health and the API's description (and the web page's own
 * files and kept jobs' stable URLs, fetched with GET) needs a key in x-api-key or Authorization: Bearer. Keys are compared
 * in constant time and never logged; a request that passes is the {@link Caller} of its key's name.
 */
public final class ApiKeys {
    /** Exact paths: a disguised one (/api/health/../usage, an encoded slash) is not public. */
    private static final Set<String> PUBLIC_PATHS = Set.of("/api/health", ApiDocument.PATH);
    /**
     * Kept jobs' stable URLs (io.mediaopt.renditions.routes.StableLinks), whose GET and HEAD need no API
     * key: the link's signature, or the job's publicity, is the check.
     */
    private static final Pattern STABLE_MEDIA = Pattern.compile("/media/[^/]+/(output/)?[^/]+");
    /** Where images by URL are served (io.mediaopt.imageurl). */
    private static final String IMAGE_URLS = "/img/";
    /** The request attribute holding the name of the key a request presented. */
    private static final String KEY_NAME = "mediaopt.keyName";

    private final List<NamedKey> keys;
    private final Set<String> pagePaths;

    /** The entries of SERVICE_API_KEYS, {@code name:key} or {@code key} ({@link NamedKey}). */
    public ApiKeys(Set<String> entries) {
        this(NamedKey.parseAll(entries), Set.of());
    }

    private ApiKeys(List<NamedKey> keys, Set<String> pagePaths) {
        this.keys = keys;
        this.pagePaths = Set.copyOf(pagePaths);
    }

    /**
     * The same keys, with GET and HEAD of these exact paths public too: the web page's files,
     * which a browser loads before it can know a key. The API calls the page makes still need one.
     */
    public ApiKeys withPublicPage(Set<String> paths) {
        return new ApiKeys(keys, paths);
    }

    public boolean enforced() {
        return !keys.isEmpty();
    }

    /** A before-handler: throws 401 unauthorized when a key is needed and missing. */
    public void check(Context ctx) {
        if (!enforced() || PUBLIC_PATHS.contains(ctx.path()) || isPageFile(ctx) || isStableMedia(ctx)
                || isImageUrl(ctx)) return;
        String presented = presentedKey(ctx);
        String name = presented == null ? null : nameOf(presented);
        if (name == null) throw ServiceException.unauthorized();
        ctx.attribute(KEY_NAME, name);
    }

    /** Whether the request presents one of the keys (which then wins over an upload token it may carry too). */
    public boolean presentsKey(Context ctx) {
        String presented = presentedKey(ctx);
        return presented != null && nameOf(presented) != null;
    }

    /** The value of an {@code Authorization: Bearer} header, null without one. */
    public static String bearer(Context ctx) {
        String authorization = ctx.header("Authorization");
        if (authorization != null && authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return authorization.substring(7).strip();
        }
        return null;
    }

    /** The name of the valid key a request presents, on routes that need none too (images by URL count it). */
    public Optional<String> presentedKeyName(Context ctx) {
        String presented = presentedKey(ctx);
        return presented == null ? Optional.empty() : Optional.ofNullable(nameOf(presented));
    }

    /** Lets a request that proved itself otherwise (an upload token of that key) pass {@link #check} as the key's caller. */
    public void admit(Context ctx, String keyName) {
        ctx.attribute(KEY_NAME, keyName);
    }

    /**
     * Who made a request that passed {@link #check}: the caller of the key it presented, or
     * anyone when keys are off.
     */
    public Caller caller(Context ctx) {
        if (!enforced()) return Caller.ANYONE;
        String name = ctx.attribute(KEY_NAME);
        if (name == null) throw ServiceException.unauthorized();
        return Caller.withKey(name);
    }

    /**
     * The signer of {@code purpose} on behalf of the key named {@code keyName}; empty when no
     * such key is configured (removed since, or keys are off).
     */
    public Optional<Signatures> signatures(String keyName, Signatures.Purpose purpose) {
        return keys.stream().filter(k -> k.name().equals(keyName)).findFirst()
                .map(k -> Signatures.of(k.secret(), purpose));
    }

    private boolean isPageFile(Context ctx) {
        return isRead(ctx) && pagePaths.contains(ctx.path());
    }

    /** A kept job's stable URL: its own handler checks the link's signature, or that the job is public. */
    private static boolean isStableMedia(Context ctx) {
        return isRead(ctx) && isStablePath(ctx.path());
    }

    /** Whether a request path is one of the stable routes, with nothing in it that could lead elsewhere. */
    private static boolean isStablePath(String path) {
        String lower = path.toLowerCase(Locale.ROOT);
        return STABLE_MEDIA.matcher(path).matches() && !lower.contains("%2e") && !lower.contains("%2f")
                && !lower.contains("%5c") && !lower.contains("\\") && !path.contains("/./") && !path.contains("/../")
                && !path.endsWith("/.") && !path.endsWith("/..");
    }

    private static boolean isRead(Context ctx) {
        String method = ctx.method().name();
        return method.equals("GET") || method.equals("HEAD");
    }

    /** Images by URL carry their own check, a signature, and are fetched by browsers without a key. */
    private static boolean isImageUrl(Context ctx) {
        String method = ctx.method().name();
        return (method.equals("GET") || method.equals("HEAD")) && ctx.path().startsWith(IMAGE_URLS);
    }

    private static String presentedKey(Context ctx) {
        String header = ctx.header("x-api-key");
        if (header != null && !header.isBlank()) return header.strip();
        return bearer(ctx);
    }

    /**
     * The name of the presented key, null when it is none of them; compares against every key
     * without stopping early, so timing says nothing about them.
     */
    private String nameOf(String presented) {
        byte[] candidate = presented.getBytes(StandardCharsets.UTF_8);
        String found = null;
        for (NamedKey key : keys) {
            if (MessageDigest.isEqual(key.secret(), candidate)) found = key.name();
        }
        return found;
    }
}
