package io.mediaopt.api;

import io.mediaopt.Integration;
import io.mediaopt.ServerProcess;
import org.junit.jupiter.api.extension.RegisterExtension;
import io.mediaopt.RunningServer;
import io.mediaopt.Eventually;
import io.mediaopt.Fixtures;
import io.mediaopt.WebhookReceiver;
import io.mediaopt.client.CallbackDelivery;
import io.mediaopt.client.CallbackState;
import io.mediaopt.client.Job;
import io.mediaopt.client.JobStatus;
import io.mediaopt.client.MediaoptClient;
import io.mediaopt.client.WebhookSignature;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A job's end is posted, signed, to the caller's URL; failures are retried or given up as they deserve. */
@Integration
class WebhooksApiTest {
    static final String SECRET = "whsec_bWVkaWFvcHQtdGVzdC1rZXktMDEyMzQ1Njc4OWFiY2RlZg==";
    static final String OTHER_SECRET = "whsec_bm90LXRoZS1zZWNyZXQtMDEyMzQ1Njc4OWFiY2RlZg==";
    static final Duration WAIT = Duration.ofSeconds(60);
    @RegisterExtension
    static final RunningServer service = RunningServer.with(Map.of(
            "SERVICE_WEBHOOK_SECRET", SECRET,
            "SERVICE_WEBHOOK_ALLOW_HTTP", "true",
            "SERVICE_WEBHOOK_ALLOW_PRIVATE", "true",
            "SERVICE_WEBHOOK_TIMEOUT_MS", "3000",
            "SERVICE_WEBHOOK_RETRY_BASE_MS", "50"));
    WebhookReceiver receiver;
    MediaoptClient client;

    @BeforeEach
    void takeClient() {
        client = service.client();
    }

    @BeforeEach
    void startReceiver() throws Exception {
        receiver = WebhookReceiver.start();
    }

    @AfterEach
    void stopReceiver() {
        receiver.close();
    }

    @Test
    void doneAndFailedJobsArePostedWithTheJobAndAValidSignature() throws Exception {
        String done = client.submitJob(Fixtures.png(), "web", receiver.url("/hooks/media")).jobId();
        String failed = client.submitJob("broken.jpg", Fixtures.truncatedJpeg(), "web", receiver.url("/hooks/media"))
                .jobId();

        List<WebhookReceiver.Call> calls = receiver.awaitCount(2, WAIT);
        assertThat(calls).extracting(WebhookReceiver.Call::eventId)
                .containsExactlyInAnyOrder(done + ".done", failed + ".failed");
        for (WebhookReceiver.Call call : calls) {
            assertThat(call.path()).isEqualTo("/hooks/media");
            assertThat(call.header("Content-Type")).isEqualTo("application/json");
            assertThat(call.signedWith(SECRET)).as("signature of " + call.eventId()).isTrue();
            assertThat(call.acceptedByStandardWebhooks(SECRET)).as("the reference library accepts it").isTrue();
            assertThat(call.signedWith(OTHER_SECRET)).isFalse();
            assertThat(call.acceptedByStandardWebhooks(OTHER_SECRET)).isFalse();
            assertThat(call.header("webhook-timestamp")).matches("[0-9]{10}");
            assertThat(call.headers()).doesNotContainKeys("x-service-signature", "x-service-event-id");
            Job sent = call.job();
            assertThat(call.header(WebhookSignature.EVENT_HEADER)).isEqualTo("job." + sent.status().wireName());
            Job polled = client.getJob(sent.jobId());
            assertThat(sent.callback()).as("the call does not report on itself").isNull();
            assertThat(sent).usingRecursiveComparison().ignoringFields("callback", "updatedAt").isEqualTo(polled);
        }
        Job sentDone = calls.stream().map(WebhookReceiver.Call::job).filter(j -> j.jobId().equals(done))
                .findFirst().orElseThrow();
        assertThat(sentDone.status()).isEqualTo(JobStatus.DONE);
        assertThat(sentDone.downloadUrl()).isEqualTo(service.baseUrl() + "/media/jobs/" + done + "/download");
        Job sentFailed = calls.stream().map(WebhookReceiver.Call::job).filter(j -> j.jobId().equals(failed))
                .findFirst().orElseThrow();
        assertThat(sentFailed.error().code()).isEqualTo("unreadable-media");

        CallbackDelivery delivery = awaitCallback(done, CallbackState.DELIVERED);
        assertThat(delivery.eventId()).isEqualTo(done + ".done");
        assertThat(delivery.attempts()).isEqualTo(1);
        assertThat(delivery.lastStatus()).isEqualTo(204);
        assertThat(delivery.deliveredAt()).isNotNull();
        assertThat(awaitCallback(failed, CallbackState.DELIVERED).eventId()).isEqualTo(failed + ".failed");
    }

