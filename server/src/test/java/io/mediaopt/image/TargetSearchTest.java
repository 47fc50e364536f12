package io.mediaopt.image;

import io.mediaopt.Fixtures;
import io.mediaopt.image.vips.Watchdog;
import io.mediaopt.media.Attempt;
import io.mediaopt.media.ImageQuality;
import io.mediaopt.media.ImageSettings;
import io.mediaopt.media.Preset;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static io.mediaopt.image.ImageOptimizerTest.preset;
import static io.mediaopt.media.Strategy.IMAGE_JPEG;
import static io.mediaopt.media.Strategy.IMAGE_WEBP;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The meetTarget step on a dark picture, which quality per file scores: a miss goes on to the
 * next lossy format and keeps the best scored; a hit, or a preset without a search, stops there.
 */
class TargetSearchTest {
    @TempDir
    Path work;

    static Path dark;

    @BeforeAll
    static void makeFixtures() {
        dark = Fixtures.darkPhotoJpeg(900, 600);
    }

    @Test
    void aMissGoesOnToTheNextLossyFormatAndKeepsTheBestScored() throws IOException {
        try (Watchdog watchdog = Watchdog.start(ImageOptimizerTest.LIMITS.imageTimeout())) {
            // no encoding reaches 100: every format that follows is tried
            ImageJob job = ImageJobs.readyToEncode(dark, aiming(100), work, watchdog, QualityMode.AUTO);
            assertThat(job.formats().order()).containsExactly(IMAGE_WEBP, IMAGE_JPEG);
            Encoding first = encode(job, IMAGE_WEBP);
            double firstScore = first.encoded().score();

            Encoding kept = TargetSearch.meetTarget(job, first);

            assertThat(kept.strategy()).isEqualTo(IMAGE_JPEG);
            assertThat(kept.encoded().score()).isGreaterThan(firstScore);
            assertThat(outputsLeft()).as("the one that scored lower is removed").containsExactly(kept.output());
        }
    }

    @Test
    void aHitIsKeptWithoutTryingAnother() throws IOException {
        try (Watchdog watchdog = Watchdog.start(ImageOptimizerTest.LIMITS.imageTimeout())) {
            ImageJob job = ImageJobs.readyToEncode(dark, aiming(0), work, watchdog, QualityMode.AUTO);
            Encoding first = encode(job, IMAGE_WEBP);
            assertThat(first.encoded().score()).as("a dark picture is scored").isNotNull();

            assertThat(TargetSearch.meetTarget(job, first)).isSameAs(first);
            assertThat(outputsLeft()).containsExactly(first.output());
        }
    }

    @Test
    void aPresetPinnedAtAQualityIsNotSearched() throws IOException {
        Preset web = preset("web");
        Preset pinned = new Preset("pinned", "test preset", web.image().pinnedAt(80), web.video());
        try (Watchdog watchdog = Watchdog.start(ImageOptimizerTest.LIMITS.imageTimeout())) {
            ImageJob job = ImageJobs.readyToEncode(dark, pinned, work, watchdog, QualityMode.AUTO);
            Encoding first = encode(job, IMAGE_WEBP);

            assertThat(TargetSearch.meetTarget(job, first)).isSameAs(first);
            assertThat(outputsLeft()).containsExactly(first.output());
        }
    }

    /** The web preset searching toward this score. */
    private static Preset aiming(double target) {
        Preset web = preset("web");
        ImageQuality search = web.image().search();
        ImageSettings settings = web.image();
        return new Preset("aiming", "test preset", new ImageSettings(settings.maxWidth(), settings.webpQuality(),
                settings.avifQuality(), settings.jpegQuality(), settings.strategies(), settings.animatedStrategies(),
                new ImageQuality(target, search.webp(), search.avif(), search.jpeg())), web.video());
    }

    private static Encoding encode(ImageJob job, io.mediaopt.media.Strategy strategy) {
        return switch (new EncodeStep(job).encode(strategy)) {
            case Attempt.Encoded<Encoding>(Encoding written) -> written;
            case Attempt<Encoding> other -> throw new AssertionError("not encoded: " + other);
        };
    }

    private Stream<Path> outputsLeft() throws IOException {
        try (Stream<Path> files = Files.list(work)) {
            return files.toList().stream();
        }
    }
}
