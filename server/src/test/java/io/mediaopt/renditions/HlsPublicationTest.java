package io.mediaopt.renditions;

import io.mediaopt.jobs.JdbcJobStore;
import io.mediaopt.jobs.TestJobs;
import io.mediaopt.storage.LocalStorage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;

import static org.assertj.core.api.Assertions.assertThat;

/** What the ladder stores early stays as stored while the files it was stored from are written again. */
class HlsPublicationTest {
    @Test
    void aStoredPlaylistKeepsItsTextWhenItsFileIsWrittenAgain(@TempDir Path tmp) throws Exception {
        Path stored = Files.createDirectories(tmp.resolve("storage"));
        Path playlist = tmp.resolve("360p.m3u8");
        Path segment = tmp.resolve("360p_000.m4s");
        try (JdbcJobStore jobs = TestJobs.open("jdbc:sqlite:" + tmp.resolve("jobs.db"))) {
            HlsPublication publication = new HlsPublication(new LocalStorage(stored), new PlayableJobs(jobs.dataSource()),
                    Clock.systemUTC(), "job", "outputs/job/1-a/");
            Files.writeString(playlist, "#EXTM3U\n#EXT-X-PLAYLIST-TYPE:EVENT\n360p_000.m4s\n");
            Files.writeString(segment, "segment");
            publication.put("360p.m3u8", playlist, HlsLadder.PLAYLIST_TYPE, false);
            publication.put("360p_000.m4s", segment, HlsLadder.SEGMENT_TYPE, true);

            // the next snapshot is written over the same file, as the ladder does once more is listed
            Files.writeString(playlist, "");
            Files.writeString(playlist, "#EXTM3U\n#EXT-X-PLAYLIST-TYPE:EVENT\n360p_000.m4s\n360p_001.m4s\n");

            Path prefix = stored.resolve("outputs/job/1-a");
            assertThat(Files.readString(prefix.resolve("360p.m3u8"))).isEqualTo("#EXTM3U\n#EXT-X-PLAYLIST-TYPE:EVENT\n360p_000.m4s\n");
            assertThat(Files.readString(prefix.resolve("360p_000.m4s"))).isEqualTo("segment");
            assertThat(Files.exists(tmp.resolve(".stored-360p.m3u8"))).isFalse();
        }
    }
}
