package io.mediaopt.api;

import io.mediaopt.Eventually;
import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.RawMultipart;
import io.mediaopt.RawMultipart.Part;
import io.mediaopt.TestService;
import io.mediaopt.client.Job;
import io.mediaopt.client.JobStatus;
import io.mediaopt.client.MediaoptApiException;
import io.mediaopt.client.MediaoptClient;
import org.junit.jupiter.api.Test;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ExecutorService;
import java.util.stream.IntStream;

import static io.mediaopt.api.ErrorsApiTest.expect;
import static io.mediaopt.api.ErrorsApiTest.expectApiError;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The configured limits: size, pixels, time and capacity, each with its own code. */
@Integration
class LimitsApiTest {

    @Test
    void uploadsOverTheSizeLimitAreRefusedWith413() throws Exception {
        try (TestService service = TestService.start(Map.of("SERVICE_MAX_INPUT_BYTES", "100000"))) {
            byte[] big = new byte[300_000];
            // declared length over the limit: refused before the body is read
            expect(RawMultipart.post(service.baseUrl(), "/media/optimize",
                    List.of(Part.file("media", "big.jpg", big))).build(), 413, "too-large");
            // over what the server reads of a refused body: a client that asks first, as the Java
            // client does, gets the answer without sending it
            expect(RawMultipart.post(service.baseUrl(), "/media/optimize",
                    List.of(Part.file("media", "big.jpg", new byte[3 << 20]))).expectContinue(true).build(), 413, "too-large");
            // no declared length (chunked): refused while streaming
            var chunked = Raw.request(service.baseUrl(), "/media/jobs")
                    .header("Content-Type", RawMultipart.CONTENT_TYPE)
                    .POST(HttpRequest.BodyPublishers.fromPublisher(HttpRequest.BodyPublishers.ofByteArray(
                            RawMultipart.body(List.of(Part.file("media", "big.jpg", big))))))
                    .build();
            expect(chunked, 413, "too-large");
            try (var files = Files.list(service.outputDir().resolve("uploads"))) {
                assertThat(files.toList()).isEmpty();
            }
            try (MediaoptClient client = service.client()) {
                assertThat(client.optimize(Fixtures.photoJpeg(320, 240), "web").result().strategy()).isEqualTo("image-webp");
            }
        }
    }

    @Test
    void imagesAndVideosOverThePixelLimitAreRefusedBeforeDecoding() throws Exception {
        try (TestService service = TestService.start(Map.of("SERVICE_MAX_INPUT_PIXELS", "500000"));
             MediaoptClient client = service.client()) {
            expectApiError(() -> client.optimize(Fixtures.photoJpeg(3000, 2000), "web"), 422, "limit-exceeded");
            expectApiError(() -> client.optimize(Fixtures.mp4WithAudio(), "web"), 422, "limit-exceeded");
            Job job = client.waitForJob(client.submitJob(Fixtures.png(), "web").jobId(), Duration.ofMinutes(1));
            assertThat(job.status()).isEqualTo(JobStatus.FAILED);
            assertThat(job.error().code()).isEqualTo("limit-exceeded");
        }
    }

    @Test
    void encodingPastItsTimeLimitIsATimeout() throws Exception {
        try (TestService service = TestService.start(Map.of("SERVICE_VIDEO_TIMEOUT_MS", "200"));
             MediaoptClient client = service.client()) {
            expectApiError(() -> client.optimize(Fixtures.mp4WithAudio(), "low-bandwidth"), 504, "timeout");
            Job job = client.waitForJob(client.submitJob(Fixtures.mp4WithAudio(), "web").jobId(), Duration.ofMinutes(1));
            assertThat(job.error().code()).isEqualTo("timeout");
        }
    }

    @Test
    void synchronousRequestsThatFindNoFreeEncoderGet503WithRetryAfter() throws Exception {
        try (TestService service = TestService.start(Map.of("SERVICE_WORKERS", "1", "SERVICE_QUEUE_TIMEOUT_MS", "50"));
             ExecutorService pool = Executors.newFixedThreadPool(4)) {
            byte[] video = Files.readAllBytes(Fixtures.mp4WithAudio());
            List<Future<HttpResponse<String>>> responses = IntStream.range(0, 4).mapToObj(i -> pool.submit(() ->
                    Raw.send(RawMultipart.post(service.baseUrl(), "/media/optimize",
                            List.of(Part.file("media", "clip.mp4", video), Part.text("preset", "low-bandwidth")))
                            .build()))).toList();
            int ok = 0;
            int busy = 0;
            for (Future<HttpResponse<String>> f : responses) {
                HttpResponse<String> r = f.get();
                if (r.statusCode() == 200) ok++;
                if (r.statusCode() == 503) {
                    busy++;
                    assertThat(r.body()).contains("\"code\":\"busy\"");
                    assertThat(r.headers().firstValue("Retry-After")).isPresent();
                }
            }
            assertThat(ok).isGreaterThanOrEqualTo(1);
            assertThat(busy).isGreaterThanOrEqualTo(1);
            assertThat(ok + busy).isEqualTo(4);
        }
    }

    @Test
    void aSynchronousVideoWaitingForTheVideoEncoderGets503AfterTheQueueTimeout() throws Exception {
        // two worker slots but one video encode at a time: the slot is free, the encoder is not
        Path tenSeconds = Fixtures.video("ten-seconds.mp4", "1280x720", 30, 10, false,
                "-c:v", "libx264", "-preset", "ultrafast", "-crf", "10");
        try (TestService service = TestService.start(Map.of("SERVICE_WORKERS", "2", "SERVICE_VIDEO_ENCODES", "1",
                "SERVICE_QUEUE_TIMEOUT_MS", "1000", "SERVICE_SHUTDOWN_GRACE_MS", "100"));
             MediaoptClient client = service.client()) {
            String encoding = client.submitJob(tenSeconds, "low-bandwidth").jobId();
            Eventually.until(Duration.ofSeconds(60), "the video encoding started",
                    () -> client.getJob(encoding).status() != JobStatus.PENDING);

            assertThatThrownBy(() -> client.optimize(Fixtures.mp4WithAudio(), "web"))
                    .isInstanceOfSatisfying(MediaoptApiException.class, e -> {
                        assertThat(e.status()).as(e.toString()).isEqualTo(503);
                        assertThat(e.code()).isEqualTo("busy");
                        assertThat(e.retryAfterSeconds()).isPresent();
                    });
            assertThat(client.getJob(encoding).status()).as("the first video still holds the encoder")
                    .isEqualTo(JobStatus.PROCESSING);
        }
    }

    @Test
    void submissionsPastThePendingLimitAreBusy() throws Exception {
        try (TestService service = TestService.start(Map.of("SERVICE_WORKERS", "1", "SERVICE_MAX_PENDING_JOBS", "1"));
             MediaoptClient client = service.client()) {
            client.submitJob(Fixtures.mp4WithAudio(), "low-bandwidth");
            // the first is being encoded or pending; fill the queue until it refuses
            boolean refused = false;
            for (int i = 0; i < 5 && !refused; i++) {
                try {
                    client.submitJob(Fixtures.png(), "web");
                } catch (MediaoptApiException e) {
                    assertThat(e.status()).isEqualTo(503);
                    assertThat(e.code()).isEqualTo("busy");
                    assertThat(e.retryAfterSeconds()).isPresent();
                    refused = true;
                }
            }
            assertThat(refused).isTrue();
        }
    }
}
