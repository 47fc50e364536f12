package io.mediaopt.renditions;

import io.mediaopt.media.MediaFormat;
import io.mediaopt.media.Rendition;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The {@code <picture>} element of a responsive set, ready to paste into a page: one
 * {@code <source>} per modern format, the fallback in the {@code <img>}, every width in
 * {@code srcset} and a {@code sizes} that lets the picture take the viewport's width up to its
 * widest file. The {@code <img>} carries the widest file's {@code width} and {@code height}, so
 * the page keeps the picture's place before it loads (no layout shift), and its placeholder
 * colour as its background.
 */
public final class PictureSnippet {
    private PictureSnippet() {}

    /** Empty when the list has no responsive set; every rendition of the set must carry its URL. */
    public static Optional<String> of(List<Rendition> renditions) {
        List<Rendition> set = renditions.stream().filter(Rendition::isPicture)
                .sorted(Comparator.comparingInt(Rendition::width)).toList();
        if (set.isEmpty()) return Optional.empty();
        Map<String, List<Rendition>> byFormat = new LinkedHashMap<>();
        for (String format : List.of(MediaFormat.AVIF.shortName(), MediaFormat.WEBP.shortName())) {
            byFormat.put(format, set.stream().filter(r -> r.format().equals(format)).toList());
        }
        List<Rendition> fallback = set.stream().filter(r -> !byFormat.containsKey(r.format())).toList();
        Rendition widest = (fallback.isEmpty() ? set : fallback).getLast();
        String sizes = "(max-width: " + widest.width() + "px) 100vw, " + widest.width() + "px";
        StringBuilder html = new StringBuilder("<picture>\n");
        byFormat.values().stream().filter(list -> !list.isEmpty()).forEach(list -> html
                .append("  <source type=\"").append(list.getFirst().contentType()).append("\" srcset=\"")
                .append(srcset(list)).append("\" sizes=\"").append(sizes).append("\">\n"));
        html.append("  <img src=\"").append(url(widest)).append("\" srcset=\"")
                .append(srcset(fallback.isEmpty() ? List.of(widest) : fallback)).append("\" sizes=\"").append(sizes)
                .append("\" width=\"").append(widest.width()).append("\" height=\"").append(widest.height())
                .append('"').append(background(widest))
                .append(" alt=\"\" loading=\"lazy\" decoding=\"async\">\n</picture>");
        return Optional.of(html.toString());
    }

    /**
     * The placeholder colour, shown where the picture will be until it loads, as an attribute
     * (with its leading space), or nothing for a rendition without one.
     */
    static String background(Rendition picture) {
        return picture.dominantColor() == null ? "" : " style=\"background-color:" + picture.dominantColor() + "\"";
    }

    private static String srcset(List<Rendition> list) {
        return list.stream().map(r -> url(r) + " " + r.width() + "w").collect(Collectors.joining(", "));
    }

    /** A comma would end a srcset candidate, an ampersand or quote the attribute. */
    private static String url(Rendition r) {
        return r.url().replace(",", "%2C").replace("&", "&amp;").replace("\"", "%22");
    }
}
