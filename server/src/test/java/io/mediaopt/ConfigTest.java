package io.mediaopt;

import io.mediaopt.image.QualityMode;
import io.mediaopt.logs.LogFormat;
import io.mediaopt.video.VideoQualityMode;
import io.mediaopt.webhooks.WebhookSettings;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ConfigTest {

    @Test
    void defaultsAreThoseOfTheInterface() {
        Config c = Config.fromEnvironment(Map.of());
        assertThat(c.port()).isEqualTo(8080);
        assertThat(c.host()).isEqualTo("0.0.0.0");
        assertThat(c.apiKeys()).isEmpty();
        assertThat(c.outputDir()).isEqualTo(Path.of(".service-store"));
        assertThat(c.databaseUrl()).isEqualTo("jdbc:sqlite:.service-store/jobs.db");
        assertThat(c.limits().maxInputBytes()).isEqualTo(125_829_120L);
        assertThat(c.limits().ffprobeTimeout()).isEqualTo(Duration.ofMillis(15_000));
        assertThat(c.limits().imageTimeout()).isEqualTo(Duration.ofMillis(30_000));
        assertThat(c.limits().videoTimeout()).isEqualTo(Duration.ofMillis(240_000));
        assertThat(c.limits().maxInputPixels()).isEqualTo(100_000_000L);
        assertThat(c.limits().maxAnimationFrames()).isEqualTo(1000);
        assertThat(c.limits().maxVideoDurationSec()).isEqualTo(1800);
        assertThat(c.jobMaxAttempts()).isEqualTo(3);
        assertThat(c.jobRetention()).isEqualTo(Duration.ofHours(168));
        assertThat(c.queueTimeout()).isEqualTo(Duration.ofMillis(30_000));
        assertThat(c.maxPendingJobs()).isEqualTo(1000);
        assertThat(c.workers()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(c.objectStorage()).isEmpty();
        assertThat(c.ffmpegPath()).isEqualTo("ffmpeg");
    }

    @Test
    void metricsAreOnAndGuardedByKeysAndLogsAreTextByDefault() {
        Config c = Config.fromEnvironment(Map.of());
        assertThat(c.metricsEnabled()).isTrue();
        assertThat(c.metricsPublic()).isFalse();
        assertThat(c.logFormat()).isEqualTo(LogFormat.TEXT);
        Config set = Config.fromEnvironment(Map.of("SERVICE_METRICS", "OFF", "SERVICE_METRICS_PUBLIC", "true",
                "SERVICE_LOG_FORMAT", "json"));
        assertThat(set.metricsEnabled()).isFalse();
        assertThat(set.metricsPublic()).isTrue();
        assertThat(set.logFormat()).isEqualTo(LogFormat.JSON);
    }

    @Test
    void hlsLaddersHaveAv1VariantsUnlessTurnedOff() {
        assertThat(Config.fromEnvironment(Map.of()).videoLadderAv1()).isTrue();
        assertThat(Config.fromEnvironment(Map.of("SERVICE_VIDEO_LADDER_AV1", "false")).videoLadderAv1()).isFalse();
        assertThatThrownBy(() -> Config.fromEnvironment(Map.of("SERVICE_VIDEO_LADDER_AV1", "no")))
                .hasMessageContaining("SERVICE_VIDEO_LADDER_AV1: expected true or false but received \"no\"");
    }

    @Test
    void badMetricsAndLogSettingsAreReportedTogether() {
        assertThatThrownBy(() -> Config.fromEnvironment(Map.of("SERVICE_METRICS", "yes",
                "SERVICE_METRICS_PUBLIC", "on", "SERVICE_LOG_FORMAT", "xml")))
                .hasMessageContaining("SERVICE_METRICS: expected on or off but received \"yes\"")
                .hasMessageContaining("SERVICE_METRICS_PUBLIC: expected true or false but received \"on\"")
                .hasMessageContaining("SERVICE_LOG_FORMAT: expected one of [text, json] but received \"xml\"");
    }

    @Test
    void theFreeSpaceWantedIsOneGibibyteUnlessSetAndNeverNegative() {
        assertThat(Config.fromEnvironment(Map.of()).minFreeBytes()).isEqualTo(1L << 30);
        assertThat(Config.fromEnvironment(Map.of("SERVICE_MIN_FREE_BYTES", "0")).minFreeBytes()).isZero();
        assertThatThrownBy(() -> Config.fromEnvironment(Map.of("SERVICE_MIN_FREE_BYTES", "-1")))
                .hasMessageContaining("SERVICE_MIN_FREE_BYTES");
    }

    @Test
    void videosGetTheirQualityPerFileByDefaultAndImagesThePresetsQuality() {
        Config c = Config.fromEnvironment(Map.of());
        assertThat(c.videoQuality()).isEqualTo(VideoQualityMode.AUTO);
        assertThat(c.imageQuality()).isEqualTo(QualityMode.FIXED);
        Config set = Config.fromEnvironment(Map.of("SERVICE_VIDEO_QUALITY", "fixed", "SERVICE_IMAGE_QUALITY", "auto"));
        assertThat(set.videoQuality()).isEqualTo(VideoQualityMode.FIXED);
        assertThat(set.imageQuality()).isEqualTo(QualityMode.AUTO);
    }

    @Test
    void aLibvipsPathMustNameAFile() {
        assertThat(Config.fromEnvironment(Map.of()).libvipsPath()).isEmpty();
        assertThatThrownBy(() -> Config.fromEnvironment(Map.of("SERVICE_LIBVIPS_PATH", "/nonexistent/libvips.so")))
                .hasMessageContaining("SERVICE_LIBVIPS_PATH: expected the path of a file but received \"/nonexistent/libvips.so\"");
    }

    @Test
    void readsKeysAndDerivesTheDatabaseFromTheOutputDirectory() {
        Config c = Config.fromEnvironment(Map.of(
                "SERVICE_API_KEYS", "k1, k2,,",
                "SERVICE_OUTPUT_DIR", "/data"));
        assertThat(c.apiKeys()).containsExactlyInAnyOrder("k1", "k2");
        assertThat(c.databaseUrl()).isEqualTo("jdbc:sqlite:/data/jobs.db");
    }

    @Test
    void aBucketAloneMeansAwsInUsEast1WithTheDefaultCredentialChain() {
        Config.ObjectStorage s3 = Config.fromEnvironment(Map.of("SERVICE_OBJECT_BUCKET", "media"))
                .objectStorage().orElseThrow();
        assertThat(s3.bucket()).isEqualTo("media");
        assertThat(s3.region()).isEqualTo("us-east-1");
        assertThat(s3.endpoint()).isEmpty();
        assertThat(s3.accessKeyId()).isNull();
        assertThat(s3.secretAccessKey()).isNull();
    }

    @Test
    void readsEveryObjectStorageSettingAndKeepsTheSecretOutOfToString() {
        Config.ObjectStorage s3 = Config.fromEnvironment(Map.of(
                "SERVICE_OBJECT_BUCKET", "media",
                "SERVICE_OBJECT_ACCESS_KEY_ID", "AKID",
                "SERVICE_OBJECT_SECRET_ACCESS_KEY", "s3cr3t",
                "SERVICE_OBJECT_REGION", "auto",
                "SERVICE_OBJECT_ENDPOINT", "https://account.r2.cloudflarestorage.com/"))
                .objectStorage().orElseThrow();
        assertThat(s3.accessKeyId()).isEqualTo("AKID");
        assertThat(s3.secretAccessKey()).isEqualTo("s3cr3t");
        assertThat(s3.region()).isEqualTo("auto");
        assertThat(s3.endpoint()).contains(URI.create("https://account.r2.cloudflarestorage.com"));
        assertThat(s3.toString()).doesNotContain("s3cr3t");
    }

    @Test
    void refusesHalfTheKeysABadEndpointAndSettingsWithoutABucket() {
        assertThatThrownBy(() -> Config.fromEnvironment(Map.of(
                "SERVICE_OBJECT_BUCKET", "media",
                "SERVICE_OBJECT_SECRET_ACCESS_KEY", "s3cr3t",
                "SERVICE_OBJECT_ENDPOINT", "minio:9000")))
                .isInstanceOf(Config.ConfigException.class)
                .hasMessageContaining("SERVICE_OBJECT_ACCESS_KEY_ID and SERVICE_OBJECT_SECRET_ACCESS_KEY")
                .hasMessageContaining("SERVICE_OBJECT_ENDPOINT")
                .message().doesNotContain("s3cr3t");
        assertThatThrownBy(() -> Config.fromEnvironment(Map.of("SERVICE_OBJECT_ENDPOINT", "http://minio:9000")))
                .isInstanceOf(Config.ConfigException.class)
                .hasMessageContaining("SERVICE_OBJECT_BUCKET");
    }

    @Test
    void reportsEveryBadVariableAtOnceWithoutEchoingKeys() {
        assertThatThrownBy(() -> Config.fromEnvironment(Map.of(
                "PORT", "eighty",
                "SERVICE_WORKERS", "0",
                "SERVICE_MAX_INPUT_BYTES", "-5",
                "SERVICE_PUBLIC_URL", "ftp://x",
                "SERVICE_DATABASE_URL", "jdbc:mysql://db",
                "SERVICE_API_KEYS", " , ")))
                .isInstanceOf(Config.ConfigException.class)
                .hasMessageContaining("PORT")
                .hasMessageContaining("SERVICE_WORKERS")
                .hasMessageContaining("SERVICE_MAX_INPUT_BYTES")
                .hasMessageContaining("SERVICE_PUBLIC_URL")
                .hasMessageContaining("SERVICE_DATABASE_URL")
                .hasMessageContaining("SERVICE_API_KEYS");
    }

    @Test
    void webhooksAreOffByDefaultAndReadWithTheirSecretKeptOut() {
        WebhookSettings off = Config.fromEnvironment(Map.of()).webhooks();
        assertThat(off.enabled()).isFalse();
        assertThat(off.defaultUrl()).isEmpty();
        assertThat(off.allowHttp()).isFalse();
        assertThat(off.allowPrivate()).isFalse();
        assertThat(off.timeout()).isEqualTo(Duration.ofSeconds(5));
        assertThat(off.retryBase()).isEqualTo(Duration.ofSeconds(1));
        assertThat(off.retryFor()).isEqualTo(Duration.ofHours(24));

        Config c = Config.fromEnvironment(Map.of("SERVICE_WEBHOOK_URL", "https://hooks.example/m?token=t0ps3cret",
                "SERVICE_WEBHOOK_SECRET", "whsec_s3crets3crets3crets3crets3crets3cret", "SERVICE_WEBHOOK_ALLOW_PRIVATE", "TRUE",
                "SERVICE_WEBHOOK_TIMEOUT_MS", "2000", "SERVICE_WEBHOOK_RETRY_BASE_MS", "10"));
        assertThat(c.webhooks().defaultUrl()).contains(URI.create("https://hooks.example/m?token=t0ps3cret"));
        assertThat(c.webhooks().allowPrivate()).isTrue();
        assertThat(c.webhooks().retryBase()).isEqualTo(Duration.ofMillis(10));
        assertThat(c.toString()).doesNotContain("s3cret").doesNotContain("t0ps3cret");
    }

    @Test
    void reportsEveryBadWebhookVariableAtOnceWithoutEchoingTheSecret() {
        assertThatThrownBy(() -> Config.fromEnvironment(Map.of(
                "SERVICE_WEBHOOK_URL", "http://hooks.example/m?token=t0ps3cret",
                "SERVICE_WEBHOOK_SECRET", "short-s3cret",
                "SERVICE_WEBHOOK_ALLOW_HTTP", "yes",
                "SERVICE_WEBHOOK_TIMEOUT_MS", "0")))
                .isInstanceOf(Config.ConfigException.class)
                .hasMessageContaining("SERVICE_WEBHOOK_URL: expected an absolute https URL")
                .hasMessageContaining("SERVICE_WEBHOOK_SECRET: expected whsec_ followed by the base64 of the key")
                .hasMessageContaining("SERVICE_WEBHOOK_ALLOW_HTTP: expected true or false")
                .hasMessageContaining("SERVICE_WEBHOOK_TIMEOUT_MS")
                .message().doesNotContain("s3cret");
        assertThatThrownBy(() -> Config.fromEnvironment(Map.of("SERVICE_WEBHOOK_URL", "https://hooks.example/")))
                .hasMessageContaining("SERVICE_WEBHOOK_SECRET: expected a secret");
        assertThatThrownBy(() -> Config.fromEnvironment(Map.of("SERVICE_WEBHOOK_SECRET", "whsec_s3crets3cret")))
                .hasMessageContaining("SERVICE_WEBHOOK_SECRET: expected a key of at least 24 bytes after whsec_ "
                        + "but it has 9")
                .message().doesNotContain("s3cret");
        assertThatThrownBy(() -> Config.fromEnvironment(Map.of("SERVICE_WEBHOOK_SECRET", "whsec_s3cret!s3cret")))
                .hasMessageContaining("SERVICE_WEBHOOK_SECRET: expected standard base64 after whsec_")
                .message().doesNotContain("s3cret");
    }

    @Test
    void corsIsOffUnlessSetAndEveryBadOriginIsReportedWithTheOtherBadVariables() {
        assertThat(Config.fromEnvironment(Map.of()).cors().enabled()).isFalse();
        Config c = Config.fromEnvironment(Map.of("SERVICE_CORS_ORIGINS", "https://shop.example.com, *.example.org"));
        assertThat(c.cors().allows("https://a.example.org")).isTrue();
        assertThat(c.toString()).contains("cors=[https://shop.example.com:443, https://*.example.org:443]");
        assertThatThrownBy(() -> Config.fromEnvironment(Map.of("SERVICE_CORS_ORIGINS",
                "https://shop.example.com/, ftp://files.example.com,*.com", "SERVICE_WORKERS", "0")))
                .hasMessageContaining("SERVICE_CORS_ORIGINS: expected origins")
                .hasMessageContaining("not one: \"https://shop.example.com/\", \"ftp://files.example.com\", \"*.com\"")
                .hasMessageContaining("SERVICE_WORKERS");
    }
}
