package io.mediaopt.jobs;

import io.mediaopt.Integration;
import io.mediaopt.TestPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

@Integration
class PostgresJobStoreTest extends JobStoreContract {
    static TestPostgres postgres;
    static int databases;
    String url;

    @BeforeAll
    static void start() throws Exception {
        postgres = TestPostgres.start();
    }

    @AfterAll
    static void stop() {
        postgres.close();
    }

    @Override
    JobStore openEmptyStore() throws Exception {
        url = postgres.newDatabase("contract" + databases++);
        return TestJobs.open(url);
    }

    @Override
    JobStore openAnotherNode() {
        return TestJobs.open(url);
    }
}
