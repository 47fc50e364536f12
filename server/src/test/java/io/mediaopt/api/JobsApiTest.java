package io.mediaopt.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaopt.Eventually;
import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.RawMultipart;
import io.mediaopt.RawMultipart.Part;
import io.mediaopt.RunningServer;
import io.mediaopt.client.Job;
import io.mediaopt.client.JobStatus;
import io.mediaopt.client.JobSubmission;
import io.mediaopt.client.MediaoptApiException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The asynchronous job routes, through the client and raw HTTP. */
@Integration
class JobsApiTest {
    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of("SERVICE_WORKERS", "1"));
    static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void submitAnswers202AtOnceAndTheJobRunsToDone() throws Exception {
        long before = System.currentTimeMillis();
        HttpResponse<String> response = Raw.send(RawMultipart.post(server.baseUrl(), "/media/jobs",
                List.of(Part.file("media", "shot.png", Files.readAllBytes(Fixtures.png())),
                        Part.text("preset", "mobile"))).build());

        assertThat(response.statusCode()).isEqualTo(202);
        JsonNode body = JSON.readTree(response.body());
        assertThat(body.path("status").asText()).isEqualTo("pending");
        assertThat(body.path("createdAt").asLong()).isBetween(before, System.currentTimeMillis());
        assertThat(response.headers().firstValue("x-service-total-jobs")).isPresent();
        String id = body.path("jobId").asText();

        Job job = server.client().waitForJob(id, Duration.ofMinutes(2));
        assertThat(job.status()).isEqualTo(JobStatus.DONE);
        assertThat(job.preset()).isEqualTo("mobile");
        assertThat(job.filename()).isEqualTo("shot.png");
        assertThat(job.inputBytes()).isEqualTo(Files.size(Fixtures.png()));
        assertThat(job.result().strategy()).isEqualTo("image-webp");
        assertThat(job.result().filename()).isEqualTo("shot.webp");
        assertThat(job.completedAt()).isGreaterThanOrEqualTo(job.createdAt());
        assertThat(job.error()).isNull();
        assertThat(job.downloadUrl()).isEqualTo(server.baseUrl() + "/media/jobs/" + id + "/download");
    }

    @Test
    void aVideoJobShowsProgressThatOnlyGrowsWhileProcessingAndOneHundredWhenDone() throws Exception {
        // long enough that ffmpeg reports (every 0.5 s) and the store records (once a second) while it encodes
        Path clip = Fixtures.highBitrateMp4("progress.mp4", "1280x720", 12, true);
        String id = server.client().submitJob(clip, "low-bandwidth").jobId();
        List<Integer> seen = new ArrayList<>();
        Eventually.await(Duration.ofMinutes(3), () -> {
            Job now = server.client().getJob(id);
            if (now.status() == JobStatus.PENDING) assertThat(now.progress()).isNull();
            if (now.status() == JobStatus.PROCESSING) seen.add(now.progress());
            return now;
        }, Job::terminal);
        Job job = server.client().waitForJob(id, Duration.ofMinutes(3));

        assertThat(job.status()).isEqualTo(JobStatus.DONE);
        assertThat(job.progress()).isEqualTo(100);
        assertThat(job.result().crf()).as("the preset's CRF, kept with the job").isEqualTo(36);
        assertThat(seen).allSatisfy(p -> assertThat(p).isNotNull().isBetween(0, 99));
        assertThat(seen).as("progress seen while processing").isSorted()
                .anySatisfy(p -> assertThat(p).isStrictlyBetween(0, 100));
    }

    @Test
    void downloadStreamsTheOutputWithItsHeadersAndHonoursRange() throws Exception {
        JobSubmission submitted = server.client().submitJob(Fixtures.photoJpeg(640, 480), "web");
        Job job = server.client().waitForJob(submitted.jobId(), Duration.ofMinutes(2));

        HttpResponse<byte[]> whole = Raw.HTTP.send(Raw.request(server.baseUrl(),
                "/media/jobs/" + job.jobId() + "/download").build(), HttpResponse.BodyHandlers.ofByteArray());
        assertThat(whole.statusCode()).isEqualTo(200);
        assertThat(whole.headers().firstValue("Content-Type")).hasValue("image/webp");
        assertThat(whole.headers().firstValue("Content-Disposition").orElseThrow())
                .startsWith("attachment; filename=\"photo-640x480.webp\"");
        assertThat(whole.headers().firstValue("Cache-Control")).hasValue("no-store");
        assertThat(whole.body()).hasSize((int) job.result().outputBytes());

        HttpResponse<byte[]> part = Raw.HTTP.send(Raw.request(server.baseUrl(),
                        "/media/jobs/" + job.jobId() + "/download").header("Range", "bytes=0-9").build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertThat(part.statusCode()).isEqualTo(206);
        assertThat(part.body()).hasSize(10);
        assertThat(new String(part.body(), 0, 4)).isEqualTo("RIFF");
        assertThat(part.headers().firstValue("Content-Range")).hasValue("bytes 0-9/" + job.result().outputBytes());

        HttpResponse<byte[]> tail = Raw.HTTP.send(Raw.request(server.baseUrl(),
                        "/media/jobs/" + job.jobId() + "/download").header("Range", "bytes=-5").build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertThat(tail.statusCode()).isEqualTo(206);
        assertThat(tail.body()).containsExactly(Arrays.copyOfRange(whole.body(), whole.body().length - 5,
                whole.body().length));

        HttpResponse<String> outside = Raw.send(Raw.request(server.baseUrl(),
                "/media/jobs/" + job.jobId() + "/download").header("Range", "bytes=999999999-").build());
        assertThat(outside.statusCode()).isEqualTo(416);
        assertThat(outside.headers().firstValue("Content-Range")).hasValue("bytes */" + job.result().outputBytes());
    }

    @Test
    void headAnswersWithTheHeadersOfGetAndNoBody() throws Exception {
        JobSubmission submitted = server.client().submitJob(Fixtures.photoJpeg(640, 480), "web");
        Job job = server.client().waitForJob(submitted.jobId(), Duration.ofMinutes(2));
        String download = "/media/jobs/" + job.jobId() + "/download";

        HttpResponse<byte[]> whole = head(download, null);
        assertThat(whole.statusCode()).isEqualTo(200);
        assertThat(whole.headers().firstValue("Content-Type")).hasValue("image/webp");
        assertThat(whole.headers().firstValue("Content-Length")).hasValue(Long.toString(job.result().outputBytes()));
        assertThat(whole.headers().firstValue("Content-Disposition").orElseThrow())
                .startsWith("attachment; filename=\"photo-640x480.webp\"");
        assertThat(whole.body()).isEmpty();

        HttpResponse<byte[]> part = head(download, "bytes=0-9");
        assertThat(part.statusCode()).isEqualTo(206);
        assertThat(part.headers().firstValue("Content-Range")).hasValue("bytes 0-9/" + job.result().outputBytes());

        assertThat(head("/media/jobs/" + job.jobId(), null).headers().firstValue("Content-Type"))
                .hasValue("application/json");
        assertThat(head("/media/jobs/no-such-job", null).statusCode()).isEqualTo(404);
        assertThat(head("/media/jobs/no-such-job/download", null).statusCode()).isEqualTo(404);
    }

    private static HttpResponse<byte[]> head(String path, String range) throws Exception {
        HttpRequest.Builder request = Raw.request(server.baseUrl(), path).method("HEAD", HttpRequest.BodyPublishers.noBody());
        if (range != null) request.header("Range", range);
        return Raw.HTTP.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    @Test
    void aFileTheDecoderCannotReadFailsTheJobWithItsCode() throws Exception {
        JobSubmission submitted = server.client().submitJob("broken.jpg", Fixtures.truncatedJpeg(), "web");
        Job job = server.client().waitForJob(submitted.jobId(), Duration.ofMinutes(1));

        assertThat(job.status()).isEqualTo(JobStatus.FAILED);
        assertThat(job.error().code()).isEqualTo("unreadable-media");
        assertThat(job.error().message()).isNotBlank();
        assertThat(job.result()).isNull();
        assertThat(job.downloadUrl()).isNull();
        assertThatThrownBy(() -> server.client().download(job.jobId(), Files.createTempFile("x", ".bin")))
                .isInstanceOfSatisfying(MediaoptApiException.class, e -> {
                    assertThat(e.status()).isEqualTo(409);
                    assertThat(e.code()).isEqualTo("not-ready");
                });
    }

    @Test
    void downloadBeforeTheJobIsDoneIsNotReady() throws Exception {
        // one worker: the video keeps it busy, so the jobs queued behind it are still pending
        List<String> ids = new ArrayList<>();
        ids.add(server.client().submitJob(Fixtures.mp4WithAudio(), "low-bandwidth").jobId());
        for (int i = 0; i < 3; i++) ids.add(server.client().submitJob(Fixtures.png(), "web").jobId());
        String last = ids.getLast();

        assertThatThrownBy(() -> server.client().download(last, Files.createTempFile("x", ".bin")))
                .isInstanceOfSatisfying(MediaoptApiException.class, e -> {
                    assertThat(e.status()).isEqualTo(409);
                    assertThat(e.code()).isEqualTo("not-ready");
                });
        assertThat(server.client().getJob(last).status()).isIn(JobStatus.PENDING, JobStatus.PROCESSING);
        for (String id : ids) assertThat(server.client().waitForJob(id, Duration.ofMinutes(3)).status()).isEqualTo(JobStatus.DONE);
    }

    @Test
    void unknownJobsAreNotFound() {
        for (var call : List.<Runnable>of(() -> server.client().getJob("no-such-job"),
                () -> server.client().download("no-such-job", Path.of("/tmp/none")))) {
            assertThatThrownBy(call::run).isInstanceOfSatisfying(MediaoptApiException.class, e -> {
                assertThat(e.status()).isEqualTo(404);
                assertThat(e.code()).isEqualTo("not-found");
            });
        }
    }

    @Test
    void asyncInputIsDeletedOnceTheJobEnds() throws Exception {
        Job job = server.client().waitForJob(server.client().submitJob(Fixtures.png(), "web").jobId(), Duration.ofMinutes(1));
        assertThat(job.status()).isEqualTo(JobStatus.DONE);
        // the worker deletes the input just after it marks the job done
        Path input = server.outputDir().resolve("inputs").resolve(job.jobId());
        Eventually.until(Duration.ofSeconds(10), "the input of " + job.jobId() + " is deleted", () -> !Files.exists(input));
    }
}
