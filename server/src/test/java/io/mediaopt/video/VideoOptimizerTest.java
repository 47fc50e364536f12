package io.mediaopt.video;

import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.media.Optimized;
import io.mediaopt.media.OutputOptions;
import io.mediaopt.media.Preset;
import io.mediaopt.media.Presets;
import io.mediaopt.media.QueueDeadline;
import io.mediaopt.media.Strategy;
import io.mediaopt.media.VideoSettings;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** Each preset and each accepted container, encoded by the real ffmpeg and checked with ffprobe. */
@Integration
class VideoOptimizerTest {
    @TempDir
    static Path fixtures;
    @TempDir
    Path workDir;

    static ProcessRunner runner;
    static VideoOptimizer optimizer;
    static Path mp4;

    @BeforeAll
    static void start() throws Exception {
        runner = new ProcessRunner();
        optimizer = new VideoOptimizer(new VideoTools("ffmpeg", "ffprobe", runner), Videos.LIMITS, 1);
        mp4 = Fixtures.video("camera.mp4", "1280x720", 25, 2, true,
                "-c:v", "libx264", "-preset", "ultrafast", "-crf", "10", "-pix_fmt", "yuv420p",
                "-c:a", "aac", "-b:a", "192k",
                "-metadata", "title=Secret title", "-metadata", "location=+48.8577+002.2950/");
    }

    @AfterAll
    static void stop() {
        runner.close();
    }

    static Preset preset(String name) {
        return Presets.standard().find(name).orElseThrow();
    }

    /** One web encode of the 720p clip, its progress reports and its output checked together. */
    @Test
    void webMakesAFastStartH264AacMp4WithoutTheInputsMetadataReportingProgressUpToNinetyNine() throws Exception {
        List<Integer> reported = new CopyOnWriteArrayList<>();
        Optimized result = optimizer.optimize(mp4, Videos.sniff(mp4), preset("web"), workDir, reported::add,
                QueueDeadline.NONE);

        assertThat(reported).isNotEmpty().allSatisfy(p -> assertThat(p).isBetween(0, 99));
        assertThat(Collections.max(reported)).as("ffmpeg's last report covers the whole clip")
                .isGreaterThanOrEqualTo(90);

        assertThat(result.strategy()).isEqualTo(Strategy.VIDEO_MP4_H264);
        assertThat(result.contentType()).isEqualTo("video/mp4");
        assertThat(result.extension()).isEqualTo("mp4");
        assertThat(result.output().getParent()).isEqualTo(workDir);
        ProbeReport out = checkKept(mp4, result, 1280, 720, true);
        assertThat(out.formatName()).contains("mp4");
        assertThat(out.video().orElseThrow().codecName()).isEqualTo("h264");
        assertThat(out.audio().orElseThrow().codecName()).isEqualTo("aac");

        assertThat(Files.readString(mp4, StandardCharsets.ISO_8859_1)).as("the input carries them").contains("Secret title");
        String head = new String(Files.readAllBytes(result.output()), StandardCharsets.ISO_8859_1);
        assertThat(head.indexOf("moov")).as("index before media").isLessThan(head.indexOf("mdat"));
        assertThat(head).doesNotContain("Secret title").doesNotContain("+48.8577");
    }

    @Test
    void mobileKeepsA720pInputAtItsWidth() throws Exception {
        Optimized result = optimize(mp4, preset("mobile"));
        assertThat(result.strategy()).isEqualTo(Strategy.VIDEO_MP4_H264);
        checkKept(mp4, result, 1280, 720, true);
    }

    @Test
    void lowBandwidthMakesASmallerVp9OpusWebm() throws Exception {
        Optimized result = optimize(mp4, preset("low-bandwidth"));

        assertThat(result.strategy()).isEqualTo(Strategy.VIDEO_WEBM_VP9);
        assertThat(result.contentType()).isEqualTo("video/webm");
        assertThat(result.extension()).isEqualTo("webm");
        ProbeReport out = checkKept(mp4, result, 854, 480, true);
        assertThat(out.formatName()).contains("webm");
        assertThat(out.video().orElseThrow().codecName()).isEqualTo("vp9");
        assertThat(out.audio().orElseThrow().codecName()).isEqualTo("opus");
    }

    @Test
    void aVideoWithoutAudioStaysSilent() throws Exception {
        Path silent = Fixtures.highBitrateMp4("silent.mp4", "640x360", 2, false);
        Optimized result = optimize(silent, preset("web"));
        checkKept(silent, result, 640, 360, false);
    }

