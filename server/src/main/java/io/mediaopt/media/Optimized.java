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

    /** An image input served as it came by {@code strategy} (an original one): its own format and size. */
    public static Optimized originalImage(Path input, Strategy strategy, MediaFormat format, int width, int height) {
        return new Parts(input, strategy, format, width, height, width, height).build();
    }

    /**
     * An image encoded by {@code strategy} into its output format, from a picture of the input's
     * size to one of the output's; its quality, flattening and placeholder are added by the withers.
     */
    public static Optimized encodedImage(Path output, Strategy strategy, int inputWidth, int inputHeight,
                                         int outputWidth, int outputHeight) {
        return new Parts(output, strategy, strategy.output(), inputWidth, inputHeight, outputWidth, outputHeight)
                .build();
    }

    /** A video encoded at {@code crf}, in its strategy's format: no image quality or score. */
    public static Optimized encodedVideo(Path output, Strategy strategy, int inputWidth, int inputHeight,
                                         int outputWidth, int outputHeight, Double inputDurationSec,
                                         Double outputDurationSec, int crf, boolean alphaFlattened) {
        Parts parts = new Parts(output, strategy, strategy.output(), inputWidth, inputHeight, outputWidth, outputHeight);
        parts.inputDurationSec = inputDurationSec;
        parts.outputDurationSec = outputDurationSec;
        parts.crf = crf;
        parts.alphaFlattened = alphaFlattened;
        return parts.build();
    }

    /** A video served as it came, in its own format, at its own size and length. */
    public static Optimized originalVideo(Path input, MediaFormat format, int width, int height, Double durationSec) {
        Parts parts = new Parts(input, Strategy.VIDEO_ORIGINAL, format, width, height, width, height);
        parts.inputDurationSec = durationSec;
        parts.outputDurationSec = durationSec;
        return parts.build();
    }

    public String contentType() {
        return format.contentType();
    }

    public String extension() {
        return format.extension();
    }

    /** The encoder setting used (image quality), and the output's SSIMULACRA 2 score when measured. */
    public Optimized withQuality(Integer setting, Double measured) {
        Parts parts = parts();
        parts.quality = setting;
        parts.score = measured;
        return parts.build();
    }

    /** The same output, its input's transparency laid on white when {@code flattened}. */
    public Optimized withAlphaFlattened(boolean flattened) {
        Parts parts = parts();
        parts.alphaFlattened = flattened;
        return parts.build();
    }

    /** The same output, made of the first page of an input with {@code dropped} pages more. */
    public Optimized withPagesDropped(int dropped) {
        Parts parts = parts();
        parts.pagesDropped = dropped;
        return parts.build();
    }

    /** The same output, larger than its input for this reason. */
    public Optimized withLargerReason(String reason) {
        Parts parts = parts();
        parts.largerReason = reason;
        return parts.build();
    }

    /** The same output with the placeholder of its picture. */
    public Optimized withPlaceholder(Placeholder made) {
        Parts parts = parts();
        parts.placeholder = made;
        return parts.build();
    }

    private Parts parts() {
        Parts parts = new Parts(output, strategy, format, inputWidth, inputHeight, outputWidth, outputHeight);
        parts.inputDurationSec = inputDurationSec;
        parts.outputDurationSec = outputDurationSec;
        parts.quality = quality;
        parts.score = score;
        parts.crf = crf;
        parts.alphaFlattened = alphaFlattened;
        parts.pagesDropped = pagesDropped;
        parts.largerReason = largerReason;
        parts.placeholder = placeholder;
        return parts;
    }

    /** An output's parts by name: what every output has, then the measurements each kind sets (absent until set). */
    private static final class Parts {
        private final Path output;
        private final Strategy strategy;
        private final MediaFormat format;
        private final int inputWidth;
        private final int inputHeight;
        private final int outputWidth;
        private final int outputHeight;
        private Double inputDurationSec;
        private Double outputDurationSec;
        private Integer quality;
        private Double score;
        private Integer crf;
        private boolean alphaFlattened;
        private int pagesDropped;
        private String largerReason;
        private Placeholder placeholder;

        Parts(Path output, Strategy strategy, MediaFormat format, int inputWidth, int inputHeight, int outputWidth,
              int outputHeight) {
            this.output = output;
            this.strategy = strategy;
            this.format = format;
            this.inputWidth = inputWidth;
            this.inputHeight = inputHeight;
            this.outputWidth = outputWidth;
            this.outputHeight = outputHeight;
        }

        Optimized build() {
            return new Optimized(output, strategy, format, inputWidth, inputHeight, outputWidth, outputHeight,
                    inputDurationSec, outputDurationSec, quality, score, crf, alphaFlattened, pagesDropped,
                    largerReason, placeholder);
        }
    }
}
