package io.mediaopt.imageurl;

import io.mediaopt.jobs.JdbcJobStore;
import io.mediaopt.jobs.TestJobs;

class SqliteVariantEvictionTest extends VariantEvictionContract {
    @Override
    JdbcJobStore openEmptyDatabase() {
        return TestJobs.open("jdbc:sqlite:" + dir.resolve("jobs.db"));
    }
}
