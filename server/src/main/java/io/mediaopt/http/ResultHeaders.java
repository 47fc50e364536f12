package io.mediaopt.http;

import io.javalin.http.Context;
import io.mediaopt.media.OptimizationResult;
import io.mediaopt.media.OutputOptions;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;

/**
 * The x-service-* headers that carry the result metadata of a synchronous optimization, and the
 * options it asked for ({@code x-service-requested-*}, each only when asked). Each is sent when
 * its value is present. Every field of {@link OptimizationResult} has its header, named after it
 * ({@link #headerOf}), except those standard headers carry and those only a job lists, so a new
 * field of the result reaches the synchronous answer with nothing written here.
 */
public final class ResultHeaders {
    /** Fields of the result that are no header of their own: Content-Type, Content-Disposition, a job's files. */
    static final Set<String> NOT_HEADERS = Set.of("contentType", "filename", "renditions", "picture", "video");
    private static final List<Header> HEADERS = headers();
    /** The name of every header written here, which a page of another origin may read (CORS). */
    static final List<String> NAMES = HEADERS.stream().map(Header::name).toList();

    private ResultHeaders() {}

    public static void write(Context ctx, String preset, long inputBytes, OptimizationResult r, OutputOptions options) {
        Answer answer = new Answer(preset, inputBytes, r, options);
        for (Header header : HEADERS) {
            Object value = header.value().apply(answer);
            if (value != null) ctx.header(header.name(), value instanceof BigDecimal d ? d.toPlainString() : value.toString());
        }
    }

    /**
     * The header of a result field: {@code x-service-} and the field's name in kebab case, a
     * duration without its unit ({@code inputDurationSec}: {@code x-service-input-duration}).
     */
    static String headerOf(String field) {
        String name = field.endsWith("Sec") ? field.substring(0, field.length() - 3) : field;
        return "x-service-" + name.replaceAll("([A-Z])", "-$1").toLowerCase(Locale.ROOT);
    }

    private static List<Header> headers() {
        List<Header> headers = new ArrayList<>();
        headers.add(new Header("x-service-preset", Answer::preset));
        headers.add(new Header("x-service-input-bytes", Answer::inputBytes));
        for (RecordComponent field : OptimizationResult.class.getRecordComponents()) {
            if (!NOT_HEADERS.contains(field.getName())) {
                headers.add(new Header(headerOf(field.getName()), a -> read(field, a.result())));
            }
        }
        headers.add(new Header("x-service-requested-quality", a -> a.options().quality()));
        headers.add(new Header("x-service-requested-format",
                a -> a.options().format() == null ? null : a.options().format().shortName()));
        headers.add(new Header("x-service-requested-width", a -> a.options().width()));
        return List.copyOf(headers);
    }

    private static Object read(RecordComponent field, OptimizationResult result) {
        try {
            return field.getAccessor().invoke(result);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot read the result's " + field.getName(), e);
        }
    }

    /** What a synchronous answer tells. */
    private record Answer(String preset, long inputBytes, OptimizationResult result, OutputOptions options) {}

    private record Header(String name, Function<Answer, Object> value) {}
}
