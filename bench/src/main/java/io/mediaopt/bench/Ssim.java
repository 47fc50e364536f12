package io.mediaopt.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * SSIM of an output against its input scaled to the output's size, with ffmpeg's ssim filter on
 * yuv420p (the figure ffmpeg prints as "All": luma weighted 4:1:1 against the two chroma planes).
 * Images are compared to the same libvips resize saved losslessly, so the figure measures only
 * what the encoder lost; animations compare every frame (libvips stacks them into one tall
 * picture); videos compare every frame against the input scaled by ffmpeg as the service does.
 */
final class Ssim {
    private static final Duration TIMEOUT = Duration.ofMinutes(10);
    private static final Pattern ALL = Pattern.compile("SSIM Y:([0-9.]+).* All:([0-9.]+)");

    private Ssim() {}

    /** {@code output} was made from {@code input} with the preset's {@code maxWidth}. */
    static double image(Path input, boolean animated, int maxWidth, Path output, Path scratch) {
        Path reference = scratch.resolve("ssim-reference.png");
        Path decoded = scratch.resolve("ssim-decoded.png");
        RawImageCommand.reference(input, animated, maxWidth, reference).run(scratch, TIMEOUT);
        Command.of("vips", "copy", output + (animated ? "[n=-1]" : ""), decoded + "[compression=1]").run(scratch, TIMEOUT);
        try {
            return compare(decoded, reference, "lanczos", scratch);
        } finally {
            MediaGenerator.delete(reference);
            MediaGenerator.delete(decoded);
        }
    }

    static double video(Path input, Path output, Path scratch) {
        return compare(output, input, "bicubic", scratch);
    }

    /** SSIM of {@code distorted} against {@code original} scaled to its size. */
    private static double compare(Path distorted, Path original, String scaler, Path scratch) {
        String graph = "[1:v][0:v]scale2ref=flags=" + scaler + "[ref][out];"
                + "[out]format=yuv420p[a];[ref]format=yuv420p[b];[a][b]ssim";
        Command.Result result = new Command(List.of("ffmpeg", "-nostdin", "-hide_banner", "-nostats",
                "-i", distorted.toString(), "-i", original.toString(),
                "-lavfi", graph, "-an", "-f", "null", "-")).run(scratch, TIMEOUT);
        return parse(result.stderr());
    }

    /** The "All" figure of ffmpeg's closing "SSIM Y:... U:... V:... All:..." line. */
    static double parse(String ffmpegLog) {
        Matcher m = ALL.matcher(ffmpegLog);
        double all = Double.NaN;
        while (m.find()) all = Double.parseDouble(m.group(2));
        if (Double.isNaN(all)) throw new IllegalStateException("ffmpeg printed no SSIM:\n" + ffmpegLog);
        return all;
    }
}
