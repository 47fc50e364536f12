package io.mediaopt.image;

import io.mediaopt.image.vips.Vips;
import io.mediaopt.image.vips.VipsImage;

import io.mediaopt.media.ImageSettings;
import io.mediaopt.media.Preset;
import io.mediaopt.media.Presets;
import io.mediaopt.media.Strategy;
import io.mediaopt.quality.Ssimulacra2;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Locale;

/**
 * The fixed setting's curve over quality and the search's point, each output judged twice: not a
 * test, a measurement to run by hand (bench/judged-sweep.sh runs it on the quality corpus). For
 * each file and the preset named, the picture as the preset fits it is encoded with the preset's
 * first format at qualities {@code from} to {@code to} by {@code step} ("fixed" rows) and by the
 * search the service runs ("auto" row), and each output is scored by SSIMULACRA 2 (this
 * project's) and by Debian's {@code butteraugli} (max distance; a judge that shares no code with
 * it), both against the fitted picture (decoded as the service decodes it, through its ICC
 * profile). CPU: for the fixed rows one decode, fit and encode at
 * that quality; for the auto row decode, fit, hold in memory and the whole search. Appends CSV
 * lines: file, preset, mode, quality, bytes, ssimulacra2, butteraugli, cpu seconds; files with
 * a search row in the CSV already are skipped, so a stopped run picks up where it stopped.
 * With {@code fixed-only} only the fixed rows are made (the curve, once), with {@code auto-only}
 * only the search's.
 * <pre>java ... io.mediaopt.image.JudgedSweep web 40 95 5 out.csv [auto-only|fixed-only] file...</pre>
 */
public final class JudgedSweep {
    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    static final String HEADER = "file,preset,mode,quality,bytes,ssimulacra2,butteraugli,cpu\n";

    private JudgedSweep() {}

