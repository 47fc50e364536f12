package io.mediaopt.renditions;

import io.mediaopt.media.Av1Settings;
import io.mediaopt.video.ChunkLadder;

import java.util.ArrayList;
import java.util.List;

/**
 * One variant of an HLS ladder: its name ({@code 720p}, {@code 720p-av1}), the length of its
 * picture's short side, and its bitrate cap. The ladder is 360p, 540p, 720p and 1080p, never above
 * the source, in H.264 and again in AV1.
 */
record HlsRung(String name, int shortSide, int maxBitrateKbps) {
    /** Caps of the standard ladder (Apple's HLS authoring table, rounded), each also held under the preset's. */
    static final String AV1_SUFFIX = "-av1";
    private static final List<HlsRung> STANDARD = List.of(
            new HlsRung("360p", 360, 900),
            new HlsRung("540p", 540, 2000),
            new HlsRung("720p", 720, 3500),
            new HlsRung("1080p", 1080, 6000));

    /**
     * The rungs for a source whose picture is {@code width} x {@code height}: every standard one
     * not above its short side, or one at the source's own size when it is below 360p.
     */
    static List<HlsRung> ladder(int width, int height, int presetMaxKbps) {
        int shortSide = Math.min(width, height);
        List<HlsRung> rungs = new ArrayList<>();
        for (HlsRung rung : STANDARD) {
            if (rung.shortSide <= shortSide) rungs.add(rung.cappedAt(presetMaxKbps));
        }
        if (rungs.isEmpty()) {
            int even = Math.max(2, shortSide / 2 * 2);
            rungs.add(new HlsRung(even + "p", even, STANDARD.getFirst().maxBitrateKbps).cappedAt(presetMaxKbps));
        }
        return List.copyOf(rungs);
    }

    /** The AV1 variant of the same size, under the lower of this cap and the preset's AV1 cap. */
    HlsRung av1(Av1Settings av1) {
        return new HlsRung(name + AV1_SUFFIX, shortSide, Math.min(maxBitrateKbps, av1.maxBitrateKbps()));
    }

    /** The rungs as the chunks of a ladder encode them together ({@link ChunkLadder}). */
    static ChunkLadder inChunks(boolean portrait, List<HlsRung> rungs) {
        return new ChunkLadder(portrait, rungs.stream()
                .map(rung -> new ChunkLadder.Rung(rung.shortSide(), rung.maxBitrateKbps())).toList());
    }

    private HlsRung cappedAt(int kbps) {
        return new HlsRung(name, shortSide, Math.min(maxBitrateKbps, kbps));
    }

    String playlist() {
        return name + ".m3u8";
    }

    String init() {
        return name + "_init.mp4";
    }
}
