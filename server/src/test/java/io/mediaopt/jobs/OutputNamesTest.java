package io.mediaopt.jobs;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class OutputNamesTest {

    @Test
    void keepsOnlyTheLastPathSegmentAndNoControlCharacters() {
        assertThat(OutputNames.sanitize("../../etc/passwd")).isEqualTo("passwd");
        assertThat(OutputNames.sanitize("C:\\Users\\me\\photo.jpg")).isEqualTo("photo.jpg");
        assertThat(OutputNames.sanitize("a\r\nb\u0000c\".jpg")).isEqualTo("a__b_c_.jpg");
        assertThat(OutputNames.sanitize("..hidden")).isEqualTo("hidden");
        assertThat(OutputNames.sanitize("")).isEqualTo("upload");
        assertThat(OutputNames.sanitize(null)).isEqualTo("upload");
        assertThat(OutputNames.sanitize("фото été.jpg")).isEqualTo("фото été.jpg");
    }

    @Test
    void boundsTheLengthButKeepsTheExtension() {
        String name = OutputNames.sanitize("x".repeat(1000) + ".jpeg");
        assertThat(name).hasSize(200).endsWith(".jpeg");
    }

    @Test
    void outputNameSwapsTheExtension() {
        assertThat(OutputNames.forOutput("holiday.photo.JPG", "webp")).isEqualTo("holiday.photo.webp");
        assertThat(OutputNames.forOutput("clip", "mp4")).isEqualTo("clip.mp4");
        assertThat(OutputNames.forOutput("clip.mov", null)).isEqualTo("clip.mov");
    }
}
