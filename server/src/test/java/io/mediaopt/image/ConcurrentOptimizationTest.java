package io.mediaopt.image;

import io.mediaopt.image.vips.Vips;
import io.mediaopt.image.vips.VipsImage;

import io.mediaopt.Fixtures;
import io.mediaopt.media.Limits;
import io.mediaopt.media.MediaException;
import io.mediaopt.media.Optimized;
import io.mediaopt.media.Preset;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static io.mediaopt.image.ImageOptimizerTest.LIMITS;
import static io.mediaopt.image.ImageOptimizerTest.custom;
import static io.mediaopt.image.ImageOptimizerTest.preset;
import static io.mediaopt.image.ImageOptimizerTest.sniff;
import static io.mediaopt.media.Strategy.IMAGE_AVIF;
import static io.mediaopt.media.Strategy.IMAGE_PNG;
import static io.mediaopt.media.Strategy.IMAGE_WEBP;
import static org.assertj.core.api.Assertions.assertThat;

/** Several optimizations at once, as SERVICE_WORKERS runs them, on virtual threads. */
class ConcurrentOptimizationTest {
    @TempDir
    static Path fixtures;

    static Vips vips;
    static Path photo;
    static Path gif;
    static Path cut;

    @BeforeAll
    static void makeFixtures() throws Exception {
        vips = TestVips.open();
        photo = Fixtures.photoJpeg(2400, 1600);
        gif = Fixtures.animatedGif(320, 240, 10);
        cut = Fixtures.truncated(photo, fixtures.resolve("cut.jpg"), 0.5);
    }

    @Test
    void eachOptimizationGetsItsOwnResultOrFailure() throws Exception {
        // eight at once on two cores: time enough that the image timeout is not what this test meets
        Limits patient = new Limits(LIMITS.maxInputBytes(), LIMITS.maxInputPixels(), LIMITS.maxAnimationFrames(),
                LIMITS.maxVideoDurationSec(), LIMITS.ffprobeTimeout(), Duration.ofMinutes(3), LIMITS.videoTimeout());
        ImageOptimizer optimizer = new ImageOptimizer(vips, patient, QualityMode.AUTO);
        List<Future<Object>> results = new ArrayList<>();
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int round = 0; round < 2; round++) {
                results.add(threads.submit(() -> run(optimizer, photo, preset("web"))));
                results.add(threads.submit(() -> run(optimizer, photo, preset("low-bandwidth"))));
                results.add(threads.submit(() -> run(optimizer, gif, preset("mobile"))));
                results.add(threads.submit(() -> run(optimizer, cut, preset("web"))));
            }
        }
        for (int round = 0; round < 2; round++) {
            int at = round * 4;
            assertThat(optimized(results.get(at)).strategy()).isEqualTo(IMAGE_WEBP);
            assertThat(optimized(results.get(at)).outputWidth()).isEqualTo(1920);
            assertThat(optimized(results.get(at + 1)).strategy()).isEqualTo(IMAGE_AVIF);
            assertThat(optimized(results.get(at + 1)).outputWidth()).isEqualTo(720);
            try (VipsImage animation = vips.openHeader(optimized(results.get(at + 2)).output())) {
                assertThat(animation.pages()).isEqualTo(10);
            }
            assertThat(results.get(at + 3).get()).isInstanceOfSatisfying(MediaException.class,
                    e -> assertThat(e.code()).isEqualTo("unreadable-media"));
        }
    }

    @Test
    void timeoutsStrikeWhileEveryCarrierIsBusyInLibvips() throws Exception {
        // two slow encodings on virtual threads pin both carriers of a two-core machine; the
        // watchdog must still get to run
        Limits shortLimit = new Limits(125829120L, 100_000_000L, 1000, 1800,
                Duration.ofSeconds(15), Duration.ofMillis(150), Duration.ofSeconds(240));
        ImageOptimizer optimizer = new ImageOptimizer(vips, shortLimit, QualityMode.AUTO);
        Preset slow = custom(2400, List.of(IMAGE_PNG));
        List<Future<Object>> results = new ArrayList<>();
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            results.add(threads.submit(() -> run(optimizer, photo, slow)));
            results.add(threads.submit(() -> run(optimizer, photo, slow)));
        }
        for (Future<Object> result : results) {
            assertThat(result.get()).isInstanceOfSatisfying(MediaException.class,
                    e -> assertThat(e.code()).isEqualTo("timeout"));
        }
    }

    /** The result, or the MediaException it failed with. */
    private static Object run(ImageOptimizer optimizer, Path input, Preset preset) throws Exception {
        Path work = Files.createTempDirectory(fixtures, "work");
        try {
            return optimizer.optimize(input, sniff(input), preset, work);
        } catch (MediaException e) {
            return e;
        }
    }

    private static Optimized optimized(Future<Object> result) throws ExecutionException, InterruptedException {
        Object outcome = result.get();
        if (outcome instanceof MediaException e) throw new AssertionError("optimization failed: " + e.getMessage(), e);
        return (Optimized) outcome;
    }
}
