package io.mediaopt.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class WebhookSignatureTest {
    /** The example of the Standard Webhooks specification. */
    static final String SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    static final String ID = "msg_p5jXN8AQM9LWM0D4loKWxJek";
    static final String TIMESTAMP = "1614265330";
    static final byte[] BODY = "{\"test\": 2432232314}".getBytes(StandardCharsets.UTF_8);
    static final String SIGNATURE = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=";
    static final Instant SIGNED_AT = Instant.ofEpochSecond(1_614_265_330L);
    static final Duration TOLERANCE = Duration.ofMinutes(5);

    @Test
    void acceptsTheSpecificationsExampleWithOrWithoutThePrefixAmongOtherSignatures() {
        assertThat(WebhookSignature.verify(SECRET, ID, TIMESTAMP, SIGNATURE, BODY, TOLERANCE, SIGNED_AT)).isTrue();
        assertThat(WebhookSignature.verify(SECRET.substring("whsec_".length()), ID, TIMESTAMP, SIGNATURE, BODY,
                TOLERANCE, SIGNED_AT.plusSeconds(299))).isTrue();
        assertThat(WebhookSignature.verify(SECRET, ID, TIMESTAMP, "v1,AAAA v2,xyz " + SIGNATURE, BODY, TOLERANCE,
                SIGNED_AT)).as("one of several, as during a key rotation").isTrue();
    }

    @Test
    void refusesAnotherBodyIdSecretOrTime() {
        byte[] changed = "{\"test\": 2432232315}".getBytes(StandardCharsets.UTF_8);
        assertThat(WebhookSignature.verify(SECRET, ID, TIMESTAMP, SIGNATURE, changed, TOLERANCE, SIGNED_AT)).isFalse();
        assertThat(WebhookSignature.verify(SECRET, ID + "x", TIMESTAMP, SIGNATURE, BODY, TOLERANCE, SIGNED_AT))
                .as("the id is signed too").isFalse();
        assertThat(WebhookSignature.verify("whsec_bm90LXRoZS1zZWNyZXQtMDEyMzQ1Njc4OQ==", ID, TIMESTAMP, SIGNATURE,
                BODY, TOLERANCE, SIGNED_AT)).isFalse();
        assertThat(WebhookSignature.verify(SECRET, ID, "1614265331", SIGNATURE, BODY, TOLERANCE, SIGNED_AT))
                .as("the time is signed too").isFalse();
        assertThat(WebhookSignature.verify(SECRET, ID, TIMESTAMP, SIGNATURE, BODY, TOLERANCE, SIGNED_AT.plusSeconds(301)))
                .as("a replay after the tolerance").isFalse();
        assertThat(WebhookSignature.verify(SECRET, ID, TIMESTAMP, SIGNATURE, BODY, TOLERANCE,
                SIGNED_AT.minusSeconds(301))).isFalse();
    }

    @Test
    void refusesMalformedOrMissingHeaders() {
        for (String signature : new String[] {null, "", "v1,", "v1,zz!", "v2," + SIGNATURE.substring(3),
                SIGNATURE.substring(3), "v1=" + SIGNATURE.substring(3), SIGNATURE.substring(0, SIGNATURE.length() - 4)}) {
            assertThat(WebhookSignature.verify(SECRET, ID, TIMESTAMP, signature, BODY, TOLERANCE, SIGNED_AT))
                    .as(signature).isFalse();
        }
        assertThat(WebhookSignature.verify(SECRET, ID, "x", SIGNATURE, BODY, TOLERANCE, SIGNED_AT)).isFalse();
        assertThat(WebhookSignature.verify(SECRET, null, TIMESTAMP, SIGNATURE, BODY, TOLERANCE, SIGNED_AT)).isFalse();
        assertThat(WebhookSignature.verify(null, ID, TIMESTAMP, SIGNATURE, BODY, TOLERANCE, SIGNED_AT)).isFalse();
        assertThat(WebhookSignature.verify("whsec_not base64!", ID, TIMESTAMP, SIGNATURE, BODY, TOLERANCE, SIGNED_AT))
                .isFalse();
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
