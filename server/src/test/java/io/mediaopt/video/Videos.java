package io.mediaopt.video;

import io.mediaopt.media.Limits;
import io.mediaopt.media.MediaFormat;
import io.mediaopt.media.Optimized;
import io.mediaopt.media.Presets;
import io.mediaopt.media.Sniffer;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the video tests ask of the tools around a video (the files themselves come from
 * {@link io.mediaopt.Fixtures}): the limits they run under, a command run to success, a probe,
 * a sniff, and the encoders still alive.
 */
final class Videos {
    static final Limits LIMITS = new Limits(125829120L, 100_000_000L, 1000, 1800,
            Duration.ofSeconds(15), Duration.ofSeconds(30), Duration.ofSeconds(240));

    private Videos() {}

    static ProcessResult run(List<String> command) throws IOException, InterruptedException {
        try (ProcessRunner runner = new ProcessRunner()) {
            ProcessResult result = runner.run(command, Duration.ofSeconds(60));
            assertThat(result.succeeded()).as("%s failed: %s", command, result.stderrTail()).isTrue();
            return result;
        }
    }

    /** {@code input} optimized under {@code preset} by an optimizer of its own, into {@code workDir}. */
    static Optimized optimize(Path input, String preset, Path workDir) throws IOException {
        try (ProcessRunner runner = new ProcessRunner()) {
            return new VideoOptimizer(new VideoTools("ffmpeg", "ffprobe", runner), LIMITS, 1)
                    .optimize(input, sniff(input), Presets.standard().find(preset).orElseThrow(), workDir);
        }
    }

    static ProbeReport probe(Path file) {
        try (ProcessRunner runner = new ProcessRunner()) {
            return new Ffprobe(new VideoTools("ffmpeg", "ffprobe", runner), Duration.ofSeconds(15)).probe(file);
        }
    }

    /** The highest sample of the first audio track, decoded, in dBFS (ffmpeg's astats). */
    static double audioPeakDb(Path file) throws IOException, InterruptedException {
        ProcessResult run = run(List.of("ffmpeg", "-nostdin", "-hide_banner", "-i", file.toString(), "-map", "0:a:0",
                "-af", "astats=measure_perchannel=none", "-f", "null", "-"));
        Matcher peak = Pattern.compile("Peak level dB: (-?[0-9.]+|-inf)").matcher(run.stderrTail());
        assertThat(peak.find()).as("astats in: %s", run.stderrTail()).isTrue();
        return peak.group(1).equals("-inf") ? Double.NEGATIVE_INFINITY : Double.parseDouble(peak.group(1));
    }

    static MediaFormat sniff(Path file) throws IOException {
        return new Sniffer().sniff(file).orElseThrow();
    }

    /** The ffmpeg and ffprobe processes this JVM started that are still alive. */
    static List<ProcessHandle> liveEncoders() {
        return ProcessHandle.current().descendants()
                .filter(ProcessHandle::isAlive)
                .filter(h -> h.info().command().map(c -> c.endsWith("/ffmpeg") || c.endsWith("/ffprobe")).orElse(false))
                .toList();
    }
}
