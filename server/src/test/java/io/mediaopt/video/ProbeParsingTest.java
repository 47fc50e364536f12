package io.mediaopt.video;

import org.junit.jupiter.api.Test;

import java.io.IOException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** ffprobe's JSON, as ffprobe 5.1 writes it, into records. */
class ProbeParsingTest {

    @Test
    void readsFormatAndStreams() throws Exception {
        ProbeReport report = Ffprobe.parse("""
                {"streams": [
                  {"index": 0, "codec_name": "h264", "codec_type": "video", "width": 1920, "height": 1080,
                   "pix_fmt": "yuv420p", "duration": "12.500000", "bit_rate": "4000000",
                   "disposition": {"default": 1, "attached_pic": 0},
                   "side_data_list": [{"side_data_type": "Display Matrix", "rotation": -90}]},
                  {"index": 1, "codec_name": "aac", "codec_type": "audio", "duration": "12.49", "bit_rate": "128000"},
                  {"index": 2, "codec_name": "mjpeg", "codec_type": "video", "width": 600, "height": 600,
                   "disposition": {"attached_pic": 1}}
                ],
                "format": {"format_name": "mov,mp4,m4a,3gp,3g2,mj2", "duration": "12.500000", "bit_rate": "4130000"}}
                """);

        assertThat(report.formatName()).isEqualTo("mov,mp4,m4a,3gp,3g2,mj2");
        assertThat(report.durationSec()).isEqualTo(12.5);
        assertThat(report.bitRate()).isEqualTo(4_130_000L);
        assertThat(report.streams()).hasSize(3);

        ProbedStream video = report.video().orElseThrow();
        assertThat(video.codecName()).isEqualTo("h264");
        assertThat(video.pixelFormat()).isEqualTo("yuv420p");
        assertThat(video.rotation()).isEqualTo(270);
        assertThat(video.displayWidth()).isEqualTo(1080);
        assertThat(video.displayHeight()).isEqualTo(1920);
        assertThat(video.pixels()).isEqualTo(1920L * 1080);
        assertThat(report.audio().orElseThrow().codecName()).isEqualTo("aac");
        assertThat(report.streams().get(2).attachedPicture()).isTrue();
    }

    @Test
    void readsColourTagsBitDepthDolbyVisionAndAlpha() throws Exception {
        ProbeReport report = Ffprobe.parse("""
                {"streams": [
                  {"index": 0, "codec_name": "hevc", "codec_type": "video", "width": 1920, "height": 1080,
                   "pix_fmt": "yuv420p10le", "color_range": "tv", "color_space": "bt2020nc",
                   "color_transfer": "arib-std-b67", "color_primaries": "bt2020",
                   "side_data_list": [{"side_data_type": "DOVI configuration record", "dv_version_major": 1,
                     "dv_version_minor": 0, "dv_profile": 8, "dv_level": 4, "rpu_present_flag": 1,
                     "el_present_flag": 0, "bl_present_flag": 1, "dv_bl_signal_compatibility_id": 4}]},
                  {"index": 1, "codec_name": "vp9", "codec_type": "video", "width": 640, "height": 360,
                   "pix_fmt": "yuv420p", "field_order": "progressive", "tags": {"alpha_mode": "1"}},
                  {"index": 2, "codec_name": "mpeg2video", "codec_type": "video", "width": 720, "height": 576,
                   "pix_fmt": "yuv420p", "field_order": "tt"}
                ], "format": {"format_name": "mov,mp4,m4a,3gp,3g2,mj2"}}
                """);
        ProbedStream hlg = report.streams().getFirst();
        assertThat(hlg.color()).isEqualTo(ProbedColor.of("tv", "bt2020nc", "arib-std-b67", "bt2020", 10));
        assertThat(hlg.dolbyVision()).isEqualTo(new DolbyVision(8, 4));
        assertThat(hlg.alpha()).isFalse();
        ProbedStream vp9 = report.streams().get(1);
        assertThat(vp9.color()).isEqualTo(ProbedColor.untagged(8));
        assertThat(vp9.dolbyVision()).isNull();
        assertThat(vp9.alpha()).isTrue();
        assertThat(vp9.interlaced()).isFalse();
        assertThat(hlg.interlaced()).as("no field order said").isFalse();
        assertThat(report.streams().get(2).interlaced()).isTrue();
    }

    @Test
    void bitDepthFromThePixelFormatName() {
        assertThat(ProbedColor.bitDepthOf("yuv420p")).isEqualTo(8);
        assertThat(ProbedColor.bitDepthOf("yuvj420p")).isEqualTo(8);
        assertThat(ProbedColor.bitDepthOf("yuv420p10le")).isEqualTo(10);
        assertThat(ProbedColor.bitDepthOf("p010le")).isEqualTo(10);
        assertThat(ProbedColor.bitDepthOf("yuv422p12be")).isEqualTo(12);
        assertThat(ProbedColor.bitDepthOf("rgb24")).isEqualTo(8);
        assertThat(ProbedColor.bitDepthOf(null)).isEqualTo(8);
    }

    @Test
    void coverArtBeforeTheVideoIsNotTakenForIt() throws Exception {
        ProbeReport report = Ffprobe.parse("""
                {"streams": [
                  {"index": 0, "codec_name": "png", "codec_type": "video", "width": 500, "height": 500,
                   "disposition": {"attached_pic": 1}},
                  {"index": 1, "codec_name": "vp9", "codec_type": "video", "width": 640, "height": 360}
                ], "format": {"format_name": "matroska,webm"}}
                """);
        assertThat(report.video().orElseThrow().index()).isEqualTo(1);
    }

    @Test
    void unknownNumbersAreNullAndTheDurationFallsBackToTheStreams() throws Exception {
        ProbeReport report = Ffprobe.parse("""
                {"streams": [
                  {"index": 0, "codec_type": "video", "codec_name": "vp8", "width": 320, "height": 240,
                   "duration": "N/A", "tags": {"rotate": "180"}},
                  {"index": 1, "codec_type": "audio", "codec_name": "opus", "duration": "3.02"}
                ], "format": {"format_name": "matroska,webm", "duration": "N/A"}}
                """);
        assertThat(report.durationSec()).isNull();
        assertThat(report.bitRate()).isNull();
        assertThat(report.duration()).contains(3.02);
        ProbedStream video = report.video().orElseThrow();
        assertThat(video.durationSec()).isNull();
        assertThat(video.rotation()).isEqualTo(180);
        assertThat(video.displayWidth()).isEqualTo(320);
    }

    @Test
    void aReportWithoutAnyVideoHasNone() throws Exception {
        ProbeReport report = Ffprobe.parse("""
                {"streams": [{"index": 0, "codec_type": "audio", "codec_name": "aac"}],
                 "format": {"format_name": "mov,mp4,m4a,3gp,3g2,mj2", "duration": "1.0"}}
                """);
        assertThat(report.video()).isEmpty();
        assertThat(report.duration()).contains(1.0);
    }

    @Test
    void outputWithoutAFormatIsRefused() {
        assertThatThrownBy(() -> Ffprobe.parse("{}")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Ffprobe.parse("{\"format\": ")).isInstanceOf(IOException.class);
    }

    @Test
    void versionIsTheWordAfterVersion() {
        assertThat(ToolVersions.parse("ffmpeg version 5.1.9-0+deb12u1 Copyright (c) 2000-2026 the FFmpeg developers\nbuilt with gcc"))
                .isEqualTo("5.1.9-0+deb12u1");
        assertThat(ToolVersions.parse("something else")).isEqualTo("something else");
    }
}
