package io.mediaopt.renditions;

import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.media.Av1Settings;
import io.mediaopt.media.Presets;
import io.mediaopt.media.RenditionRole;
import io.mediaopt.media.VideoSettings;
import io.mediaopt.video.ChunkedVideo;
import io.mediaopt.video.ProcessRunner;
import io.mediaopt.video.VideoTools;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The HLS ladder in H.264 and AV1 with real ffmpeg: the master lists both families with the
 * codecs their init segments hold, ffprobe reads AV1 from the AV1 variants and H.264 from the
 * others; an AV1 judged worse than the H.264 on the top rung leaves the ladder with the reason.
 */
@Integration
class HlsLadderTest {
    private static final Pattern STREAM = Pattern.compile(
            "#EXT-X-STREAM-INF:BANDWIDTH=\\d+,AVERAGE-BANDWIDTH=\\d+,CODECS=\"([^\"]+)\",RESOLUTION=(\\d+)x(\\d+)\\n(\\S+)");
    private static final Pattern AV1 = Pattern.compile("av01\\.0\\.(\\d\\d)M\\.08, mp4a\\.40\\.2");
    private static final Pattern H264 = Pattern.compile("avc1\\.64([0-9a-f]{2})([0-9a-f]{2}), mp4a\\.40\\.2");
    private static ProcessRunner runner;
    private static HlsLadder ladder;
    private static Path clip;

    @BeforeAll
    static void start() {
        runner = new ProcessRunner();
        ladder = new HlsLadder(new VideoTools("ffmpeg", "ffprobe", runner), VideoSourcesTest.LIMITS, 2);
        clip = Fixtures.video("ladder.mp4", "960x540", 25, 9, true,
                "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac");
    }

    @AfterAll
    static void stop() {
        runner.close();
    }

    private static VideoSettings web() {
        return Presets.standard().find("web").orElseThrow().video();
    }

    /** The web preset with another AV1 setting. */
    private static VideoSettings withAv1(Av1Settings av1) {
        VideoSettings web = web();
        return new VideoSettings(web.maxWidth(), web.crf(), web.maxBitrateKbps(), web.audioBitrateKbps(),
                web.strategies(), web.quality(), av1);
    }

    @Test
    void theMasterListsAv1VariantsFirstThenH264EachWithTheCodecsItsSegmentsHold(@TempDir Path dir) throws Exception {
        // testsrc2's sharp synthetic edges need a lower CRF than camera footage for AV1 to match x264
        List<Made> made = ladder.make(clip, 960, 540, withAv1(new Av1Settings(10, 20, 3000)), 9.0, dir);

        assertThat(made.getFirst().rendition().role()).isEqualTo(RenditionRole.HLS_MASTER);
        assertThat(made.getFirst().rendition().av1Omitted()).isNull();
        assertThat(made).filteredOn(m -> m.rendition().role() == RenditionRole.HLS_PLAYLIST)
                .extracting(m -> m.rendition().name())
                .containsExactly("360p-av1.m3u8", "540p-av1.m3u8", "360p.m3u8", "540p.m3u8");
        assertThat(made).allSatisfy(m -> assertThat(m.file()).exists());
        Path hls = dir.resolve("hls");
        Matcher streams = STREAM.matcher(Files.readString(hls.resolve(HlsLadder.MASTER)));
        List<String> listed = new ArrayList<>();
        while (streams.find()) {
            String codecs = streams.group(1);
            Path playlist = hls.resolve(streams.group(4));
            listed.add(streams.group(4));
            assertThat(probe(playlist, "stream=width,height")).isEqualTo(streams.group(2) + "x" + streams.group(3));
            assertThat(Double.parseDouble(probe(playlist, "format=duration"))).isCloseTo(9.0, within(0.25));
            Matcher av1 = AV1.matcher(codecs);
            Matcher h264 = H264.matcher(codecs);
            if (streams.group(4).contains("-av1")) {
                assertThat(av1.matches()).as(codecs).isTrue();
                assertThat(probe(playlist, "stream=codec_name,profile")).isEqualTo("av1xMain");
                assertThat(Integer.parseInt(av1.group(1))).isEqualTo(Integer.parseInt(probe(playlist, "stream=level")));
            } else {
                assertThat(h264.matches()).as(codecs).isTrue();
                assertThat(probe(playlist, "stream=codec_name,profile")).isEqualTo("h264xHigh");
                assertThat(Integer.parseInt(h264.group(2), 16)).isEqualTo(Integer.parseInt(probe(playlist, "stream=level")));
            }
        }
        assertThat(listed).containsExactly("360p-av1.m3u8", "540p-av1.m3u8", "360p.m3u8", "540p.m3u8");
        // every AV1 segment but the last is cut at a forced key frame SEGMENT_SEC apart, as the H.264 ones are
        MediaPlaylist av1 = MediaPlaylist.parse(Files.readString(hls.resolve("540p-av1.m3u8")));
        MediaPlaylist h264 = MediaPlaylist.parse(Files.readString(hls.resolve("540p.m3u8")));
        assertThat(av1.segments()).hasSize(3);
        assertThat(av1.segments().getFirst().durationSec()).isCloseTo(HlsArguments.SEGMENT_SEC, within(0.001));
        assertThat(av1.segments()).extracting(MediaPlaylist.Segment::durationSec)
                .isEqualTo(h264.segments().stream().map(MediaPlaylist.Segment::durationSec).toList());
        assertThat(dir).isDirectoryNotContaining("glob:**hls-judge*");
    }

