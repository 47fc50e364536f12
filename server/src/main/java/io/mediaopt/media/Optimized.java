package io.mediaopt.media;

import java.nio.file.Path;

/**
 * What an optimizer produced: the output file (the input itself for the original strategies),
 * its format, how, and the measurements the result reports. Durations are null for images;
 * quality and score are null where no setting was chosen or nothing was measured; crf is the
 * CRF a video was encoded at (null for images and for a video served as it came).
 * {@code alphaFlattened}: the input had transparency that no format of the preset could keep,
 * so it was laid on white; {@code pagesDropped}: the pages of a multi-page input (a TIFF, a HEIF
 * collection) past the first, which no output carries. {@code largerReason}: why the output is
 * larger than the input, when it is (null otherwise). {@code placeholder}: what a page shows while
 * an image output loads (null for videos).
 */
public record Optimized(
        Path output,
        Strategy strategy,
        MediaFormat format,
        int inputWidth,
        int inputHeight,
        int outputWidth,
        int outputHeight,
        Double inputDurationSec,
        Double outputDurationSec,
        Integer quality,
        Double score,
        Integer crf,
        boolean alphaFlattened,
        int pagesDropped,
        String largerReason,
        Placeholder placeholder) {

    /** An output without a placeholder. */
    public Optimized(Path output, Strategy strategy, MediaFormat format, int inputWidth, int inputHeight,
                     int outputWidth, int outputHeight, Double inputDurationSec, Double outputDurationSec,
                     Integer quality, Double score, Integer crf, boolean alphaFlattened, int pagesDropped,
                     String largerReason) {
        this(output, strategy, format, inputWidth, inputHeight, outputWidth, outputHeight, inputDurationSec,
                outputDurationSec, quality, score, crf, alphaFlattened, pagesDropped, largerReason, null);
    }

    /** An output of every page of its input, no larger than it or without a reason given. */
    public Optimized(Path output, Strategy strategy, MediaFormat format, int inputWidth, int inputHeight,
                     int outputWidth, int outputHeight, Double inputDurationSec, Double outputDurationSec,
                     Integer quality, Double score, Integer crf, boolean alphaFlattened) {
        this(output, strategy, format, inputWidth, inputHeight, outputWidth, outputHeight, inputDurationSec,
                outputDurationSec, quality, score, crf, alphaFlattened, 0, null);
    }

    /** An output without a CRF (an image, or a video served as it came). */
    public Optimized(Path output, Strategy strategy, MediaFormat format, int inputWidth, int inputHeight,
                     int outputWidth, int outputHeight, Double inputDurationSec, Double outputDurationSec,
                     Integer quality, Double score, boolean alphaFlattened) {
        this(output, strategy, format, inputWidth, inputHeight, outputWidth, outputHeight, inputDurationSec,
                outputDurationSec, quality, score, null, alphaFlattened);
    }

    /** An image input served as it came by {@code strategy} (an original one): its own format and size. */
    public static Optimized originalImage(Path input, Strategy strategy, MediaFormat format, int width, int height) {
        return new Optimized(input, strategy, format, width, height, width, height, null, null, null, null, null,
                false, 0, null, null);
    }

    /**
     * An image encoded by {@code strategy} into its output format, from a picture of the input's
     * size to one of the output's; its quality, flattening and placeholder are added by the withers.
     */
    public static Optimized encodedImage(Path output, Strategy strategy, int inputWidth, int inputHeight,
                                         int outputWidth, int outputHeight) {
        return new Optimized(output, strategy, strategy.output(), inputWidth, inputHeight, outputWidth, outputHeight,
                null, null, null, null, null, false, 0, null, null);
    }

    public String contentType() {
        return format.contentType();
    }

    public String extension() {
        return format.extension();
    }

    /** The encoder setting used (image quality), and the output's SSIMULACRA 2 score when measured. */
    public Optimized withQuality(Integer quality, Double score) {
        return new Optimized(output, strategy, format, inputWidth, inputHeight, outputWidth,
                outputHeight, inputDurationSec, outputDurationSec, quality, score, crf, alphaFlattened, pagesDropped,
                largerReason, placeholder);
    }

    /** The same output, its input's transparency laid on white when {@code flattened}. */
    public Optimized withAlphaFlattened(boolean flattened) {
        return new Optimized(output, strategy, format, inputWidth, inputHeight, outputWidth,
                outputHeight, inputDurationSec, outputDurationSec, quality, score, crf, flattened, pagesDropped,
                largerReason, placeholder);
    }

    /** The same output, made of the first page of an input with {@code dropped} pages more. */
    public Optimized withPagesDropped(int dropped) {
        return new Optimized(output, strategy, format, inputWidth, inputHeight, outputWidth,
                outputHeight, inputDurationSec, outputDurationSec, quality, score, crf, alphaFlattened, dropped,
                largerReason, placeholder);
    }

    /** The same output, larger than its input for this reason. */
    public Optimized withLargerReason(String reason) {
        return new Optimized(output, strategy, format, inputWidth, inputHeight, outputWidth,
                outputHeight, inputDurationSec, outputDurationSec, quality, score, crf, alphaFlattened, pagesDropped,
                reason, placeholder);
    }

    /** The same output with the placeholder of its picture. */
    public Optimized withPlaceholder(Placeholder made) {
        return new Optimized(output, strategy, format, inputWidth, inputHeight, outputWidth,
                outputHeight, inputDurationSec, outputDurationSec, quality, score, crf, alphaFlattened, pagesDropped,
                largerReason, made);
    }

    /** A video encoded at {@code crf}, in its strategy's format: no image quality or score. */
    public static Optimized encodedVideo(Path output, Strategy strategy, int inputWidth, int inputHeight,
                                         int outputWidth, int outputHeight, Double inputDurationSec,
                                         Double outputDurationSec, int crf, boolean alphaFlattened) {
        return new Optimized(output, strategy, strategy.output(), inputWidth, inputHeight, outputWidth, outputHeight,
                inputDurationSec, outputDurationSec, null, null, crf, alphaFlattened);
    }

    /** A video served as it came, in its own format, at its own size and length. */
    public static Optimized originalVideo(Path input, MediaFormat format, int width, int height, Double durationSec) {
        return new Optimized(input, Strategy.VIDEO_ORIGINAL, format, width, height, width, height, durationSec,
                durationSec, null, null, false);
    }
}
