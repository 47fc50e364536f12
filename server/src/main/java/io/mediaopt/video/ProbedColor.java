package io.mediaopt.video;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The colour tags of a video stream as ffprobe names them ({@code color_range} tv or pc,
 * {@code color_space} the YUV matrix, {@code color_transfer}, {@code color_primaries}); null
 * when the stream does not say. {@code bitDepth} comes from the pixel format's name.
 */
public record ProbedColor(String range, String matrix, String transfer, String primaries, int bitDepth) {

    private static final Pattern DEPTH_SUFFIX = Pattern.compile("(\\d+)(?:le|be)$");

    public static final ProbedColor UNTAGGED_8_BIT = new ProbedColor(null, null, null, null, 8);

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
        return "bt2020".equals(primaries);
    }
}
