package io.mediaopt.renditions;

import io.mediaopt.media.Av1Settings;
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
import java.util.List;

/**
 * The sources of a {@code <video>} element ({@link VideoSnippet}): the video as AV1 in MP4 at the
 * preset's AV1 settings, then as the preset's H.264 MP4, each with the RFC 6381 codecs string
 * read from what was written ({@link Mp4Codecs}). A browser takes the first it can decode, so
 * one that plays AV1 gets the smaller file and every other one the H.264. Each encode has the
 * video time limit.
 *
 * <p>The AV1 file must be no worse than the H.264 beside it: both are scored against the source
 * on a few sampled frames by SSIM and SSIMULACRA 2 ({@link Av1Judge}). When AV1 loses by
 * either, it is encoded once more {@value #RETRY_CRF_STEP} CRF lower and judged again; when it
 * still loses, or cannot be judged, it is left out, the H.264 source says why
 * ({@code av1Omitted}) and the snippet lists the H.264 alone.
 */
final class VideoSources {
    static final String AV1 = "av1.mp4";
    static final String H264 = "h264.mp4";
    /*
     * How much lower the second AV1 encode's CRF is: one row of the table in Presets, which was
     * measured 6 apart. At web, CRF 38 -> 32 took AV1 from 0.53 to 0.85 of the H.264's bytes, so
     * one step buys a clear gain in quality and the retry stays smaller than the H.264; two
     * steps (CRF 26) would be about as large as it, and then there is no reason to serve AV1.
     */
    static final int RETRY_CRF_STEP = 6;

    private final VideoTools tools;
    private final Limits limits;
    private final int threads;
    private final Av1Judge judge;

    VideoSources(VideoTools tools, Limits limits, int threads) {
        this.tools = tools;
        this.limits = limits;
        this.threads = threads;
        this.judge = new Av1Judge(tools, limits);
    }

    /** {@code durationSec}: the input's length, where the judged frames are sampled (null: unknown). */
    List<Made> make(Path input, VideoSettings settings, Double durationSec, Path parent) throws IOException {
        Path dir = Files.createDirectories(parent.resolve("sources"));
        Made h264 = encode(input, dir.resolve(H264), Strategy.VIDEO_MP4_H264,
                settings.withStrategies(List.of(Strategy.VIDEO_MP4_H264)), "H.264 source");
        if (Math.min(h264.rendition().width(), h264.rendition().height()) < Av1Settings.MIN_SIDE) {
            return List.of(new Made(h264.file(), h264.rendition().withAv1Omitted(Av1Settings.TOO_SMALL)));
        }
        double duration = durationSec == null ? 0 : durationSec;
        Av1Settings av1 = settings.av1();
        Made made = encode(input, dir.resolve(AV1), Strategy.VIDEO_MP4_AV1, av1.applyTo(settings), "AV1 source");
        String verdict = judge(input, made, h264, duration, dir, av1.crf());
        if (verdict != null && !Av1Judge.unjudged(verdict) && av1.crf() > 0) {
            Av1Settings higher = new Av1Settings(av1.svtPreset(), Math.max(0, av1.crf() - RETRY_CRF_STEP),
                    av1.maxBitrateKbps());
            made = encode(input, dir.resolve(AV1), Strategy.VIDEO_MP4_AV1, higher.applyTo(settings), "AV1 source");
            verdict = judge(input, made, h264, duration, dir, higher.crf());
        }
        if (verdict == null) return List.of(made, h264);
        Files.deleteIfExists(made.file());
        return List.of(new Made(h264.file(), h264.rendition().withAv1Omitted(verdict)));
    }

    private String judge(Path input, Made av1, Made h264, double durationSec, Path dir, int crf) {
        return judge.verdict(input, av1.file(), h264.file(), h264.rendition().width(), h264.rendition().height(),
                durationSec, dir, "AV1 at CRF " + crf);
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
        return new Made(output, Rendition.picture(output.getFileName().toString(), RenditionRole.VIDEO_SOURCE,
                codecs.width(), codecs.height(), MediaFormat.MP4, Files.size(output)).withCodecs(codecs.joined()));
    }
}
