package io.mediaopt.video;

import io.mediaopt.media.Av1Settings;
import io.mediaopt.media.Presets;
import io.mediaopt.media.Strategy;
import io.mediaopt.media.VideoSettings;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

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
                        "-af", "aresample=rematrix_maxval=1,aformat=channel_layouts=mono|stereo",
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
                        "-af", "aresample=rematrix_maxval=1,aformat=channel_layouts=mono|stereo",
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
                        "-af", "aresample=rematrix_maxval=1,aformat=channel_layouts=mono|stereo",
                        "-c:v", "libsvtav1", "-preset", "10", "-crf", "35", "-maxrate", "1500k", "-pix_fmt", "yuv420p",
                        "-c:a", "libopus", "-b:a", "96k",
                        "-threads", "2",
                        "-f", "webm", "-progress", "pipe:1", "file:/work/out/video.webm");
    }

    @Test
    void av1InMp4AtThePresetsAv1SettingsWithAacAndFastStart() {
        VideoSettings settings = new VideoSettings(1920, 23, 5000, 128, List.of(Strategy.VIDEO_MP4_H264), null,
                new Av1Settings(10, 38, 3200)).asAv1();
        Path out = Path.of("/work/out/video.mp4");
        assertThat(FfmpegArguments.encode("ffmpeg", IN, out, Strategy.VIDEO_MP4_AV1, settings, PIXELS, 2))
                .containsExactly("ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y",
                        "-protocol_whitelist", "file", "-format_whitelist", DEMUXERS,
                        "-max_pixels", "100000000", "-threads", "1",
                        "-i", "file:/work/in put:1.mov",
                        "-map", "0:V:0", "-map", "0:a:0?", "-map_metadata", "-1", "-map_chapters", "-1", "-sn", "-dn",
                        "-vf", "scale='trunc(min(iw,1920)/2)*2':-2",
                        "-af", "aresample=rematrix_maxval=1,aformat=channel_layouts=mono|stereo",
                        "-c:v", "libsvtav1", "-preset", "10", "-crf", "38", "-maxrate", "3200k",
                        "-svtav1-params", "lp=2", "-pix_fmt", "yuv420p",
                        "-c:a", "aac", "-b:a", "128k",
                        "-threads", "2",
                        "-movflags", "+faststart", "-f", "mp4", "-progress", "pipe:1", "file:/work/out/video.mp4");
    }

    private static SourcePicture picture(String codec, String pixelFormat, ProbedColor color, DolbyVision dv,
                                         boolean alpha) {
        return SourcePicture.of(new ProbedStream(0, "video", codec, 1920, 1080, pixelFormat, 2.0, null, 0, false,
                color, dv, alpha, false));
    }

    @Test
    void hlgIsToneMappedToBt709SdrAndTaggedSo() {
        SourcePicture hlg = picture("hevc", "yuv420p10le",
                ProbedColor.of("tv", "bt2020nc", "arib-std-b67", "bt2020", 10), null, false);
        assertThat(FfmpegArguments.encode("ffmpeg", IN, OUT, Strategy.VIDEO_MP4_H264, preset("web"), PIXELS, 2, hlg))
                .containsExactly("ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y",
                        "-protocol_whitelist", "file", "-format_whitelist", DEMUXERS,
                        "-max_pixels", "100000000", "-threads", "1",
                        "-i", "file:/work/in put:1.mov",
                        "-map", "0:V:0", "-map", "0:a:0?", "-map_metadata", "-1", "-map_chapters", "-1", "-sn", "-dn",
                        "-vf", "scale='trunc(min(iw,1920)/2)*2':-2,"
                                + "zscale=tin=arib-std-b67:pin=bt2020:min=bt2020nc:rin=tv:t=linear:npl=203,format=gbrpf32le,"
                                + "zscale=p=bt709,tonemap=tonemap=mobius:param=0.95:desat=0,zscale=t=bt709:m=bt709:r=tv,format=yuv420p",
                        "-af", "aresample=rematrix_maxval=1,aformat=channel_layouts=mono|stereo",
                        "-c:v", "libx264", "-preset", "veryfast", "-rc-lookahead", "8", "-crf", "23",
                        "-maxrate", "5000k", "-bufsize", "10000k", "-profile:v", "high", "-pix_fmt", "yuv420p",
                        "-c:a", "aac", "-b:a", "128k",
                        "-color_primaries", "bt709", "-color_trc", "bt709", "-colorspace", "bt709", "-color_range", "tv",
                        "-threads", "2",
                        "-movflags", "+faststart", "-f", "mp4", "-progress", "pipe:1", "file:/work/out/video.mp4");
    }

    @Test
    void pqFullRangeIsReadAsFullRangeAndToneMappedForVp9() {
        SourcePicture pq = picture("hevc", "yuv420p10le",
                ProbedColor.of("pc", "bt2020nc", "smpte2084", "bt2020", 10), null, false);
        assertThat(FfmpegArguments.encode("ffmpeg", IN, OUT, Strategy.VIDEO_WEBM_VP9, preset("low-bandwidth"), PIXELS, 2, pq))
                .containsSequence("-vf", "scale='trunc(min(iw,854)/2)*2':-2,"
                        + "zscale=tin=smpte2084:pin=bt2020:min=bt2020nc:rin=pc:t=linear:npl=203,format=gbrpf32le,"
                        + "zscale=p=bt709,tonemap=tonemap=mobius:param=0.95:desat=0,zscale=t=bt709:m=bt709:r=tv,format=yuv420p")
                .containsSequence("-row-mt", "1", "-pix_fmt", "yuv420p", "-c:a", "libopus", "-b:a", "64k",
                        "-color_primaries", "bt709", "-color_trc", "bt709", "-colorspace", "bt709", "-color_range", "tv");
    }

    @Test
    void dolbyVision84WithoutATransferTagTakesTheHlgPathAndProfile5GoesUntouched() {
        SourcePicture profile84 = picture("hevc", "yuv420p10le", ProbedColor.untagged(10),
                new DolbyVision(8, 4), false);
        assertThat(profile84.color()).isEqualTo(new ColorConversion.ToneMap(
                new ColorConversion.InputColour("arib-std-b67", "bt2020nc", "tv")));
        SourcePicture profile81 = picture("hevc", "yuv420p10le", ProbedColor.of("tv", "bt2020nc", null, "bt2020", 10),
                new DolbyVision(8, 1), false);
        assertThat(profile81.color()).isEqualTo(new ColorConversion.ToneMap(
                new ColorConversion.InputColour("smpte2084", "bt2020nc", "tv")));
        SourcePicture profile5 = picture("hevc", "yuv420p10le", ProbedColor.untagged(10),
                new DolbyVision(5, 0), false);
        assertThat(profile5.color()).isEqualTo(new ColorConversion.Untouched());
    }

    @Test
    void tenBitBt2020SdrHasOnlyItsGamutMappedAndSdrKeepsItsOwnTags() {
        SourcePicture wide = picture("hevc", "yuv420p10le", ProbedColor.of("tv", "bt2020nc", "bt2020-10", "bt2020", 10),
                null, false);
        assertThat(FfmpegArguments.encode("ffmpeg", IN, OUT, Strategy.VIDEO_MP4_H264, preset("web"), PIXELS, 2, wide))
                .containsSequence("-vf", "scale='trunc(min(iw,1920)/2)*2':-2,"
                        + "zscale=tin=bt2020-10:pin=bt2020:min=bt2020nc:rin=tv:t=bt709:p=bt709:m=bt709:r=tv,format=yuv420p")
                .contains("-color_trc");
        SourcePicture fullRangeSdr = picture("h264", "yuvj420p", ProbedColor.of("pc", "smpte170m", "smpte170m", "smpte170m", 8),
                null, false);
        assertThat(fullRangeSdr).isEqualTo(SourcePicture.UNPROBED);
        assertThat(FfmpegArguments.encode("ffmpeg", IN, OUT, Strategy.VIDEO_MP4_H264, preset("web"), PIXELS, 2, fullRangeSdr))
                .isEqualTo(FfmpegArguments.encode("ffmpeg", IN, OUT, Strategy.VIDEO_MP4_H264, preset("web"), PIXELS, 2))
                .doesNotContain("-color_trc", "-colorspace");
    }

    @Test
    void vp9AlphaIsDecodedWithLibvpxAndKeptByVp9ButLaidOnWhiteForH264() {
        SourcePicture alpha = picture("vp9", "yuv420p", ProbedColor.untagged(8), null, true);
        Path webm = Path.of("/work/out/video.webm");
        assertThat(FfmpegArguments.encode("ffmpeg", IN, webm, Strategy.VIDEO_WEBM_VP9, preset("low-bandwidth"), PIXELS, 2, alpha))
                .containsSequence("-threads", "1", "-c:v", "libvpx-vp9", "-i", "file:/work/in put:1.mov")
                .containsSequence("-vf", "scale='trunc(min(iw,854)/2)*2':-2")
                .containsSequence("-row-mt", "1", "-pix_fmt", "yuva420p");
        assertThat(alpha.flattensAlpha(Strategy.VIDEO_WEBM_VP9)).isFalse();
        assertThat(FfmpegArguments.encode("ffmpeg", IN, OUT, Strategy.VIDEO_MP4_H264, preset("web"), PIXELS, 2, alpha))
                .containsSequence("-c:v", "libvpx-vp9", "-i", "file:/work/in put:1.mov")
                .containsSequence("-vf", "scale='trunc(min(iw,1920)/2)*2':-2,split[picture][canvas];"
                        + "[canvas]drawbox=c=white:t=fill[white];[white][picture]overlay=format=auto,format=yuv420p")
                .containsSequence("-profile:v", "high", "-pix_fmt", "yuv420p");
        assertThat(alpha.flattensAlpha(Strategy.VIDEO_MP4_H264)).isTrue();
        assertThat(picture("h264", "yuv420p", ProbedColor.untagged(8), null, true).hasAlpha())
                .as("only libvpx reads an alpha channel").isFalse();
    }

    @Test
    void interlacedVideoIsDeinterlacedBeforeScaling() {
        SourcePicture interlaced = SourcePicture.of(new ProbedStream(0, "video", "mpeg2video", 720, 576, "yuv420p", 2.0,
                null, 0, false, ProbedColor.untagged(8), null, false, true));
        assertThat(FfmpegArguments.encode("ffmpeg", IN, OUT, Strategy.VIDEO_MP4_H264, preset("web"), PIXELS, 2, interlaced))
                .containsSequence("-vf", "bwdif=mode=send_frame:deint=interlaced,scale='trunc(min(iw,1920)/2)*2':-2")
                .doesNotContain("-color_trc");
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
        assertThat(FfmpegCommand.fileUrl(Path.of("-i.mp4")))
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

    @Test
    void theCrfReferenceReadsEachSampleLockedDownWithItsOwnSeekingInput() {
        Path reference = Path.of("/work/out/crf-reference.mkv");
        List<String> lockdown = List.of("-protocol_whitelist", "file", "-format_whitelist", DEMUXERS,
                "-max_pixels", "100000000", "-threads", "1");
        assertThat(FfmpegArguments.sampleReference("ffmpeg", IN, reference, Strategy.VIDEO_MP4_H264, preset("web"),
                PIXELS, 2, SourcePicture.UNPROBED, List.of(2.0, 6.0, 10.5), 12))
                .containsExactly(Stream.of(
                        List.of("ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y"),
                        lockdown, List.of("-noaccurate_seek", "-ss", "2.000", "-t", "1.5", "-i", "file:/work/in put:1.mov"),
                        lockdown, List.of("-noaccurate_seek", "-ss", "6.000", "-t", "1.5", "-i", "file:/work/in put:1.mov"),
                        lockdown, List.of("-noaccurate_seek", "-ss", "10.500", "-t", "1.5", "-i", "file:/work/in put:1.mov"),
                        List.of("-filter_complex",
                                "[0:V:0]trim=end_frame=12,setpts=PTS-STARTPTS,scale='trunc(min(iw,1920)/2)*2':-2[s0];"
                                        + "[1:V:0]trim=end_frame=12,setpts=PTS-STARTPTS,scale='trunc(min(iw,1920)/2)*2':-2[s1];"
                                        + "[2:V:0]trim=end_frame=12,setpts=PTS-STARTPTS,scale='trunc(min(iw,1920)/2)*2':-2[s2];"
                                        + "[s0][s1][s2]concat=n=3:v=1:a=0[v]",
                                "-map", "[v]", "-an", "-map_metadata", "-1", "-map_chapters", "-1", "-sn", "-dn",
                                "-c:v", "rawvideo", "-threads", "2", "-f", "matroska", "file:/work/out/crf-reference.mkv"))
                        .flatMap(List::stream).toArray(String[]::new));
    }

    @Test
    void crfSamplesAreEncodedLockedDownWithTheRealEncodesCodecSettingsToThePipe() {
        assertThat(FfmpegArguments.sampleEncode("ffmpeg", Path.of("/work/out/crf-reference.mkv"),
                Strategy.VIDEO_MP4_H264, preset("web").withCrf(27), PIXELS, 2, SourcePicture.UNPROBED))
                .containsExactly("ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y",
                        "-protocol_whitelist", "file", "-format_whitelist", DEMUXERS, "-max_pixels", "100000000",
                        "-i", "file:/work/out/crf-reference.mkv", "-map", "0:v:0", "-an",
                        "-c:v", "libx264", "-preset", "veryfast", "-rc-lookahead", "8", "-crf", "27",
                        "-maxrate", "5000k", "-bufsize", "10000k", "-profile:v", "high", "-pix_fmt", "yuv420p",
                        "-threads", "2", "-f", "matroska", "pipe:1");
    }

    @Test
    void crfSamplesAreMeasuredFromThePipeAsMatroskaOnlyAgainstTheReferenceLockedDown() {
        assertThat(FfmpegArguments.sampleSsim("ffmpeg", Path.of("/work/out/crf-reference.mkv"), PIXELS, 2))
                .containsExactly("ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y",
                        "-protocol_whitelist", "pipe", "-format_whitelist", "matroska", "-f", "matroska",
                        "-max_pixels", "100000000", "-i", "pipe:0",
                        "-protocol_whitelist", "file", "-format_whitelist", DEMUXERS, "-max_pixels", "100000000",
                        "-i", "file:/work/out/crf-reference.mkv",
                        "-filter_complex", "[0:v:0]format=yuv420p,settb=1,setpts=N[out];"
                                + "[1:v:0]format=yuv420p,settb=1,setpts=N[ref];[out][ref]ssim=stats_file=-",
                        "-threads", "2", "-f", "null", "-");
    }
}
