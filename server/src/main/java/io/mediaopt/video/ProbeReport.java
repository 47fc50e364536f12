package io.mediaopt.video;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What ffprobe says about a file: the demuxer's name (such as {@code mov,mp4,m4a,3gp,3g2,mj2}),
 * the duration in seconds (null when the container does not say, as in live-recorded WebM),
 * the overall bitrate and the streams in file order.
 */
public record ProbeReport(String formatName, Double durationSec, Long bitRate, List<ProbedStream> streams) {

    public ProbeReport {
        streams = List.copyOf(streams);
    }

    /** The stream ffmpeg encodes: the first video stream that is not cover art. */
    public Optional<ProbedStream> video() {
        return streams.stream().filter(ProbedStream::isMovingPicture).findFirst();
    }

    public Optional<ProbedStream> audio() {
        return streams.stream().filter(ProbedStream::isAudio).findFirst();
    }

    /** The container's duration, else the longest stream's (some containers only time streams). */
    public Optional<Double> duration() {
        if (durationSec != null) return Optional.of(durationSec);
        return streams.stream().map(ProbedStream::durationSec).filter(Objects::nonNull).max(Double::compare);
    }
}
