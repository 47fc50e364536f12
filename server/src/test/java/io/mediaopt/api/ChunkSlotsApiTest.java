package io.mediaopt.api;

import io.mediaopt.ChunkedOutputs;
import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.TestService;
import io.mediaopt.client.Job;
import io.mediaopt.client.JobStatus;
import io.mediaopt.client.MediaoptClient;
import io.mediaopt.metrics.PrometheusText;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A chunked job gives its encoding slot back while its chunks are encoded: on a node of one
 * slot, a job that kept it while waiting would wait for ever, and every chunk is a unit of work
 * the free slot takes, the job's own included. The slots in use never exceed the slots there are.
 */
@Integration
class ChunkSlotsApiTest {
    private static final int FPS = 30;
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @TempDir
    Path dir;

    @Test
    void aOneSlotNodeEncodesEveryChunkAsAUnitInTheSlotItsJobGaveBack() throws Exception {
        // a key frame every 2 s, cut every 4 s: 3 chunks
        Path source = Fixtures.video("one-slot.mp4", "320x180", FPS, 12, true, "-c:v", "libx264", "-preset", "veryfast",
                "-g", "60", "-keyint_min", "60", "-sc_threshold", "0", "-pix_fmt", "yuv420p", "-c:a", "aac");
        try (TestService service = TestService.start(Map.of("SERVICE_WORKERS", "1", "SERVICE_VIDEO_QUALITY", "fixed",
                "SERVICE_VIDEO_CHUNK_THRESHOLD_SEC", "10", "SERVICE_VIDEO_CHUNK_SEC", "4"));
             MediaoptClient client = service.client()) {
            String id = client.submitJob(source, "web").jobId();
            List<Double> busy = new ArrayList<>();
            Job job = client.getJob(id);
            for (long giveUpAt = System.nanoTime() + Duration.ofMinutes(3).toNanos();
                 !job.status().terminal() && System.nanoTime() - giveUpAt < 0; job = client.getJob(id)) {
                busy.add(metrics(service).value("mediaopt_workers_busy", Map.of()).orElseThrow());
                Thread.sleep(50);
            }
            assertThat(job.status()).isEqualTo(JobStatus.DONE);
            assertThat(busy).as("slots in use, seen while the job ran").isNotEmpty().allMatch(b -> b >= 0 && b <= 1);

            Path output = dir.resolve("chunked.mp4");
            client.download(id, output);
            assertThat(ChunkedOutputs.keyFrames(output)).as("encoded in chunks").contains(0, 120, 240);
            assertThat(ChunkedOutputs.frames(output)).isEqualTo(12 * FPS);
            PrometheusText after = metrics(service);
            assertThat(after.value("mediaopt_video_chunks_total", Map.of())).as("every chunk a unit of work").contains(3.0);
            assertThat(after.value("mediaopt_workers_busy", Map.of())).contains(0.0);
        }
    }

    private static PrometheusText metrics(TestService service) throws Exception {
        String origin = service.baseUrl().substring(0, service.baseUrl().length() - "/api".length());
        HttpResponse<String> scrape = HTTP.send(HttpRequest.newBuilder(URI.create(origin + "/metrics")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(scrape.statusCode()).isEqualTo(200);
        return PrometheusText.parse(scrape.body());
    }
}
