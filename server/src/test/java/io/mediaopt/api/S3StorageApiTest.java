package io.mediaopt.api;

import io.mediaopt.Eventually;
import io.mediaopt.Fixtures;
import io.mediaopt.Healthy;
import io.mediaopt.Integration;
import io.mediaopt.RunningServer;
import io.mediaopt.S3TestServer;
import io.mediaopt.client.Download;
import io.mediaopt.client.Health;
import io.mediaopt.client.Job;
import io.mediaopt.client.JobStatus;
import io.mediaopt.client.JobSubmission;
import io.mediaopt.client.Optimization;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The API with S3-compatible storage configured: same routes, outputs in the bucket, signed links. */
@Integration
class S3StorageApiTest {
    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of("SERVICE_WORKERS", "1")).withS3();

    @Test
    void healthAsksTheBucket() throws Exception {
        Health health = Healthy.report(server.client());
        assertThat(health.httpStatus()).isEqualTo(200);
        assertThat(health.checks().get("storage").path("status").asText()).isEqualTo("ok");
        assertThat(health.checks().get("storage").path("detail").asText()).isEqualTo("s3");
    }

    @Test
    void syncOptimizeStillAnswersWithTheBytesAndKeepsTheOutputInTheBucket() throws Exception {
        Optimization optimization = server.client().optimize(Fixtures.png(), "web");

        assertThat(optimization.result().contentType()).isEqualTo("image/webp");
        assertThat(new String(optimization.content(), 8, 4)).isEqualTo("WEBP");
        assertThat(optimization.content()).hasSize((int) optimization.result().outputBytes());
        assertThat(server.outputDir().resolve("outputs")).doesNotExist();

        Job asJob = server.client().optimizeAsJob(Fixtures.png(), "web");
        assertThat(server.s3().holds(objectKey(asJob))).isTrue();
        HttpResponse<byte[]> signed = fetch(asJob.downloadUrl());
        assertThat(signed.statusCode()).isEqualTo(200);
        assertThat(signed.body()).hasSize((int) asJob.result().outputBytes());
    }

    @Test
    void aDoneJobLinksToASignedUrlAndTheDownloadRouteStreamsFromTheBucket() throws Exception {
        JobSubmission submitted = server.client().submitJob(Fixtures.photoJpeg(640, 480), "web");
        Job job = server.client().waitForJob(submitted.jobId(), Duration.ofMinutes(2));
        assertThat(job.status()).isEqualTo(JobStatus.DONE);

        assertThat(job.downloadUrl())
                .startsWith(server.s3().endpoint() + "/" + S3TestServer.BUCKET + "/outputs/" + job.jobId() + "/")
                .contains(".webp?", "X-Amz-Expires=3600", "X-Amz-Signature=");
        HttpResponse<byte[]> signed = fetch(job.downloadUrl());
        assertThat(signed.statusCode()).isEqualTo(200);
        assertThat(signed.headers().firstValue("Content-Type")).hasValue("image/webp");
        assertThat(signed.headers().firstValue("Content-Disposition")).hasValue(
                "attachment; filename=\"photo-640x480.webp\"; filename*=UTF-8''photo-640x480.webp");
        assertThat(signed.body()).hasSize((int) job.result().outputBytes());

        Path target = Files.createTempFile("download", ".webp");
        Download download = server.client().download(job.jobId(), target);
        assertThat(download.contentType()).isEqualTo("image/webp");
        assertThat(Files.readAllBytes(target)).isEqualTo(signed.body());

        HttpResponse<byte[]> range = Raw.HTTP.send(Raw.request(server.baseUrl(),
                        "/media/jobs/" + job.jobId() + "/download").header("Range", "bytes=8-11").build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertThat(range.statusCode()).isEqualTo(206);
        assertThat(new String(range.body())).isEqualTo("WEBP");
        assertThat(range.headers().firstValue("Content-Range")).hasValue("bytes 8-11/" + signed.body().length);
    }

    @Test
    void aQueuedInputWaitsInTheBucketAndLeavesItWhenItsJobEnds() throws Exception {
        String video = server.client().submitJob(Fixtures.mp4WithAudio(), "web").jobId();
        awaitStatus(video, JobStatus.PROCESSING);
        // the one worker is busy with the video: these wait, their inputs only in the bucket
        String image = server.client().submitJob(Fixtures.png(), "mobile").jobId();
        String broken = server.client().submitJob("broken.jpg", Fixtures.truncatedJpeg(), "web").jobId();
        assertThat(server.s3().holds("inputs/" + image)).isTrue();
        assertThat(server.s3().holds("inputs/" + broken)).isTrue();

        for (String id : List.of(video, image, broken)) {
            assertThat(server.client().waitForJob(id, Duration.ofMinutes(2)).terminal()).isTrue();
            assertThat(Eventually.await(Duration.ofSeconds(10), () -> server.s3().holds("inputs/" + id), held -> !held))
                    .as(id).isFalse();
        }
        assertThat(server.client().getJob(image).status()).isEqualTo(JobStatus.DONE);
        assertThat(server.client().getJob(broken).status()).isEqualTo(JobStatus.FAILED);
    }

    private static void awaitStatus(String id, JobStatus status) throws Exception {
        Eventually.until(Duration.ofSeconds(60), "job " + id + " reached " + status,
                () -> server.client().getJob(id).status() == status);
    }

    private static HttpResponse<byte[]> fetch(String url) throws Exception {
        return Raw.HTTP.send(HttpRequest.newBuilder(URI.create(url)).build(),
                HttpResponse.BodyHandlers.ofByteArray());
    }

    /** The bucket key a done job's signed link points at: outputs/<job id>/<attempt>-<uuid>.<ext>. */
    private static String objectKey(Job job) {
        String key = URI.create(job.downloadUrl()).getPath().substring(("/" + S3TestServer.BUCKET + "/").length());
        assertThat(key).startsWith("outputs/" + job.jobId() + "/").endsWith(".webp");
        return key;
    }
}
