package io.mediaopt.webhooks;

import io.mediaopt.Integration;
import io.mediaopt.jobs.DeliveryState;
import io.mediaopt.ErrorCode;
import io.mediaopt.WebhookReceiver;
import io.mediaopt.jobs.Callback;
import io.mediaopt.jobs.JdbcJobStore;
import io.mediaopt.jobs.TestJobs;
import io.mediaopt.media.MediaFormat;
import io.mediaopt.metrics.ServiceMetrics;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsExchange;
import com.sun.net.httpserver.HttpsServer;

import javax.net.ssl.ExtendedSSLSession;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.function.Predicate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sender connects only to addresses it looked up and checked for that connection: a name
 * whose DNS answer changes between a check and a connection (DNS rebinding) cannot reach what
 * the policy refuses. Names are answered by a lookup of the test's own; the receiver is real,
 * on 127.0.0.1.
 */
@Integration
class WebhookSenderTest {
    static final String SECRET = "whsec_bWVkaWFvcHQtdGVzdC1rZXktMDEyMzQ1Njc4OWFiY2RlZg==";
    /** TEST-NET-3: public for the policy, routed nowhere. */
    static final String PUBLIC_ADDRESS = "203.0.113.10";
    static final char[] PASSWORD = "changeit".toCharArray();

    @TempDir
    Path dir;
    JdbcJobStore store;
    JdbcDeliveryStore deliveries;
    WebhookReceiver receiver;
    WebhookSender sender;
    final List<String> lookups = Collections.synchronizedList(new ArrayList<>());
    /** Trusted besides nothing else when set; the JDK's certificates otherwise. */
    KeyStore trustStore;

    @BeforeEach
    void open() throws Exception {
        store = TestJobs.open("jdbc:sqlite:" + dir.resolve("jobs.db"));
        deliveries = new JdbcDeliveryStore(store.dataSource(), store.dialect());
        receiver = WebhookReceiver.start();
    }

    @AfterEach
    void close() {
        if (sender != null) sender.close();
        receiver.close();
        store.close();
    }

    @Test
    void aNameThatAnswersAPublicAddressAndThenLoopbackNeverReachesLoopback() throws Exception {
        // the first answer passes the check; every later one points at the receiver on 127.0.0.1
        start(false, Duration.ofMillis(500), host -> host.equals("rebind.test")
                ? new InetAddress[] {InetAddress.getByName(lookups.size() == 1 ? PUBLIC_ADDRESS : "127.0.0.1")}
                : InetAddress.getAllByName(host));
        end("j", "http://rebind.test:" + receiver.url("/").getPort() + "/hook");

        Delivery delivery = await("j", DeliveryState.FAILED);
        assertThat(delivery.lastError()).contains("rebind.test resolves to 127.0.0.1").contains("may not reach");
        assertThat(delivery.attempts()).as("the first attempt went to the public address and got nowhere: " + delivery)
                .isEqualTo(2);
        assertThat(lookups).as("one lookup per attempt: the connection used the answer that was checked")
                .containsExactly("rebind.test", "rebind.test");
        assertThat(receiver.calls()).as("127.0.0.1 was never contacted").isEmpty();
    }

    @Test
    void theConnectionGoesToTheCheckedAddressWhileTheRequestKeepsTheName() throws Exception {
        // a name the system cannot resolve: delivered only if the connection used this lookup's answer
        start(true, Duration.ofSeconds(10), host -> host.equals("receiver.test")
                ? new InetAddress[] {InetAddress.getByName("127.0.0.1")}
                : InetAddress.getAllByName(host));
        int port = receiver.url("/").getPort();
        end("j", "http://receiver.test:" + port + "/hook");

        Delivery delivery = await("j", DeliveryState.DELIVERED);
        assertThat(delivery.attempts()).as(delivery.toString()).isEqualTo(1);
        WebhookReceiver.Call call = receiver.awaitCount(1, Duration.ofSeconds(10)).getFirst();
        assertThat(call.header("Host")).isEqualTo("receiver.test:" + port);
        assertThat(call.eventId()).isEqualTo("j.failed");
        assertThat(call.signedWith(SECRET)).isTrue();
        assertThat(call.acceptedByStandardWebhooks(SECRET)).isTrue();
        assertThat(lookups).containsExactly("receiver.test");
    }

    @Test
    void aNameThatDoesNotResolveIsRetried() throws Exception {
        start(true, Duration.ofSeconds(10), host -> {
            throw new UnknownHostException(host);
        });
        end("j", "http://nowhere.test/hook");

        Delivery delivery = awaitAttempts("j", 2);
        assertThat(delivery.state()).isEqualTo(DeliveryState.PENDING);
        assertThat(delivery.lastError()).isEqualTo("the host nowhere.test does not resolve");
        assertThat(receiver.calls()).isEmpty();
    }

