package io.mediaopt.cluster;

import io.mediaopt.S3TestServer;
import io.mediaopt.ServerProcess;
import io.mediaopt.TestPostgres;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Server processes sharing one PostgreSQL database and one S3 server, each with a directory of its
 * own under {@code dir}; closing stops them all. A test class starts one for all its tests and
 * stops each test's nodes after it ({@link #stopNodes}): starting PostgreSQL and S3 again for
 * every test took seconds each time, and a test's jobs, keys and node counters are its own anyway.
 */
final class Cluster implements AutoCloseable {
    private final Path dir;
    private final TestPostgres postgres;
    private final S3TestServer s3;
    private final String databaseUrl;
    private final List<ServerProcess> nodes = new ArrayList<>();
    private final Map<ServerProcess, Path> dirs = new HashMap<>();
    private int started;

    private Cluster(Path dir, TestPostgres postgres, S3TestServer s3, String databaseUrl) {
        this.dir = dir;
        this.postgres = postgres;
        this.s3 = s3;
        this.databaseUrl = databaseUrl;
    }

    static Cluster start(Path dir) throws Exception {
        TestPostgres postgres = TestPostgres.start();
        return new Cluster(dir, postgres, S3TestServer.start(), postgres.newDatabase("cluster"));
    }

    /** A new node named {@code id}, with one worker and the given settings beyond the shared ones. */
    ServerProcess node(String id, Map<String, String> extra) throws Exception {
        Map<String, String> env = new HashMap<>(s3.env());
        env.put("SERVICE_DATABASE_URL", databaseUrl);
        env.put("SERVICE_NODE_ID", id);
        env.put("SERVICE_WORKERS", "1");
        // renewed every 2 s: a node held up for seconds on a busy machine keeps its jobs (a lapsed
        // lease lets another node do a job again, which the tests count as done twice), and a
        // killed node's jobs are taken over 6 s after its last renewal
        env.put("SERVICE_JOB_LEASE_MS", "6000");
        env.putAll(extra);
        // a directory per start: a later test's node of the same name starts with nothing of the last one's
        Path nodeDir = dir.resolve(id + "-" + ++started);
        ServerProcess node = ServerProcess.start(nodeDir, env);
        nodes.add(node);
        dirs.put(node, nodeDir);
        return node;
    }

    /**
     * kill -9 of {@code node} and of the encoders it ran, as a machine or container that dies takes
     * its processes along: a killed JVM's ffmpeg would otherwise encode on to its end for nothing,
     * out of the node's directory, which no other node clears, taking CPU from the tests after it.
     */
    static void kill(ServerProcess node) throws InterruptedException {
        List<ProcessHandle> encoders = node.process().descendants().toList();
        node.kill();
        for (ProcessHandle encoder : encoders) encoder.destroyForcibly();
    }

    List<ServerProcess> nodes() {
        return List.copyOf(nodes);
    }

    /** Where {@code node} encodes video chunks and keeps the sources it read for them. */
    Path chunkWorkOf(ServerProcess node) {
        return dirs.get(node).resolve("store").resolve("work").resolve("chunks");
    }

    S3TestServer s3() {
        return s3;
    }

    String databaseUrl() {
        return databaseUrl;
    }

    /** Stops every node started so far (a test's), leaving PostgreSQL and S3 to the next test. */
    void stopNodes() {
        for (ServerProcess node : nodes) node.close();
        nodes.clear();
        dirs.clear();
    }

    @Override
    public void close() {
        stopNodes();
        s3.close();
        postgres.close();
    }
}
