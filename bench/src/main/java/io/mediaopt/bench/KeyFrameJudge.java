package io.mediaopt.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The judges of the AV1 key frame bench: ffmpeg's SSIM (the service's judge of video, its "All"
 * figure) and PSNR (its "average" figure) per frame against the source scaled to the encode's
 * size by one command, their means over every frame and over the frames on and just before each
 * {@link #MARK_SEC} s mark, and the key frames the encode holds.
 */
final class KeyFrameJudge {
    static final int MARK_SEC = 4;
    private static final Duration TIMEOUT = Duration.ofMinutes(10);
    private static final Pattern SSIM = Pattern.compile("n:(\\d+) .*All:([0-9.]+)");
    private static final Pattern PSNR = Pattern.compile("n:(\\d+) .*psnr_avg:([0-9.]+|inf)");

    /** Means over every frame, and SSIM on the frames at the marks and on the frames just before them. */
    record Scores(double ssim, double psnr, double ssimAtMarks, double ssimBeforeMarks, List<Integer> keyFrames) {}

    private KeyFrameJudge() {}

    static Scores judge(Path source, Path encoded, int width, int height, int fps) {
        Path dir = encoded.toAbsolutePath().getParent();
        Path ssimLog = dir.resolve(encoded.getFileName() + ".ssim.log");
        Path psnrLog = dir.resolve(encoded.getFileName() + ".psnr.log");
        // frames paired by number: Matroska's millisecond times put a 30 or 24 fps source frame
        // after the encode's where the rounding goes up, and the judge would take the one before
        String graph = "[1:v]settb=1,setpts=N,scale=" + width + ":" + height + ":flags=bicubic,format=yuv420p,split[r1][r2];"
                + "[0:v]settb=1,setpts=N,format=yuv420p,split[d1][d2];"
                + "[d1][r1]ssim=stats_file=" + ssimLog + ";[d2][r2]psnr=stats_file=" + psnrLog;
        Command.of("ffmpeg", "-nostdin", "-hide_banner", "-nostats", "-i", encoded.toString(), "-i", source.toString(),
                "-lavfi", graph, "-an", "-f", "null", "-").run(dir, TIMEOUT);
        List<Double> ssim = perFrame(ssimLog, SSIM);
        List<Double> psnr = perFrame(psnrLog, PSNR);
        List<Double> at = new ArrayList<>();
        List<Double> before = new ArrayList<>();
        for (int mark = MARK_SEC * fps; mark < ssim.size(); mark += MARK_SEC * fps) {
            at.add(ssim.get(mark));
            before.add(ssim.get(mark - 1));
        }
        return new Scores(mean(ssim), mean(psnr), mean(at), mean(before), keyFrames(encoded));
    }

    /** The numbers of the encode's key frames, in display order. */
    static List<Integer> keyFrames(Path encoded) {
        String csv = Command.of("ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
                "frame=key_frame", "-of", "csv=p=0", encoded.toString()).run(encoded.getParent(), TIMEOUT).stdout();
        List<Integer> keys = new ArrayList<>();
        String[] lines = csv.strip().split("\n");
        for (int n = 0; n < lines.length; n++) {
            if (lines[n].strip().startsWith("1")) keys.add(n);
        }
        return keys;
    }

    private static List<Double> perFrame(Path log, Pattern pattern) {
        try {
            List<Double> values = new ArrayList<>();
            for (String line : Files.readAllLines(log)) {
                Matcher m = pattern.matcher(line);
                if (!m.find()) continue;
                // PSNR of an identical frame is infinite: held at 100 dB so the mean stays finite
                values.add(m.group(2).equals("inf") ? 100.0 : Double.parseDouble(m.group(2)));
            }
            if (values.isEmpty()) throw new IllegalStateException("no per-frame figures in " + log);
            return values;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static double mean(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }
}
