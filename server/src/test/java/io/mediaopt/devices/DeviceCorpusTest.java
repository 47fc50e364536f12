package io.mediaopt.devices;

import io.mediaopt.Integration;
import org.junit.jupiter.api.extension.RegisterExtension;
import io.mediaopt.RunningServer;
import io.mediaopt.client.Result;
import io.mediaopt.image.ColourPatches;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static io.mediaopt.devices.CorpusChecks.*;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Files shaped like what phones, cameras and apps write, sent through the running service as a
 * user would, and checked for what the user sees: upright, the right size, colours, alpha,
 * duration, audio, playable, and never bigger than the input without a stated reason. The
 * table of what each case produced goes to the output and to target/device-corpus.md.
 */
@Integration
class DeviceCorpusTest {
    @TempDir
    static Path outputs;

    @RegisterExtension
    static final RunningServer service = RunningServer.withDefaults();
    static final List<String> TABLE = new ArrayList<>();

    /**
     * One device file: its name, how it is made, the preset it is sent with, the strategy
     * expected, what to check, and why the output may be bigger than the input (null: it may not).
     */
    record Case(String name, Supplier<Path> input, String preset, String strategy, Check check, String biggerBecause) {
        @Override
        public String toString() {
            return name + " (" + preset + ")";
        }
    }

    static Case of(String name, Supplier<Path> input, String preset, String strategy, Check check) {
        return new Case(name, input, preset, strategy, check, null);
    }

    static Stream<Case> cases() {
        List<Case> cases = new ArrayList<>();
        IntStream.rangeClosed(1, 8).forEach(o -> cases.add(of("jpeg-exif-orientation-" + o,
                () -> DeviceImages.exifOrientation(o), "web", "image-webp",
                image(DeviceImages.UPRIGHT_WIDTH, DeviceImages.UPRIGHT_HEIGHT).and(uprightImage()))));
        cases.add(of("heic-iphone", DeviceImages::heic, "web", "image-webp", image(1008, 756).and(uprightImage())));
        int patchesWidth = ColourPatches.PATCH * ColourPatches.COLOURS.length;
        cases.add(of("jpeg-display-p3", () -> DeviceImages.patches("p3", "p3"), "web", "image-webp",
                image(patchesWidth, ColourPatches.PATCH).and(coloursAsIccTransform(3))));
        cases.add(of("jpeg-adobe-rgb", () -> DeviceImages.patches("adobe-rgb", ColourPatches.ADOBE_RGB), "web", "image-webp",
                image(patchesWidth, ColourPatches.PATCH).and(coloursAsIccTransform(3))));
        cases.add(of("jpeg-prophoto", () -> DeviceImages.patches("prophoto", ColourPatches.PROPHOTO), "web", "image-webp",
                image(patchesWidth, ColourPatches.PATCH).and(coloursAsIccTransform(3))));
        cases.add(of("jpeg-cmyk", () -> DeviceImages.patches("cmyk", "cmyk"), "web", "image-webp",
                image(patchesWidth, ColourPatches.PATCH).and(coloursAsIccTransform(3))));
        cases.add(of("png-16-bit", DeviceImages::png16, "web", "image-webp", image(800, 600).and(uprightImage())));
        cases.add(of("png-transparent-sticker", () -> DeviceImages.screenshot("sticker", 600, 400, true), "web",
                "image-webp", image(600, 400).and(alphaKept(1))));
        cases.add(of("gif-animated-transparent", DeviceImages::transparentGif, "web", "image-webp",
                image(320, 240).and(alphaKept(10))));
        cases.add(of("png-screenshot-1080x20000-transparent", () -> DeviceImages.screenshot("tall", 1080, 20000, true),
                "web", "image-png", image(1080, 20000).and(alphaKept(1))));
        cases.add(of("png-screenshot-1080x20000-transparent", () -> DeviceImages.screenshot("tall", 1080, 20000, true),
                "low-bandwidth", "image-webp", image(720, 13333).and(alphaKept(1))));
        cases.add(of("tiff-multi-page", DeviceImages::multiPageTiff, "web", "image-webp", image(640, 360).and(uprightImage())));
        cases.add(of("jpeg-motion-photo", DeviceImages::motionPhoto, "web", "image-webp", image(800, 600).and(uprightImage())));

        cases.add(of("mov-iphone-hevc-10-bit-hlg", DeviceFiles::iphoneHlgMov, "web", "video-mp4-h264",
                video("h264", 1280, 720, DeviceFiles.HDR_SECONDS).and(bt709Sdr()).and(audio(1)).and(lumaNear(125, 20))));
        cases.add(of("mp4-hdr10-pq", DeviceFiles::hdr10Mp4, "low-bandwidth", "video-webm-vp9",
                video("vp9", 854, 480, DeviceFiles.HDR_SECONDS).and(bt709Sdr()).and(lumaNear(125, 20))));
        for (int degrees : new int[] {90, 180, 270}) {
            boolean portrait = degrees != 180;
            cases.add(of("mp4-rotation-" + degrees, () -> DeviceFiles.rotatedMp4(degrees), "web", "video-mp4-h264",
                    video("h264", portrait ? 360 : 640, portrait ? 640 : 360, 1).and(uprightVideo()).and(audio(1))));
        }
        cases.add(of("webm-vp9-alpha", DeviceFiles::vp9AlphaWebm, "low-bandwidth", "video-webm-vp9", videoAlphaKept()));
        cases.add(of("webm-vp9-alpha", DeviceFiles::vp9AlphaWebm, "web", "video-mp4-h264",
                video("h264", 640, 360, DeviceFiles.ALPHA_SECONDS).and(flattenedOnWhite())));
        cases.add(of("mov-prores-422-hq", DeviceFiles::proresMov, "web", "video-mp4-h264",
                video("h264", 640, 360, 1).and(uprightVideo()).and(audio(1))));
        cases.add(of("ts-interlaced-mpeg2", DeviceFiles::interlacedTs, "web", "video-mp4-h264",
                video("h264", 720, 576, 2).and(uprightVideo()).and(audio(1)).and(progressive())));
        cases.add(of("mp4-audio-5.1", () -> DeviceFiles.withAudioChannels(6), "web", "video-mp4-h264",
                video("h264", 640, 360, 2).and(audio(2))));
        cases.add(of("mp4-audio-mono", () -> DeviceFiles.withAudioChannels(1), "low-bandwidth", "video-webm-vp9",
                video("vp9", 640, 360, 2).and(audio(1))));
        cases.add(of("mp4-variable-frame-rate", DeviceFiles::variableFrameRate, "web", "video-mp4-h264",
                video("h264", 640, 360, 2).and(audio(0))));
        cases.add(of("mp4-60-fps", () -> DeviceFiles.clip("fps60", 60, 1, true), "mobile", "video-mp4-h264",
                video("h264", 640, 360, 1).and(uprightVideo()).and(audio(1))));
        cases.add(of("mp4-one-frame", () -> DeviceFiles.clip("one-frame", 30, 1.0 / 30, false), "web", "video-mp4-h264",
                video("h264", 640, 360, 1.0 / 30).and(uprightVideo()).and(audio(0))));
        cases.add(of("mp4-0.2-s", () -> DeviceFiles.clip("blip", 30, 0.2, true), "web", "video-mp4-h264",
                video("h264", 640, 360, 0.2).and(uprightVideo()).and(audio(1))));
        cases.add(of("mov-subtitle-and-timecode-tracks", DeviceFiles::withSubtitleAndTimecode, "web", "video-mp4-h264",
                video("h264", 640, 360, 2).and(audio(1)).and(onlyPictureAndSound())));
        cases.add(of("mp4-static-screen-recording-20-s", DeviceFiles::staticScreenRecording, "mobile", "video-mp4-h264",
                video("h264", 1280, 720, 20).and(uprightVideo()).and(audio(2))));
        cases.add(of("mp4-full-range-bt709", DeviceFiles::fullRangeMp4, "web", "video-mp4-h264",
                video("h264", 640, 360, 1).and(decodesLikeInput(0.02, 0.2)).and(decodesLikeInput(0.78, 0.2))));
        cases.add(of("mp4-sd-bt601", DeviceFiles::bt601Mp4, "web", "video-mp4-h264",
                video("h264", 720, 480, 1).and(uprightVideo()).and(decodesLikeInput(0.3, 0.4))));
        return cases.stream();
    }

