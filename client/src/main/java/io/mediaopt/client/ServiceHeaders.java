package io.mediaopt.client;

import java.net.http.HttpHeaders;

/**
 * Reads the metadata the synchronous optimize endpoint sends in {@code x-service-*} headers.
 * Headers the API always sends are required, so a server that drops one is caught here with the
 * header's name rather than surfacing later as a mysterious zero.
 */
final class ServiceHeaders {
    private ServiceHeaders() {}

    static OptimizationSummary summary(HttpHeaders headers) {
        var result = new Result(
                required(headers, "x-service-kind"),
                required(headers, "x-service-strategy"),
                headers.firstValue("Content-Type").orElse(null),
                ContentDisposition.filename(headers.firstValue("Content-Disposition").orElse(null)),
                requiredLong(headers, "x-service-output-bytes"),
                requiredLong(headers, "x-service-saved-bytes"),
                parseDouble("x-service-saved-percent", required(headers, "x-service-saved-percent")),
                optionalDouble(headers, "x-service-input-duration"),
                optionalDouble(headers, "x-service-output-duration"),
                optionalInt(headers, "x-service-input-width"),
                optionalInt(headers, "x-service-output-width"),
                optionalInt(headers, "x-service-input-height"),
                optionalInt(headers, "x-service-output-height"),
                optionalInt(headers, "x-service-quality"),
                optionalDouble(headers, "x-service-score"),
                optionalInt(headers, "x-service-crf"),
                headers.firstValue("x-service-alpha-flattened").map(v -> v.strip().equals("true")).orElse(false),
                headers.firstValue("x-service-pages-dropped").map(v -> parseInt("x-service-pages-dropped", v)).orElse(0),
                headers.firstValue("x-service-larger-reason").orElse(null),
                headers.firstValue("x-service-blurhash").orElse(null),
                headers.firstValue("x-service-dominant-color").orElse(null));
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

    private static Double optionalDouble(HttpHeaders headers, String name) {
        return headers.firstValue(name).map(value -> parseDouble(name, value)).orElse(null);
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
