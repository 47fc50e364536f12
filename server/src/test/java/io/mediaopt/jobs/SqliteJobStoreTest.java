package io.mediaopt.jobs;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class SqliteJobStoreTest extends JobStoreContract {
    @TempDir
    Path dir;

    @Override
    JobStore openEmptyStore() {
        return TestJobs.open("jdbc:sqlite:" + dir.resolve("jobs.db"));
    }

    @Override
    JobStore openAnotherNode() {
        return openEmptyStore();
    }

    @Test
    void survivesReopeningTheDatabase() {
        store.insert(TestJobs.pending("kept", "mobile", "k.png", 5, JPEG, "inputs/kept", null, 1));
        store.close();
        store = openEmptyStore();
        assertThat(store.find("kept").orElseThrow().request().preset().name()).isEqualTo("mobile");
    }
}
