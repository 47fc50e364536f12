package io.mediaopt.video;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The colour tags of a video stream as ffprobe names them ({@code color_range} tv or pc,
 * {@code color_space} the YUV matrix, {@code color_transfer}, {@code color_primaries}); empty
 * when the stream does not say. {@code bitDepth} comes from the pixel format's name.
 */
public record ProbedColor(Optional<String> range, Optional<String> matrix, Optional<String> transfer,
                          Optional<String> primaries, int bitDepth) {

    private static final Pattern DEPTH_SUFFIX = Pattern.compile("(\\d+)(?:le|be)$");

    /** The tags as ffprobe's JSON has them, each null when the stream does not say. */
    public static ProbedColor of(String range, String matrix, String transfer, String primaries, int bitDepth) {
        return new ProbedColor(Optional.ofNullable(range), Optional.ofNullable(matrix), Optional.ofNullable(transfer),
                Optional.ofNullable(primaries), bitDepth);
    }

    /** A stream that names none of its colour: its player assumes SDR BT.709 (or BT.601 below HD). */
    public static ProbedColor untagged(int bitDepth) {
        return new ProbedColor(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), bitDepth);
    }

    /**
     * Bits per sample of an ffmpeg pixel format: {@code yuv420p10le} is 10, {@code p010le} is
     * 10, {@code gbrap12le} 12, every format without such a number 8.
     */
    static int bitDepthOf(String pixelFormat) {
        if (pixelFormat == null) return 8;
        Matcher bits = DEPTH_SUFFIX.matcher(pixelFormat);
        if (!bits.find()) return 8;
        int depth = Integer.parseInt(bits.group(1));
        return depth >= 9 && depth <= 16 ? depth : 8;
    }

    /** True when the stream may use more than the BT.709 gamut: BT.2020 primaries. */
    boolean wideGamut() {
        return primaries.filter("bt2020"::equals).isPresent();
    }
}
