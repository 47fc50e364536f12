package io.mediaopt.video;

import java.util.Optional;

/** The picture size of an encoding, as displayed (after rotation). */
public record FrameSize(int width, int height) {

    /**
     * The displayed picture of {@code video} fitted to {@code maxWidth}: never enlarged, both
     * sides even as 4:2:0 needs, the aspect kept. It is what ffmpeg's own
     * {@code scale='trunc(min(iw,max)/2)*2':-2} gives (the height rounded to the nearest even
     * number), worked out here so the CRF search knows the size before the encode.
     * Empty when ffprobe did not report the input's size.
     */
    public static Optional<FrameSize> fit(ProbedStream video, int maxWidth) {
        long inWidth = video.displayWidth();
        long inHeight = video.displayHeight();
        if (inWidth < 2 || inHeight < 2) return Optional.empty();
        long width = Math.min(inWidth, maxWidth) / 2 * 2;
        // av_rescale rounds half away from zero: (w * ih + iw) / (2 * iw) halves, rounded
        long height = (width * inHeight + inWidth) / (2 * inWidth) * 2;
        return Optional.of(new FrameSize((int) width, (int) Math.max(2, height)));
    }
}
