package io.mediaopt.video;

import io.mediaopt.media.Presets;
import io.mediaopt.media.Strategy;
import io.mediaopt.media.VideoSettings;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FfmpegArgumentsTest {
    private static final Path IN = Path.of("/work/in put:1.mov");
    private static final Path OUT = Path.of("/work/out/video.mp4");
    private static final String DEMUXERS = "mov,mp4,m4a,3gp,3g2,mj2,matroska,webm,avi,mpegts,ogg";

    private static final long PIXELS = 100_000_000L;

    private static VideoSettings preset(String name) {
        return Presets.standard().find(name).orElseThrow().video();
    }

    @Test
    void h264ForTheWebPreset() {
        assertThat(FfmpegArguments.encode("ffmpeg", IN, OUT, Strategy.VIDEO_MP4_H264, preset("web"), PIXELS, 2))
                .containsExactly("ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y",
                        "-protocol_whitelist", "file", "-format_whitelist", DEMUXERS,
                        "-max_pixels", "100000000", "-threads", "1",
                        "-i", "file:/work/in put:1.mov",
                        "-map", "0:V:0", "-map", "0:a:0?", "-map_metadata", "-1", "-map_chapters", "-1", "-sn", "-dn",
                        "-vf", "scale='trunc(min(iw,1920)/2)*2':-2",
                        "-af", "aformat=channel_layouts=mono|stereo",
                        "-c:v", "libx264", "-preset", "veryfast", "-rc-lookahead", "8", "-crf", "23",
                        "-maxrate", "5000k", "-bufsize", "10000k", "-profile:v", "high", "-pix_fmt", "yuv420p",
                        "-c:a", "aac", "-b:a", "128k",
                        "-threads", "2",
                        "-movflags", "+faststart", "-f", "mp4", "-progress", "pipe:1", "file:/work/out/video.mp4");
    }

    @Test
    void h264ForTheMobilePresetUsesItsWidthQualityAndBitrates() {
        List<String> args = FfmpegArguments.encode("/opt/ffmpeg", IN, OUT, Strategy.VIDEO_MP4_H264, preset("mobile"), PIXELS, 4);
        assertThat(args.getFirst()).isEqualTo("/opt/ffmpeg");
        assertThat(args).containsSequence("-vf", "scale='trunc(min(iw,1280)/2)*2':-2")
                .containsSequence("-crf", "26", "-maxrate", "2500k", "-bufsize", "5000k")
                .containsSequence("-c:a", "aac", "-b:a", "96k")
                .containsSequence("-threads", "4");
    }

    @Test
    void vp9ForTheLowBandwidthPreset() {
        Path out = Path.of("/work/out/video.webm");
        assertThat(FfmpegArguments.encode("ffmpeg", IN, out, Strategy.VIDEO_WEBM_VP9, preset("low-bandwidth"), PIXELS, 2))
                .containsExactly("ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y",
                        "-protocol_whitelist", "file", "-format_whitelist", DEMUXERS,
                        "-max_pixels", "100000000", "-threads", "1",
                        "-i", "file:/work/in put:1.mov",
                        "-map", "0:V:0", "-map", "0:a:0?", "-map_metadata", "-1", "-map_chapters", "-1", "-sn", "-dn",
                        "-vf", "scale='trunc(min(iw,854)/2)*2':-2",
                        "-af", "aformat=channel_layouts=mono|stereo",
                        "-c:v", "libvpx-vp9", "-crf", "36", "-b:v", "800k",
                        "-deadline", "good", "-cpu-used", "4", "-row-mt", "1", "-pix_fmt", "yuv420p",
                        "-c:a", "libopus", "-b:a", "64k",
                        "-threads", "2",
                        "-f", "webm", "-progress", "pipe:1", "file:/work/out/video.webm");
    }

    @Test
    void av1WhenAPresetListsIt() {
        VideoSettings settings = new VideoSettings(1280, 35, 1500, 96, List.of(Strategy.VIDEO_WEBM_AV1));
        Path out = Path.of("/work/out/video.webm");
        assertThat(FfmpegArguments.encode("ffmpeg", IN, out, Strategy.VIDEO_WEBM_AV1, settings, PIXELS, 2))
                .containsExactly("ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y",
                        "-protocol_whitelist", "file", "-format_whitelist", DEMUXERS,
                        "-max_pixels", "100000000", "-threads", "1",
                        "-i", "file:/work/in put:1.mov",
                        "-map", "0:V:0", "-map", "0:a:0?", "-map_metadata", "-1", "-map_chapters", "-1", "-sn", "-dn",
                        "-vf", "scale='trunc(min(iw,1280)/2)*2':-2",
                        "-af", "aformat=channel_layouts=mono|stereo",
                        "-c:v", "libsvtav1", "-preset", "10", "-crf", "35", "-maxrate", "1500k", "-pix_fmt", "yuv420p",
                        "-c:a", "libopus", "-b:a", "96k",
                        "-threads", "2",
                        "-f", "webm", "-progress", "pipe:1", "file:/work/out/video.webm");
    }

    @Test
    void theDecoderGetsOneThreadPerFourProcessorsAndThePixelLimitCappedToWhatFfmpegTakes() {
        assertThat(FfmpegArguments.encode("ffmpeg", IN, OUT, Strategy.VIDEO_MP4_H264, preset("web"), 1L << 40, 8))
                .containsSequence("-max_pixels", Integer.toString(Integer.MAX_VALUE), "-threads", "2",
                        "-i", "file:/work/in put:1.mov")
                .containsSequence("-threads", "8", "-movflags");
        assertThat(FfmpegArguments.decoderThreads(2)).isEqualTo(1);
        assertThat(FfmpegArguments.decoderThreads(16)).isEqualTo(4);
    }

    @Test
    void probeIsLockedDownToo() {
        assertThat(FfmpegArguments.probe("ffprobe", Path.of("/tmp/a.mp4")))
                .containsExactly("ffprobe", "-v", "error",
                        "-protocol_whitelist", "file", "-format_whitelist", DEMUXERS,
                        "-print_format", "json", "-show_format", "-show_streams", "file:/tmp/a.mp4");
    }

    @Test
    void aRelativePathBecomesAnAbsoluteFileUrlSoItCannotLookLikeAnOption() {
        assertThat(FfmpegArguments.fileUrl(Path.of("-i.mp4")))
                .isEqualTo("file:" + Path.of("").toAbsolutePath().resolve("-i.mp4"));
    }

    @Test
    void imageStrategiesAreRefused() {
        assertThatThrownBy(() -> FfmpegArguments.encode("ffmpeg", IN, OUT, Strategy.IMAGE_WEBP, preset("web"), PIXELS, 2))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("IMAGE_WEBP");
    }

    @Test
    void commandLineQuotesOnlyWhatAShellWouldSplitOrExpand() {
        assertThat(FfmpegArguments.commandLine(List.of("ffmpeg", "-i", "file:/work/in put:1.mov", "-map", "0:a:0?",
                "-vf", "scale='trunc(min(iw,1920)/2)*2':-2", "-movflags", "+faststart", "")))
                .isEqualTo("ffmpeg -i 'file:/work/in put:1.mov' -map '0:a:0?' "
                        + "-vf 'scale='\\''trunc(min(iw,1920)/2)*2'\\'':-2' -movflags +faststart ''");
    }
}