    /** {@code timeout}: short where an attempt must time out, long where it must not on a busy machine. */
    @Test
    void overTlsTheCertificateMustNameTheHostOfTheUrlNotTheAddressConnectedTo() throws Exception {
        KeyStore keys = certificateFor("receiver.test");
        trustStore = KeyStore.getInstance("PKCS12");
        trustStore.load(null, null);
        trustStore.setCertificateEntry("receiver", keys.getCertificate("receiver"));
        List<String> serverNames = Collections.synchronizedList(new ArrayList<>());
        HttpsServer tls = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        KeyManagerFactory keyManagers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keyManagers.init(keys, PASSWORD);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(keyManagers.getKeyManagers(), null, null);
        tls.setHttpsConfigurator(new HttpsConfigurator(context));
        tls.createContext("/", exchange -> {
            ((ExtendedSSLSession) ((HttpsExchange) exchange).getSSLSession()).getRequestedServerNames()
                    .forEach(name -> serverNames.add(((SNIHostName) name).getAsciiName()));
            exchange.getRequestBody().readAllBytes();
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        tls.start();
        try {
            int port = tls.getAddress().getPort();
            start(true, Duration.ofSeconds(10), host -> host.endsWith(".test")
                    ? new InetAddress[] {InetAddress.getByName("127.0.0.1")}
                    : InetAddress.getAllByName(host));
            end("named", "https://receiver.test:" + port + "/hook");
            assertThat(await("named", DeliveryState.DELIVERED).lastStatus()).isEqualTo(204);
            assertThat(serverNames).as("SNI carries the name, not 127.0.0.1").containsExactly("receiver.test");

            // the same server and certificate, reached through another name: the name check fails
            end("other", "https://other.test:" + port + "/hook");
            Delivery refused = awaitAttempts("other", 1);
            assertThat(refused.state()).isEqualTo(DeliveryState.PENDING);
            assertThat(refused.lastError()).startsWith("the TLS handshake failed").contains("other.test");
            assertThat(serverNames).as("no request was sent to other.test").hasSize(1);
        } finally {
            tls.stop(0);
        }
    }

    /** A key store with a self-signed certificate for {@code host}, made by the JDK's keytool. */
    private KeyStore certificateFor(String host) throws Exception {
        Path file = dir.resolve("receiver.p12");
        Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-alias", "receiver", "-keyalg", "EC", "-groupname", "secp256r1", "-dname",
                "CN=" + host, "-ext", "SAN=dns:" + host, "-validity", "2", "-storetype", "PKCS12", "-keystore",
                file.toString(), "-storepass", new String(PASSWORD), "-keypass", new String(PASSWORD))
                .redirectErrorStream(true).start();
        String output = new String(keytool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(keytool.waitFor()).as(output).isZero();
        KeyStore keys = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(file)) {
            keys.load(in, PASSWORD);
        }
        return keys;
    }

    private void start(boolean allowPrivate, Duration timeout, CallbackUrls.NameLookup answers) {
        WebhookSettings settings = new WebhookSettings(Optional.empty(), Optional.of(SECRET), true, allowPrivate,
                timeout, Duration.ofMillis(20), Duration.ofHours(1));
        sender = new WebhookSender(settings, "node-1", deliveries, store,
                job -> ("{\"jobId\":\"" + job.id() + "\"}").getBytes(StandardCharsets.UTF_8),
                new Backoff(settings.retryBase(), settings.retryFor(), new Random(1)), ServiceMetrics.off(),
                Clock.systemUTC(), host -> {
                    lookups.add(host);
                    return answers.addresses(host);
                }, trustStore);
        store.onEventsQueued(sender::wake);
        sender.start();
    }

    /** A job that ended now and names {@code url} as its callback: its event is in the outbox. */
    private void end(String id, String url) {
        store.insert(TestJobs.pending(id, "web", id + ".jpg", 100, MediaFormat.JPEG, "inputs/" + id,
                new Callback(url, "http://127.0.0.1"), 1));
        assertThat(store.markFailed(id, null, ErrorCode.BUSY, "no", System.currentTimeMillis())).isTrue();
    }

    private Delivery await(String jobId, DeliveryState state) throws InterruptedException {
        return awaitThat(jobId, d -> d.state() == state, "state " + state);
    }

    private Delivery awaitAttempts(String jobId, int attempts) throws InterruptedException {
        return awaitThat(jobId, d -> d.attempts() >= attempts && d.lastError() != null && d.leaseOwner() == null,
                attempts + " finished attempts");
    }

    private Delivery awaitThat(String jobId, Predicate<Delivery> done, String what)
            throws InterruptedException {
        Instant deadline = Instant.now().plusSeconds(30);
        Delivery delivery = null;
        while (Instant.now().isBefore(deadline)) {
            delivery = deliveries.forJob(jobId).orElseThrow();
            if (done.test(delivery)) return delivery;
            Thread.sleep(10);
        }
        throw new AssertionError("the delivery of " + jobId + " never reached " + what + ": " + delivery);
    }
}
