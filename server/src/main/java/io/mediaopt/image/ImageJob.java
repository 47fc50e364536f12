package io.mediaopt.image;

import io.mediaopt.image.vips.Vips;
import io.mediaopt.image.vips.VipsException;
import io.mediaopt.image.vips.Watchdog;

import io.mediaopt.media.ImageSettings;
import io.mediaopt.media.Limits;
import io.mediaopt.media.MediaException;
import io.mediaopt.media.Placeholder;
import io.mediaopt.media.Preset;
import io.mediaopt.media.Strategy;
import io.mediaopt.placeholders.Placeholders;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.util.Objects;

/**
 * One image on its way through {@link ImagePipeline}: what it came with (the file, the decoder
 * of its format, the preset, the work directory, the time limit) and what the steps learn of it,
 * each set once by the step that learns it: the header ({@code admit}), the upright picture
 * ({@code orient}) and the formats to try ({@code chooseFormats}).
 */
final class ImageJob {
    private static final Logger log = LoggerFactory.getLogger(ImageJob.class);

    private final Path input;
    private final Path source;
    private final Vips decoder;
    private final Preset preset;
    private final Path workDir;
    private final Watchdog watchdog;
    private final Limits limits;
    private final QualityMode qualityMode;
    private ImageHeader header;
    private ImageEncoder encoder;
    private UprightPicture picture;
    private StrategyChoice.Formats formats;

    /**
     * @param input  the file as it came, which the original fall-back hands back
     * @param source the same file at a path libvips reads safely
     */
    ImageJob(Path input, Path source, Vips decoder, Preset preset, Path workDir, Watchdog watchdog, Limits limits,
             QualityMode qualityMode) {
        this.input = input;
        this.source = source;
        this.decoder = decoder;
        this.preset = preset;
        this.workDir = workDir;
        this.watchdog = watchdog;
        this.limits = limits;
        this.qualityMode = qualityMode;
    }

    void admitted(ImageHeader read) {
        header = read;
        encoder = new ImageEncoder(decoder, source, read, preset.image(), watchdog, qualityMode);
    }

    void oriented(UprightPicture upright) {
        picture = upright;
    }

    void formatsChosen(StrategyChoice.Formats chosen) {
        formats = chosen;
    }

    Path input() {
        return input;
    }

    Path source() {
        return source;
    }

    Vips decoder() {
        return decoder;
    }

    Preset preset() {
        return preset;
    }

    ImageSettings settings() {
        return preset.image();
    }

    Limits limits() {
        return limits;
    }

    ImageHeader header() {
        return Objects.requireNonNull(header, "the image is not admitted yet");
    }

    ImageEncoder encoder() {
        return Objects.requireNonNull(encoder, "the image is not admitted yet");
    }

    UprightPicture picture() {
        return Objects.requireNonNull(picture, "the image is not oriented yet");
    }

    StrategyChoice.Formats formats() {
        return Objects.requireNonNull(formats, "the image's formats are not chosen yet");
    }

    /** Where an encoding with {@code strategy} is written. */
    Path outputFor(Strategy strategy) {
        return workDir.resolve("output." + strategy.output().extension());
    }

    /** After the limit, whatever a call returned is void: remove its output (when not null) and report the timeout. */
    void checkTime(Path output) {
        if (!watchdog.expired()) return;
        if (output != null) WorkFiles.delete(output);
        log.warn("image optimization stopped after the {} ms limit", limits.imageTimeout().toMillis());
        throw MediaException.timeout("Optimizing the image took longer than "
                + limits.imageTimeout().toMillis() + " ms.");
    }

    /** Tells a broken file from an encoder that could not cope: the first is reported as unreadable. */
    void checkDecodes() {
        try {
            encoder().checkDecodes();
        } catch (VipsException e) {
            checkTime(null);
            log.info("image unreadable: {} fails to decode: {}", input, e.getMessage());
            throw MediaException.unreadable("The image could not be decoded; it may be corrupt or truncated.", e);
        }
    }

    /**
     * The placeholder of a file whose picture was not held in memory: a thumbnail of it, shrunk
     * while it decodes where the format allows. Under the image time limit as the rest.
     */
    Placeholder placeholderOf(Path file) {
        checkTime(null);
        try {
            return Placeholders.of(decoder, file);
        } catch (VipsException e) {
            checkTime(null);
            throw MediaException.encodeFailed("The placeholder of the image could not be made.", e);
        }
    }
}
