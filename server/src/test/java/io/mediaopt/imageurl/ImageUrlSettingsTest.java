package io.mediaopt.imageurl;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** SERVICE_IMAGE_URL_*: pairs for rotation, the route off without them, bad values reported without a key in them. */
class ImageUrlSettingsTest {
    static ImageUrlSettings read(Map<String, String> env, List<String> problems) {
        return ImageUrlSettings.read(env::get, problems::add);
    }

    @Test
    void offWithoutKeysAndPairsForRotation() {
        List<String> problems = new ArrayList<>();
        assertThat(read(Map.of(), problems).enabled()).isFalse();
        ImageUrlSettings two = read(Map.of("SERVICE_IMAGE_URL_KEYS", "aa01:bb02, cc03:dd04",
                "SERVICE_IMAGE_URL_SOURCES", "cdn.example.com, *.images.example.org",
                "SERVICE_IMAGE_URL_CACHE_SECONDS", "600", "SERVICE_IMAGE_URL_SOURCE_TTL_SECONDS", "120"), problems);
        assertThat(problems).isEmpty();
        assertThat(two.enabled()).isTrue();
        assertThat(two.keys()).hasSize(2);
        assertThat(two.keys().get(1).salt()).containsExactly(0xdd, 0x04);
        assertThat(two.sources()).containsExactly("cdn.example.com", "*.images.example.org");
        assertThat(two.cacheSeconds()).isEqualTo(600);
        assertThat(two.sourceTtl()).isEqualTo(java.time.Duration.ofMinutes(2));
        assertThat(read(Map.of(), problems).sourceTtl()).isEqualTo(java.time.Duration.ofHours(1));
        assertThat(two.toString()).doesNotContain("aa01", "bb02", "cc03", "dd04");
        assertThat(read(Map.of("SERVICE_IMAGE_URL_UNSIGNED", "true"), problems).enabled()).isTrue();
    }

    @Test
    void badValuesAreReportedWithoutEchoingKeys() {
        List<String> problems = new ArrayList<>();
        read(Map.of("SERVICE_IMAGE_URL_KEYS", "secrethex:zz", "SERVICE_IMAGE_URL_UNSIGNED", "yes",
                "SERVICE_IMAGE_URL_SOURCES", "http://x/", "SERVICE_IMAGE_URL_CACHE_SECONDS", "-1",
                "SERVICE_IMAGE_URL_SOURCE_TTL_SECONDS", "an hour"), problems);
        assertThat(problems).hasSize(5);
        assertThat(String.join("\n", problems)).doesNotContain("secrethex");
    }
}