    @Test
    void anOddSizeBecomesEvenAndNarrowerThanAnOddMaximum() throws Exception {
        Path odd = Fixtures.video("odd.mkv", "641x361", 25, 2, false,
                "-c:v", "libx264", "-preset", "ultrafast", "-crf", "10", "-pix_fmt", "yuv444p");

        Optimized web = optimize(odd, preset("web"));
        assertThat(web.inputWidth()).isEqualTo(641);
        checkKept(odd, web, 640, 360, false);

        VideoSettings narrow = new VideoSettings(333, 23, 1000, 96, List.of(Strategy.VIDEO_MP4_H264));
        Optimized small = optimize(odd, new Preset("narrow", "odd maximum", null, narrow));
        assertThat(small.outputWidth()).isEqualTo(332);
        assertThat(small.outputHeight() % 2).isZero();
        assertThat(Videos.probe(small.output()).video().orElseThrow().pixelFormat()).isEqualTo("yuv420p");
    }

    @Test
    void aPhoneVideoIsTurnedUpright() throws Exception {
        Path landscape = Fixtures.highBitrateMp4("landscape.mp4", "640x360", 2, true);
        Path portrait = fixtures.resolve("portrait.mp4");
        Videos.run(List.of("ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-i", landscape.toString(),
                "-c", "copy", "-metadata:s:v:0", "rotate=90", portrait.toString()));

        Optimized result = optimize(portrait, preset("web"));
        assertThat(result.inputWidth()).isEqualTo(360);
        ProbeReport out = checkKept(portrait, result, 360, 640, true);
        ProbedStream video = out.video().orElseThrow();
        assertThat(video.rotation()).isZero();
        assertThat(video.width()).isEqualTo(360);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "clip.mov  | -c:v mpeg4 -q:v 1 -c:a aac -b:a 192k -f mov",
            "clip.webm | -c:v libvpx -deadline realtime -cpu-used 8 -b:v 6M -c:a libopus -f webm",
            "clip.avi  | -c:v mpeg4 -q:v 1 -c:a pcm_s16le -f avi",
            "clip.ts   | -c:v mpeg2video -q:v 1 -c:a mp2 -f mpegts",
            "clip.3gp  | -c:v mpeg4 -q:v 1 -c:a aac -ar 48000 -f 3gp",
            "clip.ogv  | -c:v libtheora -q:v 10 -c:a libvorbis -f ogg",
            "clip.mkv  | -c:v mjpeg -q:v 2 -c:a flac -f matroska"})
    void everyAcceptedContainerBecomesAWebMp4(String name, String encoding) throws Exception {
        Path input = Fixtures.video(name, "640x360", 25, 1.5, true, encoding.split(" "));
        assertThat(Videos.sniff(input).kind().wireName()).isEqualTo("video");

        Optimized result = optimize(input, preset("web"));

        assertThat(result.strategy()).isEqualTo(Strategy.VIDEO_MP4_H264);
        checkKept(input, result, 640, 360, true);
    }

    @Test
    void av1WhenAPresetListsIt() throws Exception {
        Path input = Fixtures.highBitrateMp4("for-av1.mp4", "640x360", 1, true);
        VideoSettings av1 = new VideoSettings(480, 40, 500, 64, List.of(Strategy.VIDEO_WEBM_AV1));

        Optimized result = optimize(input, new Preset("av1", "AV1", null, av1));

        assertThat(result.strategy()).isEqualTo(Strategy.VIDEO_WEBM_AV1);
        assertThat(result.contentType()).isEqualTo("video/webm");
        ProbeReport out = checkKept(input, result, 480, 270, true);
        assertThat(out.video().orElseThrow().codecName()).isEqualTo("av1");
        assertThat(out.audio().orElseThrow().codecName()).isEqualTo("opus");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"web", "low-bandwidth"})
    void theLengthOfASilentClipIsReadFromTheOutput(String preset) throws Exception {
        // 120 frames at 30 fps, no audio: ffmpeg's last out_time said 3.900 s (H.264), 3.968 s (VP9)
        Path clip = Fixtures.video("silent-4s.mp4", "640x360", 30, 4, false,
                "-c:v", "libx264", "-preset", "ultrafast", "-crf", "10", "-pix_fmt", "yuv420p");
        Optimized result = optimize(clip, preset(preset));
        assertThat(result.outputDurationSec()).isCloseTo(4.0, within(0.002));
        assertThat(Videos.probe(result.output()).duration().orElseThrow()).isEqualTo(result.outputDurationSec());

        // one frame of 1/30 s: its out_time was 0.000065 s
        Path frame = Fixtures.video("one-frame.mp4", "640x360", 30, 1.0 / 30, false,
                "-c:v", "libx264", "-preset", "ultrafast", "-crf", "10", "-pix_fmt", "yuv420p");
        Optimized single = optimize(frame, preset(preset));
        assertThat(single.outputDurationSec()).isCloseTo(1.0 / 30, within(0.002));
        assertThat(single.outputWidth()).isEqualTo(Videos.probe(single.output()).video().orElseThrow().displayWidth());
    }

    @Test
    void aWidthOfTwoIsKeptAndReportedAsTheFileIs() throws Exception {
        Path silent = Fixtures.highBitrateMp4("silent.mp4", "640x360", 2, false);
        VideoSettings narrowest = preset("web").video().withMaxWidth(VideoSettings.MIN_WIDTH);
        Optimized result = optimize(silent, new Preset("narrowest", "2 px", null, narrowest));
        checkKept(silent, result, 2, 2, false);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"web", "low-bandwidth"})
    void aLoudSurroundTrackIsDownmixedWithoutClipping(String preset) throws Exception {
        // a 440 Hz sine in phase on all six channels, peaking at -4 dBFS
        String channel = "0.63*sin(440*2*PI*t)";
        Path surround = fixtures.resolve("loud-5.1.mov");
        if (!Files.exists(surround)) {
            Fixtures.ffmpeg("-f", "lavfi", "-i", "testsrc2=s=320x240:r=25:d=2", "-f", "lavfi", "-i",
                    "aevalsrc=" + String.join("|", Collections.nCopies(6, channel)) + ":c=5.1:s=48000:d=2",
                    "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "pcm_s16le", surround.toString());
        }
        assertThat(Videos.audioPeakDb(surround)).isCloseTo(-4.0, within(0.1));

        Optimized result = optimize(surround, preset(preset));

        assertThat(Videos.probe(result.output()).audio().orElseThrow().codecName()).isIn("aac", "opus");
        // summed unscaled (FL + 0.707 FC + 0.707 BL) the same track peaked at +4.1 dBFS
        assertThat(Videos.audioPeakDb(result.output())).as("peak, dBFS").isLessThanOrEqualTo(0.0);
    }

    @Test
    void formatAv1IsAv1AndAacInAFastStartMp4OfTheSameLength() throws Exception {
        Path input = Fixtures.highBitrateMp4("for-av1-mp4.mp4", "640x360", 2, true);

        Optimized result = optimize(input, OutputOptions.parse(null, "av1", null).applyTo(preset("web")));

        assertThat(result.strategy()).isEqualTo(Strategy.VIDEO_MP4_AV1);
        assertThat(result.contentType()).isEqualTo("video/mp4");
        ProbeReport out = checkKept(input, result, 640, 360, true);
        assertThat(out.video().orElseThrow().codecName()).isEqualTo("av1");
        assertThat(out.audio().orElseThrow().codecName()).isEqualTo("aac");
        String head = new String(Files.readAllBytes(result.output()), StandardCharsets.ISO_8859_1);
        assertThat(head.indexOf("moov")).as("fast start: the index before the media").isLessThan(head.indexOf("mdat"));
    }

    private Optimized optimize(Path input, Preset preset) throws Exception {
        return optimizer.optimize(input, Videos.sniff(input), preset, workDir);
    }

    /** Size, duration, audio and the reported measurements agree with ffprobe's view of the output. */
    static ProbeReport checkKept(Path input, Optimized result, int width, int height, boolean audio) throws Exception {
        ProbeReport in = Videos.probe(input);
        ProbeReport out = Videos.probe(result.output());
        ProbedStream video = out.video().orElseThrow();
        assertThat(video.displayWidth()).isEqualTo(width).isEqualTo(result.outputWidth());
        assertThat(video.displayHeight()).isEqualTo(height).isEqualTo(result.outputHeight());
        assertThat(width % 2).isZero();
        assertThat(height % 2).isZero();
        assertThat(video.pixelFormat()).isEqualTo("yuv420p");
        assertThat(out.audio().isPresent()).isEqualTo(audio);
        double inputDuration = in.duration().orElseThrow();
        assertThat(result.inputDurationSec()).isCloseTo(inputDuration, within(0.001));
        assertThat(result.outputDurationSec()).isCloseTo(inputDuration, within(0.15));
        assertThat(out.duration().orElseThrow()).isCloseTo(inputDuration, within(0.15));
        assertThat(Files.size(result.output())).isLessThan(Files.size(input));
        return out;
    }
}
