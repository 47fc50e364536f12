package io.mediaopt.video;

import io.mediaopt.Integration;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

/**
 * What a viewer sees of phone and app video. A VP9 WebM with alpha keeps it in VP9 and is laid
 * on white (and says so) in H.264. HDR phone video (iPhone HLG, HDR10 PQ) graded from an SDR
 * master comes out as BT.709 SDR that looks like that master: the same picture, its mean luma
 * and saturation within 3 %.
 */
@Integration
class VideoPictureTest {
    @TempDir
    static Path workDir;

    static ProcessRunner runner;
    static VideoOptimizer optimizer;
    static final Map<Integer, FrameMeasure.Stats> MASTER_STATS = new HashMap<>();

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
        assertThat(in.color().transfer()).contains(transfer.equals("hlg") ? "arib-std-b67" : "smpte2084");
        assertThat(in.color().bitDepth()).isEqualTo(10);

        Path dir = newDir(transfer + "-" + preset);
        Optimized result = optimizer.optimize(input, Videos.sniff(input), Presets.standard().find(preset).orElseThrow(), dir);

        assertThat(result.strategy().wireName()).isEqualTo(strategy);
        ProbedStream out = Videos.probe(result.output()).video().orElseThrow();
        assertThat(out.displayWidth()).isEqualTo(width);
        assertThat(out.pixelFormat()).isEqualTo("yuv420p");
        assertThat(out.color()).isEqualTo(ProbedColor.of("tv", "bt709", "bt709", "bt709", 8));

        Path master = master(width);
        FrameMeasure.Similarity similarity = FrameMeasure.compare(result.output(), master);
        FrameMeasure.Stats seen = FrameMeasure.frameStats(result.output(), 1.0);
        FrameMeasure.Stats expected = MASTER_STATS.get(width);
        System.out.printf("%s %s: SSIM %.4f, PSNR %.1f dB; output %s; SDR master %s%n", transfer, preset,
                similarity.ssim(), similarity.psnr(), seen, expected);
        // the HEVC grade and the preset's encode together give SSIM 0.92-0.94, 27-31 dB on this busy
        // test pattern; an untone-mapped output ~15 dB
        assertThat(similarity.ssim()).as("SSIM against the SDR master").isGreaterThan(0.9);
        assertThat(similarity.psnr()).as("PSNR against the SDR master, dB").isGreaterThan(25);
        // SDR-range material keeps its brightness and colour: reference white is SDR white
        assertThat(seen.meanLuma()).as("mean luma").isCloseTo(expected.meanLuma(), withinPercentage(3));
        assertThat(seen.saturation()).as("saturation").isCloseTo(expected.saturation(), withinPercentage(3));
    }

    /**
     * The SDR master at the output's width, in BT.709 limited range as the outputs are, losslessly
     * kept; made and measured once per width, for both transfers.
     */
    private static synchronized Path master(int width) throws Exception {
        Path out = workDir.resolve("master-" + width + ".mkv");
        if (MASTER_STATS.containsKey(width)) return out;
        Videos.run(List.of("ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi",
                "-i", DeviceFiles.SDR_MASTER + DeviceFiles.AS_BT709_RGB + ":t=bt709:p=bt709:m=bt709:r=tv,format=yuv420p,"
                        + "scale=" + width + ":-2", "-c:v", "ffv1", out.toString()));
        MASTER_STATS.put(width, FrameMeasure.frameStats(out, 1.0));
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
