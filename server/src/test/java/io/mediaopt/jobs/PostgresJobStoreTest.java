package io.mediaopt.jobs;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaopt.TestPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

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
        return JdbcJobStore.open(url, new ObjectMapper());
    }

    @Override
    JobStore openAnotherNode() {
        return JdbcJobStore.open(url, new ObjectMapper());
    }
}
