package io.mediaopt.imageurl;

import io.mediaopt.bench.ProcFs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Debian's {@code avifenc} (libavif on libaom), to compare with the renderer's libvips heifsave:
 * libaom's own options ({@code -a enable-qm=1}, {@code -a deltaq-mode=3}, ...) reach it, where
 * heifsave passes none. One worker thread, no metadata, the picture's colour profile left out as
 * the renderer leaves it out.
 *
 * @param options avifenc's options after the quantizers, e.g. {@code -s 5 -y 420 -a enable-qm=1}
 */
record Avifenc(List<String> options) {
    /** The options as one string, split at spaces. */
    static Avifenc of(String options) {
        return new Avifenc(Arrays.stream(options.strip().split("\\s+")).filter(o -> !o.isEmpty()).toList());
    }

    /**
     * libheif's mapping of a 0-100 quality to libaom's 0-63 quantizer, so that the sweep's quality
     * axis means about the same for both encoders.
     */
    static int quantizer(int quality) {
        return ((100 - quality) * 63 + 50) / 100;
    }

    /** Encodes the PNG at that quality, both quantizers set to it; returns avifenc's CPU seconds. */
    double encode(Path png, int quality, Path output) throws IOException, InterruptedException {
        String q = Integer.toString(quantizer(quality));
        List<String> command = new ArrayList<>(List.of("avifenc", "-j", "1", "--ignore-icc", "--ignore-exif",
                "--ignore-xmp", "--min", q, "--max", q));
        command.addAll(options);
        command.addAll(List.of(png.toString(), output.toString()));
        long self = ProcessHandle.current().pid();
        ProcFs.CpuTimes before = ProcFs.cpu(self);
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (process.waitFor() != 0) throw new IOException("avifenc failed: " + command + "\n" + out);
        return ProcFs.cpu(self).minus(before).childrenSeconds();
    }
}
