package io.mediaopt.webhooks;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WebhookSignatureTest {
    @Test
    void signsTheExampleOfTheStandardWebhooksSpecificationAsItDoes() {
        WebhookSignature signature = new WebhookSignature("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw");
        assertThat(signature.signature("msg_p5jXN8AQM9LWM0D4loKWxJek", 1_614_265_330L,
                "{\"test\": 2432232314}".getBytes(StandardCharsets.UTF_8)))
                .isEqualTo("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
    }

    @Test
    void refusesASecretWithoutThePrefixNotInBase64OrTooShort() {
        assertThatThrownBy(() -> new WebhookSignature("MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"))
                .hasMessage("expected whsec_ followed by the base64 of the key");
        assertThatThrownBy(() -> new WebhookSignature("whsec_MfKQ9r8GKYqr-wjUPD8ILPZIo2LaLaSw"))
                .hasMessage("expected standard base64 after whsec_");
        assertThatThrownBy(() -> new WebhookSignature("whsec_MfKQ9r8GKYqrTwjU"))
                .hasMessage("expected a key of at least 24 bytes after whsec_ but it has 12");
    }
}
