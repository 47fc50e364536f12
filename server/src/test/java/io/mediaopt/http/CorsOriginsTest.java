package io.mediaopt.http;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The rule of SERVICE_CORS_ORIGINS (docs/configuration.md): an entry is an origin whose left-out
 * scheme is https and left-out port the scheme's default; {@code *.} matches subdomains only.
 */
class CorsOriginsTest {
    @Test
    void anExactOriginMatchesItselfWithItsDefaultPortSpelledOutOrNot() {
        CorsOrigins origins = CorsOrigins.parse("https://shop.example.com, http://127.0.0.1:5173, [::1]:8443");

        assertThat(origins.allows("https://shop.example.com")).isTrue();
        assertThat(origins.allows("https://SHOP.example.com:443")).isTrue();
        assertThat(origins.allows("http://127.0.0.1:5173")).isTrue();
        assertThat(origins.allows("https://[::1]:8443")).isTrue();
        for (String other : List.of("http://shop.example.com", "https://shop.example.com:8443",
                "https://www.shop.example.com", "https://shop.example.co", "http://127.0.0.1", "http://127.0.0.1:5174",
                "https://[::1]", "https://shop.example.com/", "null", "")) {
            assertThat(origins.allows(other)).as(other).isFalse();
        }
        assertThat(origins.allows(null)).isFalse();
    }

    @Test
    void aWildcardMatchesSubdomainsAtAnyDepthWithTheSchemeAndPortItNames() {
        CorsOrigins https = CorsOrigins.parse("*.example.com");
        assertThat(https.allows("https://a.example.com")).isTrue();
        assertThat(https.allows("https://a.b.example.com")).isTrue();
        for (String other : List.of("https://example.com", "http://a.example.com", "https://a.example.com:8443",
                "https://aexample.com", "https://a.example.com.evil.net", "https://a.example.community")) {
            assertThat(https.allows(other)).as(other).isFalse();
        }

        CorsOrigins dev = CorsOrigins.parse("http://*.localhost:5173");
        assertThat(dev.allows("http://app.localhost:5173")).isTrue();
        assertThat(dev.allows("http://app.localhost")).isFalse();
        assertThat(dev.allows("https://app.localhost:5173")).isFalse();
    }

    @Test
    void aStarAloneLetsEveryOriginInAndNothingLetsNoneIn() {
        CorsOrigins any = CorsOrigins.parse(" * ");
        assertThat(any.anyOrigin()).isTrue();
        assertThat(any.allows("https://anything.example")).isTrue();
        assertThat(any.allows("null")).isTrue();
        assertThat(any.allows(null)).isFalse();
        assertThat(CorsOrigins.NONE.enabled()).isFalse();
        assertThat(CorsOrigins.NONE.allows("https://shop.example.com")).isFalse();
    }

    @Test
    void everyEntryThatIsNoOriginIsNamed() {
        assertThatThrownBy(() -> CorsOrigins.parse("https://ok.example.com, https://a.example.com/app, "
                + "ftp://b.example.com, *.com, *, https://user@c.example.com, https://d.example.com:99999, *.[::1]"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("\"https://a.example.com/app\", \"ftp://b.example.com\", \"*.com\", \"*\", "
                        + "\"https://user@c.example.com\", \"https://d.example.com:99999\", \"*.[::1]\"")
                .message().doesNotContain("\"https://ok.example.com\"");
        assertThatThrownBy(() -> CorsOrigins.parse(" , ")).isInstanceOf(IllegalArgumentException.class);
    }
}
