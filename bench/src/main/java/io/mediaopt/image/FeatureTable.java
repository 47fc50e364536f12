package io.mediaopt.image;

import io.mediaopt.image.vips.SrgbPixels;
import io.mediaopt.image.vips.Vips;
import io.mediaopt.image.vips.VipsImage;
import io.mediaopt.media.ImageSettings;
import io.mediaopt.media.Presets;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The {@link PictureFeatures} of each file as a preset fits it: not a test, a measurement that
 * bench/judged-headroom.sh reads beside the judged sweeps. Writes CSV lines: file, features...
 * <pre>java ... io.mediaopt.image.FeatureTable web out.csv file...</pre>
 */
public final class FeatureTable {
    private FeatureTable() {}

    public static void main(String[] args) throws IOException {
        ImageSettings settings = Presets.standard().find(args[0]).orElseThrow().image();
        Vips vips = Vips.open(TestVips.library(), 1);
        StringBuilder lines = new StringBuilder("file," + String.join(",", PictureFeatures.NAMES) + "\n");
        for (int i = 2; i < args.length; i++) {
            Path file = Path.of(args[i]);
            try (VipsImage fitted = JudgedSweep.fit(vips, file, JudgedSweep.header(vips, file), settings);
                 VipsImage held = vips.copyMemory(fitted)) {
                SrgbPixels pixels = vips.measure().srgbPixels(held);
                lines.append(file.getFileName());
                for (double v : PictureFeatures.of(pixels, PictureTraits.of(pixels)).values()) {
                    lines.append(String.format(Locale.ROOT, ",%.6f", v));
                }
                lines.append('\n');
            }
        }
        Files.writeString(Path.of(args[1]), lines, StandardCharsets.UTF_8);
    }
}
