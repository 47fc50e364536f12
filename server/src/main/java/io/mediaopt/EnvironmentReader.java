package io.mediaopt;

import io.mediaopt.http.NamedKey;
import io.mediaopt.webhooks.CallbackUrls;
import io.mediaopt.webhooks.WebhookSettings;
import io.mediaopt.webhooks.WebhookSignature;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Reads settings from the environment: each method parses one variable (or one group of them)
 * and, when a value is bad, notes the problem and returns the fallback, so that the caller can
 * report every bad variable at once ({@link #problems()}). It knows nothing of the settings'
 * record, which is built above it.
 */
final class EnvironmentReader {
    private static final Duration WEBHOOK_RETRY_WINDOW = Duration.ofHours(24);

    private final Map<String, String> env;
    private final List<String> errors = new ArrayList<>();

    EnvironmentReader(Map<String, String> env) {
        this.env = env;
    }

    /** Notes a problem found across variables, reported with the others. */
    void problem(String message) {
        errors.add(message);
    }

    /** Every problem noted so far; empty when every variable was fine. */
    List<String> problems() {
        return List.copyOf(errors);
    }

    String raw(String name) {
        String value = env.get(name);
        return value == null || value.isBlank() ? null : value.strip();
    }

    String text(String name, String fallback) {
        String value = raw(name);
        return value == null ? fallback : value;
    }

    <T> Optional<T> optional(String name, Function<String, T> parse) {
        String value = raw(name);
        if (value == null) return Optional.empty();
        try {
            return Optional.of(parse.apply(value));
        } catch (RuntimeException e) {
            errors.add(name + ": " + e.getMessage() + " but received \"" + value + "\"");
            return Optional.empty();
        }
    }

    long longInteger(String name, long fallback, long min) {
        String value = raw(name);
        if (value == null) return fallback;
        try {
            long parsed = Long.parseLong(value);
            if (parsed >= min) return parsed;
        } catch (NumberFormatException ignored) {
            // reported below
        }
        errors.add(name + ": expected a whole number of at least " + min + " but received \"" + value + "\"");
        return fallback;
    }

    int integer(String name, int fallback, int min, int max) {
        String value = raw(name);
        if (value == null) return fallback;
        try {
            int parsed = Integer.parseInt(value);
            if (parsed >= min && parsed <= max) return parsed;
        } catch (NumberFormatException ignored) {
            // reported below
        }
        errors.add(name + ": expected a whole number from " + min + " to " + max + " but received \"" + value + "\"");
        return fallback;
    }

    <E extends Enum<E>> E choice(String name, E fallback, Class<E> type) {
        String value = raw(name);
        if (value == null) return fallback;
        for (E option : type.getEnumConstants()) {
            if (option.name().equalsIgnoreCase(value)) return option;
        }
        errors.add(name + ": expected one of " + Arrays.stream(type.getEnumConstants())
                .map(e -> e.name().toLowerCase(Locale.ROOT)).toList() + " but received \"" + value + "\"");
        return fallback;
    }

    /** A switch written as one of two words, {@code yes} or {@code no}, in any case. */
    boolean flag(String name, boolean fallback, String yes, String no) {
        String value = raw(name);
        if (value == null) return fallback;
        if (value.equalsIgnoreCase(yes)) return true;
        if (value.equalsIgnoreCase(no)) return false;
        errors.add(name + ": expected " + yes + " or " + no + " but received \"" + value + "\"");
        return fallback;
    }

    Duration millis(String name, long fallback) {
        return Duration.ofMillis(longInteger(name, fallback, 1));
    }

    /** Keys are secrets: a bad value is reported without echoing it. Entries are {@link NamedKey}s. */
    Set<String> keys(String name) {
        String value = env.get(name);
        if (value == null) return Set.of();
        Set<String> keys = Arrays.stream(value.split(",")).map(String::strip).filter(k -> !k.isEmpty())
                .collect(Collectors.toUnmodifiableSet());
        if (keys.isEmpty()) errors.add(name + ": expected a comma-separated list of keys but it is empty");
        try {
            NamedKey.parseAll(keys);
        } catch (IllegalArgumentException e) {
            errors.add(name + ": " + e.getMessage());
        }
        return keys;
    }

    /**
     * The SERVICE_WEBHOOK_* settings. The secret is never echoed, nor the query of the URL,
     * where a receiver's token may ride; a default URL needs a secret to sign with.
     */
    WebhookSettings webhooks() {
        boolean allowHttp = flag("SERVICE_WEBHOOK_ALLOW_HTTP", false, "true", "false");
        boolean allowPrivate = flag("SERVICE_WEBHOOK_ALLOW_PRIVATE", false, "true", "false");
        Optional<URI> url = Optional.empty();
        String urlValue = raw("SERVICE_WEBHOOK_URL");
        if (urlValue != null) {
            try {
                url = Optional.of(new CallbackUrls(allowHttp, allowPrivate).parse(urlValue));
            } catch (IllegalArgumentException e) {
                errors.add("SERVICE_WEBHOOK_URL: " + e.getMessage() + " but received \""
                        + CallbackUrls.withoutQuery(urlValue) + "\"");
            }
        }
        String secret = raw("SERVICE_WEBHOOK_SECRET");
        if (secret != null) {
            try {
                WebhookSignature.key(secret);
            } catch (IllegalArgumentException e) {
                errors.add("SERVICE_WEBHOOK_SECRET: " + e.getMessage());
            }
        }
        if (urlValue != null && secret == null) {
            errors.add("SERVICE_WEBHOOK_SECRET: expected a secret to sign callbacks with, since "
                    + "SERVICE_WEBHOOK_URL is set, but it is unset");
        }
        return new WebhookSettings(url, Optional.ofNullable(secret), allowHttp, allowPrivate,
                millis("SERVICE_WEBHOOK_TIMEOUT_MS", 5_000), millis("SERVICE_WEBHOOK_RETRY_BASE_MS", 1_000),
                WEBHOOK_RETRY_WINDOW);
    }

    static URI httpUri(String value) {
        URI uri = URI.create(value.endsWith("/") ? value.substring(0, value.length() - 1) : value);
        if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme()) || uri.getHost() == null) {
            throw new IllegalArgumentException("expected an http(s) URL");
        }
        return uri;
    }

    static Path regularFile(String value) {
        Path file = Path.of(value);
        if (!Files.isRegularFile(file)) throw new IllegalArgumentException("expected the path of a file");
        return file;
    }
}
