package io.mediaopt.video;

import io.mediaopt.media.MediaFormat;
import io.mediaopt.media.MediaKind;

import java.util.ArrayList;
import java.util.List;

/**
 * What an input of ffmpeg or ffprobe may be opened with: the protocols and the demuxers, and the
 * demuxer forced on inputs the service writes itself. {@link FfmpegCommand} writes one before
 * every input, so no input can be added without it.
 */
public enum InputLockdown {
    /**
     * Only local files may be opened, and only by the demuxers of the accepted containers. The
     * protocol list alone is not enough: a concat list or an HLS playlist is itself a local file
     * that names other local files, which the file protocol would then open. Refusing those
     * demuxers keeps ffmpeg to the one file it was given.
     */
    MEDIA_FILE("file", String.join(",", MediaFormat.decodersOf(MediaKind.VIDEO)), false),
    /** Raw frames the service wrote itself, read as nothing but raw video. */
    RAW_FRAMES("file", "rawvideo", true),
    /** A trial encode read from stdin as it comes, as nothing but Matroska. */
    MATROSKA_STDIN("pipe", "matroska", true),
    /**
     * The list of a long video's encoded chunks, which the service wrote: read by the concat
     * demuxer in its safe mode (names relative to the list, no protocols), and the chunks by the
     * MP4 demuxer alone.
     */
    CHUNK_LIST("file", "concat," + String.join(",", MediaFormat.MP4.decoders()), "concat");

    private final String protocols;
    private final String demuxers;
    private final String forced;

    InputLockdown(String protocols, String demuxers, boolean forced) {
        this(protocols, demuxers, forced ? demuxers : null);
    }

    InputLockdown(String protocols, String demuxers, String forced) {
        this.protocols = protocols;
        this.demuxers = demuxers;
        this.forced = forced;
    }

    /** The options that go before the input's own options and its {@code -i}. */
    public List<String> options() {
        List<String> options = new ArrayList<>(List.of("-protocol_whitelist", protocols, "-format_whitelist", demuxers));
        if (forced != null) options.addAll(List.of("-f", forced));
        return List.copyOf(options);
    }
}
