package io.mediaopt.image;

import io.mediaopt.image.vips.VipsException;

/**
 * The {@code orient} step: the picture every encoding writes is the one displayed (the EXIF
 * orientation applied, so a picture that turns sideways swaps its sides), fitted to the preset's
 * width; and whether its transparency is used, which decides the formats that may hold it.
 *
 * @param outputSize the size of the picture the encoders write (of one frame, for an animation)
 * @param alphaUsed  whether some pixel of a still is transparent
 */
record UprightPicture(StrategyChoice.Size outputSize, boolean alphaUsed) {

    static UprightPicture of(ImageJob job) {
        ImageHeader header = job.header();
        return new UprightPicture(StrategyChoice.outputSize(header, job.settings().maxWidth()), alphaUsed(job));
    }

    /**
     * Asked (a pass through the decoder) only of a still with an alpha channel whose preset lists
     * a format without one. A decoder failure here is the file's: it is reported as unreadable;
     * an encoder's failure to cope counts the alpha as used.
     */
    private static boolean alphaUsed(ImageJob job) {
        ImageHeader header = job.header();
        if (header.animated() || !header.hasAlpha() || !StrategyChoice.anyDropsAlpha(job.settings().strategies())) {
            return false;
        }
        try {
            return job.encoder().alphaUsed();
        } catch (VipsException e) {
            job.checkTime(null);
            job.checkDecodes();
            return true;
        }
    }
}
