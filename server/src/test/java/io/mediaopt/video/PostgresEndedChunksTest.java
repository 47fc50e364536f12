package io.mediaopt.video;

import io.mediaopt.Integration;
import io.mediaopt.TestPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** {@link EndedChunksTest} on PostgreSQL. */
@Integration
class PostgresEndedChunksTest extends EndedChunksTest {
    static TestPostgres postgres;

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
        return postgres.newDatabase("ended_chunks");
    }
}
