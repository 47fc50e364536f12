package io.mediaopt.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The ffmpeg command the service ran, read back from its debug log ("ffmpeg command for
 * video-mp4-h264: ffmpeg -nostdin ...") and pointed at the bench's own input and output files,
 * so the raw run is the same program with the same arguments.
 */
final class RawVideoCommand {
    private static final String MARKER = "ffmpeg command for ";
    /** What the text log appends to a line written inside a job: " [jobId=..., requestId=...]". */
    private static final Pattern LOG_CONTEXT = Pattern.compile(" \\[\\w+=[^\\]]*\\]$");

    private RawVideoCommand() {}

    /** The last command logged for {@code strategy} (e.g. video-mp4-h264), if any. */
    static Optional<List<String>> lastLogged(List<String> logLines, String strategy) {
        for (String line : logLines.reversed()) {
            int at = line.indexOf(MARKER + strategy + ": ");
            if (at >= 0) {
                String command = line.substring(at + MARKER.length() + strategy.length() + 2);
                return Optional.of(ShellWords.split(LOG_CONTEXT.matcher(command).replaceFirst("")));
            }
        }
        return Optional.empty();
    }

    /** The same words with the file after -i and the output (the last word) replaced. */
    static Command retarget(List<String> logged, Path input, Path output) {
        List<String> args = new ArrayList<>(logged);
        int i = args.indexOf("-i");
        if (i < 0 || i + 1 >= args.size()) throw new IllegalArgumentException("no -i in the logged command " + logged);
        args.set(i + 1, "file:" + input.toAbsolutePath());
        args.set(args.size() - 1, "file:" + output.toAbsolutePath());
        return new Command(args);
    }
}
