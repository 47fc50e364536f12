package io.mediaopt.imageurl;

import io.mediaopt.image.Butteraugli;
import io.mediaopt.image.PictureTraits;
import io.mediaopt.image.TestVips;
import io.mediaopt.image.vips.AvifTune;
import io.mediaopt.image.vips.Chroma;
import io.mediaopt.image.vips.Vips;
import io.mediaopt.image.vips.VipsImage;
import io.mediaopt.quality.Ssimulacra2;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * WebP, AVIF and JPEG over quality for images by URL, each output judged twice: not a test, a
 * measurement to run by hand (bench/image-url-qualities.sh runs it on the quality corpus and
 * reads the curves). Each file is shrunk to each width as a {@code /img/.../w:N} render does it,
 * with transparency laid on white (Debian's butteraugli reads none), held in memory and encoded
 * by the renderer's own savers at every quality asked; each output is scored by SSIMULACRA 2
 * (this project's) and by Debian's {@code butteraugli} (max distance, a judge that shares no code
 * with it) against the shrunk picture. Appends CSV lines: file, width, format, quality, bytes,
 * ssimulacra2, butteraugli; a file with rows in the CSV already is skipped, so a stopped run picks
 * up where it stopped.
 * {@code avif-effort=N}, {@code avif-chroma=kept}, {@code avif-bitdepth=10} and {@code avif-tune=ssim}
 * encode AVIF with that effort, 4:4:4 chroma, a 10-bit stream or libaom tuning (not with a bit depth)
 * instead of the renderer's settings, to compare them;
 * {@code avif-chroma=auto} keeps each picture's colour where quality per file keeps JPEG's
 * ({@link PictureTraits#chroma()}: 4:4:4 where halved colour would fringe, 4:2:0 elsewhere).
 * {@code avifenc=OPTIONS} encodes AVIF with Debian's avifenc ({@link Avifenc}) from the shrunk PNG
 * instead, and times the renderer's AVIF at the same qualities as rows of format {@code heifsave}
 * (bytes and encode_ms only, scores NaN) for an encode-CPU anchor from the same run.
 * <pre>java ... FormatQualitySweep out.csv 640,1280 webp=50,75,80 avif=30,40 jpeg=80,84 [avif-effort=6] file...</pre>
 */
public final class FormatQualitySweep {
    static final String HEADER = "file,width,format,quality,bytes,ssimulacra2,butteraugli,encode_ms\n";

    private FormatQualitySweep() {}

    public static void main(String[] args) throws IOException, InterruptedException {
        Path csv = Path.of(args[0]);
        int[] widths = numbers(args[1]);
        List<String> formats = new ArrayList<>();
        List<int[]> qualities = new ArrayList<>();
        int next = 2;
        Integer avifEffort = null;
        Chroma avifChroma = Chroma.HALVED;
        boolean chromaPerPicture = false;
        Integer avifBitDepth = null;
        AvifTune avifTune = null;
        Avifenc avifenc = null;
        while (next < args.length && args[next].contains("=")) {
            String[] pair = args[next++].split("=", 2);
            switch (pair[0]) {
                case "avif-effort" -> avifEffort = Integer.parseInt(pair[1]);
                case "avif-chroma" -> {
                    chromaPerPicture = pair[1].equals("auto");
                    if (!chromaPerPicture) avifChroma = Chroma.valueOf(pair[1].toUpperCase(Locale.ROOT));
                }
                case "avif-bitdepth" -> avifBitDepth = Integer.parseInt(pair[1]);
                case "avif-tune" -> avifTune = AvifTune.valueOf(pair[1].toUpperCase(Locale.ROOT));
                case "avifenc" -> avifenc = Avifenc.of(pair[1]);
                default -> {
                    formats.add(pair[0]);
                    qualities.add(numbers(pair[1]));
                }
            }
        }
        if (avifEffort == null && (avifChroma != Chroma.HALVED || chromaPerPicture || avifBitDepth != null
                || avifTune != null)) {
            avifEffort = 4;
        }
        if (!Files.exists(csv)) Files.writeString(csv, HEADER);
        Set<String> done = new HashSet<>();
        for (String line : Files.readAllLines(csv)) done.add(line.substring(0, line.indexOf(',')));
        Vips vips = Vips.open(TestVips.library(), 1);
        Renderer renderer = new Renderer(vips, Long.MAX_VALUE);
        Path work = Files.createTempDirectory("format-qualities");
        Path reference = work.resolve("reference.png");
        Path decoded = work.resolve("decoded.png");
        for (String name : List.of(args).subList(next, args.length)) {
            Path file = Path.of(name);
            if (done.contains(file.getFileName().toString())) continue;
            StringBuilder lines = new StringBuilder();
            Set<Integer> rendered = new HashSet<>();
            for (int width : widths) {
                try (VipsImage shrunk = vips.thumbnailBox(file, width, Vips.MAX_COORD, Vips.BoxSize.DOWN, false);
                     VipsImage flat = shrunk.hasAlpha() ? vips.flatten(shrunk, 255) : vips.copyMemory(shrunk);
                     VipsImage held = vips.copyMemory(flat)) {
                    if (!rendered.add(held.width())) continue;
                    vips.save().png(held, reference);
                    Ssimulacra2.Reference kept = new Ssimulacra2.Reference(vips.measure().srgbPixels(held).linear());
                    if (chromaPerPicture) {
                        PictureTraits traits = PictureTraits.of(vips, held);
                        avifChroma = traits.chroma();
                        System.err.printf(Locale.ROOT, "%s %d: %s, fringe share %.5f%n", file.getFileName(),
                                held.width(), avifChroma, traits.fringeShare());
                    }
                    for (int f = 0; f < formats.size(); f++) {
                        UrlFormat format = UrlFormat.valueOf(formats.get(f).toUpperCase(Locale.ROOT));
                        for (int q : qualities.get(f)) {
                            // a name of its own: libvips keeps files it opened, and a rewritten one reads wrong
                            Path output = work.resolve(held.width() + "-" + q + "." + formats.get(f));
                            long cpu = processCpuNanos();
                            if (format == UrlFormat.AVIF && avifenc != null) {
                                long avifencMs = Math.round(avifenc.encode(reference, q, output) * 1000);
                                lines.append(heifsaveAnchor(renderer, held, file, q, work)).append('\n');
                                lines.append(line(vips, file, held.width(), format, q, output, kept, reference, decoded))
                                        .append(',').append(avifencMs).append('\n');
                                Files.delete(output);
                                continue;
                            }
                            if (format == UrlFormat.AVIF && avifTune != null) {
                                vips.save().avif(held, output, q, avifEffort, avifChroma, avifTune);
                            } else if (format == UrlFormat.AVIF && avifBitDepth != null) {
                                vips.save().avif(held, output, q, avifEffort, avifChroma, avifBitDepth);
                            } else if (format == UrlFormat.AVIF && avifEffort != null) {
                                vips.save().avif(held, output, q, avifEffort, avifChroma);
                            } else {
                                renderer.save(held, format, q, output);
                            }
                            long encodeMs = (processCpuNanos() - cpu) / 1_000_000;
                            lines.append(line(vips, file, held.width(), format, q, output, kept, reference, decoded))
                                    .append(',').append(encodeMs).append('\n');
                            Files.delete(output);
                        }
                    }
                }
            }
            Files.writeString(csv, lines, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
            System.err.println(file.getFileName());
        }
    }

    /** The renderer's AVIF of the same picture and quality, timed and not judged. */
    private static String heifsaveAnchor(Renderer renderer, VipsImage held, Path file, int quality, Path work)
            throws IOException {
        Path output = work.resolve(held.width() + "-" + quality + "-heifsave.avif");
        long cpu = processCpuNanos();
        renderer.save(held, UrlFormat.AVIF, quality, output);
        long encodeMs = (processCpuNanos() - cpu) / 1_000_000;
        String row = String.format(Locale.ROOT, "%s,%d,heifsave,%d,%d,NaN,NaN,%d", file.getFileName(), held.width(),
                quality, Files.size(output), encodeMs);
        Files.delete(output);
        return row;
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private static int[] numbers(String list) {
        return Arrays.stream(list.split(",")).mapToInt(Integer::parseInt).toArray();
    }

    private static String line(Vips vips, Path file, int width, UrlFormat format, int quality, Path output,
                               Ssimulacra2.Reference kept, Path reference, Path decoded)
            throws IOException, InterruptedException {
        double ssimulacra2;
        try (VipsImage opened = vips.open(output); VipsImage image = vips.copyMemory(opened)) {
            ssimulacra2 = Ssimulacra2.score(kept, vips.measure().srgbPixels(image).linear());
            vips.save().png(image, decoded);
        }
        return String.format(Locale.ROOT, "%s,%d,%s,%d,%d,%.3f,%.4f", file.getFileName(), width,
                format.wireName(), quality, Files.size(output), ssimulacra2, Butteraugli.distance(reference, decoded));
    }
}
