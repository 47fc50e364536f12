package io.mediaopt.image;

import io.mediaopt.Fixtures;
import io.mediaopt.image.vips.VipsCommand;
import io.mediaopt.image.vips.Watchdog;
import io.mediaopt.media.Preset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static io.mediaopt.image.ImageOptimizerTest.custom;
import static io.mediaopt.image.ImageOptimizerTest.preset;
import static io.mediaopt.media.Strategy.IMAGE_PNG;
import static io.mediaopt.media.Strategy.IMAGE_WEBP;
import static org.assertj.core.api.Assertions.assertThat;

/** The orient step: the picture the encodings write, and whether its transparency counts. */
class UprightPictureTest {
    @TempDir
    static Path fixtures;
    @TempDir
    Path work;

    @Test
    void isTheDisplayedPictureFittedToThePresetsWidth() {
        // stored 1200 x 800, displayed turned a quarter
        assertThat(orient(Fixtures.rotatedJpeg(), preset("web")).outputSize())
                .isEqualTo(new StrategyChoice.Size(800, 1200));
        assertThat(orient(Fixtures.photoJpeg(3000, 2000), preset("web")).outputSize())
                .isEqualTo(new StrategyChoice.Size(1920, 1280));
        assertThat(orient(Fixtures.photoJpeg(3000, 2000), preset("low-bandwidth")).outputSize())
                .isEqualTo(new StrategyChoice.Size(720, 480));
    }

    @Test
    void countsTransparencyOnlyWhenAPixelUsesItAndAFormatWouldDropIt() {
        Path halfTransparent = Fixtures.photoPng(400, 300, true);
        Path opaqueAlpha = fixtures.resolve("opaque-alpha.png");
        VipsCommand.run("bandjoin_const", Fixtures.photoPng(400, 300, false).toString(), opaqueAlpha.toString(), "255");

        assertThat(orient(halfTransparent, preset("web")).alphaUsed()).isTrue();
        assertThat(orient(opaqueAlpha, preset("web")).alphaUsed()).as("every pixel opaque").isFalse();
        assertThat(orient(halfTransparent, custom(1920, List.of(IMAGE_WEBP, IMAGE_PNG))).alphaUsed())
                .as("no format of the preset drops it").isFalse();
        assertThat(orient(Fixtures.animatedGif(160, 120, 5), preset("web")).alphaUsed())
                .as("an animation keeps its frames as they are").isFalse();
    }

    private UprightPicture orient(Path file, Preset preset) {
        try (Watchdog watchdog = Watchdog.start(ImageOptimizerTest.LIMITS.imageTimeout())) {
            ImageJob job = ImageJobs.of(file, preset, work, watchdog, QualityMode.AUTO);
            ImagePipeline.admit(job);
            ImagePipeline.orient(job);
            return job.picture();
        }
    }
}
