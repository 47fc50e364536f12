package io.mediaopt.video;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class InputDamageTest {
    @Test
    void aFastStartMp4CutAfterItsHeaderIsTheInputsFault() {
        // ffmpeg 5.1's stderr for the first 40 000 bytes of a 2 s 720p fast-start clip
        assertThat(InputDamage.reportedIn("""
                [h264 @ 0x55db51c22c80] Invalid NAL unit size (84246 > 35751).
                [h264 @ 0x55db51c22c80] Error splitting the input into NAL units.
                [mov,mp4,m4a,3gp,3g2,mj2 @ 0x55db51c217c0] stream 1, offset 0x15bb0: partial file
                Cannot determine format of input stream 0:0 after EOF
                Error marking filters as finished
                """)).isTrue();
    }

    @Test
    void anEncoderThatCannotStartIsNot() {
        assertThat(InputDamage.reportedIn("""
                [libx264 @ 0x5583] height not divisible by 2 (1280x721)
                Error initializing output stream 0:0 -- Error while opening encoder for output stream #0:0
                Conversion failed!
                """)).isFalse();
    }
}
