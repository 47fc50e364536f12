package io.mediaopt.http;

import io.javalin.http.Context;
import io.mediaopt.media.OptimizationResult;
import io.mediaopt.media.OutputOptions;

/**
 * The x-service-* headers that carry the result metadata of a synchronous optimization, and the
 * options it asked for ({@code x-service-requested-*}, each only when asked).
 */
final class ResultHeaders {
    private ResultHeaders() {}

    static void write(Context ctx, String preset, long inputBytes, OptimizationResult r, OutputOptions options) {
        ctx.header("x-service-kind", r.kind());
        ctx.header("x-service-preset", preset);
        ctx.header("x-service-strategy", r.strategy());
        ctx.header("x-service-input-bytes", Long.toString(inputBytes));
        ctx.header("x-service-output-bytes", Long.toString(r.outputBytes()));
        ctx.header("x-service-saved-bytes", Long.toString(r.savedBytes()));
        ctx.header("x-service-saved-percent", r.savedPercent().toPlainString());
        optional(ctx, "x-service-input-duration", r.inputDurationSec());
        optional(ctx, "x-service-output-duration", r.outputDurationSec());
        optional(ctx, "x-service-input-width", r.inputWidth());
        optional(ctx, "x-service-output-width", r.outputWidth());
        optional(ctx, "x-service-input-height", r.inputHeight());
        optional(ctx, "x-service-output-height", r.outputHeight());
        optional(ctx, "x-service-quality", r.quality());
        optional(ctx, "x-service-score", r.score());
        optional(ctx, "x-service-crf", r.crf());
        optional(ctx, "x-service-alpha-flattened", r.alphaFlattened());
        optional(ctx, "x-service-pages-dropped", r.pagesDropped());
        optional(ctx, "x-service-larger-reason", r.largerReason());
        optional(ctx, "x-service-blurhash", r.blurhash());
        optional(ctx, "x-service-dominant-color", r.dominantColor());
        optional(ctx, "x-service-requested-quality", options.quality());
        optional(ctx, "x-service-requested-format", options.format() == null ? null : options.format().shortName());
        optional(ctx, "x-service-requested-width", options.width());
    }

    private static void optional(Context ctx, String name, Object value) {
        if (value != null) ctx.header(name, value.toString());
    }
}
