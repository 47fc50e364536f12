package io.mediaopt.jobs;

import io.mediaopt.media.MediaFormat;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;

/** Progress reports reach the real job store at most once a second and only forward. */
class JobProgressTest {
    @TempDir
    Path dir;
    JobStore store;
    long now = 10_000;
    final Clock clock = new Clock() {
        @Override public ZoneOffset getZone() { return ZoneOffset.UTC; }
        @Override public Clock withZone(ZoneId zone) { return this; }
        @Override public Instant instant() { return Instant.ofEpochMilli(now); }
    };

    @BeforeEach
    void open() {
        store = TestJobs.open("jdbc:sqlite:" + dir.resolve("jobs.db"));
        store.insert(TestJobs.pending("v", "web", "clip.mp4", 100, MediaFormat.MP4,
                "inputs/v", null, now));
        store.claimNext(new JobStore.Lease("n1", now + 30_000), 3, now);
    }

    @AfterEach
    void close() {
        store.close();
    }

    int stored() {
        return store.find("v").orElseThrow().state().progress();
    }

    @Test
    void writesAtMostOnceASecondAndNeverBackwards() {
        JobProgress progress = new JobProgress(store, "v", clock);

        progress.reached(10);
        assertThat(stored()).isEqualTo(10);
        now += 500;
        progress.reached(20);
        assertThat(stored()).as("within the second").isEqualTo(10);
        now += 500;
        progress.reached(30);
        assertThat(stored()).isEqualTo(30);
        now += 5_000;
        progress.reached(25);
        assertThat(stored()).as("a lower report").isEqualTo(30);
        progress.reached(60);
        assertThat(stored()).isEqualTo(60);
    }

    @Test
    void aStoreThatFailsDoesNotStopTheEncoding() {
        JobProgress progress = new JobProgress(store, "v", clock);
        store.close();
        progress.reached(50); // must not throw
    }
}
