package io.mediaopt.api;

import io.mediaopt.ChunkedOutputs;
import io.mediaopt.Eventually;
import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.S3TestServer;
import io.mediaopt.TestService;
import io.mediaopt.client.Job;
import io.mediaopt.client.JobStatus;
import io.mediaopt.client.MediaoptClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The bucket stops answering while a long video's chunks are encoded: a chunk that cannot store
 * its output is left to its lease, the job waits without being failed or queued again, and it
 * ends done, once, when the bucket is back, its chunks gone from it. On the job's own node its
 * chunks read the job's copy of the source: the source is read from the bucket no more often
 * than for a video encoded in one piece.
 */
@Integration
class ChunkOutageApiTest {
    private static final int FPS = 30;

    @TempDir
    Path dir;

    @Test
    void aBucketDownMidChunksFailsNothingAndTheJobEndsDoneOnceItIsBack() throws Exception {
        // a key frame every second, cut every 2 s: 6 chunks
        Path source = Fixtures.video("bucket-outage.mp4", "320x180", FPS, 12, true, "-c:v", "libx264",
                "-preset", "veryfast", "-g", "30", "-keyint_min", "30", "-sc_threshold", "0", "-pix_fmt", "yuv420p",
                "-c:a", "aac");
        try (S3TestServer s3 = S3TestServer.start()) {
            Map<String, String> env = new HashMap<>(s3.env());
            env.putAll(Map.of("SERVICE_WORKERS", "1", "SERVICE_VIDEO_QUALITY", "fixed", "SERVICE_JOB_LEASE_MS", "3000",
                    "SERVICE_VIDEO_CHUNK_THRESHOLD_SEC", "10", "SERVICE_VIDEO_CHUNK_SEC", "2"));
            try (TestService service = TestService.start(env); MediaoptClient client = service.client()) {
                String id = client.submitJob(source, "web").jobId();
                // the job read its input; one chunk is stored, five are still to come
                Eventually.until(Duration.ofMinutes(2), "a chunk stored",
                        () -> !s3.keys("chunks/" + id + "/").isEmpty());
                s3.stop();
                try {
                    Eventually.until(Duration.ofSeconds(30), "health 503 during the outage",
                            () -> client.health().httpStatus() == 503);
                    // a chunk meets the outage and is left to its lease: 3 s
                    for (int look = 0; look < 20; look++) {
                        assertThat(client.getJob(id).status()).as("the job waits, neither failed nor queued again")
                                .isEqualTo(JobStatus.PROCESSING);
                        Thread.sleep(250);
                    }
                } finally {
                    s3.restart();
                }
                Job job = client.waitForJob(id, Duration.ofMinutes(3));
                assertThat(job.status()).isEqualTo(JobStatus.DONE);
                assertThat(client.getUsage().totalJobs()).as("done once").isEqualTo(1);
                Path output = dir.resolve("chunked.mp4");
                client.download(id, output);
                assertThat(ChunkedOutputs.keyFrames(output)).as("cut every 2 s").contains(0, 60, 120, 180, 240, 300);
                assertThat(ChunkedOutputs.frames(output)).isEqualTo(12 * FPS);
                assertThat(s3.keys("chunks/")).as("no chunk left in the bucket").isEqualTo(List.of());

                Path shortSource = Fixtures.video("bucket-outage-short.mp4", "320x180", FPS, 4, true, "-c:v", "libx264",
                        "-preset", "veryfast", "-pix_fmt", "yuv420p", "-c:a", "aac");
                String onePiece = client.submitJob(shortSource, "web").jobId();
                assertThat(client.waitForJob(onePiece, Duration.ofMinutes(1)).status()).isEqualTo(JobStatus.DONE);
                assertThat(s3.reads("inputs/" + onePiece)).as("a job in one piece reads its input once").isEqualTo(1);
                assertThat(s3.reads("inputs/" + id)).as("the chunks read the job's own copy")
                        .isEqualTo(s3.reads("inputs/" + onePiece));
            }
        }
    }
}
