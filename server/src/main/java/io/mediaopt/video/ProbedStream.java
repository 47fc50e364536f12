package io.mediaopt.video;

/**
 * One stream as ffprobe reports it. Numbers ffprobe leaves out are 0 (sizes) or null.
 * {@code rotation} is the display rotation in degrees, 0 to 270, clockwise. {@code dolbyVision}
 * is null unless the stream carries a Dolby Vision configuration; {@code alpha} says a VP8/VP9
 * stream carries an alpha channel (WebM's AlphaMode), which only the libvpx decoders read;
 * {@code interlaced} that its frames are two fields (ffprobe's field_order tt, bb, tb or bt).
 */
public record ProbedStream(
        int index,
        String codecType,
        String codecName,
        int width,
        int height,
        String pixelFormat,
        Double durationSec,
        Long bitRate,
        int rotation,
        boolean attachedPicture,
        ProbedColor color,
        DolbyVision dolbyVision,
        boolean alpha,
        boolean interlaced) {

    public boolean isVideo() {
        return "video".equals(codecType);
    }

    public boolean isAudio() {
        return "audio".equals(codecType);
    }

    /** A video stream that is a moving picture, not cover art stored as a one-frame stream. */
    public boolean isMovingPicture() {
        return isVideo() && !attachedPicture;
    }

    /** Width as shown: a quarter turn swaps the sides, and ffmpeg applies the turn when encoding. */
    public int displayWidth() {
        return quarterTurned() ? height : width;
    }

    public int displayHeight() {
        return quarterTurned() ? width : height;
    }

    public long pixels() {
        return (long) width * height;
    }

    private boolean quarterTurned() {
        return rotation == 90 || rotation == 270;
    }
}
