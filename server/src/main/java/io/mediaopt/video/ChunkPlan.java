package io.mediaopt.video;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Where a long video is cut: at the source's own key frames, the first one at least
 * {@code chunkSec} after the last cut, so each chunk decodes from its own first frame and is
 * encoded alone. A cut that would leave less than half a chunk at the end is not made. Each
 * span says where to seek in the source (half a frame before its key frame, so rounding can
 * only land on the frame before, which accurate seeking then drops) and how many frames to
 * encode from there, so the chunks hold every frame once. Only a constant frame rate is cut:
 * there a frame count is a length, and the chunks' frames line up with a one-piece encode's.
 * Nothing here depends on the source's codec: any codec whose packets ffprobe flags as key
 * frames (H.264, HEVC, VP9, AV1) is cut the same way.
 */
record ChunkPlan(List<Span> spans, double frameSec) {
    /** The clock of Matroska and WebM, whose timestamps jitter by up to this at a frame rate that does not divide it. */
    private static final double MILLISECOND = 1e-3;

    /** Seek to {@code seekMicros} of the source (0: read from the start), then encode {@code frames} frames. */
    record Span(long seekMicros, int frames) {}

    ChunkPlan {
        spans = List.copyOf(spans);
    }

    /**
     * The plan for a source whose video packets and start are listed in {@code compact} (the
     * output of {@link ChunkArguments#packets}); empty when the video should be encoded in one
     * piece (no timestamps, a variable frame rate, or too short for two chunks).
     */
    static Optional<ChunkPlan> of(String compact, double chunkSec) {
        return of(compact, chunkSec, Double.POSITIVE_INFINITY);
    }

    /**
     * The plan as {@link #of(String, double)} makes it, but with its first cut no later than the
     * frame {@code firstCutSec} into the video, a key frame of the source or not (accurate seeking
     * decodes up to it): an HLS ladder's first segments are playable once the first chunk is done,
     * however far apart the source's key frames are.
     */
    static Optional<ChunkPlan> of(String compact, double chunkSec, double firstCutSec) {
        return of(compact, chunkSec, firstCutSec, 0);
    }

    /**
     * The plan as {@link #of(String, double, double)} makes it, but with {@code markSec} above 0
     * cut only on the whole video's marks every {@code markSec} s, key frames of the source or not:
     * at the first frame at or after such a mark. A ladder whose encoder puts a key frame on every
     * mark (AV1's, {@link RungCodec#av1}) then gets none at its joins that a one-piece encode lacks.
     * Only marks a whole number of {@link RungCodec#AV1_RATE_WINDOW_FRAMES} frames in are taken, so
     * a chunk's rate windows are the one-piece encode's (every mark at 15, 30 or 60 fps, every
     * third at 25 fps).
     */
    static Optional<ChunkPlan> of(String compact, double chunkSec, double firstCutSec, double markSec) {
        List<double[]> frames = new ArrayList<>();
        double start = 0;
        for (String line : compact.split("\n")) {
            String[] fields = line.strip().split("\\|");
            if (fields[0].equals("format") && fields.length > 1 && fields[1].startsWith("start_time=")) {
                Double value = number(fields[1].substring("start_time=".length()));
                if (value != null) start = value;
            } else if (fields[0].equals("packet") && fields.length == 3) {
                Double pts = number(fields[1].replaceFirst("^pts_time=", ""));
                String flags = fields[2].replaceFirst("^flags=", "");
                if (pts == null) return Optional.empty();
                if (flags.contains("D")) continue; // dropped by the edit list: never shown
                frames.add(new double[] {pts, flags.contains("K") ? 1 : 0});
            }
        }
        if (frames.size() < 2) return Optional.empty();
        frames.sort((a, b) -> Double.compare(a[0], b[0]));
        double frame = frameDuration(frames);
        if (frame <= 0) return Optional.empty();
        double end = frames.getLast()[0] + frame;
        List<Integer> cuts = new ArrayList<>(List.of(0));
        double last = frames.getFirst()[0];
        for (int i = 1; i < frames.size(); i++) {
            double pts = frames.get(i)[0];
            // half a frame of slack: times printed in decimals do not subtract exactly (4.007 - 0.007 < 4)
            boolean cuttable = markSec <= 0 || i % RungCodec.AV1_RATE_WINDOW_FRAMES == 0
                    && onMark(frames.get(i - 1)[0] - start, pts - start, frame, markSec);
            boolean early = cuttable && cuts.size() == 1 && pts - last + frame / 2 >= firstCutSec;
            boolean atKey = (markSec > 0 ? cuttable : frames.get(i)[1] == 1) && pts - last + frame / 2 >= chunkSec;
            if ((early || atKey) && end - pts + frame / 2 >= chunkSec / 2) {
                cuts.add(i);
                last = pts;
            }
        }
        if (cuts.size() < 2) return Optional.empty();
        List<Span> spans = new ArrayList<>();
        for (int c = 0; c < cuts.size(); c++) {
            int first = cuts.get(c);
            int next = c + 1 < cuts.size() ? cuts.get(c + 1) : frames.size();
            long seek = first == 0 ? 0 : Math.round((frames.get(first)[0] - start - frame / 2) * 1e6);
            spans.add(new Span(Math.max(0, seek), next - first));
        }
        return Optional.of(new ChunkPlan(spans, frame));
    }

    /**
     * Whether the frame at {@code sec} of the video, after one at {@code previousSec}, is the first
     * at or after a mark, with the quarter frame of slack a chunk's forced key frames have
     * ({@link ChunkLadder#startSec}).
     */
    private static boolean onMark(double previousSec, double sec, double frame, double markSec) {
        return Math.floor((sec + frame / 4) / markSec) > Math.floor((previousSec + frame / 4) / markSec);
    }

    int frames() {
        return spans.stream().mapToInt(Span::frames).sum();
    }

    /** The one step between frames; 0 when the steps differ by more than a hundredth (a variable rate). */
    private static double frameDuration(List<double[]> frames) {
        double[] steps = new double[frames.size() - 1];
        for (int i = 1; i < frames.size(); i++) steps[i - 1] = frames.get(i)[0] - frames.get(i - 1)[0];
        double[] sorted = steps.clone();
        Arrays.sort(sorted);
        double median = sorted[sorted.length / 2];
        // pts_time is printed to the microsecond, and Matroska and WebM store times to the
        // millisecond (30 fps steps there are 33 and 34 ms): allow that rounding on either side
        double tolerance = Math.max(median * 0.01, MILLISECOND + 2e-6);
        for (double step : steps) if (Math.abs(step - median) > tolerance) return 0;
        return median;
    }

    private static Double number(String text) {
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
