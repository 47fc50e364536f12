package io.mediaopt.imageurl;

import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The bounds of images by URL (docs/configuration.md): the stored variants' bytes, each client's
 * request rate, and the renders one source host may have in flight.
 *
 * @param cacheBytes     SERVICE_IMAGE_URL_CACHE_BYTES: the variants kept, least recently used evicted past it; 0 for no bound
 * @param rate           SERVICE_IMAGE_URL_RATE: each client address's token bucket; empty when off
 * @param rendersPerHost SERVICE_IMAGE_URL_RENDERS_PER_HOST: renders of one source host at once on a node
 */
public record ImageUrlLimits(long cacheBytes, Optional<Rate> rate, int rendersPerHost) {
    public static final ImageUrlLimits DEFAULT = new ImageUrlLimits(10L * 1024 * 1024 * 1024,
            Optional.of(new Rate(100, 200)), 4);

    /** A token bucket: {@code perSecond} requests a second on average, {@code burst} at once. */
    public record Rate(double perSecond, int burst) {}

    /** Reads the settings through {@code raw} (a variable's trimmed value, null when unset), reporting each bad one. */
    public static ImageUrlLimits read(Function<String, String> raw, Consumer<String> problem) {
        long cacheBytes = wholeNumber(raw, problem, "SERVICE_IMAGE_URL_CACHE_BYTES", DEFAULT.cacheBytes, 0);
        Optional<Rate> rate = DEFAULT.rate;
        String rateText = raw.apply("SERVICE_IMAGE_URL_RATE");
        if (rateText != null) rate = rate(rateText, problem);
        long renders = wholeNumber(raw, problem, "SERVICE_IMAGE_URL_RENDERS_PER_HOST", DEFAULT.rendersPerHost, 1);
        return new ImageUrlLimits(cacheBytes, rate, (int) Math.min(renders, Integer.MAX_VALUE));
    }

    /** The whole number of at least {@code min} named {@code name}; {@code fallback} when unset or bad (then reported). */
    static long wholeNumber(Function<String, String> raw, Consumer<String> problem, String name, long fallback, long min) {
        String text = raw.apply(name);
        if (text == null) return fallback;
        try {
            long value = Long.parseLong(text);
            if (value < min) throw new NumberFormatException();
            return value;
        } catch (NumberFormatException e) {
            problem.accept(name + ": expected a whole number of at least " + min + " but received \"" + text + "\"");
            return fallback;
        }
    }

    private static Optional<Rate> rate(String text, Consumer<String> problem) {
        if (text.equalsIgnoreCase("off")) return Optional.empty();
        String[] parts = text.split(":");
        try {
            if (parts.length != 2) throw new NumberFormatException();
            double perSecond = Double.parseDouble(parts[0]);
            int burst = Integer.parseInt(parts[1]);
            if (!(perSecond > 0) || Double.isInfinite(perSecond) || burst < 1) throw new NumberFormatException();
            return Optional.of(new Rate(perSecond, burst));
        } catch (NumberFormatException e) {
            problem.accept("SERVICE_IMAGE_URL_RATE: expected off or <requests per second>:<burst> (such as 100:200) "
                    + "but received \"" + text + "\"");
            return DEFAULT.rate;
        }
    }
}
