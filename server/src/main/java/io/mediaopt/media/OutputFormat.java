package io.mediaopt.media;

import java.util.Arrays;
import java.util.Optional;

/**
 * The values of the {@code format} option: a file format the output is written in, and for
 * {@link #AV1} also the codec, AV1 in MP4 at the preset's {@link Av1Settings} (the MP4 of
 * {@code format=mp4} is the preset's H.264). {@link #shortName()} is the option's word and what
 * a job records.
 */
public enum OutputFormat {
    WEBP(MediaFormat.WEBP),
    AVIF(MediaFormat.AVIF),
    JPEG(MediaFormat.JPEG),
    PNG(MediaFormat.PNG),
    MP4(MediaFormat.MP4),
    WEBM(MediaFormat.WEBM),
    AV1("av1", MediaFormat.MP4);

    private final String shortName;
    private final MediaFormat container;

    OutputFormat(MediaFormat container) {
        this(container.shortName(), container);
    }

    OutputFormat(String shortName, MediaFormat container) {
        this.shortName = shortName;
        this.container = container;
    }

    public String shortName() {
        return shortName;
    }

    /** The file format written. */
    public MediaFormat container() {
        return container;
    }

    public MediaKind kind() {
        return container.kind();
    }

    /** The format a job recorded under this short name. */
    public static Optional<OutputFormat> fromShortName(String shortName) {
        return Arrays.stream(values()).filter(f -> f.shortName.equals(shortName)).findFirst();
    }
}
