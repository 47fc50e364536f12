package io.mediaopt.renditions;

import io.mediaopt.media.Rendition;
import io.mediaopt.media.RenditionRole;

import java.util.List;
import java.util.Optional;

/**
 * The {@code <video>} element of a video's sources, ready to paste into a page: a
 * {@code <source>} per file in the order they were made (AV1 first, then H.264), each with its
 * exact {@code codecs} so a browser skips what it cannot decode without fetching it, and the
 * poster when the job made one, with its placeholder colour as the element's background until
 * the poster loads. The element carries the first source's {@code width} and {@code height}, and
 * with a storyboard its WebVTT's URL as {@code data-storyboard}, for the player's seek-bar previews.
 */
public final class VideoSnippet {
    private VideoSnippet() {}

    /** Empty when the list has no video sources; every rendition must carry its URL. */
    public static Optional<String> of(List<Rendition> renditions) {
        List<Rendition> sources = renditions.stream().filter(r -> r.role() == RenditionRole.VIDEO_SOURCE).toList();
        if (sources.isEmpty()) return Optional.empty();
        Rendition first = sources.getFirst();
        StringBuilder html = new StringBuilder("<video controls playsinline preload=\"metadata\" width=\"")
                .append(first.width()).append("\" height=\"").append(first.height()).append('"');
        renditions.stream().filter(r -> r.role() == RenditionRole.POSTER).findFirst()
                .ifPresent(poster -> html.append(" poster=\"").append(attribute(poster.url())).append('"')
                        .append(PictureSnippet.background(poster)));
        renditions.stream().filter(r -> r.role() == RenditionRole.STORYBOARD_VTT).findFirst()
                .ifPresent(vtt -> html.append(" data-storyboard=\"").append(attribute(vtt.url())).append('"'));
        html.append(">\n");
        for (Rendition source : sources) {
            html.append("  <source src=\"").append(attribute(source.url())).append("\" type='")
                    .append(source.contentType()).append("; codecs=\"").append(source.codecs()).append("\"'>\n");
        }
        return Optional.of(html.append("</video>").toString());
    }

    /** An ampersand or a quote would end the attribute. */
    private static String attribute(String url) {
        return url.replace("&", "&amp;").replace("\"", "%22").replace("'", "%27");
    }
}
