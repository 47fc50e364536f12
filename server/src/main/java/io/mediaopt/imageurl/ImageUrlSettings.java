package io.mediaopt.imageurl;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The SERVICE_IMAGE_URL_* settings of images by URL (docs/configuration.md). The route is off
 * while no key is set and unsigned URLs are not allowed.
 *
 * @param keys          signing key and salt pairs (SERVICE_IMAGE_URL_KEYS), several for rotation
 * @param unsigned      whether {@code insecure} may stand in place of a signature
 * @param presetsOnly   whether {@code pr:} is the only option a URL may carry
 * @param sources       host names (with optional {@code *.} wildcards) http(s) sources may name
 * @param allowPrivate  whether http(s) sources may resolve to loopback, private or link-local addresses
 * @param cacheSeconds  the max-age of a served image
 * @param fetchTimeout  how long fetching one remote source may take, redirects included
 * @param sourceTtl     how long a source's facts are trusted before it is revalidated (a conditional GET
 *                      for an http(s) source)
 */
public record ImageUrlSettings(List<SigningKey> keys, boolean unsigned, boolean presetsOnly, List<String> sources,
                               boolean allowPrivate, long cacheSeconds, Duration fetchTimeout, Duration sourceTtl) {
    public static final ImageUrlSettings OFF = new ImageUrlSettings(List.of(), false, false, List.of(), false,
            31_536_000L, Duration.ofSeconds(15), Duration.ofHours(1));

    /** One key and salt pair, as imgproxy takes them (hex). */
    public record SigningKey(byte[] key, byte[] salt) {
        @Override
        public String toString() {
            return "SigningKey[hidden]";
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof SigningKey k && java.util.Arrays.equals(key, k.key)
                    && java.util.Arrays.equals(salt, k.salt);
        }

        @Override
        public int hashCode() {
            return java.util.Arrays.hashCode(key) * 31 + java.util.Arrays.hashCode(salt);
        }
    }

    public ImageUrlSettings {
        keys = List.copyOf(keys);
        sources = List.copyOf(sources);
    }

    public boolean enabled() {
        return !keys.isEmpty() || unsigned;
    }

    /**
     * Reads the settings through {@code raw} (a variable's trimmed value, null when unset) and
     * reports each bad variable to {@code problem} without echoing a key.
     */
    public static ImageUrlSettings read(Function<String, String> raw, Consumer<String> problem) {
        List<SigningKey> keys = new ArrayList<>();
        String keyList = raw.apply("SERVICE_IMAGE_URL_KEYS");
        if (keyList != null) {
            for (String pair : keyList.split(",")) {
                String[] parts = pair.strip().split(":");
                try {
                    if (parts.length != 2 || parts[0].isEmpty() || parts[1].isEmpty()) throw new IllegalArgumentException();
                    keys.add(new SigningKey(HexFormat.of().parseHex(parts[0]), HexFormat.of().parseHex(parts[1])));
                } catch (IllegalArgumentException e) {
                    problem.accept("SERVICE_IMAGE_URL_KEYS: expected comma-separated <hex key>:<hex salt> pairs");
                    break;
                }
            }
        }
        List<String> sources = new ArrayList<>();
        String sourceList = raw.apply("SERVICE_IMAGE_URL_SOURCES");
        if (sourceList != null) {
            for (String host : sourceList.split(",")) {
                String h = host.strip().toLowerCase(Locale.ROOT);
                if (h.isEmpty()) continue;
                if (!h.matches("(\\*\\.)?[a-z0-9.\\-\\[\\]:]+")) {
                    problem.accept("SERVICE_IMAGE_URL_SOURCES: expected host names with optional *. wildcards but "
                            + "received \"" + h + "\"");
                } else {
                    sources.add(h);
                }
            }
        }
        long cacheSeconds = ImageUrlLimits.wholeNumber(raw, problem, "SERVICE_IMAGE_URL_CACHE_SECONDS",
                OFF.cacheSeconds, 0);
        long sourceTtlSeconds = ImageUrlLimits.wholeNumber(raw, problem, "SERVICE_IMAGE_URL_SOURCE_TTL_SECONDS",
                OFF.sourceTtl.toSeconds(), 0);
        return new ImageUrlSettings(keys, flag(raw, problem, "SERVICE_IMAGE_URL_UNSIGNED"),
                flag(raw, problem, "SERVICE_IMAGE_URL_PRESETS_ONLY"), sources,
                flag(raw, problem, "SERVICE_IMAGE_URL_ALLOW_PRIVATE"), cacheSeconds, OFF.fetchTimeout,
                Duration.ofSeconds(sourceTtlSeconds));
    }

    private static boolean flag(Function<String, String> raw, Consumer<String> problem, String name) {
        String value = raw.apply(name);
        if (value == null || value.equalsIgnoreCase("false")) return false;
        if (value.equalsIgnoreCase("true")) return true;
        problem.accept(name + ": expected true or false but received \"" + value + "\"");
        return false;
    }

    @Override
    public String toString() {
        return "ImageUrlSettings[keys=" + keys.size() + " pairs, unsigned=" + unsigned + ", presetsOnly=" + presetsOnly
                + ", sources=" + sources + ", allowPrivate=" + allowPrivate + ", cacheSeconds=" + cacheSeconds
                + ", sourceTtl=" + sourceTtl + "]";
    }
}
