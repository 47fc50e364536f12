package io.mediaopt.uploads;

class SqliteResumableUploadsTest extends ResumableUploadsContract {
    @Override
    String databaseUrl() {
        return "jdbc:sqlite:" + dir.resolve("jobs.db");
    }
}
