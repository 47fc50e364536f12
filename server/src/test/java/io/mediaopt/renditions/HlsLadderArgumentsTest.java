package io.mediaopt.renditions;

import io.mediaopt.media.Presets;
import io.mediaopt.media.VideoSettings;
import io.mediaopt.video.FfmpegArguments;
import io.mediaopt.video.InputLockdown;
import io.mediaopt.video.LockedInputs;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Collections;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class HlsLadderArgumentsTest {
    @Test
    void theLadderNeverGoesAboveTheSourcesShortSideAndKeepsUnderThePresetsCap() {
        assertThat(HlsRung.ladder(1920, 1080, 5000)).extracting(HlsRung::name)
                .containsExactly("360p", "540p", "720p", "1080p");
        assertThat(HlsRung.ladder(1920, 1080, 5000).getLast().maxBitrateKbps()).isEqualTo(5000);
        assertThat(HlsRung.ladder(1280, 720, 5000)).extracting(HlsRung::name).containsExactly("360p", "540p", "720p");
        assertThat(HlsRung.ladder(720, 1280, 5000)).extracting(HlsRung::name).containsExactly("360p", "540p", "720p");
        assertThat(HlsRung.ladder(320, 241, 800)).containsExactly(new HlsRung("240p", 240, 800));
    }

    @Test
    void oneLockedDownCommandDecodesOnceAndWritesEveryVariantWithAlignedKeyFrames() {
        List<HlsRung> rungs = HlsRung.ladder(1280, 720, 5000);
        List<String> args = HlsArguments.ladder("ffmpeg", Path.of("/w/in.mp4"), Path.of("/w/hls"), rungs, false,
                Presets.standard().find("web").orElseThrow().video(), 100_000_000, 2);
        assertThat(Collections.indexOfSubList(args, FfmpegArguments.LOCKDOWN)).isPositive();
        assertThat(Collections.frequency(args, "-i")).isOne();
        assertThat(args).containsSequence("-filter_complex",
                "[0:V:0]split=3[s0][s1][s2];[s0]scale=-2:360[v0];[s1]scale=-2:540[v1];[s2]scale=-2:720[v2]");
        assertThat(Collections.frequency(args, "expr:gte(t,n_forced*" + HlsArguments.SEGMENT_SEC + ")")).isEqualTo(3);
        assertThat(args).containsSequence("-hls_segment_type", "fmp4", "-hls_fmp4_init_filename", "720p_init.mp4",
                "-hls_segment_filename", "/w/hls/720p_%03d.m4s", "file:/w/hls/720p.m3u8");
        assertThat(args).containsSequence("-maxrate", "900k", "-bufsize", "1800k");
        // stereo for every variant, downmixed without clipping
        assertThat(Collections.frequency(args, "aresample=rematrix_maxval=1,aformat=channel_layouts=stereo"))
                .isEqualTo(3);
        assertThat(HlsArguments.filters(List.of(new HlsRung("360p", 360, 900)), true))
                .isEqualTo("[0:V:0]split=1[s0];[s0]scale=360:-2[v0]");
    }

    @Test
    void theAv1LadderCutsAtForcedKeyFramesUnderTheLowerOfTheRungsAndThePresetsAv1Cap() {
        VideoSettings web = Presets.standard().find("web").orElseThrow().video();
        List<HlsRung> rungs = HlsRung.ladder(1920, 1080, 5000).stream().map(r -> r.av1(web.av1())).toList();
        assertThat(rungs).extracting(HlsRung::name).containsExactly("360p-av1", "540p-av1", "720p-av1", "1080p-av1");
        assertThat(rungs).extracting(HlsRung::maxBitrateKbps).containsExactly(900, 2000, 3000, 3000);
        List<String> args = HlsArguments.av1Ladder("ffmpeg", Path.of("/w/in.mp4"), Path.of("/w/hls"), rungs, false,
                web.av1(), web.audioBitrateKbps(), 100_000_000, 2);
        assertThat(Collections.indexOfSubList(args, FfmpegArguments.LOCKDOWN)).isPositive();
        assertThat(args).containsSequence("-c:v", "libsvtav1", "-preset", "10", "-crf", "38", "-maxrate", "900k",
                "-svtav1-params", "lp=2:keyint=" + HlsArguments.SEGMENT_SEC + "s:enable-force-key-frames=1",
                "-pix_fmt", "yuv420p", "-force_key_frames", "expr:gte(t,n_forced*" + HlsArguments.SEGMENT_SEC + ")");
        assertThat(args).containsSequence("-hls_segment_type", "fmp4", "-hls_fmp4_init_filename", "1080p-av1_init.mp4",
                "-hls_segment_filename", "/w/hls/1080p-av1_%03d.m4s", "file:/w/hls/1080p-av1.m3u8");
        assertThat(HlsArguments.videoOnly("ffmpeg", Path.of("/w/j.mp4"), Path.of("/w/v.mp4")))
                .containsSequence(FfmpegArguments.LOCKDOWN).containsSequence("-map", "0:V:0", "-c", "copy");
    }

    @Test
    void aMediaPlaylistReadsAsItsInitAndTimedSegments() {
        MediaPlaylist playlist = MediaPlaylist.parse("""
                #EXTM3U
                #EXT-X-VERSION:7
                #EXT-X-TARGETDURATION:4
                #EXT-X-MAP:URI="360p_init.mp4"
                #EXTINF:4.000000,
                360p_000.m4s
                #EXTINF:1.040000,
                360p_001.m4s
                #EXT-X-ENDLIST
                """);
        assertThat(playlist.init()).isEqualTo("360p_init.mp4");
        assertThat(playlist.segments()).containsExactly(new MediaPlaylist.Segment("360p_000.m4s", 4.0),
                new MediaPlaylist.Segment("360p_001.m4s", 1.04));
        assertThat(playlist.durationSec()).isEqualTo(5.04);
    }

    @Test
    void renditionsLiveUnderTheOutputKeyWithoutItsExtensionAndThePosterCommandIsLockedDown() {
        assertThat(RenditionKeys.key("outputs/j1/1-abc.mp4", "master.m3u8")).isEqualTo("outputs/j1/1-abc/master.m3u8");
        assertThat(RenditionKeys.prefix("outputs/j1/1-abc")).isEqualTo("outputs/j1/1-abc/");
        List<String> poster = PosterArguments.representative("ffmpeg", Path.of("/w/in.mp4"), Path.of("/w/p.png"), 1000);
        assertThat(Collections.indexOfSubList(poster, FfmpegArguments.LOCKDOWN)).isPositive();
        assertThat(poster).containsSequence("-vf", "thumbnail=" + PosterArguments.REPRESENTATIVE_OF_FRAMES)
                .doesNotContain("-ss");
        assertThat(PosterArguments.at("ffmpeg", Path.of("/w/in.mp4"), Path.of("/w/p.png"), 2.5, 1000))
                .containsSequence("-ss", "2.500", "-i", "file:/w/in.mp4").doesNotContain("-vf");
    }

    @Test
    void everyInputOfTheRenditionCommandsCarriesTheLockdownOfMediaFiles() {
        Path in = Path.of("/w/in.mp4");
        VideoSettings web = Presets.standard().find("web").orElseThrow().video();
        List<HlsRung> rungs = HlsRung.ladder(1280, 720, 5000);
        List<List<String>> commands = List.of(
                HlsArguments.ladder("ffmpeg", in, Path.of("/w/hls"), rungs, false, web, 1000, 2),
                HlsArguments.av1Ladder("ffmpeg", in, Path.of("/w/hls"), rungs.stream().map(r -> r.av1(web.av1())).toList(),
                        true, web.av1(), web.audioBitrateKbps(), 1000, 2),
                HlsArguments.videoOnly("ffmpeg", in, Path.of("/w/v.mp4")),
                PosterArguments.representative("ffmpeg", in, Path.of("/w/p.png"), 1000),
                PosterArguments.at("ffmpeg", in, Path.of("/w/p.png"), 2.5, 1000));
        for (List<String> command : commands) {
            assertThat(LockedInputs.assertEveryInputLockedDown(command, "file:/w/in.mp4"))
                    .containsExactly(InputLockdown.MEDIA_FILE);
        }
    }
}
