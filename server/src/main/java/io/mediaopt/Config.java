package io.mediaopt;

import io.mediaopt.http.ConnectionLimits;
import io.mediaopt.http.CorsOrigins;
import io.mediaopt.jobs.SqlDialect;
import io.mediaopt.keeping.KeepSettings;
import io.mediaopt.keeping.Keeping;
import io.mediaopt.imageurl.ImageUrlLimits;
import io.mediaopt.video.ChunkSettings;
import io.mediaopt.imageurl.ImageUrlSettings;
import io.mediaopt.logs.LogFormat;
import io.mediaopt.media.Limits;
import io.mediaopt.uploads.UploadSettings;
import io.mediaopt.webhooks.WebhookSettings;

import io.mediaopt.image.QualityMode;
import io.mediaopt.video.VideoQualityMode;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
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
        int videoEncodes,
        Duration queueTimeout,
        int maxPendingJobs,
        int jobMaxAttempts,
        Duration jobRetention,
        String ffmpegPath,
        String ffprobePath,
        Optional<Path> libvipsPath,
        String nodeId,
        Role role,
        Duration jobLease,
        Duration shutdownGrace,
        ConnectionLimits connectionLimits,
        UploadSettings uploads,
        WebhookSettings webhooks,
        QualityMode imageQuality,
        VideoQualityMode videoQuality,
        boolean metricsEnabled,
        boolean metricsPublic,
        LogFormat logFormat,
        long minFreeBytes,
        CorsOrigins cors,
        KeepSettings keep,
        ImageUrlSettings imageUrls,
        ImageUrlLimits imageUrlLimits,
        ChunkSettings videoChunks,
        boolean videoLadderAv1) {

    /**
     * 1 GiB: room for a few jobs at the default input limit (120 MiB) with their copies, outputs
     * and renditions, and for SQLite's write-ahead log, before a disk that fills up fails them.
     */
    static final long DEFAULT_MIN_FREE_BYTES = 1L << 30;

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
        EnvironmentReader r = new EnvironmentReader(env);
        Path outputDir = Path.of(r.text("SERVICE_OUTPUT_DIR", ".service-store"));
        Config config = new Config(
                r.text("SERVICE_HOST", "0.0.0.0"),
                r.integer("PORT", 8080, 0, 65535),
                r.optional("SERVICE_PUBLIC_URL", EnvironmentReader::httpUri),
                r.keys("SERVICE_API_KEYS"),
                outputDir,
                r.text("SERVICE_DATABASE_URL", "jdbc:sqlite:" + outputDir.resolve("jobs.db")),
                objectStorage(r),
                new Limits(
                        r.longInteger("SERVICE_MAX_INPUT_BYTES", 125_829_120L, 1),
                        r.longInteger("SERVICE_MAX_INPUT_PIXELS", 100_000_000L, 1),
                        r.integer("SERVICE_MAX_ANIMATION_FRAMES", 1000, 1, Integer.MAX_VALUE),
                        r.integer("SERVICE_MAX_VIDEO_DURATION_SEC", 1800, 1, Integer.MAX_VALUE),
                        r.millis("SERVICE_FFPROBE_TIMEOUT_MS", 15_000),
                        r.millis("SERVICE_IMAGE_TIMEOUT_MS", 30_000),
                        r.millis("SERVICE_VIDEO_TIMEOUT_MS", 240_000)),
                r.integer("SERVICE_WORKERS", Runtime.getRuntime().availableProcessors(), 1, 1024),
                r.integer("SERVICE_VIDEO_ENCODES", defaultVideoEncodes(), 1, 1024),
                r.millis("SERVICE_QUEUE_TIMEOUT_MS", 30_000),
                r.integer("SERVICE_MAX_PENDING_JOBS", 1000, 1, Integer.MAX_VALUE),
                r.integer("SERVICE_JOB_MAX_ATTEMPTS", 3, 1, 100),
                Duration.ofHours(r.integer("SERVICE_JOB_RETENTION_HOURS", 168, 0, Integer.MAX_VALUE)),
                r.text("SERVICE_FFMPEG_PATH", "ffmpeg"),
                r.text("SERVICE_FFPROBE_PATH", "ffprobe"),
                r.optional("SERVICE_LIBVIPS_PATH", EnvironmentReader::regularFile),
                r.text("SERVICE_NODE_ID", defaultNodeId(r.raw("PORT"))),
                r.choice("SERVICE_ROLE", Role.ALL, Role.class),
                r.millis("SERVICE_JOB_LEASE_MS", 30_000),
                r.millis("SERVICE_SHUTDOWN_GRACE_MS", 30_000),
                new ConnectionLimits(r.millis("SERVICE_READ_TIMEOUT_MS", 30_000),
                        r.longInteger("SERVICE_MIN_UPLOAD_RATE", 500, 0)),
                new UploadSettings(Duration.ofHours(r.integer("SERVICE_UPLOAD_EXPIRY_HOURS", 24, 1, 24 * 365)),
                        r.integer("SERVICE_MAX_OPEN_UPLOADS", 20, 1, 100_000)),
                r.webhooks(),
                r.choice("SERVICE_IMAGE_QUALITY", QualityMode.FIXED, QualityMode.class),
                r.choice("SERVICE_VIDEO_QUALITY", VideoQualityMode.AUTO, VideoQualityMode.class),
                r.flag("SERVICE_METRICS", true, "on", "off"),
                r.flag("SERVICE_METRICS_PUBLIC", false, "true", "false"),
                r.choice("SERVICE_LOG_FORMAT", LogFormat.TEXT, LogFormat.class),
                r.longInteger("SERVICE_MIN_FREE_BYTES", DEFAULT_MIN_FREE_BYTES, 0),
                r.optional("SERVICE_CORS_ORIGINS", CorsOrigins::parse).orElse(CorsOrigins.NONE),
                keep(r),
                ImageUrlSettings.read(r::raw, r::problem),
                ImageUrlLimits.read(r::raw, r::problem),
                ChunkSettings.read(r::raw, r::problem),
                r.flag("SERVICE_VIDEO_LADDER_AV1", true, "true", "false"));

        try {
            SqlDialect.of(config.databaseUrl);
        } catch (IllegalArgumentException e) {
            r.problem("SERVICE_DATABASE_URL: expected a jdbc:sqlite: or jdbc:postgresql: URL");
        }
        if (!r.problems().isEmpty()) throw new ConfigException(r.problems());
        return config;
    }

    /** The SERVICE_KEEP_KEYS, SERVICE_PUBLIC_MEDIA_URL and SERVICE_MEDIA_LINK_TTL_SEC settings. */
    private static KeepSettings keep(EnvironmentReader r) {
        String names = r.text("SERVICE_KEEP_KEYS", "");
        Set<String> keepKeys = Arrays.stream(names.split(",")).map(String::strip).filter(n -> !n.isEmpty())
                .collect(Collectors.toUnmodifiableSet());
        if (!keepKeys.stream().allMatch(n -> n.equals(KeepSettings.EVERY_KEY) || n.matches("[A-Za-z0-9._-]{1,64}"))) {
            r.problem("SERVICE_KEEP_KEYS: expected * or a comma-separated list of key names (the name of name:key "
                    + "in SERVICE_API_KEYS)");
        }
        return new KeepSettings(keepKeys, r.optional("SERVICE_PUBLIC_MEDIA_URL", EnvironmentReader::httpUri),
                Duration.ofSeconds(r.integer("SERVICE_MEDIA_LINK_TTL_SEC", 86_400, (int) Keeping.MIN_LINK_TTL_SEC,
                        (int) Keeping.MAX_LINK_TTL_SEC)));
    }

    /** The kind of database SERVICE_DATABASE_URL names, which {@link #fromEnvironment} checked. */
    public SqlDialect databaseDialect() {
        return SqlDialect.of(databaseUrl);
    }

    /** Keys are both set or both unset (then the SDK's default credential chain applies). */
    private static Optional<ObjectStorage> objectStorage(EnvironmentReader r) {
        String bucket = r.raw("SERVICE_OBJECT_BUCKET");
        Optional<URI> endpoint = r.optional("SERVICE_OBJECT_ENDPOINT", EnvironmentReader::httpUri);
        String keyId = r.raw("SERVICE_OBJECT_ACCESS_KEY_ID");
        String secret = r.raw("SERVICE_OBJECT_SECRET_ACCESS_KEY");
        if (bucket == null) {
            if (endpoint.isPresent() || keyId != null || secret != null) {
                r.problem("SERVICE_OBJECT_BUCKET: expected a bucket name, since other SERVICE_OBJECT_* "
                        + "variables are set, but it is unset");
            }
            return Optional.empty();
        }
        if ((keyId == null) != (secret == null)) {
            r.problem("SERVICE_OBJECT_ACCESS_KEY_ID and SERVICE_OBJECT_SECRET_ACCESS_KEY: expected both "
                    + "or neither (neither: the default AWS credential chain) but only one is set");
        }
        return Optional.of(new ObjectStorage(bucket, keyId, secret, r.text("SERVICE_OBJECT_REGION", "us-east-1"),
                endpoint));
    }

    /**
     * One ffmpeg encode per eight processors. Each encode is given every processor already, so a
     * second one on a small machine buys no speed, only another ~300 MB for a 1080p x264 encode,
     * and both finish later; x264 stops gaining from more threads somewhere past eight.
     */
    private static int defaultVideoEncodes() {
        return Math.max(1, Runtime.getRuntime().availableProcessors() / 8);
    }

    /** Host name and port: unique among the nodes of one machine, stable across restarts. */
    private static String defaultNodeId(String port) {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
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
                + ", videoEncodes=" + videoEncodes
                + ", queueTimeout=" + queueTimeout + ", maxPendingJobs=" + maxPendingJobs
                + ", jobMaxAttempts=" + jobMaxAttempts + ", jobRetention=" + jobRetention
                + ", ffmpegPath=" + ffmpegPath + ", ffprobePath=" + ffprobePath + ", libvipsPath=" + libvipsPath + ", nodeId=" + nodeId
                + ", role=" + role + ", jobLease=" + jobLease + ", shutdownGrace=" + shutdownGrace
                + ", connectionLimits=" + connectionLimits + ", uploads=" + uploads + ", webhooks=" + webhooks
                + ", imageQuality=" + imageQuality + ", videoQuality=" + videoQuality + ", metricsEnabled=" + metricsEnabled
                + ", metricsPublic=" + metricsPublic + ", logFormat=" + logFormat + ", minFreeBytes=" + minFreeBytes
                + ", cors=" + cors + ", keep=" + keep + ", imageUrls=" + imageUrls + ", imageUrlLimits=" + imageUrlLimits
                + ", videoChunks=" + videoChunks + "]";
    }

    /** Invalid configuration: the message names every bad variable. */
    public static final class ConfigException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public ConfigException(List<String> problems) {
            super("Invalid configuration:\n  " + String.join("\n  ", problems));
        }
    }

}
