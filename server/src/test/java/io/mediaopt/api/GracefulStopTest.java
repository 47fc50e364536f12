package io.mediaopt.api;

import io.mediaopt.Eventually;
import io.mediaopt.Fixtures;
import io.mediaopt.ProcessLevel;
import io.mediaopt.TestService;
import io.mediaopt.client.MediaoptClient;
import io.mediaopt.client.OptimizationSummary;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;

/** Stopping the service lets a synchronous optimization in flight finish. */
@ProcessLevel
class GracefulStopTest {

    @Test
    void aRequestInFlightFinishesWhenTheServiceStops() throws Exception {
        TestService service = TestService.start(Map.of("SERVICE_SHUTDOWN_GRACE_MS", "60000"));
        Path target = Files.createTempFile("graceful", ".webm");
        try (MediaoptClient client = service.client()) {
            CompletableFuture<OptimizationSummary> inFlight = CompletableFuture.supplyAsync(
                    () -> client.optimizeTo(Fixtures.mp4WithAudio(), "low-bandwidth", target));
            awaitEncoding(service);
            service.close();
            OptimizationSummary summary = inFlight.get();
            assertThat(summary.result().strategy()).isEqualTo("video-webm-vp9");
            assertThat(Files.size(target)).isEqualTo(summary.result().outputBytes());
        }
    }

    /** The work directory of a job appears once its encoding starts. */
    private static void awaitEncoding(TestService service) throws Exception {
        Path work = service.outputDir().resolve("work");
        Eventually.until(Duration.ofSeconds(60), "encoding started", () -> {
            try (var dirs = Files.list(work)) {
                return dirs.findAny().isPresent();
            } catch (NoSuchFileException notYet) {
                return false; // created at start
            }
        });
    }
}
