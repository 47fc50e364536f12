package io.mediaopt.image.vips;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/** libvips' encoders as the service uses them: each writes one image to a file, without its metadata. */
public final class VipsSavers {
    private static final int HEIF_COMPRESSION_AV1 = 4;
    /** VipsForeignSubsample: auto 0, on 1, off 2. */
    private static final int SUBSAMPLE_OFF = 2;

    private final VipsCalls calls;
    private final boolean keepReplacesStrip;

    /** {@code keepReplacesStrip}: the library knows {@code keep} (8.15 and later). */
    VipsSavers(VipsCalls calls, boolean keepReplacesStrip) {
        this.calls = calls;
        this.keepReplacesStrip = keepReplacesStrip;
    }

    public void webp(VipsImage image, Path file, int quality, int effort) {
        webp(image, file, quality, effort, Chroma.HALVED);
    }

    public void webp(VipsImage image, Path file, int quality, int effort, Chroma chroma) {
        calls.save("webpsave", image, file, withoutMetadata().set("Q", quality).set("effort", effort)
                .set("smart_subsample", chroma == Chroma.KEPT));
        try {
            WebpMetadata.remove(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public void avif(VipsImage image, Path file, int quality, int effort) {
        avif(image, file, quality, effort, Chroma.HALVED);
    }

    public void avif(VipsImage image, Path file, int quality, int effort, Chroma chroma) {
        calls.save("heifsave", image, file, avifOptions(quality, effort, chroma));
    }

    /** With the AV1 stream's bit depth set (8, 10 or 12) rather than taken from the picture's format. */
    public void avif(VipsImage image, Path file, int quality, int effort, Chroma chroma, int bitDepth) {
        calls.save("heifsave", image, file, avifOptions(quality, effort, chroma).set("bitdepth", bitDepth));
    }

    /** With libaom's tuning named rather than left to libheif (heifsave's {@code tune}: libvips 8.18 and later). */
    public void avif(VipsImage image, Path file, int quality, int effort, Chroma chroma, AvifTune tune) {
        VipsOptions options = avifOptions(quality, effort, chroma);
        calls.save("heifsave", image, file, tune == AvifTune.AUTO ? options : options.set("tune", tune.parameter()));
    }

    private VipsOptions avifOptions(int quality, int effort, Chroma chroma) {
        return subsampled(withoutMetadata(), chroma)
                .set("Q", quality)
                .set("compression", HEIF_COMPRESSION_AV1)
                .set("effort", effort);
    }

    public void jpeg(VipsImage image, Path file, int quality) {
        jpeg(image, file, quality, Chroma.HALVED);
    }

    /** Progressive with optimised Huffman tables: a few percent smaller for the web. */
    public void jpeg(VipsImage image, Path file, int quality, Chroma chroma) {
        calls.save("jpegsave", image, file, subsampled(withoutMetadata(), chroma)
                .set("Q", quality)
                .set("optimize_coding", true)
                .set("interlace", true));
    }

    /**
     * Kept chroma is 4:4:4 ({@code subsample_mode} off); halved is left to the library, which
     * halves below quality 90 and keeps it from there.
     */
    private static VipsOptions subsampled(VipsOptions options, Chroma chroma) {
        return chroma == Chroma.KEPT ? options.set("subsample_mode", SUBSAMPLE_OFF) : options;
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
