package io.mediaopt.image;

import io.mediaopt.image.vips.Vips;
import io.mediaopt.image.vips.VipsImage;
import io.mediaopt.media.ImageSettings;
import io.mediaopt.media.Preset;
import io.mediaopt.media.Presets;
import io.mediaopt.media.Strategy;
import io.mediaopt.quality.Ssimulacra2;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * What bench/quality-rule.py fits quality per file's rule on: for each file as the preset fits it,
 * its {@link PictureTraits} and its SSIMULACRA 2 at the preset's quality and {@link #ABOVE} above
 * it, in the colour the traits keep. Not a test: run by bench/quality-rule.sh on the training
 * files. Writes CSV lines: file, preset, target, darkShare, flatShare, fringeShare, then the
 * score at each quality.
 * <pre>java ... io.mediaopt.image.RuleTable web out.csv file...</pre>
 */
public final class RuleTable {
    /** Qualities above the preset's that are scored: the steps quality per file raises by. */
    static final int[] ABOVE = {0, 5, 10};

    private RuleTable() {}

    public static void main(String[] args) throws IOException {
        Preset preset = Presets.standard().find(args[0]).orElseThrow();
        ImageSettings settings = preset.image();
        Strategy strategy = settings.strategies().getFirst();
        int fixed = settings.fixedQuality(strategy);
        Vips vips = Vips.open(TestVips.library(), 1);
        Path output = Files.createTempDirectory("rule-table").resolve("out." + strategy.output().extension());
        StringBuilder lines = new StringBuilder("file,preset,target,darkShare,flatShare,fringeShare");
        for (int above : ABOVE) lines.append(",q").append(fixed + above);
        lines.append('\n');
        for (int i = 2; i < args.length; i++) {
            Path file = Path.of(args[i]);
            try (VipsImage fitted = JudgedSweep.fit(vips, file, JudgedSweep.header(vips, file), settings);
                 VipsImage held = vips.copyMemory(fitted)) {
                var pixels = vips.measure().srgbPixels(held);
                PictureTraits traits = PictureTraits.of(pixels);
                lines.append(String.format(Locale.ROOT, "%s,%s,%.1f,%.6f,%.6f,%.6f", file.getFileName(), preset.name(),
                        settings.search().targetScore(), traits.darkShare(), traits.flatShare(), traits.fringeShare()));
                Ssimulacra2.Reference reference = new Ssimulacra2.Reference(pixels.linear());
                for (int above : ABOVE) {
                    ImageEncoder.save(vips, strategy, held, output, fixed + above, traits.chroma(), 4, 4);
                    lines.append(String.format(Locale.ROOT, ",%.3f", CheckedQuality.score(vips, reference, output)));
                }
                lines.append('\n');
            }
        }
        Files.writeString(Path.of(args[1]), lines, StandardCharsets.UTF_8);
    }
}
