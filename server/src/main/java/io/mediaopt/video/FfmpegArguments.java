package io.mediaopt.video;

import io.mediaopt.media.Av1Settings;
import io.mediaopt.media.Strategy;
import io.mediaopt.media.VideoSettings;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The command lines of ffmpeg and ffprobe, as pure functions of their inputs so tests can assert
 * the exact argument lists. Each is built by {@link FfmpegCommand}, which locks down every input.
 */
public final class FfmpegArguments {

    /** The options before every input of an uploaded file ({@link InputLockdown#MEDIA_FILE}). */
    public static final List<String> LOCKDOWN = InputLockdown.MEDIA_FILE.options();

    /*
     * Encoder speed settings, measured on the 2-core target with a 10 s 1080p testsrc2 + sine clip
     * (CPU seconds, output size): x264 at the web preset: superfast 6 s 7.4 MB, veryfast 9.6 s
     * 6.7 MB, faster 13.5 s 6.9 MB, medium 17 s 6.9 MB; SSIM 0.993 to 0.995. veryfast is the
     * smallest there (the bitrate cap binds) at about twice real time. VP9 at low-bandwidth
     * (854 wide): cpu-used 3 13 s 645 kB, 4 11 s 660 kB, 5 13 s 658 kB; libvpx caps good-deadline
     * speed at 5, and 4 was both the fastest and as small. SVT-AV1 at the same settings: preset 8
     * 11 s 479 kB, 10 6 s 531 kB, 12 3 s 605 kB but SSIM 0.991 against 0.995.
     */
    public static final String X264_PRESET = "veryfast";
    /*
     * x264 holds every frame of its lookahead at full size with its sub-pixel planes, ~14 MiB a
     * 1080p frame. Eight frames instead of veryfast's ten, on the same 1080p clip: 287 -> 273 MiB
     * peak RSS, output +0.2 %, SSIM 0.97951 -> 0.97944, same CPU time.
     */
    static final String X264_LOOKAHEAD = "8";
    static final String VP9_CPU_USED = "4";
    static final String SVT_AV1_PRESET = "10";
    static final int DECODER_THREAD_PER_PROCESSORS = 4;
    /*
     * How much of the input a CRF sample reads from its start: ffmpeg goes on decoding an input
     * to its end after trim has taken its frames, which cost the 10 s 720p noise clip of
     * docs/quality.md 38 s of search instead of a few. 1.5 s holds a sample's 12 frames down
     * to 8 fps; a slower video gives fewer.
     */
    static final String SAMPLE_READ_SEC = "1.5";

    /**
     * Surround goes down to stereo (web players and libopus's default mapping want at most two
     * channels at these bitrates); mono stays mono. The downmix's coefficients are scaled to sum
     * to at most 1 for each output channel, so it cannot clip: swresample's own matrix
     * (L = FL + 0.707 FC + 0.707 BL) is left unscaled for the float samples the encoders take,
     * and a 5.1 sine at -4 dBFS on every channel came out of AAC at +4.1 dBFS; scaled, -3.3 dBFS.
     * The HLS ladder ({@code HlsArguments}) downmixes the same way, to stereo only.
     */
    public static final String UNCLIPPED_DOWNMIX = "aresample=rematrix_maxval=1";
    static final String AUDIO_FILTERS = UNCLIPPED_DOWNMIX + ",aformat=channel_layouts=mono|stereo";

    private FfmpegArguments() {}

    /** The decoder's bound on the pixels of a frame, {@code maxPixels} as far as ffmpeg's int allows. */
    public static List<String> maxPixels(long maxPixels) {
        return List.of("-max_pixels", Long.toString(Math.min(maxPixels, Integer.MAX_VALUE)));
    }

    public static List<String> probe(String ffprobe, Path input) {
        return FfmpegCommand.ffprobe(ffprobe)
                .input(input, List.of("-print_format", "json", "-show_format", "-show_streams")).build();
    }

    /**
     * The command as one line a POSIX shell reads back into the same words, for the debug log:
     * an operator (or bench/) can rerun exactly what the service ran.
     */
    public static String commandLine(List<String> args) {
        StringBuilder line = new StringBuilder();
        for (String arg : args) {
            if (!line.isEmpty()) line.append(' ');
            boolean plain = !arg.isEmpty() && arg.chars().allMatch(c -> Character.isLetterOrDigit(c) || "-_./:=,+@%".indexOf(c) >= 0);
            line.append(plain ? arg : "'" + arg.replace("'", "'\\''") + "'");
        }
        return line.toString();
    }

    /**
     * Encodes the first real video stream (capital V skips cover art) and the first audio
     * stream if there is one, scaled down to the preset's width, never up. The width is rounded
     * down to even because 4:2:0 needs even sizes (a preset is at least
     * {@link VideoSettings#MIN_WIDTH} wide, so it never rounds to 0, which scale reads as "keep");
     * -2 keeps the height even and the aspect. Rotation is applied by ffmpeg's autorotate, so the
     * limits hold for the displayed picture. The decoder refuses frames over {@code maxPixels} by
     * itself, so the command is safe to start before the probe of the input has answered. The
     * progress report on stdout tells the frames written.
     */
    public static List<String> encode(String ffmpeg, Path input, Path output, Strategy strategy,
                                      VideoSettings settings, long maxPixels, int processors) {
        return encode(ffmpeg, input, output, strategy, settings, maxPixels, processors, SourcePicture.UNPROBED);
    }

