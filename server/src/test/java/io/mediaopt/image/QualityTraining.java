package io.mediaopt.image;

import io.mediaopt.image.vips.Vips;
import io.mediaopt.image.vips.VipsImage;
import io.mediaopt.image.vips.SrgbPixels;

import io.mediaopt.media.ImageQuality;
import io.mediaopt.media.ImageSettings;
import io.mediaopt.media.Preset;
import io.mediaopt.media.Presets;
import io.mediaopt.media.Strategy;
import io.mediaopt.quality.Ssimulacra2;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The data {@link QualityModel} is fitted on: not a test, a measurement run by
 * bench/quality-model.sh. For each file and each standard preset, the picture as the preset fits
 * it, its {@link PictureFeatures}, and the SSIMULACRA 2 score of the preset's first format at
 * every {@code step}-th quality within its bounds. Writes CSV lines: file, preset, format,
 * features..., quality, score.
 * <pre>java ... io.mediaopt.image.QualityTraining 10 out.csv file...</pre>
 */
public final class QualityTraining {
    private QualityTraining() {}

    public static void main(String[] args) throws IOException {
        int step = Integer.parseInt(args[0]);
        Path csv = Path.of(args[1]);
        List<String> files = List.of(args).subList(2, args.length);
        Files.writeString(csv, "file,preset,format," + String.join(",", PictureFeatures.NAMES) + ",quality,score\n");
        Vips vips = Vips.open(Optional.ofNullable(System.getenv("SERVICE_LIBVIPS_PATH")).map(Path::of), 1);
        Path work = Files.createTempDirectory("quality-training");
        for (String name : files) {
            Path file = Path.of(name);
            boolean profile;
            try (VipsImage header = vips.openHeader(file)) {
                profile = ImageHeader.read(header).orElseThrow().hasIccProfile();
            }
            StringBuilder lines = new StringBuilder();
            for (Preset preset : Presets.standard().all()) {
                ImageSettings settings = preset.image();
                Strategy strategy = settings.strategies().getFirst();
                ImageQuality.Bounds bounds = settings.search().bounds(strategy);
                Path output = work.resolve("out." + strategy.output().extension());
                try (VipsImage fitted = vips.thumbnail(file, false, settings.maxWidth(), Vips.MAX_COORD, profile);
                     VipsImage held = vips.copyMemory(fitted)) {
                    SrgbPixels pixels = vips.measure().srgbPixels(held);
                    PictureFeatures features = PictureFeatures.of(pixels, PictureTraits.of(pixels));
                    StringBuilder prefix = new StringBuilder(file.getFileName() + "," + preset.name() + ","
                            + strategy.output().extension());
                    for (double v : features.values()) prefix.append(String.format(Locale.ROOT, ",%.6f", v));
                    Ssimulacra2.Reference reference = new Ssimulacra2.Reference(pixels.linear());
                    for (int q = bounds.min(); q <= bounds.max(); q += step) {
                        ImageEncoder.save(vips, strategy, held, output, q, 4, 4);
                        double score;
                        try (VipsImage decoded = vips.open(output)) {
                            score = Ssimulacra2.score(reference, vips.measure().srgbPixels(decoded).linear());
                        }
                        lines.append(prefix).append(String.format(Locale.ROOT, ",%d,%.3f%n", q, score));
                    }
                }
            }
            Files.writeString(csv, lines, StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);
            System.err.println(file.getFileName());
        }
    }
}
