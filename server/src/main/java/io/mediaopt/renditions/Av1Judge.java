package io.mediaopt.renditions;

import io.mediaopt.media.Limits;
import io.mediaopt.video.FrameJudge;
import io.mediaopt.video.VideoTools;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Whether an AV1 encode may stand beside the H.264 of the same video: both are scored against
 * the source on a few sampled frames by SSIM and SSIMULACRA 2 ({@link FrameJudge}), and AV1 must
 * be no worse by either. The verdict is null when it may, otherwise the reason it is left out.
 */
final class Av1Judge {
    private static final Logger log = LoggerFactory.getLogger(Av1Judge.class);
    /** The start of the reason when judging itself failed: another AV1 encode would not be judged either. */
    private static final String UNJUDGED = "AV1 could not be judged against H.264: ";

    private final FrameJudge judge;

    Av1Judge(VideoTools tools, Limits limits) {
        this.judge = new FrameJudge(tools, limits.maxInputPixels(), limits.videoTimeout());
    }

    /**
     * {@code av1} and {@code h264} are both {@code width} x {@code height}; {@code durationSec} is
     * the input's length, where the frames are sampled; {@code what} names the AV1 encode in the
     * reason and the log ("AV1 at CRF 38"). Raw frames go to {@code dir} and are removed.
     */
    String verdict(Path input, Path av1, Path h264, int width, int height, double durationSec, Path dir,
                   String what) {
        try {
            List<FrameJudge.Scores> scores = judge.score(input, List.of(av1, h264), width, height, durationSec, dir);
            FrameJudge.Scores a = scores.getFirst();
            FrameJudge.Scores h = scores.getLast();
            log.info("Judged on sampled frames: {}: {}; H.264: {}", what, a, h);
            return a.worseThan(h) ? what + " was worse than H.264 (" + a + " against " + h + ")" : null;
        } catch (IOException e) {
            log.warn("AV1 could not be judged against H.264, AV1 left out", e);
            return UNJUDGED + e.getMessage();
        }
    }

    /** Whether the verdict is that judging failed, rather than that AV1 lost. */
    static boolean unjudged(String verdict) {
        return verdict != null && verdict.startsWith(UNJUDGED);
    }
}
