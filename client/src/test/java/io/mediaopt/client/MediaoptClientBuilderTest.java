package io.mediaopt.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class MediaoptClientBuilderTest {

    @ParameterizedTest
    @ValueSource(strings = {"http://127.0.0.1:8080/api", "http://127.0.0.1:8080/api/", "https://media.example/base/api"})
    void acceptsABaseUrlEndingInApi(String url) {
        try (MediaoptClient client = MediaoptClient.create(url)) {
            assertThat(client).isNotNull();
        }
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {"http://127.0.0.1:8080", "http://127.0.0.1:8080/", "http://127.0.0.1:8080/api/v1",
            "http://127.0.0.1:8080/apis", "ftp://127.0.0.1/api", "/api", "http://127.0.0.1/api?x=1"})
    void rejectsAnyOtherBaseUrlNamingIt(String url) {
        assertThatThrownBy(() -> MediaoptClient.builder(url))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Expected a base URL ending in /api but received " + url);
    }

    @Test
    void rejectsANonPositiveRequestTimeout() {
        var builder = MediaoptClient.builder("http://127.0.0.1:8080/api");

        assertThatThrownBy(() -> builder.requestTimeout(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("positive request timeout");
    }

    @Test
    void segmentsAreEncodedSoAnIdCannotReachAnotherRoute() {
        assertThat(ApiBaseUrl.segment("a b/../c?d")).isEqualTo("a%20b%2F..%2Fc%3Fd");
    }
}
