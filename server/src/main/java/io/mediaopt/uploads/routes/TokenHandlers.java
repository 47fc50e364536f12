package io.mediaopt.uploads.routes;

import io.mediaopt.http.ApiKeys;
import io.mediaopt.jobs.routes.DownloadLinks;
import io.mediaopt.http.UnreadBodies;
import io.mediaopt.jobs.routes.UploadReader;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import io.mediaopt.ServiceException;
import io.mediaopt.tokens.UploadToken;
import io.mediaopt.tokens.UploadTokens;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * {@code POST /api/uploads/tokens}: a key's backend mints an upload token for a browser, scoped to
 * the form's fields it fixes and to a size, kind and origin, valid one upload until it expires.
 * The fields are checked as the form's own, so a token that no upload could use is refused now.
 */
final class TokenHandlers {
    private static final Pattern ORIGIN = Pattern.compile("https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?|https?://\\[[0-9A-Fa-f:.]+\\](:[0-9]{1,5})?");

    private final ApiKeys keys;
    private final UploadTokens tokens;
    private final UploadReader form;
    private final DownloadLinks links;
    private final ObjectMapper json;

    TokenHandlers(ApiKeys keys, UploadTokens tokens, UploadReader form, DownloadLinks links, ObjectMapper json) {
        this.keys = keys;
        this.tokens = tokens;
        this.form = form;
        this.links = links;
        this.json = json;
    }

    /** The answer: the token, the tus endpoint it uploads to, and when it expires. */
    record Minted(String token, String uploadUrl, String expiresAt) {}

    /** POST /api/uploads/tokens */
    void mint(Context ctx) {
        if (!keys.enforced()) {
            throw ServiceException.notSupported("API keys are off (SERVICE_API_KEYS is empty): uploads need no token");
        }
        UploadReader.Sender sender = UploadReader.Sender.of(ctx, keys, links);
        Map<String, String> fields = new LinkedHashMap<>();
        Long maxBytes = null;
        String kind = null;
        String origin = null;
        Duration life = UploadTokens.DEFAULT_LIFE;
        for (Map.Entry<String, JsonNode> field : body(ctx).properties()) {
            String name = field.getKey();
            JsonNode value = field.getValue();
            if (value.isNull()) continue;
            switch (name) {
                case "maxBytes" -> maxBytes = positive(name, value, Long.MAX_VALUE);
                case "expiresInSec" -> life = Duration.ofSeconds(positive(name, value, UploadTokens.MAX_LIFE.toSeconds()));
                case "kind" -> kind = kind(value);
                case "origin" -> origin = origin(value);
                default -> {
                    if (!DirectUploadHandlers.FORM_FIELDS.contains(name) || name.equals("filename")) {
                        throw ServiceException.invalidInput("Unknown field \"" + name + "\"");
                    }
                    if (!value.isValueNode()) {
                        throw ServiceException.invalidInput("Expected \"" + name + "\" as text, a number or true/false");
                    }
                    fields.put(name, value.asText());
                }
            }
        }
        // the same checks an upload with these fields meets, so a token none could use is refused now
        form.request(fields::get, "token", 1, sender);
        Instant expiresAt = tokens.now().plus(life);
        String token = tokens.mint(new UploadToken(tokens.newId(), sender.caller().keyName(), expiresAt.getEpochSecond(),
                fields, maxBytes, kind, origin));
        ctx.header("Cache-Control", "no-store");
        ctx.status(HttpStatus.CREATED).json(new Minted(token, links.origin(ctx) + "/api/uploads",
                Instant.ofEpochSecond(expiresAt.getEpochSecond()).toString()));
    }

    private JsonNode body(Context ctx) {
        JsonNode body;
        UnreadBodies.reading(ctx);
        try {
            String text = ctx.body();
            body = text.isBlank() ? json.createObjectNode() : json.readTree(text);
        } catch (JsonProcessingException e) {
            body = null;
        }
        if (body == null || !body.isObject()) throw ServiceException.invalidInput("Expected a JSON object");
        return body;
    }

    private static long positive(String name, JsonNode value, long max) {
        if (!value.isIntegralNumber() || !value.canConvertToLong() || value.asLong() < 1 || value.asLong() > max) {
            throw ServiceException.invalidInput("Expected \"" + name + "\" as a whole number from 1 to " + max);
        }
        return value.asLong();
    }

    private static String kind(JsonNode value) {
        if (!value.isTextual() || UploadToken.kindNamed(value.asText()).isEmpty()) {
            throw ServiceException.invalidInput("Expected \"kind\" as image or video");
        }
        return value.asText().toLowerCase(Locale.ROOT);
    }

    private static String origin(JsonNode value) {
        if (!value.isTextual() || !ORIGIN.matcher(value.asText()).matches()) {
            throw ServiceException.invalidInput("Expected \"origin\" as a page's origin, such as https://www.example.com"
                    + " (scheme, host and port; no path)");
        }
        return value.asText().toLowerCase(Locale.ROOT);
    }
}
