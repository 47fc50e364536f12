package io.mediaopt.video;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class FrameSizeTest {

    private static ProbedStream video(int width, int height, int rotation) {
        return new ProbedStream(0, "video", "h264", width, height, "yuv420p", 1.0, null, rotation, false,
                ProbedColor.untagged(8), null, false, false);
    }

    /** Expected sizes are what ffmpeg's scale='trunc(min(iw,W)/2)*2':-2 writes for these inputs. */
    @ParameterizedTest(name = "{0}x{1} to {2} wide: {3}x{4}")
    @CsvSource({
            "1920, 1080, 1920, 1920, 1080",
            "1920, 1080, 1280, 1280,  720",
            "1920, 1080,  854,  854,  480",
            "1280,  720, 1920, 1280,  720",
            " 641,  361, 1920,  640,  360",
            " 641,  361,  333,  332,  186",
            "1440, 1080,  854,  854,  640",
            " 720,  576,  854,  720,  576",
            "   3,    3, 1920,    2,    2"})
    void fitsTheWidthKeepsTheAspectAndEvenSides(int w, int h, int max, int outW, int outH) {
        assertThat(FrameSize.fit(video(w, h, 0), max)).contains(new FrameSize(outW, outH));
    }

    @Test
    void aQuarterTurnFitsTheDisplayedPicture() {
        assertThat(FrameSize.fit(video(1920, 1080, 90), 1280)).contains(new FrameSize(1080, 1920));
    }

    @Test
    void anUnknownSizeHasNoFit() {
        assertThat(FrameSize.fit(video(0, 0, 0), 1920)).isEmpty();
    }
}