    @Test
    void anAv1WorseThanItsH264OnTheTopRungLeavesTheLadderWithTheReason(@TempDir Path dir) throws Exception {
        // the verdict is what is checked, not the segments: a 4-second clip gives it as the 9-second one does
        Path short540p = Fixtures.video("ladder-4s.mp4", "960x540", 25, 4, true,
                "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac");
        List<Made> made = ladder.make(short540p, 960, 540, withAv1(new Av1Settings(10, 63, 20)), 4.0, dir);

        assertThat(made.getFirst().rendition().av1Omitted())
                .startsWith("AV1 at CRF 63 on the 540p variant was worse than H.264")
                .contains("SSIM").contains("SSIMULACRA 2");
        assertThat(made).filteredOn(m -> m.rendition().role() == RenditionRole.HLS_PLAYLIST)
                .extracting(m -> m.rendition().name()).containsExactly("360p.m3u8", "540p.m3u8");
        assertThat(Files.readString(dir.resolve("hls").resolve(HlsLadder.MASTER))).doesNotContain("av01", "-av1");
        assertThat(dir.resolve("hls")).isDirectoryNotContaining("glob:**-av1*");
    }

    @Test
    void aServiceWithTheAv1LadderOffMakesTheH264LadderAloneAndSaysWhy(@TempDir Path dir) throws Exception {
        Path short540p = Fixtures.video("ladder-4s.mp4", "960x540", 25, 4, true,
                "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac");
        HlsLadder h264Only = new HlsLadder(new VideoTools("ffmpeg", "ffprobe", runner), VideoSourcesTest.LIMITS, 2,
                ChunkedVideo.off(), false);

        List<Made> made = h264Only.make(short540p, 960, 540, web(), 4.0, dir);

        assertThat(made.getFirst().rendition().av1Omitted()).isEqualTo(Av1Settings.LADDER_OFF);
        assertThat(made).filteredOn(m -> m.rendition().role() == RenditionRole.HLS_PLAYLIST)
                .extracting(m -> m.rendition().name()).containsExactly("360p.m3u8", "540p.m3u8");
        assertThat(Files.readString(dir.resolve("hls").resolve(HlsLadder.MASTER))).doesNotContain("av01", "-av1");
        assertThat(dir.resolve("hls")).isDirectoryNotContaining("glob:**-av1*");
        assertThat(dir).isDirectoryNotContaining("glob:**hls-judge*");
    }

    @Test
    void aPictureTooSmallForSvtAv1GetsItsH264LadderAndTheReason(@TempDir Path dir) throws Exception {
        Path tiny = Fixtures.video("tiny.mp4", "96x48", 25, 2, true,
                "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac");

        List<Made> made = ladder.make(tiny, 96, 48, web(), 2.0, dir);

        assertThat(made.getFirst().rendition().av1Omitted())
                .isEqualTo(Av1Settings.TOO_SMALL);
        assertThat(made).filteredOn(m -> m.rendition().role() == RenditionRole.HLS_PLAYLIST)
                .extracting(m -> m.rendition().name()).containsExactly("48p.m3u8");
    }

    private static String probe(Path playlist, String entries) throws Exception {
        Process p = new ProcessBuilder("ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", entries,
                "-of", "csv=p=0:s=x", playlist.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes()).strip();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return out.lines().findFirst().orElseThrow();
    }
}
