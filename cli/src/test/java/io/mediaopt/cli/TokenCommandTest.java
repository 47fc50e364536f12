package io.mediaopt.cli;

import io.mediaopt.Config;
import io.mediaopt.Main;
import io.mediaopt.RunningService;
import io.mediaopt.client.Job;
import io.mediaopt.client.JobStatus;
import io.mediaopt.client.MediaoptApiException;
import io.mediaopt.client.MediaoptClient;
import io.mediaopt.client.OptimizeOptions;
import io.mediaopt.client.TokenRequest;
import io.mediaopt.client.UploadProgress;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code mediaopt token} mints an upload token with the key, and a Java client built with that
 * token and no key uploads once and reads its job, which the key owns.
 */
@Tag("integration")
class TokenCommandTest {
    static final String KEY = "cli-token-key";
    @TempDir
    static Path root;
    static RunningService server;
    static String url;

    @BeforeAll
    static void start() throws Exception {
        server = Main.start(Config.fromEnvironment(Map.of("SERVICE_HOST", "127.0.0.1", "PORT", "0",
                "SERVICE_OUTPUT_DIR", Files.createDirectories(root.resolve("store")).toString(),
                "SERVICE_WORKERS", "1", "SERVICE_API_KEYS", "backend:" + KEY)), Clock.systemUTC());
        url = "http://127.0.0.1:" + server.port();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void aMintedTokenUploadsOnceWithoutTheKey() throws Exception {
        CliRun run = CliRun.of("token", "--server", url, "--api-key", KEY, "--preset", "mobile", "--kind", "image",
                "--expires-in", "600");
        assertThat(run.exitCode()).as(run.err()).isZero();
        String token = run.out().lines().findFirst().orElseThrow();
        assertThat(run.out()).contains("upload URL  " + url + "/api/uploads");

        Path photo = Media.photo(root.resolve("p.jpg"), "320x240");
        try (MediaoptClient browser = MediaoptClient.builder(url + "/api").uploadToken(token).build();
             MediaoptClient backend = MediaoptClient.builder(url + "/api").apiKey(KEY).build()) {
            String jobId = browser.upload(photo, null, OptimizeOptions.DEFAULT, UploadProgress.NONE).jobId();
            Job job = browser.waitForJob(jobId, Duration.ofMinutes(1));
            assertThat(job.status()).isEqualTo(JobStatus.DONE);
            assertThat(job.preset()).isEqualTo("mobile");
            assertThat(backend.getJob(jobId).jobId()).isEqualTo(jobId);
            assertThatThrownBy(() -> browser.submitJob(photo, null)).isInstanceOfSatisfying(MediaoptApiException.class,
                    e -> assertThat(e.code()).isEqualTo("token-used"));
            assertThat(backend.createUploadToken(TokenRequest.any().maxBytes(10).origin("https://shop.example"))
                    .token()).isNotBlank();
        }
    }

    @Test
    void tokenNeedsARunningServer() {
        CliRun run = CliRun.of("token", "--api-key", KEY);
        assertThat(run.exitCode()).isNotZero();
        assertThat(run.err()).contains("token needs --server");
    }
}
