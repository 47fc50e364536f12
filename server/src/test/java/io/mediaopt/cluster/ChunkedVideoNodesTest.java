package io.mediaopt.cluster;

import io.mediaopt.ChunkedOutputs;
import io.mediaopt.Eventually;
import io.mediaopt.Fixtures;
import io.mediaopt.ProcessLevel;
import io.mediaopt.ServerProcess;
import io.mediaopt.client.Job;
import io.mediaopt.client.JobStatus;
import io.mediaopt.client.MediaoptClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One long video over two nodes on PostgreSQL and S3: the node that runs the job and the other
 * node both take its chunks, and a node killed while it encodes a chunk loses nothing: the chunk
 * is taken again once its lease runs out, and the job ends done, once, matching a one-piece encode.
 * A node reads the job's source from the bucket at most once for its chunks, the job's own node
 * not at all, and deletes its copy once the job no longer needs it.
 */
@ProcessLevel
class ChunkedVideoNodesTest {
    private static final int FPS = 25;
    private static final Map<String, String> CHUNKS = Map.of("SERVICE_VIDEO_CHUNK_THRESHOLD_SEC", "10",
            "SERVICE_VIDEO_CHUNK_SEC", "2", "SERVICE_VIDEO_QUALITY", "fixed");

    /** Where the cluster's nodes live, and the one-piece encode both tests compare with, made once by the first. */
    @TempDir
    static Path shared;
    @TempDir
    Path dir;
    static Cluster cluster;

    @BeforeAll
    static void startSharedServices() throws Exception {
        cluster = Cluster.start(shared.resolve("cluster"));
    }

    @AfterAll
    static void stopSharedServices() {
        cluster.close();
    }

    @AfterEach
    void stopNodes() {
        cluster.stopNodes();
    }

    @Test
    void theOtherNodeTakesChunksAndOneKilledMidChunkLosesNothing() throws Exception {
        ServerProcess first = cluster.node("node-0", CHUNKS);
        ServerProcess second = cluster.node("node-1", CHUNKS);
        String jobId = submitted(first);
        ServerProcess parent = runner(jobId, first, second);
        ServerProcess helper = parent == first ? second : first;
        String helperNode = helper == first ? "node-0" : "node-1";
        String chunk = await("a chunk encoded by the other node", "SELECT id FROM video_chunks WHERE job_id = ? AND status = "
                + "'processing' AND lease_owner = '" + helperNode + "'", jobId);
        Cluster.kill(helper);
        assertThat(chunkStatus(chunk)).as("the killed node held its chunk").contains("processing " + helperNode);

        try (MediaoptClient c = parent.client()) {
            Job job = c.waitForJob(jobId, Duration.ofMinutes(6));
            assertThat(job.status()).isEqualTo(JobStatus.DONE);
            assertThat(c.getUsage().totalJobs()).as("done once").isEqualTo(1);
            Path chunked = dir.resolve("chunked.mp4");
            c.download(jobId, chunked);
            Path onePiece = onePiece(c);
            assertThat(ChunkedOutputs.keyFrames(chunked)).as("cut every 2 s").contains(0, 50, 100, 150, 200, 250);
            ChunkedOutputs.assertMatches(chunked, onePiece, source(), FPS);
        }
        assertThat(queryInt("SELECT attempts FROM jobs WHERE id = ?", jobId)).as("the job itself never retaken").isEqualTo(1);
        assertThat(queryInt("SELECT COUNT(*) FROM video_chunks WHERE job_id = ?", jobId)).as("chunks forgotten").isZero();
        assertThat(cluster.s3().keys("chunks/")).as("no chunk left in the bucket").isEmpty();
        assertThat(cluster.s3().reads("inputs/" + jobId)).as("read by the job, and at most once by the other node's chunks")
                .isBetween(1, 2);
    }

