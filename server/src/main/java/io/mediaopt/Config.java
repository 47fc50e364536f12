package io.mediaopt;

import io.mediaopt.http.ConnectionLimits;
import io.mediaopt.media.Limits;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Every setting of the service, read from the environment. Parsing collects every bad
 * variable, so one start-up message lists them all.
 */
public record Config(
        String host,
        int port,
        Optional<URI> publicUrl,
        Set<String> apiKeys,
        Path outputDir,
        String databaseUrl,
        Optional<ObjectStorage> objectStorage,
        Limits limits,
        int workers,
        Duration queueTimeout,
        int maxPendingJobs,
        int jobMaxAttempts,
        Duration jobRetention,
        String ffmpegPath,
        String ffprobePath,
        String nodeId,
        Role role,
        Duration jobLease,
        Duration shutdownGrace,
        ConnectionLimits connectionLimits) {

    /** What a node does: everything, only the HTTP API, or only processing queued jobs. */
    public enum Role {
        ALL, API, WORKER;

        public boolean servesApi() {
            return this != WORKER;
        }

        public boolean processesQueue() {
            return this != API;
        }
    }

    /**
     * The SERVICE_OBJECT_* settings; present when SERVICE_OBJECT_BUCKET is set. The keys are null
     * when unset.
     */
    public record ObjectStorage(String bucket, String accessKeyId, String secretAccessKey, String region,
                                Optional<URI> endpoint) {
        @Override
        public String toString() {
            return "ObjectStorage[bucket=" + bucket + ", region=" + region + ", endpoint=" + endpoint + "]";
        }
    }

    public static Config fromEnvironment(Map<String, String> env) {
        Reader r = new Reader(env);
        Path outputDir = Path.of(r.text("SERVICE_OUTPUT_DIR", ".service-store"));
        Config config = new Config(
                r.text("SERVICE_HOST", "0.0.0.0"),
                r.integer("PORT", 8080, 0, 65535),
                r.optional("SERVICE_PUBLIC_URL", Config::httpUri),
                r.keys("SERVICE_API_KEYS"),
                outputDir,
                r.text("SERVICE_DATABASE_URL", "jdbc:sqlite:" + outputDir.resolve("jobs.db")),
                r.objectStorage(),
                new Limits(
                        r.longInteger("SERVICE_MAX_INPUT_BYTES", 125_829_120L, 1),
                        r.longInteger("SERVICE_MAX_INPUT_PIXELS", 100_000_000L, 1),
                        r.integer("SERVICE_MAX_ANIMATION_FRAMES", 1000, 1, Integer.MAX_VALUE),
                        r.integer("SERVICE_MAX_VIDEO_DURATION_SEC", 1800, 1, Integer.MAX_VALUE),
                        r.millis("SERVICE_FFPROBE_TIMEOUT_MS", 15_000),
                        r.millis("SERVICE_IMAGE_TIMEOUT_MS", 30_000),
                        r.millis("SERVICE_VIDEO_TIMEOUT_MS", 240_000)),
                r.integer("SERVICE_WORKERS", Runtime.getRuntime().availableProcessors(), 1, 1024),
                r.millis("SERVICE_QUEUE_TIMEOUT_MS", 30_000),
                r.integer("SERVICE_MAX_PENDING_JOBS", 1000, 1, Integer.MAX_VALUE),
                r.integer("SERVICE_JOB_MAX_ATTEMPTS", 3, 1, 100),
                Duration.ofHours(r.integer("SERVICE_JOB_RETENTION_HOURS", 168, 0, Integer.MAX_VALUE)),
                r.text("SERVICE_FFMPEG_PATH", "ffmpeg"),
                r.text("SERVICE_FFPROBE_PATH", "ffprobe"),
                r.text("SERVICE_NODE_ID", defaultNodeId(r.raw("PORT"))),
                r.choice("SERVICE_ROLE", Role.ALL, Role.class),
                r.millis("SERVICE_JOB_LEASE_MS", 30_000),
                r.millis("SERVICE_SHUTDOWN_GRACE_MS", 30_000),
                new ConnectionLimits(r.millis("SERVICE_READ_TIMEOUT_MS", 30_000),
                        r.longInteger("SERVICE_MIN_UPLOAD_RATE", 500, 0)));

        if (!config.databaseUrl.startsWith("jdbc:sqlite:") && !config.databaseUrl.startsWith("jdbc:postgresql:")) {
            r.errors.add("SERVICE_DATABASE_URL: expected a jdbc:sqlite: or jdbc:postgresql: URL");
        }
        if (!r.errors.isEmpty()) throw new ConfigException(r.errors);
        return config;
    }

    /** Host name and port: unique among the nodes of one machine, stable across restarts. */
    private static String defaultNodeId(String port) {
        String host;
        try {
            host = java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.net.UnknownHostException e) {
            host = "localhost";
        }
        return host + ":" + (port == null ? "8080" : port);
    }

    /**
     * The record's own toString would print the API keys; this one counts them, and leaves out
     * the query of the database URL, where a password may ride.
     */
    @Override
    public String toString() {
        return "Config[host=" + host + ", port=" + port + ", publicUrl=" + publicUrl
                + ", apiKeys=" + apiKeys.size() + " keys, outputDir=" + outputDir
                + ", databaseUrl=" + databaseUrl.replaceFirst("\\?.*", "?...")
                + ", objectStorage=" + objectStorage + ", limits=" + limits + ", workers=" + workers
                + ", queueTimeout=" + queueTimeout + ", maxPendingJobs=" + maxPendingJobs
                + ", jobMaxAttempts=" + jobMaxAttempts + ", jobRetention=" + jobRetention
                + ", ffmpegPath=" + ffmpegPath + ", ffprobePath=" + ffprobePath + ", nodeId=" + nodeId
                + ", role=" + role + ", jobLease=" + jobLease + ", shutdownGrace=" + shutdownGrace
                + ", connectionLimits=" + connectionLimits + "]";
    }

    private static URI httpUri(String value) {
        URI uri = URI.create(value.endsWith("/") ? value.substring(0, value.length() - 1) : value);
        if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme()) || uri.getHost() == null) {
            throw new IllegalArgumentException("expected an http(s) URL");
        }
        return uri;
    }

    /** Invalid configuration: the message names every bad variable. */
    public static final class ConfigException extends RuntimeException {
        public ConfigException(List<String> problems) {
            super("Invalid configuration:\n  " + String.join("\n  ", problems));
        }
    }

    private static final class Reader {
        private final Map<String, String> env;
        private final List<String> errors = new ArrayList<>();

        Reader(Map<String, String> env) {
            this.env = env;
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
            errors.add(name + ": expected one of " + java.util.Arrays.stream(type.getEnumConstants())
                    .map(e -> e.name().toLowerCase(java.util.Locale.ROOT)).toList() + " but received \"" + value + "\"");
            return fallback;
        }

        Duration millis(String name, long fallback) {
            return Duration.ofMillis(longInteger(name, fallback, 1));
        }

        /** Keys are secrets: a bad value is reported without echoing it. */
        Set<String> keys(String name) {
            String value = env.get(name);
            if (value == null) return Set.of();
            Set<String> keys = Arrays.stream(value.split(",")).map(String::strip).filter(k -> !k.isEmpty())
                    .collect(Collectors.toUnmodifiableSet());
            if (keys.isEmpty()) errors.add(name + ": expected a comma-separated list of keys but it is empty");
            return keys;
        }

        /** Keys are both set or both unset (then the SDK's default credential chain applies). */
        Optional<ObjectStorage> objectStorage() {
            String bucket = raw("SERVICE_OBJECT_BUCKET");
            Optional<URI> endpoint = optional("SERVICE_OBJECT_ENDPOINT", Config::httpUri);
            String keyId = raw("SERVICE_OBJECT_ACCESS_KEY_ID");
            String secret = raw("SERVICE_OBJECT_SECRET_ACCESS_KEY");
            if (bucket == null) {
                if (endpoint.isPresent() || keyId != null || secret != null) {
                    errors.add("SERVICE_OBJECT_BUCKET: expected a bucket name, since other SERVICE_OBJECT_* "
                            + "variables are set, but it is unset");
                }
                return Optional.empty();
            }
            if ((keyId == null) != (secret == null)) {
                errors.add("SERVICE_OBJECT_ACCESS_KEY_ID and SERVICE_OBJECT_SECRET_ACCESS_KEY: expected both "
                        + "or neither (neither: the default AWS credential chain) but only one is set");
            }
            return Optional.of(new ObjectStorage(bucket, keyId, secret, text("SERVICE_OBJECT_REGION", "us-east-1"),
                    endpoint));
        }
    }
}