    public static void main(String[] args) throws IOException, InterruptedException {
        Preset preset = Presets.standard().find(args[0]).orElseThrow();
        int from = Integer.parseInt(args[1]);
        int to = Integer.parseInt(args[2]);
        int step = Integer.parseInt(args[3]);
        Path csv = Path.of(args[4]);
        boolean autoOnly = args[5].equals("auto-only");
        boolean fixedOnly = args[5].equals("fixed-only");
        boolean cpuOnly = args[5].equals("cpu-only");
        List<String> files = List.of(args).subList(autoOnly || fixedOnly || cpuOnly ? 6 : 5, args.length);
        if (cpuOnly) {
            CpuSweep.run(Presets.standard().find(args[0]).orElseThrow(), csv, files);
            return;
        }
        if (!Files.exists(csv)) Files.writeString(csv, HEADER);
        // a file with its last row already written was done by an earlier run
        String last = "," + preset.name() + (fixedOnly ? ",fixed," + to + "," : ",auto,");
        List<String> done = Files.readAllLines(csv).stream().filter(l -> l.contains(last))
                .map(l -> l.substring(0, l.indexOf(','))).toList();
        Vips vips = Vips.open(TestVips.library(), 1);
        ImageSettings settings = preset.image();
        Strategy strategy = settings.strategies().getFirst();
        Path work = Files.createTempDirectory("judged-sweep");
        Path reference = work.resolve("reference.png");
        Path output = work.resolve("out." + strategy.output().extension());
        Path decoded = work.resolve("decoded.png");
        if (!fixedOnly && !files.isEmpty()) warmUp(vips, Path.of(files.getFirst()), settings, strategy, output);
        for (String name : files) {
            Path file = Path.of(name);
            if (done.contains(file.getFileName().toString())) continue;
            ImageHeader header = header(vips, file);
            new ImageScorer(vips).saveReference(file, settings, reference);
            StringBuilder lines = new StringBuilder();
            try (VipsImage opened = vips.open(reference); VipsImage picture = vips.copyMemory(opened)) {
                Ssimulacra2.Reference kept = new Ssimulacra2.Reference(vips.measure().srgbPixels(picture).linear());
                for (int q = autoOnly ? to + 1 : from; q <= to; q += step) {
                    long cpu = fixedPath(vips, file, header, settings, strategy, output, q);
                    lines.append(line(vips, file, preset, "fixed", q, output, kept, reference, decoded, cpu));
                }
                if (fixedOnly) {
                    Files.writeString(csv, lines, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
                    continue;
                }
                long start = OS.getProcessCpuTime();
                CheckedQuality.Found found;
                try (VipsImage fitted = fit(vips, file, header, settings);
                     VipsImage held = vips.copyMemory(fitted)) {
                    found = new CheckedQuality(vips, (image, to2, quality, chroma) -> ImageEncoder.save(vips,
                            strategy, image, to2, quality, chroma, 4, 4), () -> {}).find(held, strategy, settings.search(),
                            settings.fixedQuality(strategy), output);
                }
                long cpu = OS.getProcessCpuTime() - start;
                lines.append(line(vips, file, preset, "auto", found.quality(), output, kept, reference, decoded, cpu));
                Files.writeString(csv, lines, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
                System.err.println(file.getFileName() + " " + preset.name());
            } catch (IOException e) {
                // Debian's butteraugli reads no transparency: such a file is left out, and said so
                System.err.println(file.getFileName() + " left out: " + e.getMessage());
            }
        }
    }

    /**
     * Compiles the scoring code before anything is timed, as a service that has served a few
     * pictures has it: otherwise the first file's search pays the compiler.
     */
    private static void warmUp(Vips vips, Path file, ImageSettings settings, Strategy strategy, Path output) {
        try (VipsImage fitted = fit(vips, file, header(vips, file), settings);
             VipsImage held = vips.copyMemory(fitted)) {
            Ssimulacra2.Reference reference = new Ssimulacra2.Reference(vips.measure().srgbPixels(held).linear());
            ImageEncoder.save(vips, strategy, held, output, settings.fixedQuality(strategy), 4, 4);
            for (int i = 0; i < 5; i++) CheckedQuality.score(vips, reference, output);
        }
    }

    static ImageHeader header(Vips vips, Path file) {
        try (VipsImage header = vips.openHeader(file)) {
            return ImageHeader.read(header).orElseThrow();
        }
    }

    /** The picture decoded and fitted to the preset's width as the service does it (JPEG shrunk on load). */
    static VipsImage fit(Vips vips, Path file, ImageHeader header, ImageSettings settings) {
        return ImageEncoder.thumbnail(vips, file, header, false, settings.maxWidth(), Vips.MAX_COORD);
    }

    /** CPU of the fixed path: decode fitted to the preset's width, one encode. */
    private static long fixedPath(Vips vips, Path file, ImageHeader header, ImageSettings settings, Strategy strategy,
                                  Path output, int q) {
        long start = OS.getProcessCpuTime();
        try (VipsImage fitted = fit(vips, file, header, settings)) {
            ImageEncoder.save(vips, strategy, fitted, output, q, 4, 4);
        }
        return OS.getProcessCpuTime() - start;
    }

    private static String line(Vips vips, Path file, Preset preset, String mode, int quality, Path output,
                               Ssimulacra2.Reference kept, Path reference, Path decoded, long cpu)
            throws IOException, InterruptedException {
        double ssimulacra2;
        try (VipsImage image = vips.open(output)) {
            ssimulacra2 = Ssimulacra2.score(kept, vips.measure().srgbPixels(image).linear());
            vips.save().png(image, decoded);
        }
        return String.format(Locale.ROOT, "%s,%s,%s,%d,%d,%.3f,%.4f,%.4f%n", file.getFileName(), preset.name(), mode,
                quality, Files.size(output), ssimulacra2, Butteraugli.distance(reference, decoded), cpu / 1e9);
    }
}
