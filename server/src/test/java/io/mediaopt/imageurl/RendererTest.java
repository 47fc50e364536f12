package io.mediaopt.imageurl;

import io.mediaopt.Fixtures;
import io.mediaopt.image.TestVips;
import io.mediaopt.image.vips.Vips;
import io.mediaopt.image.vips.VipsImage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** Renders with the real libvips: a picture fitted to a side is libvips' thumbnail to that side. */
class RendererTest {
    static Vips vips;
    static Path photo;
    static final SourceFacts FACTS = new SourceFacts("v1", 400, 300, "jpeg", 1, false, 0, null, null, null, null);

    @TempDir
    Path dir;

    @BeforeAll
    static void openVips() {
        vips = TestVips.open();
        photo = Fixtures.photoJpeg(400, 300);
    }

    @Test
    void aWidthAloneScalesByTheWidth() throws Exception {
        // 300 x 115 / 400 is 86.25: a box of 115 x 86 would scale by 300 / 86, not 400 / 115
        Renderer.Rendered rendered = render(ImageOptions.DEFAULTS.withWidth(115), "width.png");
        assertThat(rendered).isEqualTo(new Renderer.Rendered(115, 86));
        assertThat(Files.readAllBytes(dir.resolve("width.png"))).isEqualTo(thumbnail(115, Vips.MAX_COORD));
    }

    @Test
    void aBoxScalesByItsTighterSide() throws Exception {
        render(ImageOptions.DEFAULTS.withWidth(1000).withHeight(86), "box.png");
        assertThat(Files.readAllBytes(dir.resolve("box.png"))).isEqualTo(thumbnail(Vips.MAX_COORD, 86));
    }

    private Renderer.Rendered render(ImageOptions options, String name) {
        return new Renderer(vips, 100_000_000).render(photo, FACTS, options, UrlFormat.PNG, 80, dir.resolve(name));
    }

    /** libvips' thumbnail of the photo into the box, as a PNG. */
    private byte[] thumbnail(int width, int height) throws Exception {
        Path file = dir.resolve("expected-" + width + "x" + height + ".png");
        try (VipsImage image = vips.thumbnailBox(photo, width, height, Vips.BoxSize.DOWN, false)) {
            vips.save().png(image, file);
        }
        return Files.readAllBytes(file);
    }
}
