package io.mediaopt.client;

import java.util.List;

/**
 * What an optimization produced, as the job's {@code result} object or the synchronous
 * response's {@code x-service-*} headers describe it. Durations are only known for videos;
 * widths and heights may be absent when the service does not report them. {@code quality} is the
 * encoder setting the service chose (image quality), {@code score} the output's SSIMULACRA 2
 * score against the resized input (0–100, 90 and up visually lossless); null when not measured.
 * {@code crf} is the constant rate factor a video was encoded at (the preset's, or the one the
 * service's per-video search chose); null for images and a video served as it came.
 * {@code alphaFlattened} is true when the input's transparency was laid on white because no
 * format of the preset could keep it; {@code pagesDropped} the pages of a multi-page input (a TIFF)
 * past the first, which the output does not carry (0 when none were). {@code largerReason} says
 * why the output is larger than the input, when it is; null otherwise. {@code blurhash} (a
 * BlurHash string) and {@code dominantColor} ({@code #rrggbb}) are an image's placeholder, what a
 * page shows in its {@code outputWidth} x {@code outputHeight} place while it loads; null for
 * videos. A job that asked for renditions lists them ({@code renditions}, null otherwise) with, for
 * a responsive set, a ready {@code <picture>} element ({@code picture}) and, for video sources, a
 * ready {@code <video>} element ({@code video}); the synchronous answer's headers carry none of
 * the three. {@code outputBitrate} is a video output's mean bits per second; null for images.
 */
public record Result(
        String kind,
        String strategy,
        String contentType,
        String filename,
        long outputBytes,
        long savedBytes,
        double savedPercent,
        Double inputDurationSec,
        Double outputDurationSec,
        Integer inputWidth,
        Integer outputWidth,
        Integer inputHeight,
        Integer outputHeight,
        Integer quality,
        Double score,
        Integer crf,
        boolean alphaFlattened,
        int pagesDropped,
        String largerReason,
        String blurhash,
        String dominantColor,
        List<Rendition> renditions,
        String picture,
        String video,
        Long outputBitrate) {

    public Result {
        renditions = renditions == null ? null : List.copyOf(renditions);
    }
}
