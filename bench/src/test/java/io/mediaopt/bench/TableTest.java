package io.mediaopt.bench;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TableTest {

    @Test
    void rendersPaddedMarkdownWithNumbersRightAligned() {
        String text = new Table("Sizes", "input", "bytes", "ratio")
                .row("photo", 1234567, "1.020")
                .row("gif", 12, null)
                .note("a note")
                .render();
        assertThat(text).isEqualTo("""
                ### Sizes

                | input |   bytes | ratio |
                | ----- | ------: | ----: |
                | photo | 1234567 | 1.020 |
                | gif   |      12 |     — |

                a note
                """);
    }

    @Test
    void unitsCountAsNumbersButWordsDoNot() {
        assertThat(Table.looksNumeric("0.412 s")).isTrue();
        assertThat(Table.looksNumeric("12.5 %")).isTrue();
        assertThat(Table.looksNumeric("1.030x")).isTrue();
        assertThat(Table.looksNumeric("-3")).isTrue();
        assertThat(Table.looksNumeric("web")).isFalse();
        assertThat(Table.looksNumeric("1920×1080")).isFalse();
    }

    @Test
    void fixedAlwaysUsesADot() {
        assertThat(Table.fixed(0.5, 3)).isEqualTo("0.500");
        assertThat(Table.fixed(2.0 / 3, 2)).isEqualTo("0.67");
    }

    @Test
    void aRowMustFillEveryColumn() {
        assertThatThrownBy(() -> new Table("t", "a", "b").row("only one"))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
