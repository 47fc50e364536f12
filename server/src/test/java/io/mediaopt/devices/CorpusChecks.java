package io.mediaopt.devices;

import io.mediaopt.client.Result;
import io.mediaopt.image.ColourPatches;
import io.mediaopt.image.vips.PixelProbe;
import io.mediaopt.video.Ffprobe;
import io.mediaopt.video.FrameMeasure;
import io.mediaopt.video.ProbeReport;
import io.mediaopt.video.ProbedColor;
import io.mediaopt.video.ProbedStream;
import io.mediaopt.video.ProcessResult;
import io.mediaopt.video.ProcessRunner;
import io.mediaopt.video.VideoTools;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** What a user sees of an output, each as one check the corpus table can combine. */
final class CorpusChecks {
    private static final ProcessRunner RUNNER = new ProcessRunner();
    private static final Ffprobe FFPROBE = new Ffprobe(new VideoTools("ffmpeg", "ffprobe", RUNNER), Duration.ofSeconds(15));
    private static final Map<Path, ProbeReport> PROBED = new ConcurrentHashMap<>();

    private CorpusChecks() {}

    /** One assertion on an optimization's input, output file and result. */
    interface Check {
        void check(Path input, Path output, Result result) throws Exception;

        default Check and(Check next) {
            return (input, output, result) -> {
                check(input, output, result);
                next.check(input, output, result);
            };
        }
    }

    /** Each output is probed once, however many of its checks read the report: ffprobe is a process each time. */
    static ProbeReport probe(Path file) {
        return PROBED.computeIfAbsent(file, FFPROBE::probe);
    }

    /** An image of that size, as libvips reads it back and as the result reports it. */
    static Check image(int width, int height) {
        return (input, output, result) -> {
            PixelProbe.Header header = PixelProbe.header(output);
            assertThat(header.width()).as("width").isEqualTo(width).isEqualTo(result.outputWidth());
            assertThat(header.height()).as("height").isEqualTo(height).isEqualTo(result.outputHeight());
        };
    }

    /** The red marker is in the top-left corner of the picture shown. */
    static Check uprightImage() {
        return (input, output, result) -> {
            PixelProbe.Header header = PixelProbe.header(output);
            double[] corner = PixelProbe.mean(output, header.width() / 40, header.height() / 40, header.width() / 8,
                    header.height() / 8);
            assertRed(corner);
        };
    }

    static Check alphaKept(int pages) {
        return (input, output, result) -> {
            PixelProbe.Header header = PixelProbe.header(output);
            assertThat(header.alpha()).as("alpha channel").isTrue();
            assertThat(header.pages()).as("frames").isEqualTo(pages);
            assertThat(PixelProbe.alphaMinimum(output)).as("some pixel transparent").isZero();
            assertThat(result.alphaFlattened()).isFalse();
        };
    }

    /** Every patch within {@code maxDeltaE} of libvips' icc_transform of the input to sRGB. */
    static Check coloursAsIccTransform(double maxDeltaE) {
        return (input, output, result) -> {
            Path reference = ColourPatches.reference(output.getParent(), input, "reference-" + output.getFileName());
            for (int i = 0; i < ColourPatches.COLOURS.length; i++) {
                double dE = PixelProbe.deltaE(ColourPatches.centre(output, i), ColourPatches.centre(reference, i));
                assertThat(dE).as("dE of patch %s", ColourPatches.COLOURS[i]).isLessThan(maxDeltaE);
            }
        };
    }

    /** A playable video of that displayed size, 8-bit 4:2:0, as long as the input. */
    static Check video(String codec, int width, int height, double seconds) {
        return (input, output, result) -> {
            ProbedStream video = probe(output).video().orElseThrow();
            assertThat(video.codecName()).isEqualTo(codec);
            assertThat(video.displayWidth()).as("width").isEqualTo(width).isEqualTo(result.outputWidth());
            assertThat(video.displayHeight()).as("height").isEqualTo(height).isEqualTo(result.outputHeight());
            assertThat(video.pixelFormat()).isEqualTo("yuv420p");
            assertThat(probe(output).duration().orElseThrow()).as("duration").isCloseTo(seconds, within(0.15));
            assertThat(result.outputDurationSec()).isCloseTo(seconds, within(0.15));
        };
    }