    @Test
    void aJobWhoseNodeDiesIsTakenOverWithTheChunksDoneSoFar() throws Exception {
        ServerProcess first = cluster.node("node-0", CHUNKS);
        ServerProcess second = cluster.node("node-1", CHUNKS);
        String jobId = submitted(first);
        ServerProcess parent = runner(jobId, first, second);
        String doneBefore = await("a chunk done", "SELECT id FROM video_chunks WHERE job_id = ? AND status = 'done'", jobId);
        int planned = queryInt("SELECT COUNT(*) FROM video_chunks WHERE job_id = ?", jobId);
        ServerProcess survivor = parent == first ? second : first;
        Cluster.kill(parent);

        try (MediaoptClient c = survivor.client()) {
            // until the job ends, the chunk done before the kill stays done and no second plan appears
            Job job = Eventually.await(Duration.ofMinutes(6), () -> {
                assertThat(chunkStatus(doneBefore)).allMatch(status -> status.startsWith("done"));
                assertThat(queryInt("SELECT COUNT(*) FROM video_chunks WHERE job_id = ?", jobId)).isIn(0, planned);
                return c.getJob(jobId);
            }, j -> j.status() == JobStatus.DONE || j.status() == JobStatus.FAILED);
            assertThat(job.status()).isEqualTo(JobStatus.DONE);
            assertThat(c.getUsage().totalJobs()).as("done once, by the survivor").isEqualTo(1);
            Path chunked = dir.resolve("taken-over.mp4");
            c.download(jobId, chunked);
            ChunkedOutputs.assertMatches(chunked, onePiece(c), source(), FPS);
        }
        assertThat(queryInt("SELECT attempts FROM jobs WHERE id = ?", jobId)).as("taken over once").isEqualTo(2);
        assertThat(cluster.s3().reads("inputs/" + jobId)).as("read by each attempt, and at most once by the survivor's "
                + "chunks before it took the job over").isBetween(2, 3);
        Path survivorChunks = cluster.chunkWorkOf(survivor);
        Eventually.until(Duration.ofSeconds(30), "the survivor's copy of the source gone with the job", () -> {
            try (Stream<Path> kept = Files.exists(survivorChunks) ? Files.list(survivorChunks) : Stream.empty()) {
                return kept.noneMatch(p -> p.getFileName().toString().startsWith("source-"));
            }
        });
    }

    /**
     * 12 s with a key frame every second: cuts every 2 s, six chunks. 480p, not 720p: the nodes
     * encode it two to three times over and every SSIM reads it, and what is checked (who takes
     * which chunk, the seams) is the same at any size; a chunk still takes its node long enough
     * to be seen in work and killed there.
     */
    private static Path source() {
        return Fixtures.video("chunked-nodes.mp4", "854x480", FPS, 12, true, "-c:v", "libx264",
                "-preset", "veryfast", "-g", "25", "-sc_threshold", "0", "-crf", "16", "-pix_fmt", "yuv420p",
                "-c:a", "aac");
    }

    /**
     * The synchronous (always one-piece) encode of {@link #source()} with the nodes' settings, made
     * by {@code node} the first time: the same for both tests, so encoded once.
     */
    private static synchronized Path onePiece(MediaoptClient node) throws Exception {
        Path onePiece = shared.resolve("one-piece.mp4");
        if (!Files.exists(onePiece)) Files.write(onePiece, node.optimize(source(), "web").content());
        return onePiece;
    }

    /** The job of {@link #source()} submitted to {@code node} once every node is up. */
    private String submitted(ServerProcess node) throws Exception {
        for (ServerProcess n : cluster.nodes()) n.awaitHealthy();
        try (MediaoptClient c = node.client()) {
            return c.submitJob(source(), "web").jobId();
        }
    }

    /** The node of the two whose lease the job is under. */
    private ServerProcess runner(String jobId, ServerProcess first, ServerProcess second) throws Exception {
        String owner = await("the job held by a node", "SELECT lease_owner FROM jobs WHERE id = ? AND status = 'processing'",
                jobId);
        return owner.equals("node-0") ? first : second;
    }

    private String await(String what, String sql, String jobId) throws Exception {
        try (Connection c = DriverManager.getConnection(cluster.databaseUrl()); PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, jobId);
            Optional<String> found = Eventually.await(Duration.ofMinutes(3), () -> {
                try (ResultSet rs = s.executeQuery()) {
                    return rs.next() ? Optional.ofNullable(rs.getString(1)) : Optional.<String>empty();
                }
            }, Optional::isPresent);
            return found.orElseThrow(() -> new AssertionError("never seen: " + what));
        }
    }

    private List<String> chunkStatus(String id) throws Exception {
        try (Connection c = DriverManager.getConnection(cluster.databaseUrl());
             PreparedStatement s = c.prepareStatement("SELECT status, lease_owner FROM video_chunks WHERE id = ?")) {
            s.setString(1, id);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? List.of(rs.getString(1) + " " + rs.getString(2)) : List.of();
            }
        }
    }

    private int queryInt(String sql, String jobId) throws Exception {
        try (Connection c = DriverManager.getConnection(cluster.databaseUrl()); PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, jobId);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }
}
