package io.mediaopt.renditions;

import io.mediaopt.media.MediaFormat;
import io.mediaopt.media.Placeholder;
import io.mediaopt.media.Rendition;
import io.mediaopt.media.RenditionRole;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The size and placeholder colour the {@code <picture>} and {@code <video>} snippets carry. */
class SnippetPlaceholdersTest {
    private static final Placeholder BLUE = new Placeholder("LEHV6nWB2yk8pyo0adR*.7kCMdnj", "#3366cc");

    @Test
    void thePicturesImgHasTheWidestFallbacksSizeAndThePlaceholderColour() {
        List<Rendition> set = List.of(picture("w640.webp", "webp", 640), picture("w640.jpg", "jpeg", 640),
                picture("w1280.webp", "webp", 1280), picture("w1280.jpg", "jpeg", 1280));

        assertThat(PictureSnippet.of(set).orElseThrow()).contains("<img src=\"https://cdn.test/w1280.jpg\"",
                " width=\"1280\" height=\"960\" style=\"background-color:#3366cc\" alt=\"\"");
    }

    @Test
    void aSetWithoutPlaceholdersHasNoStyle() {
        Rendition bare = Rendition.picture("w640.jpg", RenditionRole.RESPONSIVE, 640, 480, MediaFormat.JPEG, 10)
                .withUrl("https://cdn.test/w640.jpg");

        assertThat(PictureSnippet.of(List.of(bare)).orElseThrow()).doesNotContain("style=")
                .contains(" width=\"640\" height=\"480\" alt=\"\"");
    }

    @Test
    void theVideoHasItsSizeAndThePostersColourBehindThePoster() {
        Rendition poster = Rendition.picture("poster.webp", RenditionRole.POSTER, 1280, 720, MediaFormat.WEBP, 10)
                .withUrl("https://cdn.test/poster.webp").withPlaceholder(BLUE);
        Rendition h264 = Rendition.picture("h264.mp4", RenditionRole.VIDEO_SOURCE, 1280, 720, MediaFormat.MP4, 10)
                .withCodecs("avc1.64001f, mp4a.40.2").withUrl("https://cdn.test/h264.mp4");

        assertThat(VideoSnippet.of(List.of(poster, h264)).orElseThrow()).startsWith("<video controls playsinline "
                + "preload=\"metadata\" width=\"1280\" height=\"720\" poster=\"https://cdn.test/poster.webp\" "
                + "style=\"background-color:#3366cc\">");
        assertThat(VideoSnippet.of(List.of(h264)).orElseThrow()).doesNotContain("style=");
    }

    private static Rendition picture(String name, String format, int width) {
        return Rendition.file(name, RenditionRole.RESPONSIVE, format, "image/" + format, 10)
                .withSize(width, width * 3 / 4).withUrl("https://cdn.test/" + name).withPlaceholder(BLUE);
    }
}
