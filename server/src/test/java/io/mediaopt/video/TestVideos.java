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
        String[] wh = size.split("x");
        // testsrc2 only draws even sizes; crop to odd ones so odd inputs can be tested
        String even = ((Integer.parseInt(wh[0]) + 1) / 2 * 2) + "x" + ((Integer.parseInt(wh[1]) + 1) / 2 * 2);
        List<String> command = new ArrayList<>(List.of("ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y",
                "-f", "lavfi", "-i", "testsrc2=size=" + even + ":rate=25:duration=" + seconds
                        + ",crop=" + wh[0] + ":" + wh[1] + ":0:0"));
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
