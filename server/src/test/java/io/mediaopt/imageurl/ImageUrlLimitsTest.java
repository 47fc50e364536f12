package io.mediaopt.imageurl;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** SERVICE_IMAGE_URL_CACHE_BYTES, _RATE and _RENDERS_PER_HOST: defaults, values, off, and each bad one reported. */
class ImageUrlLimitsTest {
    static ImageUrlLimits read(Map<String, String> env, List<String> problems) {
        return ImageUrlLimits.read(env::get, problems::add);
    }

    @Test
    void defaultsValuesAndOff() {
        List<String> problems = new ArrayList<>();
        assertThat(read(Map.of(), problems)).isEqualTo(ImageUrlLimits.DEFAULT);
        ImageUrlLimits set = read(Map.of("SERVICE_IMAGE_URL_CACHE_BYTES", "0", "SERVICE_IMAGE_URL_RATE", "2.5:10",
                "SERVICE_IMAGE_URL_RENDERS_PER_HOST", "1"), problems);
        assertThat(set).isEqualTo(new ImageUrlLimits(0, Optional.of(new ImageUrlLimits.Rate(2.5, 10)), 1));
        assertThat(read(Map.of("SERVICE_IMAGE_URL_RATE", "off"), problems).rate()).isEmpty();
        assertThat(problems).isEmpty();
    }

    @Test
    void eachBadValueIsReported() {
        List<String> problems = new ArrayList<>();
        ImageUrlLimits bad = read(Map.of("SERVICE_IMAGE_URL_CACHE_BYTES", "-1", "SERVICE_IMAGE_URL_RATE", "10",
                "SERVICE_IMAGE_URL_RENDERS_PER_HOST", "0"), problems);
        assertThat(problems).hasSize(3);
        assertThat(problems.get(1)).startsWith("SERVICE_IMAGE_URL_RATE").contains("\"10\"");
        assertThat(bad).isEqualTo(ImageUrlLimits.DEFAULT);
        problems.clear();
        read(Map.of("SERVICE_IMAGE_URL_RATE", "0:5"), problems);
        read(Map.of("SERVICE_IMAGE_URL_RATE", "5:0"), problems);
        read(Map.of("SERVICE_IMAGE_URL_RATE", "NaN:5"), problems);
        assertThat(problems).hasSize(3);
    }
}
