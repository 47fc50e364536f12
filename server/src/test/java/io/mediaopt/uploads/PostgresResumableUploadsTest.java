package io.mediaopt.uploads;

import io.mediaopt.Integration;
import io.mediaopt.TestPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

@Integration
class PostgresResumableUploadsTest extends ResumableUploadsContract {
    private static TestPostgres postgres;
    private static int databases;

    @BeforeAll
    static void start() throws Exception {
        postgres = TestPostgres.start();
    }

    @AfterAll
    static void stop() {
        postgres.close();
    }

    @Override
    String databaseUrl() throws Exception {
        return postgres.newDatabase("uploads" + databases++);
    }
}
