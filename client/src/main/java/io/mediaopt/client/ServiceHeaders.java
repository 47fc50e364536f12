package io.mediaopt.client;

import java.lang.reflect.RecordComponent;
import java.net.http.HttpHeaders;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Reads the metadata the synchronous optimize endpoint sends in {@code x-service-*} headers.
 * Headers the API always sends are required, so a server that drops one is caught here with the
 * header's name rather than surfacing later as a mysterious zero. Every field of {@link Result}
 * is read from the header the service names after it, so a new field needs nothing here.
 */
final class ServiceHeaders {
    /** The result's fields the service always sends, as the API's document requires them. */
    private static final Set<String> REQUIRED = Set.of("kind", "strategy", "outputBytes", "savedBytes", "savedPercent");

    private ServiceHeaders() {}

    static OptimizationSummary summary(HttpHeaders headers) {
        RecordComponent[] fields = Result.class.getRecordComponents();
        Object[] values = new Object[fields.length];
        for (int i = 0; i < fields.length; i++) {
            values[i] = field(headers, fields[i].getName(), fields[i].getType());
        }
        Result result = construct(fields, values);
        return new OptimizationSummary(
                required(headers, "x-service-preset"),
                requiredLong(headers, "x-service-input-bytes"),
                result,
                totals(headers),
                new OptimizeOptions(optionalInt(headers, "x-service-requested-quality"),
                        headers.firstValue("x-service-requested-format").map(v -> format(v.strip())).orElse(null),
                        optionalInt(headers, "x-service-requested-width")));
    }

    static Totals totals(HttpHeaders headers) {
        return new Totals(optionalLong(headers, "x-service-total-jobs"),
                optionalLong(headers, "x-service-total-bytes-saved"));
    }

    /**
     * The value of one field of the result from its header: {@code x-service-} and the field's
     * name in kebab case, a duration without its unit ({@code inputDurationSec}:
     * {@code x-service-input-duration}), as the service names them; the media type and file
     * name from the standard headers. An absent number or flag is null, or 0 and false where the
     * field cannot be null; a list (the renditions only a job has) is null.
     */
    private static Object field(HttpHeaders headers, String name, Class<?> type) {
        if (name.equals("contentType")) return headers.firstValue("Content-Type").orElse(null);
        if (name.equals("filename")) {
            return ContentDisposition.filename(headers.firstValue("Content-Disposition").orElse(null));
        }
        if (type == List.class) return null;
        String header = headerOf(name);
        Optional<String> value = REQUIRED.contains(name) ? Optional.of(required(headers, header))
                : headers.firstValue(header);
        if (type == String.class) return value.orElse(null);
        if (type == boolean.class || type == Boolean.class) {
            return value.map(v -> v.strip().equals("true")).orElse(type == boolean.class ? false : null);
        }
        if (type == int.class || type == Integer.class) {
            return value.map(v -> parseInt(header, v)).orElse(type == int.class ? 0 : null);
        }
        if (type == long.class || type == Long.class) {
            return value.map(v -> parseLong(header, v)).orElse(type == long.class ? 0L : null);
        }
        if (type == double.class || type == Double.class) {
            return value.map(v -> parseDouble(header, v)).orElse(type == double.class ? 0.0 : null);
        }
        throw new IllegalStateException("No header form for the result's " + name + " of " + type);
    }

    static String headerOf(String field) {
        String name = field.endsWith("Sec") ? field.substring(0, field.length() - 3) : field;
        return "x-service-" + name.replaceAll("([A-Z])", "-$1").toLowerCase(Locale.ROOT);
    }

    private static Result construct(RecordComponent[] fields, Object[] values) {
        Class<?>[] types = new Class<?>[fields.length];
        for (int i = 0; i < fields.length; i++) types[i] = fields[i].getType();
        try {
            return Result.class.getDeclaredConstructor(types).newInstance(values);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Cannot build a result from the headers", e);
        }
    }

    private static OutputFormat format(String value) {
        try {
            return OutputFormat.fromWireName(value);
        } catch (IllegalArgumentException e) {
            throw new MediaoptException("Expected a format in header x-service-requested-format but received "
                    + value, e);
        }
    }

    private static String required(HttpHeaders headers, String name) {
        return headers.firstValue(name)
                .orElseThrow(() -> new MediaoptException(
                        "Expected header " + name + " in the optimize response but it was missing"));
    }

    private static long requiredLong(HttpHeaders headers, String name) {
        return parseLong(name, required(headers, name));
    }

    private static Long optionalLong(HttpHeaders headers, String name) {
        return headers.firstValue(name).map(value -> parseLong(name, value)).orElse(null);
    }

    private static Integer optionalInt(HttpHeaders headers, String name) {
        return headers.firstValue(name).map(value -> parseInt(name, value)).orElse(null);
    }

    private static long parseLong(String name, String value) {
        try {
            return Long.parseLong(value.strip());
        } catch (NumberFormatException e) {
            throw new MediaoptException("Expected an integer in header " + name + " but received " + value, e);
        }
    }

    private static int parseInt(String name, String value) {
        try {
            return Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            throw new MediaoptException("Expected an integer in header " + name + " but received " + value, e);
        }
    }

    private static double parseDouble(String name, String value) {
        try {
            return Double.parseDouble(value.strip());
        } catch (NumberFormatException e) {
            throw new MediaoptException("Expected a number in header " + name + " but received " + value, e);
        }
    }
}
