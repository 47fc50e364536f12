package io.mediaopt.cluster;

import io.mediaopt.Eventually;
import io.mediaopt.Fixtures;
import io.mediaopt.Healthy;
import io.mediaopt.ProcessLevel;
import io.mediaopt.ServerProcess;
import io.mediaopt.WebhookReceiver;
import io.mediaopt.client.CallbackState;
import io.mediaopt.client.Job;
import io.mediaopt.client.JobStatus;
import io.mediaopt.client.MediaoptApiException;
import io.mediaopt.client.MediaoptClient;
import io.mediaopt.client.Optimization;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Several server processes sharing one PostgreSQL and one S3 server: any node answers for any
 * job, a node killed mid-job loses nothing, and no job is done twice.
 */
@ProcessLevel
class MultiNodeTest {
    @TempDir
    static Path dir;
    static Cluster cluster;

    @BeforeAll
    static void startSharedServices() throws Exception {
        cluster = Cluster.start(dir);
    }

    @AfterAll
    static void stopSharedServices() {
        cluster.close();
    }

    @AfterEach
    void stopNodes() {
        cluster.stopNodes();
    }

    private ServerProcess node(String id, Map<String, String> extra) throws Exception {
        return cluster.node(id, extra);
    }

    @Test
    void jobsSurviveANodeKilledMidJobAndEachIsDoneExactlyOnce() throws Exception {
        ServerProcess victim = node("node-0", Map.of());
        ServerProcess second = node("node-1", Map.of());
        ServerProcess third = node("node-2", Map.of());
        for (ServerProcess n : cluster.nodes()) n.awaitHealthy();

        List<String> ids = new ArrayList<>();
        List<ServerProcess> all = List.of(victim, second, third);
        // long enough that the victim is still encoding when it is killed, seconds after it took the job;
        // as wide as low-bandwidth's output (854), so no node decodes and scales down pixels it drops
        Path video = Fixtures.highBitrateMp4("eight-seconds.mp4", "854x480", 8, true);
        for (int i = 0; i < 3; i++) {
            try (MediaoptClient c = all.get(i).client()) {
                ids.add(c.submitJob(video, "low-bandwidth").jobId());
            }
        }
        // small stills: what is checked is that each job is done once, not what it made
        for (int i = 0; i < 27; i++) {
            try (MediaoptClient c = all.get(i % 3).client()) {
                ids.add(c.submitJob(i % 2 == 0 ? Fixtures.photoPng(320, 240, false) : Fixtures.photoJpeg(320, 240), "web")
                        .jobId());
            }
        }

        String interrupted = awaitVideoHeldBy("node-0");
        long victimDone;
        try (MediaoptClient c = victim.client()) {
            victimDone = c.getUsage().totalJobs();
        }
        Cluster.kill(victim);

        try (MediaoptClient c1 = second.client(); MediaoptClient c2 = third.client()) {
            for (int i = 0; i < ids.size(); i++) {
                Job job = (i % 2 == 0 ? c1 : c2).waitForJob(ids.get(i), Duration.ofMinutes(4));
                assertThat(job.status()).as(ids.get(i)).isEqualTo(JobStatus.DONE);
                byte[] viaPresignedUrl = fetch(job.downloadUrl());
                assertThat(viaPresignedUrl).hasSize((int) job.result().outputBytes());
                Path viaOtherNode = dir.resolve("dl-" + i);
                assertThat((i % 2 == 0 ? c2 : c1).download(job.jobId(), viaOtherNode).bytes())
                        .isEqualTo(job.result().outputBytes());
            }
            long survivorsDone = c1.getUsage().totalJobs() + c2.getUsage().totalJobs();
            assertThat(victimDone + survivorsDone).as("each job counted once").isEqualTo(ids.size());
        }
        assertThat(attempts(interrupted)).as("taken over after the kill").isEqualTo(2);
        for (String id : ids) assertThat(cluster.s3().holds("inputs/" + id)).as("input of " + id + " deleted").isFalse();
    }

