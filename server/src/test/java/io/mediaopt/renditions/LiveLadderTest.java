package io.mediaopt.renditions;

import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.jobs.JdbcJobStore;
import io.mediaopt.jobs.TestJobs;
import io.mediaopt.media.Presets;
import io.mediaopt.media.VideoSettings;
import io.mediaopt.storage.LocalStorage;
import io.mediaopt.video.ProcessRunner;
import io.mediaopt.video.VideoTools;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The H.264 ladder encoded early, with EVENT playlists and each segment stored as it is listed,
 * ends as the ladder of the VOD command always made: the same playlists, byte for byte, naming the
 * same segments of the same lengths; what was stored is what is on disk at the end.
 */
@Integration
class LiveLadderTest {
    @Test
    void theEarlyLadderEndsAsTheVodLadderAndStoresEveryFileItLists(@TempDir Path tmp) throws Exception {
        Path clip = Fixtures.video("ladder.mp4", "960x540", 25, 9, true,
                "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac");
        VideoSettings web = Presets.standard().find("web").orElseThrow().video();
        List<HlsRung> rungs = HlsRung.ladder(960, 540, web.maxBitrateKbps());
        Path stored = Files.createDirectories(tmp.resolve("storage"));
        try (ProcessRunner runner = new ProcessRunner(); JdbcJobStore jobs = TestJobs.open("jdbc:sqlite:" + tmp.resolve("jobs.db"))) {
            VideoTools tools = new VideoTools("ffmpeg", "ffprobe", runner);
            Path vod = Files.createDirectories(tmp.resolve("vod"));
            FfmpegRun.run(tools, HlsArguments.ladder("ffmpeg", clip, vod, rungs, false, web,
                    VideoSourcesTest.LIMITS.maxInputPixels(), 2), VideoSourcesTest.LIMITS.videoTimeout(), "VOD ladder");
            HlsPublication publication = new HlsPublication(new LocalStorage(stored), new PlayableJobs(jobs.dataSource()),
                    Clock.systemUTC(), "job", "outputs/job/1-a/");
            List<Integer> progress = new CopyOnWriteArrayList<>();
            new HlsLadder(tools, VideoSourcesTest.LIMITS, 2).encodeEarly(clip, 960, 540, web, tmp.resolve("early"),
                    publication, 9, progress::add);
            // the share of the video every variant has stored, forward only, to the whole of it
            assertThat(progress).isSorted().endsWith(100).allMatch(p -> p >= 0 && p <= 100);

            Path early = tmp.resolve("early").resolve("hls");
            Path prefix = stored.resolve("outputs/job/1-a");
            assertThat(rungs).extracting(HlsRung::name).containsExactly("360p", "540p");
            for (HlsRung rung : rungs) {
                String playlist = Files.readString(vod.resolve(rung.playlist()));
                assertThat(Files.readString(early.resolve(rung.playlist()))).isEqualTo(playlist);
                assertThat(Files.readString(prefix.resolve(rung.playlist()))).isEqualTo(playlist);
                MediaPlaylist listed = MediaPlaylist.parse(playlist);
                assertThat(listed.segments()).hasSizeGreaterThanOrEqualTo(3);
                // the bytes of two runs of one ladder differ (x264's threads over two outputs): those stored are the ones made
                for (String name : names(listed)) {
                    assertThat(Files.readAllBytes(prefix.resolve(name))).as(name).isEqualTo(Files.readAllBytes(early.resolve(name)));
                    assertThat(publication.settled(name)).isTrue();
                }
            }
            assertThat(publication.settled(HlsLadder.MASTER)).isFalse();
            assertThat(Files.readString(prefix.resolve(HlsLadder.MASTER)))
                    .startsWith(HlsLadder.MASTER_HEAD).contains("360p.m3u8", "540p.m3u8");
            // the job is not in the store: nothing says it is playable
            assertThat(new PlayableJobs(jobs.dataSource()).of("job", 1)).isEmpty();
        }
    }

    @Test
    void theEventCommandIsTheVodCommandWithEventPlaylistsWrittenWhole() {
        List<String> vod = List.of("ffmpeg", "-i", "in", "-hls_playlist_type", "vod", "a.m3u8", "-hls_playlist_type",
                "vod", "b.m3u8");
        assertThat(LiveLadder.eventCommand(vod)).containsExactly("ffmpeg", "-i", "in", "-hls_flags", "temp_file",
                "-hls_playlist_type", "event", "a.m3u8", "-hls_flags", "temp_file", "-hls_playlist_type", "event",
                "b.m3u8");
    }

    private static List<String> names(MediaPlaylist playlist) {
        return java.util.stream.Stream.concat(java.util.stream.Stream.of(playlist.init()),
                playlist.segments().stream().map(MediaPlaylist.Segment::name)).toList();
    }
}
