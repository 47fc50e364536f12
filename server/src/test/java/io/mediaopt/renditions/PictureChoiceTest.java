package io.mediaopt.renditions;

import io.mediaopt.media.Rendition;
import io.mediaopt.media.RenditionRole;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class PictureChoiceTest {
    static final List<Rendition> SET = set();

    @Test
    void theBestAcceptedFormatAtTheNarrowestWidthThatFills() {
        assertThat(PictureChoice.pick(SET, "image/avif,image/webp,*/*;q=0.8", 720).orElseThrow().name())
                .isEqualTo("w1000.avif");
        assertThat(PictureChoice.pick(SET, "image/webp,*/*", 320).orElseThrow().name()).isEqualTo("w320.webp");
        assertThat(PictureChoice.pick(SET, "*/*", 5000).orElseThrow().name()).isEqualTo("w1600.jpg");
        assertThat(PictureChoice.pick(SET, null, 1).orElseThrow().name()).isEqualTo("w320.jpg");
        assertThat(PictureChoice.pick(SET, "image/avif;q=0, image/webp;q=0.5", 1000).orElseThrow().name())
                .isEqualTo("w1000.webp");
        assertThat(PictureChoice.pick(List.of(), "*/*", 100)).isEmpty();
    }

    @Test
    void aSetWithoutTheModernFormatsGivesItsFallbackWhateverTheAcceptHeaderTakes() {
        List<Rendition> strip = SET.stream().filter(r -> r.format().equals("jpeg")).toList();
        assertThat(PictureChoice.pick(strip, "image/avif,image/webp,*/*;q=0.8", 720).orElseThrow().name())
                .isEqualTo("w1000.jpg");
    }

    @Test
    void theSnippetListsEveryWidthPerFormatWithTheFallbackInTheImg() {
        List<Rendition> linked = SET.stream().map(r -> r.withUrl("https://cdn.test/a,b&c/" + r.name())).toList();
        String html = PictureSnippet.of(linked).orElseThrow();
        assertThat(html).contains("<source type=\"image/avif\" srcset=\"https://cdn.test/a%2Cb&amp;c/w320.avif 320w, "
                        + "https://cdn.test/a%2Cb&amp;c/w1000.avif 1000w, https://cdn.test/a%2Cb&amp;c/w1600.avif 1600w\"",
                "sizes=\"(max-width: 1600px) 100vw, 1600px\"",
                "<img src=\"https://cdn.test/a%2Cb&amp;c/w1600.jpg\"", "width=\"1600\" height=\"1200\"");
        assertThat(PictureSnippet.of(List.of())).isEmpty();
    }

    private static List<Rendition> set() {
        List<Rendition> set = new ArrayList<>();
        for (int width : new int[]{320, 1000, 1600}) {
            set.add(Rendition.file("w" + width + ".avif", RenditionRole.RESPONSIVE, "avif", "image/avif", width * 10L)
                    .withSize(width, width * 3 / 4));
            set.add(Rendition.file("w" + width + ".webp", RenditionRole.RESPONSIVE, "webp", "image/webp", width * 15L)
                    .withSize(width, width * 3 / 4));
            set.add(Rendition.file("w" + width + ".jpg", RenditionRole.RESPONSIVE, "jpeg", "image/jpeg", width * 20L)
                    .withSize(width, width * 3 / 4));
        }
        return List.copyOf(set);
    }
}
