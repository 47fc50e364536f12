package io.mediaopt.renditions;

import io.mediaopt.media.Limits;
import io.mediaopt.media.MediaException;
import io.mediaopt.media.MediaFormat;
import io.mediaopt.media.Rendition;
import io.mediaopt.media.RenditionRole;
import io.mediaopt.media.Strategy;
import io.mediaopt.media.VideoSettings;
import io.mediaopt.video.FfmpegArguments;
import io.mediaopt.video.VideoTools;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The sources of a {@code <video>} element ({@link VideoSnippet}): the video as AV1 in MP4 at the
 * preset's AV1 settings, then as the preset's H.264 MP4, each with the RFC 6381 codecs string
 * read from what was written ({@link Mp4Codecs}). A browser takes the first it can decode, so
 * one that plays AV1 gets the smaller file and every other one the H.264. Each encode has the
 * video time limit.
 */
final class VideoSources {
    static final String AV1 = "av1.mp4";
    static final String H264 = "h264.mp4";

    private final VideoTools tools;
    private final Limits limits;
    private final int threads;

    VideoSources(VideoTools tools, Limits limits, int threads) {
        this.tools = tools;
        this.limits = limits;
        this.threads = threads;
    }

    List<Made> make(Path input, VideoSettings settings, Path parent) throws IOException {
        Path dir = Files.createDirectories(parent.resolve("sources"));
        List<Made> made = new ArrayList<>();
        made.add(encode(input, dir.resolve(AV1), Strategy.VIDEO_MP4_AV1, settings.asAv1(), "AV1 source"));
        made.add(encode(input, dir.resolve(H264), Strategy.VIDEO_MP4_H264,
                settings.withStrategies(List.of(Strategy.VIDEO_MP4_H264)), "H.264 source"));
        return List.copyOf(made);
    }

    private Made encode(Path input, Path output, Strategy strategy, VideoSettings settings, String what)
            throws IOException {
        FfmpegRun.run(tools, FfmpegArguments.encode(tools.ffmpeg(), input, output, strategy, settings,
                limits.maxInputPixels(), threads), limits.videoTimeout(), what);
        Mp4Codecs codecs;
        try {
            codecs = Mp4Codecs.read(output);
        } catch (IOException e) {
            throw MediaException.encodeFailed("The " + what + " could not be made", e);
        }
        return new Made(output, new Rendition(output.getFileName().toString(), RenditionRole.VIDEO_SOURCE,
                codecs.width(), codecs.height(), MediaFormat.MP4.shortName(), MediaFormat.MP4.contentType(),
                Files.size(output), null, codecs.joined(), null));
    }
}
