package io.mediaopt.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class WebhookSignatureTest {
    static final String SECRET = "test-secret-0123456789";
    static final byte[] BODY = "{\"jobId\":\"j-1\",\"status\":\"done\"}".getBytes(StandardCharsets.UTF_8);
    /** printf '1700000000.<body>' | openssl dgst -sha256 -hmac test-secret-0123456789 */
    static final String OPENSSL_SIGNATURE =
            "t=1700000000,v1=f47491179b2b52094336b1e13455917d00c28c5834092c6907522994b656e0c9";
    static final Instant SIGNED_AT = Instant.ofEpochSecond(1_700_000_000L);

    @Test
    void acceptsTheSignatureAnyHmacSha256ToolComputes() {
        assertThat(WebhookSignature.verify(SECRET, OPENSSL_SIGNATURE, BODY, Duration.ofMinutes(5), SIGNED_AT))
                .isTrue();
        assertThat(WebhookSignature.verify(SECRET, " v1=f47491179b2b52094336b1e13455917d00c28c5834092c6907522994b656e0c9"
                + ", t=1700000000", BODY, Duration.ofMinutes(5), SIGNED_AT.plusSeconds(299))).isTrue();
    }

    @Test
    void refusesAnotherBodyAnotherSecretOrAnotherTime() {
        byte[] changed = "{\"jobId\":\"j-2\",\"status\":\"done\"}".getBytes(StandardCharsets.UTF_8);
        Duration tolerance = Duration.ofMinutes(5);
        assertThat(WebhookSignature.verify(SECRET, OPENSSL_SIGNATURE, changed, tolerance, SIGNED_AT)).isFalse();
        assertThat(WebhookSignature.verify("another-secret-0123456", OPENSSL_SIGNATURE, BODY, tolerance, SIGNED_AT))
                .isFalse();
        assertThat(WebhookSignature.verify(SECRET, OPENSSL_SIGNATURE.replace("t=1700000000", "t=1700000001"), BODY,
                tolerance, SIGNED_AT)).as("the time is signed too").isFalse();
        assertThat(WebhookSignature.verify(SECRET, OPENSSL_SIGNATURE, BODY, tolerance, SIGNED_AT.plusSeconds(301)))
                .as("a replay after the tolerance").isFalse();
        assertThat(WebhookSignature.verify(SECRET, OPENSSL_SIGNATURE, BODY, tolerance, SIGNED_AT.minusSeconds(301)))
                .isFalse();
    }

    @Test
    void refusesMalformedOrMissingHeaders() {
        Duration tolerance = Duration.ofMinutes(5);
        for (String header : new String[] {null, "", "t=1700000000", "v1=f474", "t=x,v1=f474", "t=1700000000,v1=zz",
                "t=1700000000,v1=f47491179b2b52094336b1e13455917d00c28c5834092c6907522994b656e0"}) {
            assertThat(WebhookSignature.verify(SECRET, header, BODY, tolerance, SIGNED_AT)).as(header).isFalse();
        }
        assertThat(WebhookSignature.verify(null, OPENSSL_SIGNATURE, BODY, tolerance, SIGNED_AT)).isFalse();
    }

    @Test
    void readsTheJobOfACallbackWithItsDeliveryState() {
        Job job = WebhookSignature.job("""
                {"jobId":"j-1","status":"failed","error":{"message":"bad","code":"unreadable-media"},
                 "callback":{"eventId":"j-1.failed","state":"delivered","attempts":3,"lastStatus":204,
                   "lastAttemptAt":5,"deliveredAt":6,"future":true}}
                """.getBytes(StandardCharsets.UTF_8));
        assertThat(job.status()).isEqualTo(JobStatus.FAILED);
        assertThat(job.error().code()).isEqualTo("unreadable-media");
        assertThat(job.callback()).isEqualTo(
                new CallbackDelivery("j-1.failed", CallbackState.DELIVERED, 3, 204, null, 5L, null, 6L));
    }
}
