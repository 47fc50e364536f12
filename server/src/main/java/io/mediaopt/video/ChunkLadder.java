package io.mediaopt.video;

import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

/**
 * The rungs of an HLS ladder one chunk encodes together, its span decoded once and split into a
 * scaled copy per rung ({@link ChunkArguments#ladderChunk}): each rung's short side and bitrate
 * cap, whether the picture is taller than wide (then a rung's short side is its width), and the
 * source's frame duration, which places a chunk's first frame (half a frame after its seek) in
 * the whole video. A chunk's row holds it as {@link #text}.
 */
public record ChunkLadder(boolean portrait, List<Rung> rungs, double frameSec) {
    private static final String PORTRAIT = "portrait";
    private static final String LANDSCAPE = "landscape";

    public record Rung(int shortSide, int maxBitrateKbps) {}

    public ChunkLadder {
        rungs = List.copyOf(rungs);
    }

    /** The ladder of a picture, before the source's frames are known. */
    public ChunkLadder(boolean portrait, List<Rung> rungs) {
        this(portrait, rungs, 0);
    }

    ChunkLadder withFrameSec(double sec) {
        return new ChunkLadder(portrait, rungs, sec);
    }

    /**
     * Where the first frame of a chunk that seeks to {@code seekMicros} is in the whole video, s:
     * half a frame after the seek, and a quarter of a frame more, so that a frame on a key frame's
     * time is not taken, for a microsecond's rounding, for one before it.
     */
    double startSec(long seekMicros) {
        return seekMicros == 0 ? 0 : seekMicros / 1e6 + frameSec * 0.75;
    }

    /** {@code portrait:0.04:360/900,540/2000}. */
    String text() {
        StringJoiner list = new StringJoiner(",", (portrait ? PORTRAIT : LANDSCAPE) + ":" + frameSec + ":", "");
        for (Rung rung : rungs) list.add(rung.shortSide() + "/" + rung.maxBitrateKbps());
        return list.toString();
    }

    /** The ladder of {@link #text}; null for null (an MP4 chunk). */
    static ChunkLadder parse(String text) {
        if (text == null) return null;
        String[] parts = text.split(":", 3);
        List<Rung> rungs = new ArrayList<>();
        for (String rung : parts[2].split(",")) {
            String[] sideAndCap = rung.split("/");
            rungs.add(new Rung(Integer.parseInt(sideAndCap[0]), Integer.parseInt(sideAndCap[1])));
        }
        return new ChunkLadder(parts[0].equals(PORTRAIT), rungs, Double.parseDouble(parts[1]));
    }
}
