package io.mediaopt.http;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ByteRangeTest {
    private static final long SIZE = 324;

    @Test
    void readsTheThreeFormsOfASingleRange() {
        assertThat(ByteRange.parse("bytes=0-9", SIZE)).contains(new ByteRange(0, 9));
        assertThat(ByteRange.parse("bytes=300-", SIZE)).contains(new ByteRange(300, 323));
        assertThat(ByteRange.parse("bytes=-5", SIZE)).contains(new ByteRange(319, 323));
    }

    @Test
    void endsARangeThatRunsPastTheObjectAtItsLastByte() {
        assertThat(ByteRange.parse("bytes=10-9999", SIZE)).contains(new ByteRange(10, 323));
        assertThat(ByteRange.parse("bytes=10-99999999999999999999999", SIZE)).contains(new ByteRange(10, 323));
        assertThat(ByteRange.parse("bytes=-99999999999999999999999", SIZE)).contains(new ByteRange(0, 323));
    }

    @Test
    void refusesARangeThatStartsPastTheEndHoweverLongItsNumber() {
        assertThatThrownBy(() -> ByteRange.parse("bytes=324-", SIZE)).isInstanceOf(ByteRange.Unsatisfiable.class);
        assertThatThrownBy(() -> ByteRange.parse("bytes=99999999999999999999999-", SIZE))
                .isInstanceOf(ByteRange.Unsatisfiable.class);
        assertThatThrownBy(() -> ByteRange.parse("bytes=-0", SIZE)).isInstanceOf(ByteRange.Unsatisfiable.class);
    }

    @Test
    void ignoresWhatTheRfcCallsInvalidAndSendsTheWholeObject() {
        assertThat(ByteRange.parse("bytes=9-0", SIZE)).isEmpty();
        assertThat(ByteRange.parse("bytes=400-300", SIZE)).isEmpty();
        assertThat(ByteRange.parse("bytes=0-1,5-9", SIZE)).isEmpty();
        assertThat(ByteRange.parse("items=0-9", SIZE)).isEmpty();
        assertThat(ByteRange.parse("bytes=-", SIZE)).isEmpty();
        assertThat(ByteRange.parse(null, SIZE)).isEmpty();
    }
}