    @Test
    void apiNodesQueueAndWorkerNodesEncode() throws Exception {
        ServerProcess api = node("api-0", Map.of("SERVICE_ROLE", "api"));
        ServerProcess worker = node("worker-0", Map.of("SERVICE_ROLE", "worker"));
        api.awaitHealthy();
        worker.awaitHealthy();

        try (MediaoptClient a = api.client(); MediaoptClient w = worker.client()) {
            Optimization sync = a.optimize(Fixtures.png(), "mobile");
            assertThat(sync.result().strategy()).isEqualTo("image-webp");
            assertThat(sync.content()).hasSize((int) sync.result().outputBytes());

            Job job = a.waitForJob(a.submitJob(Fixtures.photoJpeg(640, 480), "web").jobId(), Duration.ofMinutes(1));
            assertThat(job.status()).isEqualTo(JobStatus.DONE);
            assertThat(Healthy.report(w).ok()).isTrue();
            assertThatThrownBy(() -> w.getJob(job.jobId()))
                    .isInstanceOfSatisfying(MediaoptApiException.class, e -> assertThat(e.status()).isEqualTo(404));
            assertThat(a.getUsage().totalJobs()).as("the API node encoded nothing").isZero();
        }
    }

    @Test
    void eachCallbackIsDeliveredExactlyOnceByTwoNodes() throws Exception {
        String secret = "whsec_bWVkaWFvcHQtdGVzdC1rZXktMDEyMzQ1Njc4OWFiY2RlZg==";
        Map<String, String> webhooks = Map.of("SERVICE_WEBHOOK_SECRET", secret, "SERVICE_WEBHOOK_ALLOW_HTTP", "true",
                "SERVICE_WEBHOOK_ALLOW_PRIVATE", "true");
        ServerProcess a = node("node-a", webhooks);
        ServerProcess b = node("node-b", webhooks);
        for (ServerProcess n : cluster.nodes()) n.awaitHealthy();

        try (WebhookReceiver receiver = WebhookReceiver.start();
             MediaoptClient ca = a.client(); MediaoptClient cb = b.client()) {
            List<String> ids = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                ids.add((i % 2 == 0 ? ca : cb).submitJob(i % 3 == 0 ? Fixtures.photoJpeg(320, 240) : Fixtures.png(),
                        "web", receiver.url("/cluster")).jobId());
            }
            receiver.awaitCount(ids.size(), Duration.ofMinutes(3));
            for (int i = 0; i < ids.size(); i++) {
                Job job = (i % 2 == 0 ? cb : ca).waitForJob(ids.get(i), Duration.ofMinutes(1));
                assertThat(job.status()).isEqualTo(JobStatus.DONE);
                assertThat(job.callback().state()).isEqualTo(CallbackState.DELIVERED);
                assertThat(job.callback().attempts()).isEqualTo(1);
            }
            Thread.sleep(2000); // a second send would come within the next polls of either node
            List<WebhookReceiver.Call> calls = receiver.calls();
            assertThat(calls).extracting(WebhookReceiver.Call::eventId).doesNotHaveDuplicates()
                    .containsExactlyInAnyOrderElementsOf(ids.stream().map(id -> id + ".done").toList());
            assertThat(calls).allMatch(call -> call.signedWith(secret));
            assertThat(ca.getUsage().totalJobs()).as("both nodes ended jobs").isBetween(1L, ids.size() - 1L);
        }
    }

    private String awaitVideoHeldBy(String node) throws Exception {
        try (Connection c = DriverManager.getConnection(cluster.databaseUrl());
             PreparedStatement s = c.prepareStatement(
                     "SELECT id FROM jobs WHERE status = ? AND lease_owner = ? AND media_kind = 'video'")) {
            s.setString(1, io.mediaopt.jobs.JobStatus.PROCESSING.wireName());
            s.setString(2, node);
            Optional<String> held = Eventually.await(Duration.ofSeconds(120), () -> {
                try (ResultSet rs = s.executeQuery()) {
                    return rs.next() ? Optional.of(rs.getString(1)) : Optional.<String>empty();
                }
            }, Optional::isPresent);
            return held.orElseThrow(() -> new AssertionError(node + " never processed a video"));
        }
    }

    private int attempts(String id) throws Exception {
        try (Connection c = DriverManager.getConnection(cluster.databaseUrl());
             PreparedStatement s = c.prepareStatement("SELECT attempts FROM jobs WHERE id = ?")) {
            s.setString(1, id);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    private static byte[] fetch(String url) throws Exception {
        try (HttpClient http = HttpClient.newHttpClient()) {
            HttpResponse<byte[]> r = http.send(HttpRequest.newBuilder(URI.create(url)).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            assertThat(r.statusCode()).isEqualTo(200);
            return r.body();
        }
    }
}
