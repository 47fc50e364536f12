package io.mediaopt.security;

import io.mediaopt.Eventually;
import io.mediaopt.Fixtures;
import io.mediaopt.ProcessLevel;
import io.mediaopt.RawMultipart.Part;
import io.mediaopt.TestService;
import io.mediaopt.client.Job;
import io.mediaopt.client.MediaoptClient;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * No ffmpeg or ffprobe outlives its reason to run: not after a timeout, not after the server
 * is closed in the middle of an encoding, whether a request or a queued job started it.
 */
@ProcessLevel
class OrphanProcessesTest {
    /**
     * How long a closing server lets work in flight finish before it kills the encoders: short,
     * so each close comes to the kill in a second rather than the default 30.
     */
    private static final Map<String, String> SHORT_GRACE = Map.of("SERVICE_SHUTDOWN_GRACE_MS", "1000");
    /** Long enough that VP9 is still encoding when the server is closed. */
    static byte[] longVideo;

    @BeforeAll
    static void makeVideo() throws Exception {
        longVideo = Files.readAllBytes(Fixtures.minuteLongMp4());
    }

    @Test
    void closingTheServerDuringASynchronousEncodingLeavesNoEncoderRunning() throws Exception {
        TestService service = TestService.start(SHORT_GRACE);
        try {
            CompletableFuture<?> request = CompletableFuture.runAsync(() -> {
                try {
                    RawRequests.post(service.baseUrl(), "/media/optimize", List.of(
                            Part.file("media", "long.mp4", longVideo), Part.text("preset", "low-bandwidth")));
                } catch (Exception e) {
                    // the server went away mid-request: expected
                }
            });
            awaitEncoder();
            service.close();
            assertThat(liveEncoders()).as("ffmpeg/ffprobe children after close").isEmpty();
            request.get(2, TimeUnit.MINUTES);
        } finally {
            service.close();
        }
    }

    @Test
    void closingTheServerDuringAQueuedJobLeavesNoEncoderRunning() throws Exception {
        TestService service = TestService.start(SHORT_GRACE);
        try (MediaoptClient client = service.client()) {
            client.submitJob("long.mp4", longVideo, "low-bandwidth");
            awaitEncoder();
        } finally {
            service.close();
        }
        assertThat(liveEncoders()).as("ffmpeg/ffprobe children after close").isEmpty();
    }

    @Test
    void aTimeoutLeavesNoEncoderRunning() throws Exception {
        try (TestService service = TestService.start(Map.of("SERVICE_VIDEO_TIMEOUT_MS", "1500"));
             MediaoptClient client = service.client()) {
            var sync = RawRequests.post(service.baseUrl(), "/media/optimize", List.of(
                    Part.file("media", "long.mp4", longVideo), Part.text("preset", "low-bandwidth")));
            RawRequests.assertError(sync, 504, "timeout");
            assertThat(liveEncoders()).as("after the synchronous timeout").isEmpty();

            Job job = client.waitForJob(client.submitJob("long.mp4", longVideo, "low-bandwidth").jobId(), Duration.ofMinutes(2));
            assertThat(job.error().code()).isEqualTo("timeout");
            assertThat(liveEncoders()).as("after the job's timeout").isEmpty();
        }
    }

    /** Waits (bounded) until this JVM has an ffmpeg child encoding. */
    private static void awaitEncoder() throws Exception {
        Eventually.until(Duration.ofMinutes(1), "an encoder started", () -> !encoding().isEmpty());
    }

    private static List<ProcessHandle> encoding() {
        return liveEncoders().stream()
                .filter(h -> h.info().arguments().map(a -> List.of(a).contains("-c:v")).orElse(false))
                .toList();
    }

    /** The ffmpeg and ffprobe processes descended from this JVM that are still alive. */
    static List<ProcessHandle> liveEncoders() {
        return ProcessHandle.current().descendants()
                .filter(ProcessHandle::isAlive)
                .filter(h -> h.info().command().map(c -> c.endsWith("/ffmpeg") || c.endsWith("/ffprobe")).orElse(false))
                .toList();
    }
}
