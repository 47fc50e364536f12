package io.mediaopt.video;

import io.mediaopt.Fixtures;
import io.mediaopt.media.MediaException;
import io.mediaopt.media.Presets;
import io.mediaopt.media.Strategy;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class FfprobeTest {
    @TempDir
    static Path dir;
    static Path mp4;
    static Path segment;

    @BeforeAll
    static void makeFixtures() throws Exception {
        mp4 = Fixtures.highBitrateMp4("clip.mp4", "320x240", 1, true);
        // next to the playlists that name it
        segment = Files.copy(Fixtures.video("segment.ts", "320x240", 25, 1, false, "-c:v", "mpeg2video", "-f", "mpegts"),
                dir.resolve("segment.ts"));
    }

    @Test
    void readsContainerStreamsAndDuration() {
        ProbeReport report = Videos.probe(mp4);
        assertThat(report.formatName()).contains("mp4");
        assertThat(report.duration().orElseThrow()).isCloseTo(1.0, within(0.1));
        ProbedStream video = report.video().orElseThrow();
        assertThat(video.codecName()).isEqualTo("h264");
        assertThat(video.width()).isEqualTo(320);
        assertThat(video.height()).isEqualTo(240);
        assertThat(report.audio().orElseThrow().codecName()).isEqualTo("aac");
    }

    @Test
    void readsTheRotationOfAPhoneVideo() throws Exception {
        Path rotated = dir.resolve("rotated.mp4");
        Videos.run(List.of("ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-i", mp4.toString(),
                "-c", "copy", "-metadata:s:v:0", "rotate=90", rotated.toString()));
        ProbedStream video = Videos.probe(rotated).video().orElseThrow();
        assertThat(video.rotation()).isIn(90, 270);
        assertThat(video.displayWidth()).isEqualTo(240);
        assertThat(video.displayHeight()).isEqualTo(320);
    }

    @Test
    void garbageIsUnreadableMediaWithAMessageThatNamesNoPath() throws Exception {
        byte[] noise = new byte[64 * 1024];
        new Random(7).nextBytes(noise);
        Path garbage = Files.write(dir.resolve("garbage.mp4"), noise);
        assertUnreadable(garbage);
    }

    @Test
    void aTruncatedFileIsUnreadableMedia() throws Exception {
        Path moovAtTheEnd = Fixtures.highBitrateMp4("truncate-me.mp4", "320x240", 1, false);
        byte[] bytes = Files.readAllBytes(moovAtTheEnd);
        Path truncated = Files.write(dir.resolve("truncated.mp4"), Arrays.copyOf(bytes, bytes.length / 2));
        assertUnreadable(truncated);
    }

    @Test
    void aConcatListIsRefusedAndTheFilesItNamesAreNotRead() throws Exception {
        Path toPasswd = Files.writeString(dir.resolve("passwd.ffconcat"), "ffconcat version 1.0\nfile /etc/passwd\n");
        Path toVideo = Files.writeString(dir.resolve("video.ffconcat"), "ffconcat version 1.0\nfile segment.ts\n");
        assertThat(unlockedProbe(toVideo)).as("without the lockdown the list would be followed").contains("concat");

        assertUnreadable(toPasswd);
        assertUnreadable(toVideo);
        assertEncodeRefused(toVideo);
    }

    @Test
    void anHlsPlaylistIsRefusedAndTheFilesItNamesAreNotRead() throws Exception {
        String head = "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXTINF:1.0,\n";
        Path toPasswd = Files.writeString(dir.resolve("passwd.m3u8"), head + "file:///etc/passwd\n#EXT-X-ENDLIST\n");
        Path toVideo = Files.writeString(dir.resolve("video.m3u8"), head + "segment.ts\n#EXT-X-ENDLIST\n");
        assertThat(unlockedProbe(toVideo)).as("without the lockdown the playlist would be followed").contains("hls");

        assertUnreadable(toPasswd);
        assertUnreadable(toVideo);
        assertEncodeRefused(toVideo);
    }

    @Test
    void healthCheckReportsBothVersions() {
        try (ProcessRunner runner = new ProcessRunner()) {
            ToolVersions versions = new VideoTools("ffmpeg", "ffprobe", runner).versions(Duration.ofSeconds(10));
            assertThat(versions.ffmpeg()).matches("\\d+\\.\\d+.*");
            assertThat(versions.ffprobe()).isEqualTo(versions.ffmpeg());
        }
    }

    @Test
    void missingBinariesFailTheHealthCheckAndTheProbe() {
        try (ProcessRunner runner = new ProcessRunner()) {
            VideoTools missing = new VideoTools("ffmpeg", "/nonexistent/ffprobe", runner);
            assertThatThrownBy(() -> missing.versions(Duration.ofSeconds(10)))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("/nonexistent/ffprobe");
            assertThatThrownBy(() -> new Ffprobe(missing, Duration.ofSeconds(10)).probe(mp4))
                    .isInstanceOf(UncheckedIOException.class);
        }
    }

    private static void assertUnreadable(Path file) {
        assertThatThrownBy(() -> Videos.probe(file))
                .isInstanceOfSatisfying(MediaException.class, e -> {
                    assertThat(e.code()).isEqualTo("unreadable-media");
                    assertThat(e.status()).isEqualTo(422);
                    assertThat(e.getMessage()).doesNotContain(dir.toString()).doesNotContain("ffprobe");
                });
    }

    private static void assertEncodeRefused(Path list) throws Exception {
        Path output = dir.resolve("followed.mp4");
        List<String> encode = FfmpegArguments.encode("ffmpeg", list, output, Strategy.VIDEO_MP4_H264,
                Presets.standard().find("web").orElseThrow().video(), 100_000_000L, 1);
        try (ProcessRunner runner = new ProcessRunner()) {
            ProcessResult result = runner.run(encode, Duration.ofSeconds(30));
            assertThat(result.succeeded()).isFalse();
            assertThat(result.stderrTail()).contains("not on whitelist");
        }
        assertThat(output).doesNotExist();
    }

    /** ffprobe with only the protocol list, to show the fixture really points at a readable file. */
    private static String unlockedProbe(Path list) throws Exception {
        return Videos.run(List.of("ffprobe", "-v", "error", "-protocol_whitelist", "file",
                "-show_entries", "format=format_name", "-of", "csv=p=0", "file:" + list)).stdout();
    }
}