    /** {@code channels} of audio, or none for 0. */
    static Check audio(int channels) {
        return (input, output, result) -> {
            ProbeReport report = probe(output);
            if (channels == 0) {
                assertThat(report.audio()).as("audio").isEmpty();
                return;
            }
            assertThat(report.audio()).as("audio").isPresent();
            assertThat(audioChannels(output)).as("audio channels").isEqualTo(channels);
        };
    }

    /** Exactly one video and at most one audio stream: no subtitle, timecode or data track. */
    static Check onlyPictureAndSound() {
        return (input, output, result) -> assertThat(probe(output).streams())
                .allSatisfy(s -> assertThat(s.codecType()).isIn("video", "audio"))
                .hasSizeLessThanOrEqualTo(2);
    }

    static Check uprightVideo() {
        return (input, output, result) -> assertRed(FrameMeasure.meanRgb(output, 0.025, 0.025, 0.125, 0.125, false));
    }

    /** Tagged BT.709 SDR, 8-bit, whatever the input's HDR tags. */
    static Check bt709Sdr() {
        return (input, output, result) -> assertThat(probe(output).video().orElseThrow().color())
                .isEqualTo(ProbedColor.of("tv", "bt709", "bt709", "bt709", 8));
    }

    /** Mean luma of the frame at 1 s near that of the SDR master the HDR file was graded from. */
    static Check lumaNear(double expected, double tolerance) {
        return (input, output, result) -> assertThat(FrameMeasure.frameStats(output, 1.0).meanLuma())
                .isCloseTo(expected, within(tolerance));
    }

    /**
     * The area at {@code left..left+width} (fractions of the width) decodes to the colour a
     * player shows for the input there, within 6 levels: range and matrix carried right.
     */
    static Check decodesLikeInput(double left, double width) {
        return (input, output, result) -> {
            double[] expected = FrameMeasure.meanRgb(input, left, 0.1, width, 0.8, false);
            double[] seen = FrameMeasure.meanRgb(output, left, 0.1, width, 0.8, false);
            for (int i = 0; i < 3; i++) assertThat(seen[i]).as("channel %d", i).isCloseTo(expected[i], within(6.0));
        };
    }

    /** ffmpeg's interlace detector finds (almost) only progressive frames: no combs. */
    static Check progressive() {
        return (input, output, result) -> {
            String log = RUNNER.run(List.of("ffmpeg", "-hide_banner", "-nostdin", "-i", output.toString(),
                    "-vf", "idet", "-f", "null", "-"), Duration.ofSeconds(60)).stderrTail();
            Matcher m = Pattern
                    .compile("Multi frame detection: TFF: *(\\d+) BFF: *(\\d+) Progressive: *(\\d+)").matcher(log);
            assertThat(m.find()).as("idet summary in %s", log).isTrue();
            int woven = Integer.parseInt(m.group(1)) + Integer.parseInt(m.group(2));
            assertThat(woven).as("frames that look interlaced").isLessThanOrEqualTo(Integer.parseInt(m.group(3)) / 5);
        };
    }

    static Check videoAlphaKept() {
        return (input, output, result) -> {
            assertThat(probe(output).video().orElseThrow().alpha()).as("alpha channel").isTrue();
            assertThat(FrameMeasure.meanRgb(output, 0.05, 0.1, 0.3, 0.8, true)[3]).as("left opaque").isGreaterThan(250);
            assertThat(FrameMeasure.meanRgb(output, 0.65, 0.1, 0.3, 0.8, true)[3]).as("right transparent").isLessThan(5);
            assertThat(result.alphaFlattened()).isFalse();
        };
    }

    static Check flattenedOnWhite() {
        return (input, output, result) -> {
            assertThat(result.alphaFlattened()).isTrue();
            double[] right = FrameMeasure.meanRgb(output, 0.65, 0.1, 0.3, 0.8, false);
            assertThat(Arrays.stream(right).min().orElseThrow()).as("transparent part").isGreaterThan(240);
        };
    }

    static void assertRed(double[] rgb) {
        assertThat(rgb[0]).as("marker red").isGreaterThan(180);
        assertThat(rgb[1]).as("marker green").isLessThan(90);
        assertThat(rgb[2]).as("marker blue").isLessThan(90);
    }

    private static int audioChannels(Path file) throws Exception {
        ProcessResult run = RUNNER.run(List.of("ffprobe", "-v", "error", "-select_streams", "a:0",
                "-show_entries", "stream=channels", "-of", "csv=p=0", file.toString()), Duration.ofSeconds(15));
        return Integer.parseInt(run.stdout().strip());
    }
}
