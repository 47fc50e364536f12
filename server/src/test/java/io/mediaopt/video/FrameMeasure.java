package io.mediaopt.video;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a viewer sees of a video, measured with ffmpeg: a frame's mean luma and saturation
 * (signalstats, 8-bit scale, as a player that reads the pixels as they are would show them),
 * and SSIM and PSNR against a reference rendering.
 */
public final class FrameMeasure {
    private static final Pattern STAT = Pattern.compile("lavfi\\.signalstats\\.(YAVG|SATAVG)=([0-9.]+)");
    private static final Pattern SSIM = Pattern.compile("SSIM .*All:([0-9.]+)");
    private static final Pattern PSNR = Pattern.compile("PSNR .*average:([0-9.inf]+)");

    private FrameMeasure() {}

    /** Mean luma and saturation of one frame, both on the 0–255 scale. */
    public record Stats(double meanLuma, double saturation) {
        @Override
        public String toString() {
            return String.format(Locale.ROOT, "luma %.1f, saturation %.1f", meanLuma, saturation);
        }
    }

    public record Similarity(double ssim, double psnr) {}

    /** The frame at {@code seconds}, converted to 8 bits the way a player without HDR support reads it. */
    public static Stats frameStats(Path video, double seconds) throws IOException, InterruptedException {
        String log = ffmpeg(List.of("-ss", String.valueOf(seconds), "-i", video.toString(),
                "-vf", "format=yuv444p,signalstats,metadata=print:file=-", "-frames:v", "1", "-f", "null", "-"));
        double luma = Double.NaN;
        double saturation = Double.NaN;
        Matcher m = STAT.matcher(log);
        while (m.find()) {
            if (m.group(1).equals("YAVG")) luma = Double.parseDouble(m.group(2));
            else saturation = Double.parseDouble(m.group(2));
        }
        if (Double.isNaN(luma) || Double.isNaN(saturation)) throw new IllegalStateException("no signalstats in: " + log);
        return new Stats(luma, saturation);
    }

    /** SSIM and PSNR (luma and chroma together) of every frame of {@code video} against {@code reference}. */
    public static Similarity compare(Path video, Path reference) throws IOException, InterruptedException {
        String log = ffmpeg(List.of("-i", video.toString(), "-i", reference.toString(), "-lavfi",
                "[0:v]format=yuv420p[a];[1:v]format=yuv420p[b];[a][b]ssim;[0:v]format=yuv420p[c];[1:v]format=yuv420p[d];[c][d]psnr",
                "-f", "null", "-"));
        Matcher ssim = SSIM.matcher(log);
        Matcher psnr = PSNR.matcher(log);
        if (!ssim.find() || !psnr.find()) throw new IllegalStateException("no SSIM/PSNR in: " + log);
        String db = psnr.group(1);
        return new Similarity(Double.parseDouble(ssim.group(1)), db.equals("inf") ? 100 : Double.parseDouble(db));
    }

    /**
     * The mean RGB colour (0–255) of an area of the first frame, as a player decodes it (tags
     * for range and matrix honoured, rotation applied); the area is given in fractions of the
     * frame: {@code left, top, width, height}. {@code alpha} reads VP8/VP9 alpha and returns it
     * as a fourth value.
     */
    public static double[] meanRgb(Path video, double left, double top, double width, double height, boolean alpha)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error"));
        if (alpha) command.addAll(List.of("-c:v", "libvpx-vp9"));
        command.addAll(List.of("-i", video.toString(), "-vf", String.format(Locale.ROOT,
                "crop=iw*%f:ih*%f:iw*%f:ih*%f,scale=1:1:flags=area,format=%s", width, height, left, top,
                alpha ? "rgba" : "rgb24"), "-frames:v", "1", "-f", "rawvideo", "-"));
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        byte[] pixel = process.getInputStream().readAllBytes();
        if (process.waitFor() != 0 || pixel.length < (alpha ? 4 : 3)) throw new IOException("ffmpeg failed: " + command);
        double[] values = new double[alpha ? 4 : 3];
        for (int i = 0; i < values.length; i++) values[i] = pixel[i] & 0xFF;
        return values;
    }

    /** ffmpeg's log (info level: stats and filters print there). */
    static String ffmpeg(List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "info"));
        command.addAll(args);
        ProcessResult run = Videos.run(command);
        return run.stdout() + "\n" + run.stderrTail();
    }
}
