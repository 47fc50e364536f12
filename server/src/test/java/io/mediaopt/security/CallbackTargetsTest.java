package io.mediaopt.security;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediaopt.Eventually;
import io.mediaopt.Fixtures;
import io.mediaopt.Integration;
import io.mediaopt.RawMultipart.Part;
import io.mediaopt.RawMultipart;
import io.mediaopt.RunningServer;
import io.mediaopt.TestService;
import io.mediaopt.WebhookReceiver;
import io.mediaopt.client.CallbackState;
import io.mediaopt.client.MediaoptClient;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static io.mediaopt.security.RawRequests.assertError;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A callback URL cannot make the service reach what it must not: loopback, private, link-local
 * and metadata addresses, other schemes, plain http unless allowed. Refused at submission with
 * 400, and checked again before each attempt.
 */
@Integration
class CallbackTargetsTest {
    static final String SECRET = "whsec_bWVkaWFvcHQtdGVzdC1rZXktMDEyMzQ1Njc4OWFiY2RlZg==";

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of("SERVICE_WEBHOOK_SECRET", SECRET));
    static byte[] png;

    @BeforeAll
    static void readPng() throws Exception {
        png = Files.readAllBytes(Fixtures.png());
    }

    private static HttpResponse<byte[]> submit(String baseUrl, String path, String callbackUrl, boolean json)
            throws Exception {
        HttpRequest.Builder request = RawMultipart.post(baseUrl, path,
                List.of(Part.text("callbackUrl", callbackUrl), Part.file("media", "a.png", png)));
        if (json) request.header("Accept", "application/json");
        return RawRequests.send(request.build());
    }

    @Test
    void internalAddressesAreRefusedAtSubmissionOnBothRoutes() throws Exception {
        try (WebhookReceiver receiver = WebhookReceiver.start()) {
            String loopbackReceiver = receiver.url("/hook").toString().replace("http:", "https:");
            for (String url : List.of(loopbackReceiver, "https://localhost/hook", "https://127.1.2.3/",
                    "https://[::1]/", "https://0.0.0.0/", "https://10.1.2.3/", "https://172.16.0.1/",
                    "https://192.168.1.1/", "https://169.254.169.254/latest/meta-data/", "https://100.100.100.200/",
                    "https://[fd00:ec2::254]/", "https://[fe80::1]/", "https://[::ffff:127.0.0.1]/",
                    "https://[64:ff9b::a9fe:a9fe]/", "https://2130706433/")) {
                for (String path : List.of("/media/jobs", "/media/optimize")) {
                    JsonNode error = assertError(submit(server.baseUrl(), path, url, true), 400, "invalid-input");
                    assertThat(error.path("error").asText()).as(url).contains("callbackUrl");
                }
            }
            assertThat(receiver.calls()).isEmpty();
        }
        assertThat(server.client().getUsage().totalJobs()).as("nothing was optimized").isZero();
    }

    @Test
    void ipv4HostsInAnyFormButTheDecimalDottedQuadAreRefused() throws Exception {
        // Java reads 0177.0.0.1 as the public 177.0.0.1, curl and browsers as 127.0.0.1
        for (String host : List.of("0177.0.0.1", "127.1", "0x7f.0.0.1", "2130706433", "127.000.000.001",
                "0x7f000001", "0177.0.0.1.", "8.8.8.010")) {
            for (String path : List.of("/media/jobs", "/media/optimize")) {
                JsonNode error = assertError(submit(server.baseUrl(), path, "https://" + host + "/hook", true), 400,
                        "invalid-input");
                assertThat(error.path("error").asText()).as(host).contains("callbackUrl", "four decimal numbers");
            }
        }
    }

    @Test
    void otherSchemesPlainHttpAndMalformedUrlsAreRefused() throws Exception {
        for (String url : List.of("http://example.com/hook", "ftp://example.com/", "file:///etc/passwd",
                "gopher://example.com/", "not a url", "/relative/path", "https://user:pw@example.com/",
                "https://example.com/#frag", "https:///no-host", "https://" + "a".repeat(2050) + ".com/")) {
            JsonNode error = assertError(submit(server.baseUrl(), "/media/jobs", url, false), 400, "invalid-input");
            assertThat(error.path("error").asText()).as(url).contains("callbackUrl");
        }
        JsonNode http = assertError(submit(server.baseUrl(), "/media/jobs", "http://example.com/", false), 400, "invalid-input");
        assertThat(http.path("error").asText()).contains("SERVICE_WEBHOOK_ALLOW_HTTP");
    }

    @Test
    void theSynchronousRouteRefusesACallbackWithoutItsJsonAnswer() throws Exception {
        assertError(submit(server.baseUrl(), "/media/optimize", "https://example.com/hook", false), 400, "invalid-input");
    }

    @Test
    void withoutASecretNoCallbackIsAccepted() throws Exception {
        try (TestService unsigned = TestService.start()) {
            JsonNode error = assertError(submit(unsigned.baseUrl(), "/media/jobs", "https://example.com/hook", false),
                    400, "invalid-input");
            assertThat(error.path("error").asText()).contains("SERVICE_WEBHOOK_SECRET");
        }
    }

    @Test
    void theAddressesAreCheckedAgainBeforeEachAttempt() throws Exception {
        try (WebhookReceiver receiver = WebhookReceiver.start();
             TestService operatorDefault = TestService.start(Map.of("SERVICE_WEBHOOK_SECRET", SECRET,
                     "SERVICE_WEBHOOK_ALLOW_HTTP", "true", "SERVICE_WEBHOOK_URL", receiver.url("/hook").toString()));
             MediaoptClient client = operatorDefault.client()) {
            String id = client.submitJob(Fixtures.png(), "web").jobId();
            Eventually.until(Duration.ofSeconds(60), "callback given up",
                    () -> client.getJob(id).callback().state() == CallbackState.FAILED);
            assertThat(client.getJob(id).callback().lastError()).contains("127.0.0.1").contains("may not reach");
            assertThat(receiver.calls()).isEmpty();
        }
    }
}
