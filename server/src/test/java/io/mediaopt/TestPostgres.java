package io.mediaopt;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real PostgreSQL server for the tests, on 127.0.0.1. As an ordinary user it is zonky's
 * embedded PostgreSQL (binaries from Maven Central). PostgreSQL refuses to run as root, so under
 * root (as in CI) the machine's own PostgreSQL binaries run as the {@code postgres} user instead.
 */
public final class TestPostgres implements AutoCloseable {
    private static Path emptyCluster;
    private final String baseUrl;
    private final AutoCloseable server;

    private TestPostgres(String baseUrl, AutoCloseable server) {
        this.baseUrl = baseUrl;
        this.server = server;
    }

    public static TestPostgres start() throws Exception {
        if (!"root".equals(System.getProperty("user.name"))) {
            EmbeddedPostgres pg = EmbeddedPostgres.builder().start();
            return new TestPostgres("jdbc:postgresql://127.0.0.1:" + pg.getPort() + "/", pg);
        }
        return startAsPostgresUser();
    }

    /** A fresh, empty database; its JDBC URL carries the user. */
    public String newDatabase(String name) throws SQLException {
        try (Connection c = DriverManager.getConnection(baseUrl + "postgres?user=postgres");
             Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
        }
        return baseUrl + name + "?user=postgres";
    }

    @Override
    public void close() {
        try {
            server.close();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static TestPostgres startAsPostgresUser() throws Exception {
        Path bin = systemBinaries();
        Path dir = ownedByPostgres("mediaopt-pg");
        // a copy of one initdb's cluster: running initdb for each server took seconds each time
        run("cp", "-a", emptyCluster(bin).toString(), dir.resolve("data").toString());
        SystemServer server = new SystemServer(bin, dir, ServerProcess.freePort());
        server.start();
        return new TestPostgres("jdbc:postgresql://127.0.0.1:" + server.port() + "/", server);
    }

    /** An empty cluster made by initdb once for this JVM, removed when it exits; servers start on copies. */
    private static synchronized Path emptyCluster(Path bin) throws IOException, InterruptedException {
        if (emptyCluster == null) {
            Path dir = ownedByPostgres("mediaopt-pg-empty");
            Path data = dir.resolve("data");
            asPostgres(bin.resolve("initdb").toString(), "-D", data.toString(), "-A", "trust", "-U", "postgres",
                    "-E", "UTF8", "--locale=C", "--no-sync");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteTree(dir)));
            emptyCluster = data;
        }
        return emptyCluster;
    }

    private static Path ownedByPostgres(String prefix) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory(prefix);
        run("chown", "postgres:postgres", dir.toString());
        return dir;
    }

    private static void deleteTree(Path dir) {
        try {
            DirectoryTrees.delete(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Stops the server at once, as a crash or a lost machine would: every connection drops and the
     * port refuses new ones until {@link #restart}. Only the machine's own PostgreSQL (run as
     * root) can be stopped and started again.
     */
    public void stop() throws Exception {
        systemServer().stop();
    }

    /** Starts the stopped server again on the same port, with its data. */
    public void restart() throws Exception {
        systemServer().start();
    }

    /** Whether {@link #stop} and {@link #restart} are possible: under root, as in CI. */
    public static boolean canStop() {
        return "root".equals(System.getProperty("user.name"));
    }

    private SystemServer systemServer() {
        if (server instanceof SystemServer system) return system;
        throw new UnsupportedOperationException("the embedded PostgreSQL cannot be stopped and started again");
    }

    /** The machine's PostgreSQL binaries serving the data directory below {@code dir}. */
    private record SystemServer(Path bin, Path dir, int port) implements AutoCloseable {
        void start() throws IOException, InterruptedException {
            asPostgres(bin.resolve("pg_ctl").toString(), "-D", dir.resolve("data").toString(), "-l",
                    dir.resolve("log").toString(), "-w", "-o", "-p " + port + " -k " + dir
                            + " -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200", "start");
        }

        void stop() throws IOException, InterruptedException {
            asPostgres(bin.resolve("pg_ctl").toString(), "-D", dir.resolve("data").toString(), "-m", "immediate",
                    "stop");
        }

        @Override
        public void close() throws IOException {
            try {
                stop();
            } catch (IOException alreadyStopped) {
                // stopped by a test that did not start it again
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            deleteTree(dir);
        }
    }

    private static Path systemBinaries() throws IOException {
        try (Stream<Path> versions = Files.list(Path.of("/usr/lib/postgresql"))) {
            return versions.map(v -> v.resolve("bin")).filter(b -> Files.isExecutable(b.resolve("initdb")))
                    .max(Comparator.naturalOrder())
                    .orElseThrow(() -> new IllegalStateException("no PostgreSQL server binaries"));
        } catch (NoSuchFileException e) {
            throw new IllegalStateException("PostgreSQL refuses to run as root, and the machine has no PostgreSQL "
                    + "server to run as the postgres user: install the package postgresql (./test.sh does so as root)");
        }
    }

    private static void asPostgres(String... command) throws IOException, InterruptedException {
        List<String> full = new ArrayList<>(List.of("runuser", "-u", "postgres", "--"));
        full.addAll(List.of(command));
        run(full.toArray(String[]::new));
    }

    private static void run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException("failed: " + String.join(" ", command) + "\n" + output);
        }
    }
}
