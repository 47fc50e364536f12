package io.mediaopt.video;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The codec settings of one rung of an HLS ladder, the same whether the ladder is encoded in one
 * piece or in chunks: a key frame every {@link #KEY_FRAME_SEC} seconds from the start of what
 * is encoded, so every rung cuts its segments at the same times.
 */
public final class RungCodec {
    public static final int KEY_FRAME_SEC = 4;

    private RungCodec() {}

    /** x264 at {@code crf} under the rung's cap, the whole video in one piece. */
    public static List<String> h264(int crf, int capKbps, int threads) {
        return h264(crf, capKbps, threads, "expr:gte(t,n_forced*" + KEY_FRAME_SEC + ")");
    }

    /**
     * x264 for a chunk that starts {@code startSec} into the video: besides the chunk's first
     * frame, its key frames are where a one-piece encode has them, every {@link #KEY_FRAME_SEC} s
     * of the whole video, so the segments cut at the same times as a one-piece ladder's.
     */
    static List<String> h264(int crf, int capKbps, int threads, double startSec) {
        long first = (long) Math.ceil(startSec / KEY_FRAME_SEC);
        return h264(crf, capKbps, threads, String.format(Locale.ROOT, "expr:gte(t,%d*(n_forced+%d)-%.6f)",
                KEY_FRAME_SEC, first, startSec));
    }

    private static List<String> h264(int crf, int capKbps, int threads, String keyFrames) {
        return List.of("-c:v", "libx264", "-preset", FfmpegArguments.X264_PRESET, "-crf", Integer.toString(crf),
                "-maxrate", capKbps + "k", "-bufsize", (2 * capKbps) + "k",
                "-profile:v", "high", "-pix_fmt", "yuv420p",
                "-force_key_frames", keyFrames, "-sc_threshold", "0",
                "-threads", Integer.toString(threads));
    }

    /**
     * SVT-AV1 at the preset's AV1 settings under the rung's cap. ffmpeg's libsvtav1 ignores forced
     * key frames, so SVT-AV1's own key frame interval, in seconds, cuts the segments: a key frame
     * every {@link #KEY_FRAME_SEC} s and one frame (4.04 s at 25 fps), the same on every AV1 rung.
     */
    public static List<String> av1(int svtPreset, int crf, int capKbps, int threads) {
        List<String> video = new ArrayList<>(FfmpegArguments.svtAv1(svtPreset, crf, capKbps,
                "keyint=" + KEY_FRAME_SEC + "s"));
        video.addAll(List.of("-threads", Integer.toString(threads)));
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
