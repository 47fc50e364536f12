package io.mediaopt;

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
}
