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

    /** A result of every page of its input, no larger than it, without a video snippet. */
    public OptimizationResult(String kind, String strategy, String contentType, String filename, long outputBytes,
                              long savedBytes, BigDecimal savedPercent, Double inputDurationSec,
                              Double outputDurationSec, Integer inputWidth, Integer outputWidth, Integer inputHeight,
                              Integer outputHeight, Integer quality, Double score, Integer crf, Boolean alphaFlattened,
                              List<Rendition> renditions, String picture) {
        this(kind, strategy, contentType, filename, outputBytes, savedBytes, savedPercent, inputDurationSec,
                outputDurationSec, inputWidth, outputWidth, inputHeight, outputHeight, quality, score, crf,
                alphaFlattened, renditions, picture, null, null, null, null, null, null);
    }

    /** A result without a CRF or renditions. */
    public OptimizationResult(String kind, String strategy, String contentType, String filename, long outputBytes,
                              long savedBytes, BigDecimal savedPercent, Double inputDurationSec,
                              Double outputDurationSec, Integer inputWidth, Integer outputWidth, Integer inputHeight,
                              Integer outputHeight, Integer quality, Double score, Boolean alphaFlattened) {
        this(kind, strategy, contentType, filename, outputBytes, savedBytes, savedPercent, inputDurationSec,
                outputDurationSec, inputWidth, outputWidth, inputHeight, outputHeight, quality, score, null,
                alphaFlattened, null, null, null, null, null, null, null, null);
    }

    /** The same result listing these renditions (null or empty: none) and this picture snippet. */
    public OptimizationResult withRenditions(List<Rendition> list, String pictureSnippet) {
        return withRenditions(list, pictureSnippet, null);
    }

    /** The same result listing these renditions (null or empty: none) and these picture and video snippets. */
    public OptimizationResult withRenditions(List<Rendition> list, String pictureSnippet, String videoSnippet) {
        return new OptimizationResult(kind, strategy, contentType, filename, outputBytes, savedBytes, savedPercent,
                inputDurationSec, outputDurationSec, inputWidth, outputWidth, inputHeight, outputHeight, quality,
                score, crf, alphaFlattened, list == null || list.isEmpty() ? null : list, pictureSnippet, pagesDropped,
                largerReason, videoSnippet, blurhash, dominantColor, outputBitrate);
    }

    public static OptimizationResult of(Optimized optimized, String filename, long inputBytes, long outputBytes) {
        long saved = inputBytes - outputBytes;
        return new OptimizationResult(
                optimized.strategy().kind().wireName(),
                optimized.strategy().wireName(),
                optimized.contentType(),
                filename,
                outputBytes,
                saved,
                percent(saved, inputBytes),
                optimized.inputDurationSec(),
                optimized.outputDurationSec(),
                optimized.inputWidth(),
                optimized.outputWidth(),
                optimized.inputHeight(),
                optimized.outputHeight(),
                optimized.quality(),
                optimized.score() == null ? null : Math.round(optimized.score() * 100) / 100.0,
                optimized.crf(),
                optimized.alphaFlattened() ? Boolean.TRUE : null,
                null, null,
                optimized.pagesDropped() > 0 ? optimized.pagesDropped() : null,
                saved < 0 ? optimized.largerReason() : null,
                null,
                optimized.placeholder() == null ? null : optimized.placeholder().blurhash(),
                optimized.placeholder() == null ? null : optimized.placeholder().dominantColor(),
                bitrate(outputBytes, optimized.outputDurationSec()));
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
}
