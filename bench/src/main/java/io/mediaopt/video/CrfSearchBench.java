package io.mediaopt.video;

import io.mediaopt.media.Optimized;
import io.mediaopt.media.Preset;
import io.mediaopt.media.Presets;
import io.mediaopt.media.VideoSettings;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The figures of docs/quality.md, "CRF per video": every .mp4 in the directory named by
 * {@code -Dcrf.bench.dir}, optimized with the presets named by {@code -Dcrf.bench.presets}
 * (default web) with SERVICE_VIDEO_QUALITY fixed and auto: bytes, wall time, CRF and the whole
 * output's SSIM against the source scaled to the output's size; with {@code -Dcrf.bench.samples}
 * also the worst sample's SSIM at each rung, to set the targets by; {@code -Dcrf.bench.rounds}
 * pairs of runs per clip (default 1), for clips whose encode is short enough for the machine's
 * drift to move the ratio. Not a test, a measurement to run by hand:
 * <pre>java -Dcrf.bench.dir=DIR ... io.mediaopt.video.CrfSearchBench</pre>
 */
public final class CrfSearchBench {
    private static final Pattern ALL = Pattern.compile("All:([0-9.]+)");

    private final Path workDir;

    private CrfSearchBench(Path workDir) {
        this.workDir = workDir;
    }

    public static void main(String[] args) throws Exception {
        String dir = System.getProperty("crf.bench.dir");
        if (dir == null) {
            System.err.println("-Dcrf.bench.dir names the clips");
            System.exit(2);
        }
        new CrfSearchBench(Files.createTempDirectory("crf-bench")).fixedAgainstAuto(Path.of(dir));
    }

    private void fixedAgainstAuto(Path dir) throws Exception {
        List<Path> clips;
        try (Stream<Path> files = Files.list(dir)) {
            clips = files.filter(f -> f.toString().endsWith(".mp4")).sorted().toList();
        }
        try (ProcessRunner runner = new ProcessRunner()) {
            VideoTools tools = new VideoTools("ffmpeg", "ffprobe", runner);
            VideoOptimizer fixed = new VideoOptimizer(tools, Videos.LIMITS, 1, VideoQualityMode.FIXED);
            VideoOptimizer auto = new VideoOptimizer(tools, Videos.LIMITS, 1, VideoQualityMode.AUTO);
            System.out.println("| clip | preset | fixed: CRF, bytes, SSIM, s | auto: CRF, bytes, SSIM, s | bytes | time |");
            for (String name : System.getProperty("crf.bench.presets", "web").split(",")) {
                Preset preset = Presets.standard().find(name).orElseThrow();
                for (Path clip : clips) {
                    if (System.getProperty("crf.bench.samples") != null) samples(tools, clip, preset);
                    for (int round = 0; round < Integer.getInteger("crf.bench.rounds", 1); round++) {
                        Run f = run(fixed, clip, preset);
                        Run a = run(auto, clip, preset);
                        System.out.printf(Locale.ROOT, "| %s | %s | %d, %d, %.4f, %.1f | %d, %d, %.4f, %.1f | %+.1f %% | %.2f× |%n",
                                clip.getFileName(), name, f.crf, f.bytes, f.ssim, f.seconds, a.crf, a.bytes, a.ssim,
                                a.seconds, 100.0 * (a.bytes - f.bytes) / f.bytes, a.seconds / f.seconds);
                    }
                }
            }
        }
    }

    private void samples(VideoTools tools, Path clip, Preset preset) throws Exception {
        VideoSettings settings = preset.video();
        double duration = Videos.probe(clip).duration().orElseThrow();
        CrfSearch search = new CrfSearch(tools, Videos.LIMITS.maxInputPixels());
        Path reference = workDir.resolve("crf-reference.mkv");
        Videos.run(FfmpegArguments.sampleReference("ffmpeg", clip, reference, settings.strategies().getFirst(),
                settings, Videos.LIMITS.maxInputPixels(), 2, SourcePicture.UNPROBED, CrfSearch.starts(duration),
                CrfSearch.SAMPLE_FRAMES));
        StringBuilder line = new StringBuilder(clip.getFileName() + " " + preset.name() + " samples:");
        for (int crf = settings.quality().minCrf(); crf <= settings.quality().maxCrf(); crf += CrfSearch.STEP) {
            double worst = search.worstSample(reference, settings.strategies().getFirst(), settings.withCrf(crf),
                    SourcePicture.UNPROBED, System.nanoTime() + 600_000_000_000L)
                    .orElse(Double.NaN);
            line.append(String.format(Locale.ROOT, " %d:%.4f", crf, worst));
        }
        System.out.println(line);
    }

    private record Run(int crf, long bytes, double ssim, double seconds) {}

    private Run run(VideoOptimizer optimizer, Path clip, Preset preset) throws Exception {
        Path out = Files.createTempDirectory(workDir, "run");
        long began = System.nanoTime();
        Optimized result = optimizer.optimize(clip, Videos.sniff(clip), preset, out);
        double seconds = (System.nanoTime() - began) / 1e9;
        ProcessResult ssim = Videos.run(List.of("ffmpeg", "-nostdin", "-hide_banner", "-i", result.output().toString(),
                "-i", clip.toString(), "-filter_complex", "[1:v]scale=" + result.outputWidth() + ":"
                        + result.outputHeight() + ",format=yuv420p[ref];[0:v]format=yuv420p[out];[out][ref]ssim",
                "-f", "null", "-"));
        Matcher m = ALL.matcher(ssim.stderrTail());
        double value = Double.NaN;
        while (m.find()) value = Double.parseDouble(m.group(1));
        Run run = new Run(result.crf() == null ? -1 : result.crf(), Files.size(result.output()), value, seconds);
        Files.delete(result.output());
        return run;
    }
}
