package io.mediaopt.http;

import io.javalin.http.Context;
import io.mediaopt.media.OptimizationResult;
import io.mediaopt.media.OutputOptions;

import java.util.List;
import java.util.function.Function;

/**
 * The x-service-* headers that carry the result metadata of a synchronous optimization, and the
 * options it asked for ({@code x-service-requested-*}, each only when asked). Each is sent when
 * its value is present.
 */
final class ResultHeaders {
    private static final List<Header> HEADERS = List.of(
            new Header("x-service-kind", a -> a.result().kind()),
            new Header("x-service-preset", Answer::preset),
            new Header("x-service-strategy", a -> a.result().strategy()),
            new Header("x-service-input-bytes", Answer::inputBytes),
            new Header("x-service-output-bytes", a -> a.result().outputBytes()),
            new Header("x-service-saved-bytes", a -> a.result().savedBytes()),
            new Header("x-service-saved-percent", a -> a.result().savedPercent().toPlainString()),
            new Header("x-service-input-duration", a -> a.result().inputDurationSec()),
            new Header("x-service-output-duration", a -> a.result().outputDurationSec()),
            new Header("x-service-input-width", a -> a.result().inputWidth()),
            new Header("x-service-output-width", a -> a.result().outputWidth()),
            new Header("x-service-input-height", a -> a.result().inputHeight()),
            new Header("x-service-output-height", a -> a.result().outputHeight()),
            new Header("x-service-quality", a -> a.result().quality()),
            new Header("x-service-score", a -> a.result().score()),
            new Header("x-service-crf", a -> a.result().crf()),
            new Header("x-service-alpha-flattened", a -> a.result().alphaFlattened()),
            new Header("x-service-pages-dropped", a -> a.result().pagesDropped()),
            new Header("x-service-larger-reason", a -> a.result().largerReason()),
            new Header("x-service-blurhash", a -> a.result().blurhash()),
            new Header("x-service-dominant-color", a -> a.result().dominantColor()),
            new Header("x-service-requested-quality", a -> a.options().quality()),
            new Header("x-service-requested-format",
                    a -> a.options().format() == null ? null : a.options().format().shortName()),
            new Header("x-service-requested-width", a -> a.options().width()));
    /** The name of every header written here, which a page of another origin may read (CORS). */
    static final List<String> NAMES = HEADERS.stream().map(Header::name).toList();

    private ResultHeaders() {}

    static void write(Context ctx, String preset, long inputBytes, OptimizationResult r, OutputOptions options) {
        Answer answer = new Answer(preset, inputBytes, r, options);
        for (Header header : HEADERS) {
            Object value = header.value().apply(answer);
            if (value != null) ctx.header(header.name(), value.toString());
        }
    }

    /** What a synchronous answer tells. */
    private record Answer(String preset, long inputBytes, OptimizationResult result, OutputOptions options) {}

    private record Header(String name, Function<Answer, Object> value) {}
}
