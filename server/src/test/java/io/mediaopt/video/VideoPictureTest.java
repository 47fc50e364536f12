package io.mediaopt.video;

import io.mediaopt.devices.DeviceFiles;
import io.mediaopt.media.Optimized;
import io.mediaopt.media.Presets;
import io.mediaopt.media.Strategy;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * What a viewer sees of phone and app video. A VP9 WebM with alpha keeps it in VP9 and is laid
 * on white (and says so) in H.264. HDR phone video (iPhone HLG, HDR10 PQ) comes out as BT.709 SDR that looks like a reference
 * tone-mapping of the same frames, made independently with the pipeline ffmpeg documents for
 * its tonemap filter (zscale reading the frames' own tags, linear light, tonemap, BT.709).
 */
class VideoPictureTest {
    @TempDir
    static Path workDir;

    static ProcessRunner runner;
    static VideoOptimizer optimizer;

    @BeforeAll
    static void start() {
        runner = new ProcessRunner();
        optimizer = new VideoOptimizer(new VideoTools("ffmpeg", "ffprobe", runner), Videos.LIMITS, 1);
    }

    @AfterAll
    static void stop() {
        runner.close();
    }

    @ParameterizedTest(name = "{0} with {1}")
    @CsvSource({
            "hlg, web, video-mp4-h264, 1280",
            "pq, web, video-mp4-h264, 1280",
            "hlg, low-bandwidth, video-webm-vp9, 854",
            "pq, low-bandwidth, video-webm-vp9, 854"})
    void hdrIsToneMappedToBt709Sdr(String transfer, String preset, String strategy, int width) throws Exception {
        Path input = transfer.equals("hlg") ? DeviceFiles.iphoneHlgMov() : DeviceFiles.hdr10Mp4();
        ProbedStream in = Videos.probe(input).video().orElseThrow();
        assertThat(in.color().transfer()).isEqualTo(transfer.equals("hlg") ? "arib-std-b67" : "smpte2084");
        assertThat(in.color().bitDepth()).isEqualTo(10);

        Path dir = newDir(transfer + "-" + preset);
        Optimized result = optimizer.optimize(input, Videos.sniff(input), Presets.standard().find(preset).orElseThrow(), dir);

        assertThat(result.strategy().wireName()).isEqualTo(strategy);
        ProbedStream out = Videos.probe(result.output()).video().orElseThrow();
        assertThat(out.displayWidth()).isEqualTo(width);
        assertThat(out.pixelFormat()).isEqualTo("yuv420p");
        assertThat(out.color()).isEqualTo(new ProbedColor("tv", "bt709", "bt709", "bt709", 8));

        Path reference = referenceToneMapping(input, width, dir.resolve("reference.mkv"));
        FrameMeasure.Similarity similarity = FrameMeasure.compare(result.output(), reference);
        assertThat(similarity.ssim()).as("SSIM against the reference").isGreaterThan(0.95);
        // x264 at CRF 23 gives ~33 dB on this busy test pattern; an untone-mapped output ~15 dB
        assertThat(similarity.psnr()).as("PSNR against the reference, dB").isGreaterThan(30);

        FrameMeasure.Stats seen = FrameMeasure.frameStats(result.output(), 1.0);
        FrameMeasure.Stats expected = FrameMeasure.frameStats(reference, 1.0);
        System.out.printf("%s %s: SSIM %.4f, PSNR %.1f dB; output %s; reference %s%n", transfer, preset,
                similarity.ssim(), similarity.psnr(), seen, expected);
        assertThat(seen.meanLuma()).as("mean luma").isCloseTo(expected.meanLuma(), within(3.0));
        assertThat(seen.saturation()).as("saturation").isCloseTo(expected.saturation(), within(4.0));
        // and close to the SDR master the HDR file was graded from (mobius keeps SDR-bright material)
        FrameMeasure.Stats master = FrameMeasure.frameStats(master(width, dir.resolve("master.mkv")), 1.0);
        assertThat(seen.meanLuma()).as("mean luma against the SDR master").isCloseTo(master.meanLuma(), within(20.0));
        assertThat(result.strategy()).isIn(Strategy.VIDEO_MP4_H264, Strategy.VIDEO_WEBM_VP9);
    }

    /** ffmpeg's documented tonemap pipeline, on frames scaled as the service scales them, losslessly kept. */
    static Path referenceToneMapping(Path input, int width, Path out) throws Exception {
        Videos.run(List.of("ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-i", input.toString(), "-an",
                "-vf", "scale=" + width + ":-2,zscale=transfer=linear:npl=100,format=gbrpf32le,zscale=primaries=bt709,"
                        + "tonemap=tonemap=" + ColorConversion.TONE_MAP_OPERATOR + ":desat=0,"
                        + "zscale=transfer=bt709:matrix=bt709:range=tv,format=yuv420p",
                "-c:v", "ffv1", out.toString()));
        return out;
    }

    private static Path master(int width, Path out) throws Exception {
        Videos.run(List.of("ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi",
                "-i", DeviceFiles.SDR_MASTER, "-vf", "scale=" + width + ":-2,format=yuv420p", "-c:v", "ffv1", out.toString()));
        return out;
    }


    @Test
    void lowBandwidthKeepsTheAlphaChannelInVp9() throws Exception {
        Path input = DeviceFiles.vp9AlphaWebm();
        Optimized result = optimizer.optimize(input, Videos.sniff(input), Presets.standard().find("low-bandwidth").orElseThrow(),
                newDir("alpha-low-bandwidth"));

        assertThat(result.strategy()).isIn(Strategy.VIDEO_WEBM_VP9, Strategy.VIDEO_ORIGINAL);
        assertThat(result.alphaFlattened()).isFalse();
        assertThat(Videos.probe(result.output()).video().orElseThrow().alpha()).isTrue();
        // left half opaque, right half transparent: the alpha plane averages half of 255
        assertThat(meanLuma(result.output(), "alphaextract", true)).isCloseTo(127.5, within(4.0));
    }

    @Test
    void webLaysTheTransparentPartOnWhiteAndSaysSo() throws Exception {
        Path input = DeviceFiles.vp9AlphaWebm();
        Optimized result = optimizer.optimize(input, Videos.sniff(input), Presets.standard().find("web").orElseThrow(),
                newDir("alpha-web"));

        assertThat(result.strategy()).isEqualTo(Strategy.VIDEO_MP4_H264);
        assertThat(result.alphaFlattened()).isTrue();
        int w = result.outputWidth();
        assertThat(meanLuma(result.output(), "crop=" + (w / 4) + ":ih/2:" + (w * 5 / 8) + ":ih/4", false))
                .as("the transparent half is white (limited range)").isGreaterThan(230);
    }

    private static double meanLuma(Path video, String filter, boolean alphaDecoder) throws Exception {
        List<String> args = new ArrayList<>();
        if (alphaDecoder) args.addAll(List.of("-c:v", "libvpx-vp9"));
        args.addAll(List.of("-i", video.toString(), "-vf", filter + ",signalstats,metadata=print:file=-",
                "-frames:v", "1", "-f", "null", "-"));
        Matcher m = Pattern.compile("YAVG=([0-9.]+)").matcher(FrameMeasure.ffmpeg(args));
        assertThat(m.find()).isTrue();
        return Double.parseDouble(m.group(1));
    }

    private static Path newDir(String name) throws IOException {
        return Files.createDirectories(workDir.resolve(name));
    }
}
