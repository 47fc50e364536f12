package io.mediaopt.image;

import io.mediaopt.image.vips.Vips;
import io.mediaopt.image.vips.VipsCommand;
import io.mediaopt.image.vips.VipsImage;

import io.mediaopt.Fixtures;
import io.mediaopt.devices.DeviceImages;
import io.mediaopt.media.MediaFormat;
import io.mediaopt.media.MediaKind;
import io.mediaopt.video.FfmpegArguments;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The decoders that may open an upload are listed once, with each format in {@link MediaFormat}:
 * every accepted format names its own, they are the ones libvips and ffmpeg really use for such
 * a file, and the gates of both read them from there.
 */
class FormatDecodersTest {
    @TempDir
    static Path dir;
    static Vips vips;

    @BeforeAll
    static void start() {
        vips = TestVips.open();
    }

    @Test
    void everyFormatNamesItsDecoders() {
        assertThat(MediaFormat.values()).allSatisfy(format -> assertThat(format.decoders()).as(format.name())
                .isNotEmpty()
                .allSatisfy(name -> assertThat(name).matches(format.kind() == MediaKind.IMAGE
                        ? "VipsForeignLoad[A-Z][a-z0-9]+" : "[a-z0-9]+")));
    }

    /** Each image format is opened by a loader it names, and its header is read back as that format. */
    @Test
    void eachImageFormatIsOpenedByALoaderItNames() {
        Path photo = Fixtures.photoJpeg(64, 48);
        Map<MediaFormat, Path> samples = Map.of(
                MediaFormat.JPEG, photo,
                MediaFormat.PNG, Fixtures.png(),
                MediaFormat.GIF, Fixtures.animatedGif(),
                MediaFormat.WEBP, Fixtures.animatedWebp(32, 24, 2),
                MediaFormat.AVIF, copy(photo, "a.avif"),
                MediaFormat.HEIF, DeviceImages.heic(),
                MediaFormat.TIFF, Fixtures.multiPageTiff(32, 24, 2));
        for (MediaFormat format : formatsOf(MediaKind.IMAGE)) {
            assertThat(samples).as("a sample of every image format").containsKey(format);
            Vips decoder = vips.forInput(format);
            String loader = decoder.findLoader(samples.get(format)).orElseThrow();
            assertThat(format.decoders()).as(format + " opened by " + loader).anyMatch(loader::startsWith);
            try (VipsImage image = decoder.openHeader(samples.get(format))) {
                assertThat(ImageHeader.read(image).map(ImageHeader::format)).as("the header read back")
                        .contains(format);
            }
        }
    }

    /** Each video format names every name of one demuxer of the installed ffmpeg. */
    @Test
    void eachVideoFormatNamesADemuxerOfFfmpeg() throws Exception {
        List<Set<String>> demuxers = ffmpegDemuxers();
        for (MediaFormat format : formatsOf(MediaKind.VIDEO)) {
            assertThat(demuxers).as(format.name()).contains(Set.copyOf(format.decoders()));
        }
    }

    @Test
    void ffmpegOpensUploadsWithTheVideoFormatsDemuxersAlone() {
        String allowed = FfmpegArguments.LOCKDOWN.get(FfmpegArguments.LOCKDOWN.indexOf("-format_whitelist") + 1);
        assertThat(allowed.split(",")).containsExactlyElementsOf(MediaFormat.decodersOf(MediaKind.VIDEO));
        assertThat(MediaFormat.decodersOf(MediaKind.VIDEO)).contains("mov", "matroska", "avi", "mpegts", "ogg");
    }

    private static List<MediaFormat> formatsOf(MediaKind kind) {
        return Arrays.stream(MediaFormat.values()).filter(f -> f.kind() == kind).toList();
    }

    /** The demuxers of {@code ffmpeg -demuxers}, each by the names it answers to. */
    private static List<Set<String>> ffmpegDemuxers() throws IOException, InterruptedException {
        Process ffmpeg = new ProcessBuilder("ffmpeg", "-hide_banner", "-demuxers").redirectErrorStream(true).start();
        String listing = new String(ffmpeg.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(ffmpeg.waitFor()).isZero();
        return listing.lines()
                .filter(line -> line.matches(" D[ .d]? +\\S+ .*"))
                .map(line -> Set.of(line.trim().split(" +")[1].split(",")))
                .toList();
    }

    private static Path copy(Path input, String output) {
        VipsCommand.run("copy", input.toString(), dir.resolve(output).toString());
        return dir.resolve(output);
    }
}
