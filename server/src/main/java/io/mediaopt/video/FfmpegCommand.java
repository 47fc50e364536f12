package io.mediaopt.video;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The one place an ffmpeg or ffprobe command line is started and given its inputs: the opening
 * (no stdin, errors only, outputs overwritten) is written here once, and every input carries an
 * {@link InputLockdown} before its own options, so no call site can open a file, a URL or a
 * playlist without it. Options after the inputs may not name another input.
 */
public final class FfmpegCommand {
    private final List<String> args = new ArrayList<>();
    private final boolean probe;

    private FfmpegCommand(List<String> opening, boolean probe) {
        args.addAll(opening);
        this.probe = probe;
    }

    /** ffmpeg that never reads the terminal, prints only errors and overwrites its outputs. */
    public static FfmpegCommand ffmpeg(String executable) {
        return new FfmpegCommand(List.of(executable, "-nostdin", "-hide_banner", "-loglevel", "error", "-y"), false);
    }

    /** ffprobe printing only errors; its one input is named last, without {@code -i}. */
    public static FfmpegCommand ffprobe(String executable) {
        return new FfmpegCommand(List.of(executable, "-v", "error"), true);
    }

    /** The version banner of either tool: it opens no input. */
    public static List<String> version(String executable) {
        return List.of(executable, "-hide_banner", "-version");
    }

    /**
     * The file protocol prefix stops ffmpeg from reading a protocol out of the name (a path with
     * a colon in it), and an absolute path cannot be mistaken for an option.
     */
    public static String fileUrl(Path file) {
        return "file:" + file.toAbsolutePath().normalize();
    }

    /** A media file (an upload, or one the service wrote in an accepted container). */
    public FfmpegCommand input(Path file, List<String> options) {
        return input(InputLockdown.MEDIA_FILE, options, fileUrl(file));
    }

    public FfmpegCommand input(Path file) {
        return input(file, List.of());
    }

    /** Raw frames the service wrote; {@code options} give their pixel format and size. */
    public FfmpegCommand rawFrames(Path file, List<String> options) {
        return input(InputLockdown.RAW_FRAMES, options, fileUrl(file));
    }

    /** A concat list of chunks the service encoded, next to them ({@link InputLockdown#CHUNK_LIST}). */
    public FfmpegCommand chunkList(Path file) {
        return input(InputLockdown.CHUNK_LIST, List.of("-safe", "1"), fileUrl(file));
    }

    /** Matroska piped to stdin. */
    public FfmpegCommand matroskaFromStdin(List<String> options) {
        return input(InputLockdown.MATROSKA_STDIN, options, "pipe:0");
    }

    /** Options after the inputs: mapping, filters, codecs, outputs. */
    public FfmpegCommand add(List<String> options) {
        args.addAll(withoutInputs(options));
        return this;
    }

    public FfmpegCommand add(String... options) {
        return add(List.of(options));
    }

    /** A file written by the command, named as a file URL. */
    public FfmpegCommand output(Path file) {
        return add(fileUrl(file));
    }

    public List<String> build() {
        return List.copyOf(args);
    }

    private FfmpegCommand input(InputLockdown lockdown, List<String> options, String url) {
        args.addAll(lockdown.options());
        args.addAll(withoutInputs(options));
        if (!probe) args.add("-i");
        args.add(url);
        return this;
    }

    private static List<String> withoutInputs(List<String> options) {
        if (options.contains("-i")) {
            throw new IllegalArgumentException("An input must be added with its lockdown, not as an option: " + options);
        }
        return options;
    }
}