    @Test
    void aReceiverThatFailsTwiceGetsTheSameEventOnTheThirdAttempt() throws Exception {
        receiver.answer(503, 429);
        String id = client.submitJob(Fixtures.png(), "web", receiver.url("/flaky")).jobId();

        CallbackDelivery delivery = awaitCallback(id, CallbackState.DELIVERED);
        assertThat(delivery.attempts()).isEqualTo(3);
        assertThat(delivery.lastStatus()).isEqualTo(204);
        List<WebhookReceiver.Call> calls = receiver.calls();
        assertThat(calls).hasSize(3).extracting(WebhookReceiver.Call::eventId).containsOnly(id + ".done");
        assertThat(calls).allMatch(call -> call.signedWith(SECRET));
        // /metrics counts the attempts by outcome (other tests of this server add to them)
        assertThat(attemptsCounted("retry")).isGreaterThanOrEqualTo(2);
        assertThat(attemptsCounted("delivered")).isGreaterThanOrEqualTo(1);
    }

    private static double attemptsCounted(String outcome) throws Exception {
        String metrics = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create(service.baseUrl().replaceFirst("/api$", "/metrics"))).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        String line = metrics.lines()
                .filter(l -> l.startsWith("mediaopt_webhook_attempts_total{outcome=\"" + outcome + "\"}"))
                .findFirst().orElse("none 0");
        return Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
    }

    @Test
    void aRedirectIsNeverFollowedAndGivesUp() throws Exception {
        try (WebhookReceiver elsewhere = WebhookReceiver.start()) {
            receiver.redirect(307, elsewhere.url("/stolen"));
            String id = client.submitJob(Fixtures.png(), "web", receiver.url("/moved")).jobId();

            CallbackDelivery delivery = awaitCallback(id, CallbackState.FAILED);
            assertThat(delivery.lastStatus()).isEqualTo(307);
            assertThat(delivery.lastError()).contains("redirects are not followed");
            assertThat(delivery.attempts()).isEqualTo(1);
            assertThat(receiver.calls()).hasSize(1);
            assertThat(elsewhere.calls()).isEmpty();
        }
    }

    @Test
    void aClientErrorGivesUpAtOnceAndANetworkErrorIsRetried() throws Exception {
        receiver.answer(410);
        String gone = client.submitJob(Fixtures.png(), "web", receiver.url("/gone")).jobId();
        CallbackDelivery delivery = awaitCallback(gone, CallbackState.FAILED);
        assertThat(delivery.lastStatus()).isEqualTo(410);
        assertThat(delivery.attempts()).isEqualTo(1);

        URI nobodyListens = URI.create("http://127.0.0.1:" + ServerProcess.freePort() + "/");
        String unreachable = client.submitJob(Fixtures.png(), "web", nobodyListens).jobId();
        CallbackDelivery retrying = Eventually.await(WAIT, () -> client.getJob(unreachable).callback(),
                callback -> callback.attempts() >= 2);
        assertThat(retrying.state()).isEqualTo(CallbackState.PENDING);
        assertThat(retrying.attempts()).isGreaterThanOrEqualTo(2);
        assertThat(retrying.lastStatus()).isNull();
        assertThat(retrying.lastError()).contains("connection failed");
        assertThat(retrying.nextAttemptAt()).isNotNull();
    }

    @Test
    void aReceiverThatAcceptsButNeverAnswersIsCutOffAndTriedAgain() throws Exception {
        String id;
        int port;
        try (SilentListener silent = new SilentListener()) {
            port = silent.port();
            id = client.submitJob(Fixtures.png(), "web", URI.create("http://127.0.0.1:" + port + "/slow")).jobId();
            CallbackDelivery first = Eventually.await(WAIT, () -> client.getJob(id).callback(),
                    c -> c != null && c.lastError() != null);
            assertThat(first.state()).isEqualTo(CallbackState.PENDING);
            assertThat(first.lastError()).isEqualTo("no answer within 3000 ms");
            assertThat(first.lastStatus()).isNull();
            assertThat(silent.connections()).isPositive();
        }
        try (WebhookReceiver late = WebhookReceiver.on(port)) {
            CallbackDelivery delivery = awaitCallback(id, CallbackState.DELIVERED);
            assertThat(delivery.attempts()).isGreaterThanOrEqualTo(2);
            assertThat(delivery.lastStatus()).isEqualTo(204);
            assertThat(late.calls()).extracting(WebhookReceiver.Call::eventId).containsOnly(id + ".done");
        }
    }

    /**
     * Each job of a batch is called back once, at the first attempt, whether jobs come one at a
     * time or all at once. Prints how long after its {@code completedAt} each call arrived (times
     * on a shared machine are printed, not asserted).
     */
    @Test
    void everyJobOfABatchIsCalledBackOnceAtTheFirstAttempt() throws Exception {
        int count = 20;
        List<WebhookReceiver.Call> oneByOne = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String event = client.submitJob(Fixtures.png(), "web", receiver.url("/one")).jobId() + ".done";
            oneByOne.add(receiver.await(calls -> calls.stream().anyMatch(c -> event.equals(c.eventId())), WAIT)
                    .stream().filter(c -> event.equals(c.eventId())).findFirst().orElseThrow());
        }
        List<String> events = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            events.add(client.submitJob(Fixtures.png(), "web", receiver.url("/batch")).jobId() + ".done");
        }
        List<WebhookReceiver.Call> batch = receiver.await(
                calls -> calls.stream().filter(c -> c.path().equals("/batch")).count() >= count, WAIT)
                .stream().filter(c -> c.path().equals("/batch")).toList();

        assertThat(batch).extracting(WebhookReceiver.Call::eventId).containsExactlyInAnyOrderElementsOf(events);
        printLatency("one job at a time", oneByOne);
        printLatency(count + " jobs sent at once", batch);
        for (WebhookReceiver.Call call : receiver.calls()) {
            assertThat(awaitCallback(call.job().jobId(), CallbackState.DELIVERED).attempts()).isEqualTo(1);
        }
        assertThat(receiver.calls()).hasSize(2 * count);
    }

    private static void printLatency(String what, List<WebhookReceiver.Call> calls) {
        long[] ms = calls.stream().mapToLong(call -> call.receivedAtMillis() - call.job().completedAt()).sorted()
                .toArray();
        System.out.printf("callback received after completedAt, %s: median %d ms, max %d ms (n=%d)%n", what,
                (ms[(ms.length - 1) / 2] + ms[ms.length / 2]) / 2, ms[ms.length - 1], ms.length);
    }

    @Test
    void theSynchronousRouteTakesACallbackOnlyWithItsJsonAnswer() throws Exception {
        byte[] png = Files.readAllBytes(Fixtures.png());
        Job job = client.optimizeAsJob("a.png", png, "web", receiver.url("/sync"));
        assertThat(job.status()).isEqualTo(JobStatus.DONE);
        assertThat(job.callback()).isNotNull();

        assertThat(receiver.awaitCount(1, WAIT).getFirst().eventId()).isEqualTo(job.jobId() + ".done");
        assertThat(awaitCallback(job.jobId(), CallbackState.DELIVERED).attempts()).isEqualTo(1);
    }

    @Test
    void aJobWithoutCallbackShowsNone() throws Exception {
        String id = client.submitJob(Fixtures.png(), "web").jobId();
        Job job = client.waitForJob(id, WAIT);
        assertThat(job.callback()).isNull();
    }

    private CallbackDelivery awaitCallback(String id, CallbackState state) throws Exception {
        CallbackDelivery callback = Eventually.await(WAIT, () -> client.getJob(id).callback(),
                c -> c != null && c.state() == state);
        if (callback == null || callback.state() != state) {
            throw new AssertionError("the callback of job " + id + " never became " + state + ": " + callback);
        }
        return callback;
    }

    /** A listener on 127.0.0.1 that accepts connections, keeps them open and never reads or writes. */
    private static final class SilentListener implements AutoCloseable {
        private final ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        private final List<Socket> accepted = new ArrayList<>();
        private final Thread acceptor = Thread.ofPlatform().daemon().name("silent-listener").start(this::accept);

        SilentListener() throws IOException {}

        int port() {
            return socket.getLocalPort();
        }

        synchronized int connections() {
            return accepted.size();
        }

        private void accept() {
            while (!socket.isClosed()) {
                try {
                    Socket connection = socket.accept();
                    synchronized (this) {
                        accepted.add(connection);
                    }
                } catch (IOException e) {
                    // closed
                }
            }
        }

        @Override
        public void close() throws IOException {
            socket.close();
            try {
                acceptor.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            synchronized (this) {
                for (Socket connection : accepted) connection.close();
            }
        }
    }
}
