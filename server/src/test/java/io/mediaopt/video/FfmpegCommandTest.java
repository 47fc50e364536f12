package io.mediaopt.video;

import io.mediaopt.MainSources;
import io.mediaopt.media.Presets;
import io.mediaopt.media.Strategy;
import io.mediaopt.media.VideoSettings;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static io.mediaopt.video.InputLockdown.CHUNK_LIST;
import static io.mediaopt.video.InputLockdown.MATROSKA_STDIN;
import static io.mediaopt.video.InputLockdown.MEDIA_FILE;
import static io.mediaopt.video.InputLockdown.RAW_FRAMES;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FfmpegCommandTest {
    private static final Path IN = Path.of("/work/in.mov");
    private static final String UPLOAD = "file:/work/in.mov";
    private static final Path REFERENCE = Path.of("/work/crf-reference.mkv");
    private static final String DEMUXERS = "mov,mp4,m4a,3gp,3g2,mj2,matroska,webm,avi,mpegts,ogg";
    /** Words only the builder may write: the opening and the lockdown of an input. */
    private static final Set<String> BUILDER_WORDS =
            Set.of("\"-i\"", "\"-nostdin\"", "\"-protocol_whitelist\"", "\"-format_whitelist\"", "\"pipe:0\"");

    @Test
    void everyInputOfEveryVideoCommandCarriesItsLockdownBeforeItsOwnOptions() {
        VideoSettings web = Presets.standard().find("web").orElseThrow().video();
        SourcePicture alpha = SourcePicture.of(new ProbedStream(0, "video", "vp9", 640, 360, "yuv420p", 2.0, null, 0,
                false, ProbedColor.untagged(8), null, true, false));
        for (Strategy strategy : List.of(Strategy.VIDEO_MP4_H264, Strategy.VIDEO_WEBM_VP9, Strategy.VIDEO_MP4_AV1)) {
            for (SourcePicture picture : List.of(SourcePicture.UNPROBED, alpha)) {
                assertThat(LockedInputs.assertEveryInputLockedDown(FfmpegArguments.encode("ffmpeg", IN,
                        Path.of("/work/out"), strategy, web, 1000, 2, picture), UPLOAD)).containsExactly(MEDIA_FILE);
                assertThat(LockedInputs.assertEveryInputLockedDown(FfmpegArguments.sampleReference("ffmpeg", IN,
                        REFERENCE, strategy, web, 1000, 2, picture, List.of(1.0, 4.0, 7.0), 12), UPLOAD))
                        .containsExactly(MEDIA_FILE, MEDIA_FILE, MEDIA_FILE);
                assertThat(LockedInputs.assertEveryInputLockedDown(FfmpegArguments.sampleEncode("ffmpeg", REFERENCE,
                        strategy, web, 1000, 2, picture), UPLOAD)).containsExactly(MEDIA_FILE);
            }
        }
        assertThat(LockedInputs.assertEveryInputLockedDown(ChunkArguments.chunk("ffmpeg", IN, Path.of("/work/chunk.mp4"),
                Strategy.VIDEO_MP4_H264, web, 1000, 2, 4_000_000, 120), UPLOAD)).containsExactly(MEDIA_FILE);
        assertThat(LockedInputs.assertEveryInputLockedDown(ChunkArguments.audio("ffmpeg", IN, Path.of("/work/a.m4a"),
                web, 1000), UPLOAD)).containsExactly(MEDIA_FILE);
        assertThat(LockedInputs.assertEveryInputLockedDown(ChunkArguments.join("ffmpeg", Path.of("/work/chunks.ffconcat"),
                Path.of("/work/a.m4a"), Path.of("/work/out.mp4")), UPLOAD)).containsExactly(CHUNK_LIST, MEDIA_FILE);
        assertThat(LockedInputs.assertEveryInputLockedDown(FfmpegArguments.sampleSsim("ffmpeg", REFERENCE, 1000, 2),
                UPLOAD)).containsExactly(MATROSKA_STDIN, MEDIA_FILE);
        assertThat(LockedInputs.assertEveryInputLockedDown(FrameJudgeArguments.frames("ffmpeg", IN,
                List.of(0.5, 2.0, 3.5), 320, 180, 1000, Path.of("/work/frames.rgb")), UPLOAD))
                .containsExactly(MEDIA_FILE, MEDIA_FILE, MEDIA_FILE);
        assertThat(LockedInputs.assertEveryInputLockedDown(FrameJudgeArguments.ssim("ffmpeg", REFERENCE,
                Path.of("/work/frames.rgb"), 320, 180), UPLOAD)).containsExactly(RAW_FRAMES, RAW_FRAMES);
    }

    @Test
    void eachLockdownNamesItsProtocolAndItsDemuxersAndForcesTheDemuxerOfWhatTheServiceWrote() {
        assertThat(MEDIA_FILE.options()).containsExactly("-protocol_whitelist", "file", "-format_whitelist", DEMUXERS);
        assertThat(RAW_FRAMES.options())
                .containsExactly("-protocol_whitelist", "file", "-format_whitelist", "rawvideo", "-f", "rawvideo");
        assertThat(MATROSKA_STDIN.options())
                .containsExactly("-protocol_whitelist", "pipe", "-format_whitelist", "matroska", "-f", "matroska");
        // the concat demuxer opens the chunks the list names, as MP4 and nothing else
        assertThat(CHUNK_LIST.options()).containsExactly("-protocol_whitelist", "file", "-format_whitelist",
                "concat,mov,mp4,m4a,3gp,3g2,mj2", "-f", "concat");
    }

    @Test
    void ffprobeNamesItsOneInputLastAfterTheLockdown() {
        assertThat(FfmpegArguments.probe("ffprobe", IN)).containsExactly("ffprobe", "-v", "error",
                "-protocol_whitelist", "file", "-format_whitelist", DEMUXERS,
                "-print_format", "json", "-show_format", "-show_streams", UPLOAD);
    }

    @Test
    void anInputCannotBeSlippedInAsAnOption() {
        assertThatThrownBy(() -> FfmpegCommand.ffmpeg("ffmpeg").input(IN).add("-i", "http://127.0.0.1/x.m3u8"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> FfmpegCommand.ffmpeg("ffmpeg").input(IN, List.of("-i", "concat:/etc/passwd")))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void noOtherSourceFileOpensACommandOrNamesAnInput() {
        Path sources = MainSources.directory();
        List<String> writers = MainSources.javaFiles().stream()
                .filter(f -> !Set.of("FfmpegCommand.java", "InputLockdown.java").contains(f.getFileName().toString()))
                .filter(f -> BUILDER_WORDS.stream().anyMatch(MainSources.read(f)::contains))
                .map(f -> sources.relativize(f).toString())
                .toList();
        assertThat(writers).as("files writing an ffmpeg opening or input by hand").isEmpty();
        assertThat(MainSources.read(sources.resolve("io/mediaopt/video/FfmpegCommand.java")))
                .contains("\"-nostdin\"", "\"-i\"");
    }
}
