package io.mediaopt.image.vips;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/** libvips' encoders as the service uses them: each writes one image to a file, without its metadata. */
public final class VipsSavers {
    private static final int HEIF_COMPRESSION_AV1 = 4;

    private final VipsCalls calls;
    private final boolean keepReplacesStrip;

    /** {@code keepReplacesStrip}: the library knows {@code keep} (8.15 and later). */
    VipsSavers(VipsCalls calls, boolean keepReplacesStrip) {
        this.calls = calls;
        this.keepReplacesStrip = keepReplacesStrip;
    }

    public void webp(VipsImage image, Path file, int quality, int effort) {
        calls.save("webpsave", image, file, withoutMetadata().set("Q", quality).set("effort", effort));
        try {
            WebpMetadata.remove(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public void avif(VipsImage image, Path file, int quality, int effort) {
        calls.save("heifsave", image, file, withoutMetadata()
                .set("Q", quality)
                .set("compression", HEIF_COMPRESSION_AV1)
                .set("effort", effort));
    }

    /** Progressive with optimised Huffman tables: a few percent smaller for the web. */
    public void jpeg(VipsImage image, Path file, int quality) {
        calls.save("jpegsave", image, file, withoutMetadata()
                .set("Q", quality)
                .set("optimize_coding", true)
                .set("interlace", true));
    }

    public void png(VipsImage image, Path file) {
        calls.save("pngsave", image, file, withoutMetadata().set("compression", 9));
    }

    /** An 8-bit palette PNG (libimagequant, dithered), alpha included: far smaller for screenshots. */
    public void palettePng(VipsImage image, Path file, int quality) {
        calls.save("pngsave", image, file, withoutMetadata().set("compression", 9).set("palette", true)
                .set("Q", quality));
    }

    /**
     * No EXIF, GPS, XMP, IPTC or ICC in the output. libvips 8.15 replaced {@code strip} with
     * {@code keep}; the old name still works there but is deprecated.
     */
    private VipsOptions withoutMetadata() {
        return keepReplacesStrip ? VipsOptions.none().set("keep", 0) : VipsOptions.none().set("strip", true);
    }
}
