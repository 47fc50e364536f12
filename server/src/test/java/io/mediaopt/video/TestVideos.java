package io.mediaopt.video;

import io.mediaopt.media.Limits;
import io.mediaopt.media.Sniffed;
import io.mediaopt.media.Sniffer;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Generates the fixtures with ffmpeg's synthetic sources, so no media file is committed. They
 * are short and encoded loosely (high bitrate) so any preset makes them smaller.
 */
final class TestVideos {
    static final Limits LIMITS = new Limits(125829120L, 100_000_000L, 1000, 1800,
            Duration.ofSeconds(15), Duration.ofSeconds(30), Duration.ofSeconds(240));

    private TestVideos() {}

    /** A test pattern of {@code size} (WxH) lasting {@code seconds}, optionally with a sine tone. */
    static Path make(Path dir, String name, String size, double seconds, boolean audio, String... encoding)
            throws IOException, InterruptedException {
        Path file = dir.resolve(name);
        int width = Integer.parseInt(size.split("x")[0]);
        int height = Integer.parseInt(size.split("x")[1]);
        String source = "testsrc2=size=" + size + ":rate=25:duration=" + seconds;
        if (width % 2 != 0 || height % 2 != 0) {
            // testsrc2 draws even sizes only, and 4:2:0 cannot be cropped to odd ones: crop in 4:4:4
            source = "testsrc2=size=" + (width + 1) + "x" + (height + 1) + ":rate=25:duration=" + seconds
                    + ",format=yuv444p,crop=" + width + ":" + height + ":0:0";
        }
        List<String> command = new ArrayList<>(List.of("ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y",
                "-f", "lavfi", "-i", source));
        if (audio) {
            command.addAll(List.of("-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=" + seconds));
        }
        command.addAll(List.of(encoding));
        command.add(file.toString());
        run(command);
        return file;
    }

    /** H.264 at a very low CRF: a large MP4, like a camera's. */
    static Path highBitrateMp4(Path dir, String name, String size, double seconds, boolean audio)
            throws IOException, InterruptedException {
        return make(dir, name, size, seconds, audio,
                "-c:v", "libx264", "-preset", "ultrafast", "-crf", "10", "-pix_fmt", "yuv420p",
                "-c:a", "aac", "-b:a", "192k");
    }

    static ProcessResult run(List<String> command) throws IOException, InterruptedException {
        try (ProcessRunner runner = new ProcessRunner()) {
            ProcessResult result = runner.run(command, Duration.ofSeconds(60));
            assertThat(result.succeeded()).as("%s failed: %s", command, result.stderrTail()).isTrue();
            return result;
        }
    }

    static ProbeReport probe(Path file) {
        try (ProcessRunner runner = new ProcessRunner()) {
            return new Ffprobe(new VideoTools("ffmpeg", "ffprobe", runner), Duration.ofSeconds(15)).probe(file);
        }
    }

    static Sniffed sniff(Path file) throws IOException {
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
