package io.mediaopt.image;

import io.mediaopt.Fixtures;
import io.mediaopt.image.vips.Watchdog;
import io.mediaopt.media.Attempt;
import io.mediaopt.media.MediaException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static io.mediaopt.image.ImageOptimizerTest.preset;
import static io.mediaopt.media.Strategy.IMAGE_JPEG;
import static io.mediaopt.media.Strategy.IMAGE_WEBP;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** The encode step: one strategy's output, a format passed over, a broken file told from a failing encoder. */
class EncodeStepTest {
    @TempDir
    Path work;

    @Test
    void writesTheStrategysOutputIntoTheWorkDirectory() throws IOException {
        try (Watchdog watchdog = Watchdog.start(ImageOptimizerTest.LIMITS.imageTimeout())) {
            ImageJob job = ImageJobs.readyToEncode(Fixtures.photoJpeg(800, 600), preset("web"), work, watchdog,
                    QualityMode.FIXED);

            Attempt<Encoding> attempt = new EncodeStep(job).encode(IMAGE_WEBP);

            Encoding encoding = switch (attempt) {
                case Attempt.Encoded<Encoding>(Encoding written) -> written;
                default -> throw new AssertionError("not encoded: " + attempt);
            };
            assertThat(encoding.output()).isEqualTo(work.resolve("output.webp")).isRegularFile();
            assertThat(ImageOptimizerTest.formatOf(encoding.output())).isEqualTo("webp");
            assertThat(encoding.bytes()).isEqualTo(Files.size(encoding.output()));
            assertThat(encoding.encoded().quality()).isEqualTo(80);
            assertThat(encoding.encoded().score()).as("the fixed mode scores nothing").isNull();
        }
    }

    @Test
    void passesOverAFormatThatDropsTransparencyOnceAnotherKeptIt() {
        try (Watchdog watchdog = Watchdog.start(ImageOptimizerTest.LIMITS.imageTimeout())) {
            ImageJob job = ImageJobs.readyToEncode(Fixtures.photoPng(400, 300, true), preset("web"), work,
                    watchdog, QualityMode.AUTO);
            EncodeStep step = new EncodeStep(job);

            assertThat(step.encode(IMAGE_WEBP)).isInstanceOf(Attempt.Encoded.class);
            assertThat(step.encode(IMAGE_JPEG)).isEqualTo(new Attempt.Failed<Encoding>());
            assertThat(work.resolve("output.jpg")).doesNotExist();
        }
    }

    @Test
    void reportsABrokenFileAsUnreadableAtTheFirstFailure() throws IOException {
        Path cut = Fixtures.truncated(Fixtures.photoJpeg(800, 600), work.resolve("cut.jpg"), 0.5);
        try (Watchdog watchdog = Watchdog.start(ImageOptimizerTest.LIMITS.imageTimeout())) {
            ImageJob job = ImageJobs.readyToEncode(cut, preset("web"), work, watchdog, QualityMode.AUTO);

            MediaException e = catchThrowableOfType(MediaException.class, () -> new EncodeStep(job).encode(IMAGE_WEBP));

            assertThat(e).isNotNull();
            assertThat(e.code()).isEqualTo("unreadable-media");
            assertThat(work.resolve("output.webp")).doesNotExist();
        }
    }
}
