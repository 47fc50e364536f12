package io.mediaopt.video;

/**
 * What the probe said of an admitted upload: its report, its first real video stream and what
 * the encode must know of its picture.
 */
record ProbedVideo(ProbeReport source, ProbedStream video, SourcePicture picture) {

    static ProbedVideo of(ProbeReport source) {
        ProbedStream video = source.video().orElseThrow();
        return new ProbedVideo(source, video, SourcePicture.of(video));
    }

    /** The stated length, 0 when the container does not say. */
    double durationSec() {
        return source.duration().orElse(0.0);
    }
}
