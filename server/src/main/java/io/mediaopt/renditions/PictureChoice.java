package io.mediaopt.renditions;

import io.mediaopt.media.MediaFormat;
import io.mediaopt.media.Rendition;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Picks the one file of a responsive set a client should get, as a browser would from the
 * {@code <picture>} element: the best format its Accept header takes (AVIF, then WebP, else the
 * fallback every browser shows), at the narrowest width that still fills {@code width} device
 * pixels (the widest when none does).
 */
public final class PictureChoice {
    private PictureChoice() {}

    public static Optional<Rendition> pick(List<Rendition> renditions, String accept, int width) {
        List<Rendition> set = renditions == null ? List.of() : renditions.stream().filter(Rendition::isPicture).toList();
        if (set.isEmpty()) return Optional.empty();
        String format = format(set, accept);
        List<Rendition> inFormat = set.stream().filter(r -> r.format().equals(format))
                .sorted(Comparator.comparingInt(Rendition::width)).toList();
        return inFormat.stream().filter(r -> r.width() >= width).findFirst().or(() -> Optional.of(inFormat.getLast()));
    }

    private static String format(List<Rendition> set, String accept) {
        for (MediaFormat preferred : List.of(MediaFormat.AVIF, MediaFormat.WEBP)) {
            boolean inSet = set.stream().anyMatch(r -> r.format().equals(preferred.shortName()));
            if (inSet && takes(accept, preferred.contentType())) return preferred.shortName();
        }
        return set.stream().map(Rendition::format)
                .filter(f -> !f.equals(MediaFormat.AVIF.shortName()) && !f.equals(MediaFormat.WEBP.shortName()))
                .findFirst().orElse(set.getFirst().format());
    }

    /** Whether the Accept header names this media type itself with a quality above zero (not by a wildcard). */
    static boolean takes(String accept, String contentType) {
        if (accept == null) return false;
        for (String range : accept.toLowerCase(Locale.ROOT).split(",")) {
            String[] params = range.split(";");
            if (!params[0].strip().equals(contentType)) continue;
            boolean refused = false;
            for (int i = 1; i < params.length; i++) {
                String p = params[i].strip();
                if (p.startsWith("q=")) refused = quality(p.substring(2)) <= 0;
            }
            if (!refused) return true;
        }
        return false;
    }

    private static double quality(String value) {
        try {
            return Double.parseDouble(value.strip());
        } catch (NumberFormatException e) {
            return 1;
        }
    }
}
