package io.mediaopt.video;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The codec settings of one rung of an HLS ladder, the same whether the ladder is encoded in one
 * piece or in chunks: a key frame every {@link #KEY_FRAME_SEC} seconds of the whole video, in
 * H.264 and in AV1, so every rung cuts its segments at the same times.
 */
public final class RungCodec {
    public static final int KEY_FRAME_SEC = 4;
    /**
     * The frames over which SVT-AV1 (1.4, one pass) holds a capped CRF to its cap, counted from
     * the first frame it encodes. A chunk that starts elsewhere spends its cap over other windows:
     * on grainy 540p at the cap, chunks of 40 frames made 16 % more bytes than one piece, chunks
     * of 60 frames 1 %.
     */
    static final int AV1_RATE_WINDOW_FRAMES = 60;

    private RungCodec() {}

    /** x264 at {@code crf} under the rung's cap, the whole video in one piece. */
    public static List<String> h264(int crf, int capKbps, int threads) {
        return h264(crf, capKbps, threads, keyFrames(0), List.of());
    }

    /**
     * x264 for a chunk that starts {@code startSec} into the video: besides the chunk's first
     * frame, its key frames are where a one-piece encode has them, every {@link #KEY_FRAME_SEC} s
     * of the whole video, so the segments cut at the same times as a one-piece ladder's; a chunk
     * after the first ({@code later}) starts with x264's buffer as {@link ChunkArguments#LATER_CHUNK_X264} says.
     */
    static List<String> h264(int crf, int capKbps, int threads, double startSec, boolean later) {
        return h264(crf, capKbps, threads, keyFrames(startSec), later ? ChunkArguments.LATER_CHUNK_X264 : List.of());
    }

    /**
     * The forced key frames of what is encoded from {@code startSec} into the video (0: from its
     * start): one every {@link #KEY_FRAME_SEC} s of the whole video, counted from its start.
     */
    private static String keyFrames(double startSec) {
        if (startSec == 0) return "expr:gte(t,n_forced*" + KEY_FRAME_SEC + ")";
        long first = (long) Math.ceil(startSec / KEY_FRAME_SEC);
        return String.format(Locale.ROOT, "expr:gte(t,%d*(n_forced+%d)-%.6f)", KEY_FRAME_SEC, first, startSec);
    }

    private static List<String> h264(int crf, int capKbps, int threads, String keyFrames, List<String> buffer) {
        List<String> video = new ArrayList<>(List.of("-c:v", "libx264", "-preset", FfmpegArguments.X264_PRESET,
                "-crf", Integer.toString(crf), "-maxrate", capKbps + "k", "-bufsize", (2 * capKbps) + "k",
                "-profile:v", "high", "-pix_fmt", "yuv420p",
                "-force_key_frames", keyFrames, "-sc_threshold", "0",
                "-threads", Integer.toString(threads)));
        video.addAll(buffer);
        return List.copyOf(video);
    }

    /**
     * SVT-AV1 at the preset's AV1 settings under the rung's cap, the whole video in one piece, its
     * key frames every {@link #KEY_FRAME_SEC} s as x264's are. ffmpeg 5.1's libsvtav1 passes a
     * forced key frame on as a key picture but leaves SVT-AV1's {@code force_key_frames} off, so
     * it is turned on here; SVT-AV1 then makes the picture an IDR frame (ffmpeg asks for its
     * closed GOPs). SVT-AV1's own interval, a key frame every {@link #KEY_FRAME_SEC} s and one
     * frame, restarts at each forced one and so never adds one.
     */
    public static List<String> av1(int svtPreset, int crf, int capKbps, int threads) {
        return av1(svtPreset, crf, capKbps, threads, keyFrames(0));
    }

    /** SVT-AV1 for a chunk that starts {@code startSec} into the video, its key frames where x264's are. */
    static List<String> av1(int svtPreset, int crf, int capKbps, int threads, double startSec) {
        return av1(svtPreset, crf, capKbps, threads, keyFrames(startSec));
    }

    private static List<String> av1(int svtPreset, int crf, int capKbps, int threads, String keyFrames) {
        List<String> video = new ArrayList<>(FfmpegArguments.svtAv1(svtPreset, crf, capKbps,
                "keyint=" + KEY_FRAME_SEC + "s:enable-force-key-frames=1"));
        video.addAll(List.of("-force_key_frames", keyFrames, "-threads", Integer.toString(threads)));
        return List.copyOf(video);
    }

    /**
     * {@code options} (pairs of {@code -name value}) for the {@code index}th video stream of an
     * output alone: {@code -crf} becomes {@code -crf:v:1}, {@code -c:v} {@code -c:v:1}.
     */
    static List<String> forStream(List<String> options, int index) {
        List<String> scoped = new ArrayList<>();
        for (int i = 0; i < options.size(); i += 2) {
            String name = options.get(i);
            String bare = name.endsWith(":v") ? name.substring(0, name.length() - 2) : name;
            scoped.add(bare + ":v:" + index);
            scoped.add(options.get(i + 1));
        }
        return scoped;
    }
}
