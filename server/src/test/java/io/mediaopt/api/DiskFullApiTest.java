package io.mediaopt.api;

import io.mediaopt.Eventually;
import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.RawMultipart;
import io.mediaopt.TestService;
import io.mediaopt.client.Health;
import io.mediaopt.client.JobStatus;
import io.mediaopt.client.MediaoptClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.OutputStream;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The disk of the output directory (and of the SQLite database in it) fills up, on a small
 * tmpfs mounted for the test: uploads are refused as the server's problem, health says so, and
 * the jobs it caught are done once there is room again.
 */
@Integration
class DiskFullApiTest {
    private static final String MIN_FREE = Long.toString(8L << 20);
    private Path disk;

    @BeforeEach
    void mountSmallDisk() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "mounting a tmpfs needs root");
        disk = Files.createTempDirectory("mediaopt-full");
        assumeTrue(run("mount", "-t", "tmpfs", "-o", "size=48m", "tmpfs", disk.toString()) == 0,
                "this machine lets no tmpfs be mounted");
    }

    @AfterEach
    void unmount() throws Exception {
        if (disk == null) return;
        run("umount", "-l", disk.toString());
        Files.deleteIfExists(disk);
    }

    @Test
    void aFullDiskRefusesUploadsWith507AndTheJobsItCaughtAreDoneOnceThereIsRoom() throws Exception {
        Path store = Files.createDirectories(disk.resolve("store"));
        try (TestService service = TestService.start(Map.of("SERVICE_OUTPUT_DIR", store.toString(),
                "SERVICE_WORKERS", "1", "SERVICE_MIN_FREE_BYTES", MIN_FREE));
             MediaoptClient client = service.client()) {
            Health before = client.health();
            assertThat(before.httpStatus()).isEqualTo(200);
            assertThat(before.checks().get("outputDisk").path("detail").asText()).endsWith("bytes free");
            assertThat(before.checks().get("databaseDisk").path("status").asText()).isEqualTo("ok");

            List<String> ids = new ArrayList<>(List.of(client.submitJob(Fixtures.mp4WithAudio(), "web").jobId()));
            ids.add(client.submitJob(Fixtures.png(), "web").jobId());
            Eventually.until(Duration.ofSeconds(30), "the video taken before the disk fills",
                    () -> client.getJob(ids.getFirst()).status() != JobStatus.PENDING);
            Path filler = disk.resolve("filler");
            fill(filler);
            try {
                for (Path upload : List.of(Fixtures.png(), Fixtures.photoJpeg(1600, 1200))) {
                    HttpResponse<String> answer = Raw.send(RawMultipart.post(service.baseUrl(), "/media/jobs", List.of(
                            RawMultipart.Part.file("media", upload.getFileName().toString(), Files.readAllBytes(upload)),
                            RawMultipart.Part.text("preset", "web"))).build());
                    assertThat(answer.statusCode()).as(upload.toString()).isEqualTo(507);
                    assertThat(answer.body()).contains("\"code\":\"storage-failed\"");
                    assertThat(answer.headers().firstValue("Retry-After")).isPresent();
                }
                Health full = Eventually.await(Duration.ofSeconds(10), client::health, h -> h.httpStatus() == 503);
                assertThat(full.checks().get("outputDisk").path("error").asText()).contains("below SERVICE_MIN_FREE_BYTES");
                assertThat(full.checks().get("databaseDisk").path("status").asText()).isEqualTo("failed");
                // the video's encode meets the full disk: it waits, it does not fail
                Thread.sleep(3000);
                assertThat(client.getJob(ids.getFirst()).status()).isNotEqualTo(JobStatus.FAILED);
            } finally {
                Files.delete(filler);
            }
            for (String id : ids) {
                assertThat(client.waitForJob(id, Duration.ofMinutes(2)).status()).as(id).isEqualTo(JobStatus.DONE);
            }
            Eventually.until(Duration.ofSeconds(10), "health 200 once there is room",
                    () -> client.health().httpStatus() == 200);
            assertThat(client.submitJob(Fixtures.png(), "web").jobId()).isNotBlank();
        }
    }

    /** Writes zeros into the file until the disk has no room left. */
    private static void fill(Path file) throws IOException {
        byte[] block = new byte[64 * 1024];
        try (OutputStream out = Files.newOutputStream(file)) {
            while (true) out.write(block);
        } catch (IOException full) {
            assertThat(full).hasMessageContaining("No space left on device");
        }
    }

    private static int run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        return p.waitFor(30, TimeUnit.SECONDS) ? p.exitValue() : -1;
    }
}
