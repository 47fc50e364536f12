package io.mediaopt.media;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;

/**
 * The optimization result of docs/api.md (Routes), the same for the synchronous endpoint and for a
 * done job. Durations are present for videos only; {@code alphaFlattened} only when true (the
 * input's transparency was laid on white because no format of the preset could keep it);
 * {@code renditions} only for a job that asked for them, and {@code picture} (a ready
 * {@code <picture>} element) only in the API's answers for one with a responsive image set, and
 * {@code video} (a ready {@code <video>} element, AV1 source first) for one with video sources.
 * {@code crf}: the CRF a video was encoded at (absent for images and an original served as is).
 * {@code pagesDropped}, only when some were: the pages of a multi-page input past the first, which
 * the output does not carry.
 * {@code largerReason}: present only when the output is larger than the input, saying why.
 * {@code blurhash} and {@code dominantColor}: an image output's {@link Placeholder} (its size is
 * {@code outputWidth} x {@code outputHeight}); absent for videos.
 * {@code outputBitrate}: a video output's mean bits per second, what a connection must carry to
 * play it without stalling; absent for images.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record OptimizationResult(
        String kind,
        String strategy,
        String contentType,
        String filename,
        long outputBytes,
        long savedBytes,
        BigDecimal savedPercent,
        Double inputDurationSec,
        Double outputDurationSec,
        Integer inputWidth,
        Integer outputWidth,
        Integer inputHeight,
        Integer outputHeight,
        Integer quality,
        Double score,
        Integer crf,
        Boolean alphaFlattened,
        List<Rendition> renditions,
        String picture,
        Integer pagesDropped,
        String largerReason,
        String video,
        String blurhash,
        String dominantColor,
        Long outputBitrate) {

    public OptimizationResult {
        renditions = renditions == null ? null : List.copyOf(renditions);
    }

    /** A result with what every result has; its builder names the fields a kind of result adds. */
    public static Builder builder(String kind, String strategy, String contentType, String filename, long outputBytes,
                                  long savedBytes, BigDecimal savedPercent) {
        return new Builder(kind, strategy, contentType, filename, outputBytes, savedBytes, savedPercent);
    }

    /** The same result listing these renditions (null or empty: none) and this picture snippet. */
    public OptimizationResult withRenditions(List<Rendition> list, String pictureSnippet) {
        return withRenditions(list, pictureSnippet, null);
    }

    /** The same result listing these renditions (null or empty: none) and these picture and video snippets. */
    public OptimizationResult withRenditions(List<Rendition> list, String pictureSnippet, String videoSnippet) {
        return new Builder(kind, strategy, contentType, filename, outputBytes, savedBytes, savedPercent)
                .durations(inputDurationSec, outputDurationSec)
                .dimensions(inputWidth, inputHeight, outputWidth, outputHeight)
                .quality(quality, score)
                .crf(crf)
                .alphaFlattened(alphaFlattened)
                .renditions(list == null || list.isEmpty() ? null : list, pictureSnippet, videoSnippet)
                .pagesDropped(pagesDropped)
                .largerReason(largerReason)
                .placeholder(blurhash, dominantColor)
                .outputBitrate(outputBitrate)
                .build();
    }

    public static OptimizationResult of(Optimized optimized, String filename, long inputBytes, long outputBytes) {
        long saved = inputBytes - outputBytes;
        Placeholder placeholder = optimized.placeholder();
        return builder(optimized.strategy().kind().wireName(), optimized.strategy().wireName(),
                optimized.contentType(), filename, outputBytes, saved, percent(saved, inputBytes))
                .durations(optimized.inputDurationSec(), optimized.outputDurationSec())
                .dimensions(optimized.inputWidth(), optimized.inputHeight(), optimized.outputWidth(),
                        optimized.outputHeight())
                .quality(optimized.quality(),
                        optimized.score() == null ? null : Math.round(optimized.score() * 100) / 100.0)
                .crf(optimized.crf())
                .alphaFlattened(optimized.alphaFlattened() ? Boolean.TRUE : null)
                .pagesDropped(optimized.pagesDropped() > 0 ? optimized.pagesDropped() : null)
                .largerReason(saved < 0 ? optimized.largerReason() : null)
                .placeholder(placeholder == null ? null : placeholder.blurhash(),
                        placeholder == null ? null : placeholder.dominantColor())
                .outputBitrate(bitrate(outputBytes, optimized.outputDurationSec()))
                .build();
    }

    /** {@code bytes} over {@code seconds} in bits per second, rounded; null without a length. */
    static Long bitrate(long bytes, Double seconds) {
        return seconds == null || seconds <= 0 ? null : Math.round(bytes * 8 / seconds);
    }

    /** {@code 100 * saved / input}, rounded half-up to two decimals. */
    static BigDecimal percent(long saved, long input) {
        if (input == 0) return BigDecimal.ZERO.setScale(2);
        return BigDecimal.valueOf(saved)
                .multiply(BigDecimal.valueOf(100))
                .divide(BigDecimal.valueOf(input), 2, RoundingMode.HALF_UP);
    }

    /** A result's fields by name; each one not named is absent from the JSON. */
    public static final class Builder {
        private final String kind;
        private final String strategy;
        private final String contentType;
        private final String filename;
        private final long outputBytes;
        private final long savedBytes;
        private final BigDecimal savedPercent;
        private Double inputDurationSec;
        private Double outputDurationSec;
        private Integer inputWidth;
        private Integer outputWidth;
        private Integer inputHeight;
        private Integer outputHeight;
        private Integer quality;
        private Double score;
        private Integer crf;
        private Boolean alphaFlattened;
        private List<Rendition> renditions;
        private String picture;
        private Integer pagesDropped;
        private String largerReason;
        private String video;
        private String blurhash;
        private String dominantColor;
        private Long outputBitrate;

        private Builder(String kind, String strategy, String contentType, String filename, long outputBytes,
                        long savedBytes, BigDecimal savedPercent) {
            this.kind = kind;
            this.strategy = strategy;
            this.contentType = contentType;
            this.filename = filename;
            this.outputBytes = outputBytes;
            this.savedBytes = savedBytes;
            this.savedPercent = savedPercent;
        }

        public Builder durations(Double input, Double output) {
            this.inputDurationSec = input;
            this.outputDurationSec = output;
            return this;
        }

        public Builder dimensions(Integer inWidth, Integer inHeight, Integer outWidth, Integer outHeight) {
            this.inputWidth = inWidth;
            this.inputHeight = inHeight;
            this.outputWidth = outWidth;
            this.outputHeight = outHeight;
            return this;
        }

        public Builder quality(Integer setting, Double measuredScore) {
            this.quality = setting;
            this.score = measuredScore;
            return this;
        }

        public Builder crf(Integer value) {
            this.crf = value;
            return this;
        }

        public Builder alphaFlattened(Boolean flattened) {
            this.alphaFlattened = flattened;
            return this;
        }

        public Builder renditions(List<Rendition> list, String pictureSnippet, String videoSnippet) {
            this.renditions = list;
            this.picture = pictureSnippet;
            this.video = videoSnippet;
            return this;
        }

        public Builder pagesDropped(Integer dropped) {
            this.pagesDropped = dropped;
            return this;
        }

        public Builder largerReason(String reason) {
            this.largerReason = reason;
            return this;
        }

        public Builder placeholder(String hash, String color) {
            this.blurhash = hash;
            this.dominantColor = color;
            return this;
        }

        public Builder outputBitrate(Long bitsPerSecond) {
            this.outputBitrate = bitsPerSecond;
            return this;
        }

        public OptimizationResult build() {
            return new OptimizationResult(kind, strategy, contentType, filename, outputBytes, savedBytes, savedPercent,
                    inputDurationSec, outputDurationSec, inputWidth, outputWidth, inputHeight, outputHeight, quality,
                    score, crf, alphaFlattened, renditions, picture, pagesDropped, largerReason, video, blurhash,
                    dominantColor, outputBitrate);
        }
    }
}
