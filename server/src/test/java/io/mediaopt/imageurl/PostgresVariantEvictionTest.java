package io.mediaopt.imageurl;

import io.mediaopt.Integration;
import io.mediaopt.TestPostgres;
import io.mediaopt.jobs.JdbcJobStore;
import io.mediaopt.jobs.TestJobs;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

@Integration
class PostgresVariantEvictionTest extends VariantEvictionContract {
    static TestPostgres postgres;
    static int databases;

    @BeforeAll
    static void start() throws Exception {
        postgres = TestPostgres.start();
    }

    @AfterAll
    static void stop() {
        postgres.close();
    }

    @Override
    JdbcJobStore openEmptyDatabase() throws Exception {
        return TestJobs.open(postgres.newDatabase("variants" + databases++));
    }
}
