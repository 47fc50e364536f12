package io.mediaopt.video;

import io.mediaopt.media.Attempt;
import io.mediaopt.media.VideoSettings;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.OptionalInt;
import java.util.function.IntFunction;

/**
 * The video bitrate cap for another try at an encoding that came out larger than its input, when
 * the preset's format must be delivered (the upload cannot be served as it is). The CRF stays the
 * preset's, so the encoder keeps its quality wherever the input's bitrate allows; only the cap
 * comes down to what the input's size leaves for video once the preset's audio is paid for, with
 * a margin. A cap on a few seconds still lets the encoder's buffer overshoot it, so a second try
 * scales the cap by how far the first one missed. A browser's MediaRecorder WebM (VP8/Opus,
 * 640x480, 4 s, 202 kB) came out of {@code web} at 434 kB; capped at 248 kb/s 219 kB, at 199
 * kb/s 189 kB.
 */
final class InputSizeBudget {
    static final int MAX_TRIES = 2;
    /** Below this the picture would fall apart; the try is not worth its time. */
    static final int MIN_VIDEO_KBPS = 32;
    private static final double MARGIN = 0.9;

    private InputSizeBudget() {}

    /** The output to serve, and whether an encode under a lower cap was made at all. */
    record Outcome(VideoEncoding output, boolean tried) {}

    /**
     * Up to {@value #MAX_TRIES} encodes of {@code larger}'s strategy under lower caps
     * ({@code encodeAtCap} writes to the same file as {@code larger}, so the smallest output so
     * far waits under another name): the first output within {@code inputBytes}, else the
     * smallest of all. The others are deleted.
     */
    static Outcome fit(long inputBytes, VideoEncoding larger, VideoSettings settings, boolean audio,
                       IntFunction<Attempt<VideoEncoding>> encodeAtCap) {
        VideoEncoding smallest = aside(larger);
        VideoEncoding last = larger;
        int cap = settings.maxBitrateKbps();
        boolean tried = false;
        try {
            for (int i = 0; i < MAX_TRIES; i++) {
                OptionalInt next = nextCap(inputBytes, last, cap, settings, audio);
                if (next.isEmpty()) break;
                cap = next.getAsInt();
                if (!(encodeAtCap.apply(cap) instanceof Attempt.Encoded<VideoEncoding>(VideoEncoding encoded))) break;
                tried = true;
                if (encoded.bytes() < inputBytes) {
                    smallest.delete();
                    return new Outcome(encoded, true);
                }
                if (encoded.bytes() < smallest.bytes()) {
                    smallest.delete();
                    smallest = aside(encoded);
                } else {
                    encoded.delete();
                }
                last = encoded;
            }
            return new Outcome(smallest, tried);
        } catch (RuntimeException e) {
            smallest.delete();
            throw e;
        }
    }

    /** The output moved next to where it was, out of the next encode's way. */
    private static VideoEncoding aside(VideoEncoding encoded) {
        Path moved = encoded.output().resolveSibling("smallest-" + encoded.output().getFileName());
        try {
            Files.move(encoded.output(), moved, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new VideoEncoding(encoded.strategy(), encoded.crf(), moved, encoded.size(), encoded.durationSec(),
                encoded.bytes());
    }

    /**
     * The cap that should bring {@code larger}, encoded under {@code capKbps}, within
     * {@code inputBytes}; empty when the output's length is unknown or the cap would not come down.
     */
    static OptionalInt nextCap(long inputBytes, VideoEncoding larger, int capKbps, VideoSettings settings,
                               boolean audio) {
        Double seconds = larger.durationSec();
        if (seconds == null || seconds <= 0) return OptionalInt.empty();
        double audioKbps = audio ? settings.audioBitrateKbps() : 0;
        double videoTarget = inputBytes * 8 / seconds / 1000 - audioKbps;
        double videoMade = Math.max(1, larger.bytes() * 8 / seconds / 1000 - audioKbps);
        int cap = (int) (Math.min(capKbps, videoMade) * videoTarget / videoMade * MARGIN);
        return cap >= capKbps || cap < MIN_VIDEO_KBPS ? OptionalInt.empty() : OptionalInt.of(cap);
    }
}
