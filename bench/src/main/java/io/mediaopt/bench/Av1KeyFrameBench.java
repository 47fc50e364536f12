package io.mediaopt.bench;

import io.mediaopt.media.Av1Settings;
import io.mediaopt.media.Presets;
import io.mediaopt.video.FfmpegArguments;
import io.mediaopt.video.RungCodec;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * The HLS ladder's AV1 rungs with their key frames where SVT-AV1 puts them by itself (every
 * {@link RungCodec#KEY_FRAME_SEC} s and a frame) against forced IDR frames on the whole video's
 * {@link RungCodec#KEY_FRAME_SEC} s marks ({@link RungCodec#av1}), each rung encoded in one piece
 * at several CRFs around web's: bytes, ffmpeg's SSIM (the service's judge of video), PSNR and
 * SSIMULACRA 2 on every {@link #SSIMULACRA2_EVERY}th frame, CPU of ffmpeg; then per clip and
 * rung, the forced key frames' bytes at the quality SVT-AV1's own interval reaches, read off its
 * curve in log bytes, by each judge. Every encode runs alone at {@code nice -n 10}.
 * Run by bench/av1-keyframes.sh.
 */
public final class Av1KeyFrameBench {
    private static final Duration TIMEOUT = Duration.ofMinutes(10);
    private static final int THREADS = 2;
    /** Not a divisor of a mark's frame count at 10 or 24 fps, so frames on and off the marks are both sampled. */
    static final int SSIMULACRA2_EVERY = 17;
    /** The HLS ladder's standard caps by rung, kb/s (renditions/HlsRung), each also held under the preset's AV1 cap. */
    private static final int[][] RUNG_CAPS = {{360, 900}, {540, 2000}, {720, 3500}, {1080, 6000}};

    /** How an AV1 rung's key frames are placed. */
    enum KeyFrames {
        /** Before e90c524: SVT-AV1's own interval, {@code keyint=4s}. */
        OWN_INTERVAL("own 4 s interval"),
        /** Since e90c524: forced IDR frames on the whole video's 4 s marks. */
        FORCED_ON_MARKS("forced on 4 s marks");

        final String label;

        KeyFrames(String label) {
            this.label = label;
        }

        List<String> codec(Av1Settings av1, int crf, int capKbps) {
            if (this == FORCED_ON_MARKS) return RungCodec.av1(av1.svtPreset(), crf, capKbps, THREADS);
            List<String> video = new ArrayList<>(FfmpegArguments.svtAv1(av1.svtPreset(), crf, capKbps,
                    "keyint=" + RungCodec.KEY_FRAME_SEC + "s"));
            video.addAll(List.of("-threads", Integer.toString(THREADS)));
            return video;
        }
    }

    record Measure(KeyFrameClip clip, int rung, KeyFrames keyFrames, int crf, long bytes,
                   KeyFrameJudge.Scores scores, double ssimulacra2, double cpuSec) {}

    private Av1KeyFrameBench() {}

    /** Arguments: the video corpus, the picture corpus, the output directory, and optionally CRFs ({@code 34,38,42}). */
    public static void main(String[] args) throws IOException {
        Path out = Files.createDirectories(Path.of(args[2]));
        Av1Settings av1 = Presets.standard().find("web").orElseThrow().video().av1();
        List<Integer> crfs = args.length > 3 ? Arrays.stream(args[3].split(",")).map(Integer::valueOf).toList()
                : List.of(av1.crf() - 4, av1.crf(), av1.crf() + 4);
        List<Measure> all = new ArrayList<>();
        Table perEncode = new Table("AV1 rungs per encode (web's SVT-AV1 preset " + av1.svtPreset() + ")",
                "clip", "rung", "key frames", "CRF", "bytes", "SSIM", "PSNR", "SSIMULACRA 2",
                "SSIM on marks", "SSIM before marks", "key frame numbers", "CPU s");
        for (KeyFrameClip clip : KeyFrameClip.all(Path.of(args[0]), Path.of(args[1]), out)) {
            for (int rung : clip.rungs()) {
                for (int crf : crfs) {
                    for (KeyFrames keyFrames : KeyFrames.values()) {
                        Measure m = encode(clip, rung, keyFrames, crf, av1, out);
                        all.add(m);
                        KeyFrameJudge.Scores s = m.scores();
                        perEncode.row(clip.name(), rung + "p", keyFrames.label, crf, m.bytes(), decimals(s.ssim(), 4), decimals(s.psnr(), 2),
                                decimals(m.ssimulacra2(), 2), decimals(s.ssimAtMarks(), 4), decimals(s.ssimBeforeMarks(), 4),
                                s.keyFrames().toString().replace(" ", ""), decimals(m.cpuSec(), 1));
                        System.out.println(perEncode.render().lines().reduce((a, b) -> b).orElse(""));
                    }
                }
            }
        }
        String report = perEncode.render() + "\n" + equalQuality(all).render();
        System.out.println(report);
        Files.writeString(out.resolve("av1-keyframes-report.md"), report);
    }

    private static Measure encode(KeyFrameClip clip, int rung, KeyFrames keyFrames, int crf, Av1Settings av1, Path out) {
        int cap = capOf(rung, av1);
        Path file = out.resolve(clip.name() + "-" + rung + "p-" + keyFrames.name().toLowerCase(Locale.ROOT) + "-crf" + crf + ".mp4");
        Path times = out.resolve(file.getFileName() + ".time");
        List<String> command = new ArrayList<>(List.of("/usr/bin/time", "-f", "%U %S", "-o", times.toString(),
                "nice", "-n", "10", "ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y",
                "-i", clip.source().toString(), "-an", "-vf", "scale=-2:" + rung));
        command.addAll(keyFrames.codec(av1, crf, cap));
        command.add(file.toString());
        // an encode already made (with its time) is judged again, not made again
        if (!Files.exists(times) || !Files.exists(file)) new Command(command).run(out, TIMEOUT);
        try {
            String[] t = Files.readAllLines(times).getLast().strip().split(" ");
            int[] size = Av1Bench.frameSize(file);
            return new Measure(clip, rung, keyFrames, crf, Files.size(file),
                    KeyFrameJudge.judge(clip.source(), file, size[0], size[1], clip.fps()),
                    FrameScores.ssimulacra2(clip.source(), file, size[0], size[1], SSIMULACRA2_EVERY),
                    Double.parseDouble(t[0]) + Double.parseDouble(t[1]));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Per clip and rung, forced key frames' bytes over the own interval's at equal quality, by each judge; then the medians. */
    private static Table equalQuality(List<Measure> all) {
        Table table = new Table("Forced key frames' bytes at the own interval's quality (median over the CRFs within its range)",
                "clip", "rung", "by SSIM", "by PSNR", "by SSIMULACRA 2", "bytes at equal CRF", "CPU");
        List<List<Double>> columns = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>(),
                new ArrayList<>());
        all.stream().map(m -> m.clip().name() + " " + m.rung()).distinct().forEach(key -> {
            List<Measure> own = all.stream().filter(m -> key.equals(m.clip().name() + " " + m.rung())
                    && m.keyFrames() == KeyFrames.OWN_INTERVAL).toList();
            List<Measure> forced = all.stream().filter(m -> key.equals(m.clip().name() + " " + m.rung())
                    && m.keyFrames() == KeyFrames.FORCED_ON_MARKS).toList();
            double[] row = {
                EqualQuality.medianRatio(curve(own, m -> m.scores().ssim()), curve(forced, m -> m.scores().ssim())),
                EqualQuality.medianRatio(curve(own, m -> m.scores().psnr()), curve(forced, m -> m.scores().psnr())),
                EqualQuality.medianRatio(curve(own, Measure::ssimulacra2), curve(forced, Measure::ssimulacra2)),
                sum(forced, m -> (double) m.bytes()) / sum(own, m -> (double) m.bytes()),
                sum(forced, Measure::cpuSec) / sum(own, Measure::cpuSec)};
            for (int i = 0; i < row.length; i++) columns.get(i).add(row[i]);
            String[] name = key.split(" ");
            table.row(name[0], name[1] + "p", pct(row[0]), pct(row[1]), pct(row[2]), pct(row[3]), decimals(row[4], 2) + "×");
        });
        double[] medians = columns.stream().mapToDouble(c -> {
            double[] values = c.stream().filter(v -> !v.isNaN()).mapToDouble(Double::doubleValue).sorted().toArray();
            return values.length == 0 ? Double.NaN : Stats.median(values);
        }).toArray();
        table.row("**median**", "", pct(medians[0]), pct(medians[1]), pct(medians[2]), pct(medians[3]), decimals(medians[4], 2) + "×");
        return table.note("Bytes of the forced key frames against the own interval's at the same score, read off the own "
                + "interval's curve (linear in log bytes); −: the forced key frames are smaller; —: no reading (a judge "
                + "whose score does not rise with the bytes, or no score within the curve's). CPU: user + sys of ffmpeg, "
                + "forced over own, all CRFs.");
    }

    private static List<EqualQuality.Point> curve(List<Measure> measures, ToDoubleFunction<Measure> score) {
        return measures.stream().map(m -> new EqualQuality.Point((double) m.bytes(), score.applyAsDouble(m))).toList();
    }

    private static double sum(List<Measure> measures, ToDoubleFunction<Measure> value) {
        return measures.stream().mapToDouble(value).sum();
    }

    static int capOf(int rung, Av1Settings av1) {
        for (int[] rc : RUNG_CAPS) {
            if (rc[0] == rung) return Math.min(rc[1], av1.maxBitrateKbps());
        }
        throw new IllegalArgumentException("Expected a rung of the HLS ladder but received " + rung + "p");
    }

    private static String pct(double ratio) {
        return Double.isNaN(ratio) ? "—" : String.format(Locale.ROOT, "%+.1f %%", (ratio - 1) * 100).replace('-', '−');
    }

    private static String decimals(double v, int places) {
        return String.format(Locale.ROOT, "%." + places + "f", v);
    }
}
