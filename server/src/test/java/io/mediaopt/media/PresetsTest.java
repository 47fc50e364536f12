package io.mediaopt.media;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PresetsTest {
    private static final Presets PRESETS = Presets.standard();

    @Test
    void aMissingOrEmptyNameIsTheDefaultPreset() {
        assertThat(PRESETS.find(null).orElseThrow().name()).isEqualTo("web");
        assertThat(PRESETS.find(" ").orElseThrow().name()).isEqualTo("web");
    }

    @Test
    void namesAreFoundWhateverTheirCaseAndSurroundingSpaces() {
        assertThat(PRESETS.find("WEB").orElseThrow().name()).isEqualTo("web");
        assertThat(PRESETS.find(" Low-Bandwidth ").orElseThrow().name()).isEqualTo("low-bandwidth");
    }

    @Test
    void anUnknownNameIsNotFound() {
        assertThat(PRESETS.find("ultra")).isEmpty();
        assertThat(PRESETS.find("web2")).isEmpty();
    }
}
