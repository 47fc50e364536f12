package io.mediaopt.image;

import io.mediaopt.image.vips.Vips;
import io.mediaopt.image.vips.VipsException;
import io.mediaopt.image.vips.VipsImage;

import io.mediaopt.media.Limits;
import io.mediaopt.media.MediaException;
import io.mediaopt.media.MediaFormat;
import io.mediaopt.media.MediaKind;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.util.List;

/**
 * The {@code admit} step: what an image must pass before any pixel is decoded: a loader the
 * service accepts, a header libvips can read, and the limits on pixels and animation frames.
 */
final class ImageAdmission {
    private static final Logger log = LoggerFactory.getLogger(ImageAdmission.class);

    /** Loader classes of the accepted formats; a blocked or other loader means "not accepted". */
    private static final List<String> ACCEPTED_LOADERS = MediaFormat.decodersOf(MediaKind.IMAGE);
    private static final String NOT_ACCEPTED =
            "The file is not an image in a supported format (" + MediaFormat.listOf(MediaKind.IMAGE) + ").";

    private ImageAdmission() {}

    /** The header of an image the service takes; a refusal otherwise. */
    static ImageHeader admit(Vips decoder, Path source, Limits limits) {
        ImageHeader header = readHeader(decoder, source);
        checkLimits(header, limits);
        return header;
    }

    private static ImageHeader readHeader(Vips decoder, Path source) {
        String loader = decoder.findLoader(source).orElseThrow(() -> {
            log.info("image refused: no libvips loader recognises {}", source);
            return MediaException.unsupportedType(NOT_ACCEPTED);
        });
        if (ACCEPTED_LOADERS.stream().noneMatch(loader::startsWith)) {
            log.info("image refused: {} would need loader {}, which is blocked or not accepted", source, loader);
            throw MediaException.unsupportedType(NOT_ACCEPTED);
        }
        try (VipsImage image = decoder.openHeader(source)) {
            return ImageHeader.read(image).orElseThrow(() -> {
                log.info("image refused: {} loaded by an unexpected loader", source);
                return MediaException.unsupportedType(NOT_ACCEPTED);
            });
        } catch (VipsException e) {
            log.info("image unreadable: {}: {}", source, e.getMessage());
            throw MediaException.unreadable("The image could not be read; it may be corrupt or truncated.", e);
        }
    }

    private static void checkLimits(ImageHeader header, Limits limits) {
        if (header.pixelsPerFrame() > limits.maxInputPixels()) {
            throw MediaException.limitExceeded("The image is " + header.width() + "x" + header.height()
                    + " pixels; at most " + limits.maxInputPixels() + " pixels are accepted.");
        }
        if (header.animated() && header.frames() > limits.maxAnimationFrames()) {
            throw MediaException.limitExceeded("The animation has " + header.frames()
                    + " frames; at most " + limits.maxAnimationFrames() + " are accepted.");
        }
    }
}