    /**
     * As above, for a picture whose colour and alpha the probe has described: HDR is
     * tone-mapped to BT.709 SDR and tagged so, an alpha channel is decoded and kept by VP9 or
     * laid on white for the other codecs ({@link SourcePicture}).
     */
    static List<String> encode(String ffmpeg, Path input, Path output, Strategy strategy, VideoSettings settings,
                               long maxPixels, int processors, SourcePicture picture) {
        return FfmpegCommand.ffmpeg(ffmpeg)
                .input(input, decoding(maxPixels, processors, picture, List.of()))
                .add("-map", "0:V:0", "-map", "0:a:0?", "-map_metadata", "-1", "-map_chapters", "-1", "-sn", "-dn")
                .add("-vf", picture.filters("scale='trunc(min(iw," + settings.maxWidth() + ")/2)*2':-2", strategy))
                .add("-af", AUDIO_FILTERS)
                .add(codecs(strategy, settings, picture.pixelFormat(strategy)))
                .add(picture.color().outputTags())
                .add("-threads", Integer.toString(processors))
                .add(container(strategy))
                .add("-progress", "pipe:1")
                .output(output).build();
    }

    /**
     * Decoding threads. The encoders are several times slower than the decoder, so one decoding
     * thread keeps them fed up to four processors; every decoding thread holds its own frames.
     */
    static int decoderThreads(int processors) {
        return Math.max(1, processors / DECODER_THREAD_PER_PROCESSORS);
    }

    private static List<String> codecs(Strategy strategy, VideoSettings s, String pixelFormat) {
        List<String> args = new ArrayList<>(videoCodec(strategy, s, pixelFormat));
        String audio = s.audioBitrateKbps() + "k";
        args.addAll(switch (strategy) {
            case VIDEO_MP4_H264, VIDEO_MP4_AV1 -> List.of("-c:a", "aac", "-b:a", audio);
            case VIDEO_WEBM_VP9, VIDEO_WEBM_AV1 -> List.of("-c:a", "libopus", "-b:a", audio);
            default -> throw new IllegalArgumentException("Expected a video encoding strategy but received " + strategy);
        });
        return args;
    }

    static List<String> videoCodec(Strategy strategy, VideoSettings s, String pixelFormat) {
        String crf = Integer.toString(s.crf());
        String cap = s.maxBitrateKbps() + "k";
        return switch (strategy) {
            case VIDEO_MP4_H264 -> List.of(
                    "-c:v", "libx264", "-preset", X264_PRESET, "-rc-lookahead", X264_LOOKAHEAD, "-crf", crf,
                    "-maxrate", cap, "-bufsize", (2 * s.maxBitrateKbps()) + "k",
                    "-profile:v", "high", "-pix_fmt", "yuv420p");
            case VIDEO_WEBM_VP9 -> List.of(
                    "-c:v", "libvpx-vp9", "-crf", crf, "-b:v", cap,
                    "-deadline", "good", "-cpu-used", VP9_CPU_USED, "-row-mt", "1", "-pix_fmt", pixelFormat);
            case VIDEO_WEBM_AV1 -> List.of(
                    "-c:v", "libsvtav1", "-preset", SVT_AV1_PRESET, "-crf", crf, "-maxrate", cap, "-pix_fmt", "yuv420p");
            case VIDEO_MP4_AV1 -> svtAv1(s.av1().svtPreset(), s.crf(), s.maxBitrateKbps(), "");
            default -> throw new IllegalArgumentException("Expected a video encoding strategy but received " + strategy);
        };
    }

    /**
     * SVT-AV1 at that speed preset and CRF under {@code capKbps}, its parallelism sized for 2
     * cores ({@link Av1Settings#SVT_PARALLELISM}), with {@code params} (colon-separated
     * {@code key=value}, or empty) added to its own parameters.
     */
    public static List<String> svtAv1(int svtPreset, int crf, int capKbps, String params) {
        return List.of("-c:v", "libsvtav1", "-preset", Integer.toString(svtPreset), "-crf", Integer.toString(crf),
                "-maxrate", capKbps + "k",
                "-svtav1-params", "lp=" + Av1Settings.SVT_PARALLELISM + (params.isEmpty() ? "" : ":" + params),
                "-pix_fmt", "yuv420p");
    }

