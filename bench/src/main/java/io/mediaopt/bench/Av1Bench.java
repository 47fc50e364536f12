package io.mediaopt.bench;

import io.mediaopt.media.Av1Settings;
import io.mediaopt.media.Presets;
import io.mediaopt.media.Strategy;
import io.mediaopt.media.VideoSettings;
import io.mediaopt.video.FfmpegArguments;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * AV1 (SVT-AV1 in MP4) against the presets' H.264 on {@link Av1Clips}: bytes, SSIM against the
 * source (ffmpeg), SSIMULACRA 2 on sampled frames ({@link FrameScores}) and CPU (user + sys of
 * ffmpeg), with the exact command lines the service runs ({@link FfmpegArguments#encode}); then
 * per preset and AV1 setting, the median size against H.264, on how many clips each judge finds
 * AV1 as good or better, and the CPU ratio; then one 1080p AV1 encode's peak memory. Every
 * encode runs at {@code nice -n 10}. Run by bench/av1.sh; a third argument such as
 * {@code 10:50,10:56} sweeps those SVT-AV1 presets and CRFs instead, without the 1080p encode, and
 * {@code mobile@10:48} measures a point at one preset's own width and cap against its H.264 alone.
 */
public final class Av1Bench {
    private static final Duration TIMEOUT = Duration.ofMinutes(10);
    private static final long MAX_PIXELS = 40_000_000L;
    private static final int PROCESSORS = 2;
    private static final List<String> PRESETS = List.of("web", "mobile");
    /** The sweep: SVT-AV1 preset and CRF, encoded once a clip and set beside each preset's H.264. */
    private static final List<Point> DEFAULT_POINTS = List.of(
            new Point(null, 10, 32), new Point(null, 10, 38), new Point(null, 10, 44), new Point(null, 8, 38));
    /** The sweep's bitrate cap, kb/s: above what 720p needed at any point measured, so it measures the CRF. */
    private static final int SWEEP_CAP_KBPS = 3000;

    record Measure(long bytes, double ssim, double ssimulacra2, double cpuSec, long peakKb) {}

    /**
     * An SVT-AV1 preset and CRF; with a {@code preset}, encoded at that preset's width, audio and
     * AV1 cap and set beside its H.264 only; without, at web's width under {@link #SWEEP_CAP_KBPS}
     * and set beside web's and mobile's H.264.
     */
    record Point(String preset, int svtPreset, int crf) {
        VideoSettings applyTo(VideoSettings video) {
            return new Av1Settings(svtPreset, crf, video.av1().maxBitrateKbps()).applyTo(video);
        }

        String label() {
            return "P" + svtPreset + " CRF " + crf;
        }

        @Override
        public String toString() {
            return preset == null ? label() : preset + " " + label();
        }
    }

    private Av1Bench() {}

    public static void main(String[] args) throws IOException {
        Path corpus = Path.of(args[0]);
        Path out = Files.createDirectories(Path.of(args[1]));
        Presets presets = Presets.standard();
        List<Point> points = args.length > 2 ? points(args[2]) : DEFAULT_POINTS;
        Table perClip = new Table("AV1 and H.264 per clip (1280x720, " + Av1Clips.SECONDS + " s, 24 fps)",
                "clip", "encode", "bytes", "SSIM", "SSIMULACRA 2", "CPU s");
        // preset -> AV1 point (or "h264") -> one measure per clip
        Map<String, Map<String, List<Measure>>> results = new LinkedHashMap<>();
        for (Av1Clips clip : Av1Clips.ALL) {
            Path source = clip.make(corpus, out);
            VideoSettings web = presets.find("web").orElseThrow().video();
            Map<Point, Measure> av1 = new LinkedHashMap<>();
            for (Point point : points) {
                VideoSettings settings = point.preset() == null
                        ? new Av1Settings(point.svtPreset(), point.crf(), SWEEP_CAP_KBPS).applyTo(web)
                        : point.applyTo(presets.find(point.preset()).orElseThrow().video());
                Path file = out.resolve(clip.name() + "-av1-" + (point.preset() == null ? "" : point.preset() + "-")
                        + "p" + point.svtPreset() + "-crf" + point.crf() + ".mp4");
                Measure m = measure(source, file, Strategy.VIDEO_MP4_AV1, settings);
                av1.put(point, m);
                perClip.row(clip.name(), "AV1 " + point, m.bytes(), f3(m.ssim()), f1(m.ssimulacra2()), f1(m.cpuSec()));
            }
            for (String name : presetsOf(points)) {
                VideoSettings video = presets.find(name).orElseThrow().video().withStrategies(List.of(Strategy.VIDEO_MP4_H264));
                Map<String, List<Measure>> byEncode = results.computeIfAbsent(name, _ -> new LinkedHashMap<>());
                Measure h264 = measure(source, out.resolve(clip.name() + "-" + name + "-h264.mp4"), Strategy.VIDEO_MP4_H264, video);
                byEncode.computeIfAbsent("h264", _ -> new ArrayList<>()).add(h264);
                perClip.row(clip.name(), name + " H.264 CRF " + video.crf(), h264.bytes(), f3(h264.ssim()),
                        f1(h264.ssimulacra2()), f1(h264.cpuSec()));
                av1.forEach((point, m) -> {
                    if (point.preset() == null || point.preset().equals(name)) {
                        byEncode.computeIfAbsent(point.label(), _ -> new ArrayList<>()).add(m);
                    }
                });
            }
            System.out.println("measured " + clip.name());
        }
        StringBuilder report = new StringBuilder(perClip.render()).append('\n').append(summary(results).render());
        if (args.length <= 2) report.append('\n').append(memory(corpus, out, presets).render());
        System.out.println(report);
        Files.writeString(out.resolve("av1-report.md"), report);
    }

    /** The presets whose H.264 the points are set beside: each point's own, or web and mobile for a shared point. */
    private static List<String> presetsOf(List<Point> points) {
        if (points.stream().anyMatch(p -> p.preset() == null)) return PRESETS;
        return points.stream().map(Point::preset).distinct().toList();
    }

    /** Per preset and AV1 point: median bytes against H.264, clips where each judge finds AV1 as good, CPU ratio. */
    private static Table summary(Map<String, Map<String, List<Measure>>> results) {
        Table table = new Table("AV1 against the preset's H.264 (" + Av1Clips.ALL.size() + " clips)",
                "preset", "AV1", "median bytes vs H.264", "SSIM ≥ H.264", "SSIMULACRA 2 ≥ H.264", "CPU vs H.264");
        results.forEach((preset, byEncode) -> {
            List<Measure> h264 = byEncode.get("h264");
            byEncode.forEach((label, measures) -> {
                if (label.equals("h264")) return;
                List<Double> ratios = new ArrayList<>();
                int ssimAsGood = 0;
                int s2AsGood = 0;
                double cpu = 0;
                double h264Cpu = 0;
                for (int i = 0; i < measures.size(); i++) {
                    Measure a = measures.get(i);
                    Measure h = h264.get(i);
                    ratios.add((double) a.bytes() / h.bytes());
                    if (a.ssim() >= h.ssim()) ssimAsGood++;
                    if (a.ssimulacra2() >= h.ssimulacra2()) s2AsGood++;
                    cpu += a.cpuSec();
                    h264Cpu += h.cpuSec();
                }
                table.row(preset, label, f2(Stats.of(ratios).median()), ssimAsGood + "/" + measures.size(),
                        s2AsGood + "/" + measures.size(), f2(cpu / h264Cpu));
            });
        });
        return table.note("SSIM: ffmpeg's ssim filter against the source, every frame. SSIMULACRA 2: mean over every "
                + FrameScores.EVERY + "th frame. CPU: user + sys of ffmpeg.");
    }

    /** One 1080p encode of each codec at the web preset's settings: peak resident memory and CPU. */
    private static Table memory(Path corpus, Path out, Presets presets) {
        Path source = Av1Clips.FULL_HD.make(corpus, out);
        VideoSettings web = presets.find("web").orElseThrow().video();
        Measure h264 = measure(source, out.resolve("memory-h264.mp4"), Strategy.VIDEO_MP4_H264, web);
        Measure av1 = measure(source, out.resolve("memory-av1.mp4"), Strategy.VIDEO_MP4_AV1, web.asAv1());
        return new Table("One 1920x1080 " + Av1Clips.SECONDS + " s encode at the web preset (" + Av1Clips.FULL_HD.name() + ")",
                "encode", "bytes", "SSIM", "SSIMULACRA 2", "CPU s", "peak RSS MB")
                .row("H.264 CRF " + web.crf(), h264.bytes(), f3(h264.ssim()), f1(h264.ssimulacra2()), f1(h264.cpuSec()), h264.peakKb() / 1024)
                .row("AV1 P" + web.av1().svtPreset() + " CRF " + web.av1().crf(), av1.bytes(), f3(av1.ssim()),
                        f1(av1.ssimulacra2()), f1(av1.cpuSec()), av1.peakKb() / 1024);
    }

    private static Measure measure(Path source, Path output, Strategy strategy, VideoSettings settings) {
        Path times = output.resolveSibling(output.getFileName() + ".time");
        List<String> command = new ArrayList<>(List.of("/usr/bin/time", "-f", "%U %S %M", "-o", times.toString(),
                "nice", "-n", "10"));
        command.addAll(FfmpegArguments.encode("ffmpeg", source, output, strategy, settings, MAX_PIXELS, PROCESSORS));
        new Command(command).run(output.getParent(), TIMEOUT);
        try {
            String[] t = Files.readAllLines(times).getLast().strip().split(" ");
            int[] size = frameSize(output);
            return new Measure(Files.size(output), Ssim.video(source, output, output.getParent()),
                    FrameScores.ssimulacra2(source, output, size[0], size[1]),
                    Double.parseDouble(t[0]) + Double.parseDouble(t[1]), Long.parseLong(t[2]));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code 10:50,10:56}: SVT-AV1 preset and CRF pairs; {@code mobile@10:48}: one for that preset alone. */
    private static List<Point> points(String list) {
        List<Point> points = new ArrayList<>();
        for (String item : list.split(",")) {
            String[] at = item.split("@");
            String[] parts = at[at.length - 1].split(":");
            points.add(new Point(at.length > 1 ? at[0] : null, Integer.parseInt(parts[0]), Integer.parseInt(parts[1])));
        }
        return points;
    }

    static int[] frameSize(Path video) {
        String[] wh = Command.of("ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
                "stream=width,height", "-of", "csv=p=0", video.toString()).run(video.getParent(), TIMEOUT).stdout().strip().split(",");
        return new int[] {Integer.parseInt(wh[0]), Integer.parseInt(wh[1])};
    }

    private static String f1(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    private static String f2(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }

    private static String f3(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }
}
