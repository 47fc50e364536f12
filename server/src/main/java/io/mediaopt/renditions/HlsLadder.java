package io.mediaopt.renditions;

import io.mediaopt.media.Limits;
import io.mediaopt.media.MediaException;
import io.mediaopt.media.MediaFormat;
import io.mediaopt.media.Rendition;
import io.mediaopt.media.RenditionRole;
import io.mediaopt.media.VideoSettings;
import io.mediaopt.video.VideoTools;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The HLS ladder of a video ({@link HlsRung}, {@link HlsArguments}), and its master playlist,
 * written here rather than by ffmpeg so that each variant's {@code BANDWIDTH} is its measured
 * peak: the largest segment's bits over its length, as RFC 8216 (4.3.4.2) asks, and its
 * {@code CODECS} what its init segment holds ({@link Mp4Codecs}).
 */
final class HlsLadder {
    static final String MASTER = "master.m3u8";
    static final String PLAYLIST_TYPE = "application/vnd.apple.mpegurl";

    private final VideoTools tools;
    private final Limits limits;
    private final int threads;

    HlsLadder(VideoTools tools, Limits limits, int threads) {
        this.tools = tools;
        this.limits = limits;
        this.threads = threads;
    }

    /** {@code width} x {@code height}: the displayed size of the source picture. */
    List<Made> make(Path input, int width, int height, VideoSettings settings, Path parent) throws IOException {
        Path dir = Files.createDirectories(parent.resolve("hls"));
        List<HlsRung> rungs = HlsRung.ladder(width, height, settings.maxBitrateKbps());
        boolean portrait = height > width;
        FfmpegRun.run(tools, HlsArguments.ladder(tools.ffmpeg(), input, dir, rungs, portrait, settings,
                limits.maxInputPixels(), threads), limits.videoTimeout(), "HLS ladder");
        List<Made> made = new ArrayList<>();
        StringBuilder master = new StringBuilder("#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-INDEPENDENT-SEGMENTS\n");
        for (HlsRung rung : rungs) {
            int rungWidth = portrait ? rung.shortSide() : even((double) width * rung.shortSide() / height);
            int rungHeight = portrait ? even((double) height * rung.shortSide() / width) : rung.shortSide();
            Path playlistFile = dir.resolve(rung.playlist());
            MediaPlaylist playlist = MediaPlaylist.parse(Files.readString(playlistFile, StandardCharsets.UTF_8));
            long peak = 0;
            long total = 0;
            for (MediaPlaylist.Segment segment : playlist.segments()) {
                long bytes = Files.size(dir.resolve(segment.name()));
                total += bytes;
                peak = Math.max(peak, (long) Math.ceil(bytes * 8 / Math.max(segment.durationSec(), 0.001)));
                made.add(file(dir, segment.name(), RenditionRole.HLS_SEGMENT, rungWidth, rungHeight, "m4s",
                        "video/iso.segment", null));
            }
            made.add(file(dir, playlist.init(), RenditionRole.HLS_INIT, rungWidth, rungHeight,
                    MediaFormat.MP4.shortName(), MediaFormat.MP4.contentType(), null));
            made.add(file(dir, rung.playlist(), RenditionRole.HLS_PLAYLIST, rungWidth, rungHeight, "m3u8",
                    PLAYLIST_TYPE, peak));
            long average = (long) Math.ceil(total * 8 / Math.max(playlist.durationSec(), 0.001));
            master.append(String.format(Locale.ROOT,
                    "#EXT-X-STREAM-INF:BANDWIDTH=%d,AVERAGE-BANDWIDTH=%d,CODECS=\"%s\",RESOLUTION=%dx%d%n%s%n",
                    peak, average, codecs(dir.resolve(playlist.init())), rungWidth, rungHeight, rung.playlist()));
        }
        Files.writeString(dir.resolve(MASTER), master.toString(), StandardCharsets.UTF_8);
        made.addFirst(file(dir, MASTER, RenditionRole.HLS_MASTER, null, null, "m3u8", PLAYLIST_TYPE, null));
        return List.copyOf(made);
    }

    private static Made file(Path dir, String name, RenditionRole role, Integer width, Integer height, String format,
                             String contentType, Long bandwidth) throws IOException {
        Path file = dir.resolve(name);
        return new Made(file, new Rendition(name, role, width, height, format, contentType, Files.size(file),
                bandwidth, null));
    }

    /** The RFC 6381 codecs of a variant, read from its init segment, so a player skips what it cannot decode. */
    private static String codecs(Path init) {
        try {
            return Mp4Codecs.read(init).joined();
        } catch (IOException e) {
            throw MediaException.encodeFailed("The HLS ladder could not be made", e);
        }
    }

    private static int even(double side) {
        return (int) Math.round(side / 2) * 2;
    }
}