    /**
     * The reference of the CRF search ({@link CrfSearch}): {@code frames} frames from the source's
     * keyframe at or before each of {@code startsSec}, each read by its own seeking input of the
     * same locked-down kind as the real encode, scaled and converted by the same filters and
     * joined, stored as raw frames so the source is decoded once however many CRFs are tried.
     * Raw, not a lossless codec: every rung reads the reference twice (its encode, its SSIM), and
     * FFV1's decoding made half of the search's CPU (4.0 s instead of 8.4 s for a 1080p search;
     * UT Video 5.6 s, and it has no yuva420p). The price is disk while the search runs: 36
     * frames at 1080p are 112 MB. Matroska holds it and every sample codec, and its demuxer is on
     * the accepted list, so the samples read it back under the same lockdown.
     */
    static List<String> sampleReference(String ffmpeg, Path input, Path reference, Strategy strategy,
                                        VideoSettings settings, long maxPixels, int processors,
                                        SourcePicture picture, List<Double> startsSec, int frames) {
        FfmpegCommand command = FfmpegCommand.ffmpeg(ffmpeg);
        for (double start : startsSec) {
            // from the keyframe at or before the start: decoding a GOP only to drop it made half
            // of the reference's cost (a 720p source with 8 s GOPs: 4.3 s of CPU instead of 1.3 s)
            command.input(input, decoding(maxPixels, processors, picture, List.of("-noaccurate_seek",
                    "-ss", String.format(Locale.ROOT, "%.3f", start), "-t", SAMPLE_READ_SEC)));
        }
        return command
                .add("-filter_complex", sampleChains(settings, strategy, picture, startsSec.size(), frames)
                        + "concat=n=" + startsSec.size() + ":v=1:a=0[v]")
                .add("-map", "[v]", "-an", "-map_metadata", "-1", "-map_chapters", "-1", "-sn", "-dn",
                        "-c:v", "rawvideo", "-threads", Integer.toString(processors), "-f", "matroska")
                .output(reference).build();
    }

    /**
     * One CRF sample: the reference encoded without audio with the codec settings of the real
     * encode at {@code settings.crf()}, written as Matroska to stdout, which {@link #sampleSsim}
     * reads as it comes: no sample file, and the measure runs beside the encode.
     */
    static List<String> sampleEncode(String ffmpeg, Path reference, Strategy strategy, VideoSettings settings,
                                     long maxPixels, int processors, SourcePicture picture) {
        return FfmpegCommand.ffmpeg(ffmpeg)
                .input(reference, maxPixels(maxPixels))
                .add("-map", "0:v:0", "-an")
                .add(videoCodec(strategy, settings, picture.pixelFormat(strategy)))
                .add(picture.color().outputTags())
                .add("-threads", Integer.toString(processors), "-f", "matroska", "pipe:1").build();
    }

    /**
     * The SSIM of each frame of the sample {@link #sampleEncode} pipes to stdin against the
     * reference, printed by ffmpeg's ssim filter on stdout, one {@code n:<frame> ... All:<ssim>}
     * line a frame. The sample may come only from the pipe and only as Matroska, the reference
     * only from a file under {@link #LOCKDOWN}. Both sides are numbered afresh frame by frame, so
     * the filter pairs the n-th frames whatever timestamps the containers wrote.
     */
    static List<String> sampleSsim(String ffmpeg, Path reference, long maxPixels, int processors) {
        return FfmpegCommand.ffmpeg(ffmpeg)
                .matroskaFromStdin(maxPixels(maxPixels))
                .input(reference, maxPixels(maxPixels))
                .add("-filter_complex", "[0:v:0]format=yuv420p,settb=1,setpts=N[out];"
                        + "[1:v:0]format=yuv420p,settb=1,setpts=N[ref];[out][ref]ssim=stats_file=-")
                .add("-threads", Integer.toString(processors), "-f", "null", "-").build();
    }

    /** The input options of the source: its pixel bound, decoding threads and decoder, then {@code more}. */
    static List<String> decoding(long maxPixels, int processors, SourcePicture picture, List<String> more) {
        List<String> options = new ArrayList<>(maxPixels(maxPixels));
        options.addAll(List.of("-threads", Integer.toString(decoderThreads(processors))));
        options.addAll(picture.decoderOptions());
        options.addAll(more);
        return options;
    }

    /** {@code [i:V:0]} cut to {@code frames} frames and filtered as the real encode is, labelled {@code [s<i>]}. */
    private static String sampleChains(VideoSettings settings, Strategy strategy, SourcePicture picture, int count,
                                       int frames) {
        StringBuilder graph = new StringBuilder();
        String filters = picture.filters("scale='trunc(min(iw," + settings.maxWidth() + ")/2)*2':-2", strategy);
        for (int i = 0; i < count; i++) {
            graph.append('[').append(i).append(":V:0]trim=end_frame=").append(frames)
                    .append(",setpts=PTS-STARTPTS,").append(filters).append("[s").append(i).append("];");
        }
        for (int i = 0; i < count; i++) graph.append("[s").append(i).append(']');
        return graph.toString();
    }

    static List<String> container(Strategy strategy) {
        return switch (strategy) {
            // the index goes first so a browser can start playing before the download ends
            case VIDEO_MP4_H264, VIDEO_MP4_AV1 -> List.of("-movflags", "+faststart", "-f", "mp4");
            case VIDEO_WEBM_VP9, VIDEO_WEBM_AV1 -> List.of("-f", "webm");
            default -> throw new IllegalArgumentException("Expected a video encoding strategy but received " + strategy);
        };
    }
}