    @AfterAll
    static void writeTable() throws Exception {
        String table = "| case | preset | input | strategy | output | bytes in → out |\n|---|---|---|---|---|---|\n"
                + String.join("\n", TABLE) + "\n";
        System.out.println(table);
        Path target = Path.of("target");
        if (Files.isDirectory(target)) Files.writeString(target.resolve("device-corpus.md"), table);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void comesOutRight(Case c) throws Exception {
        Path input = c.input().get();
        Path output = outputs.resolve(c.name() + "-" + c.preset() + ".out");

        Result result = service.client().optimizeTo(input, c.preset(), output).result();
        synchronized (TABLE) {
            TABLE.add(row(c, input, output, result));
        }

        assertThat(result.strategy()).isIn(c.strategy(), result.kind() + "-original");
        c.check().check(input, output, result);
        if (c.biggerBecause() == null) {
            assertThat(Files.size(output)).as("output bytes against the input's").isLessThanOrEqualTo(Files.size(input));
        }
    }

    private static String row(Case c, Path input, Path output, Result r) throws Exception {
        String size = r.outputWidth() + "×" + r.outputHeight()
                + (r.outputDurationSec() == null ? "" : String.format(Locale.ROOT, ", %.2f s", r.outputDurationSec()))
                + (r.alphaFlattened() ? ", alpha laid on white" : "");
        return String.format(Locale.ROOT, "| %s | %s | %s×%s | %s | %s | %d → %d |", c.name(), c.preset(),
                r.inputWidth(), r.inputHeight(), r.strategy(), size, Files.size(input), Files.size(output));
    }
}
