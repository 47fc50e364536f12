package io.mediaopt.video;

/** The versions of ffmpeg and ffprobe, such as {@code 5.1.9-0+deb12u1}, as the health check shows them. */
public record ToolVersions(String ffmpeg, String ffprobe) {

    /** The word after "version" on the first line of {@code -version}'s output, else that whole line. */
    static String parse(String versionOutput) {
        String firstLine = versionOutput.strip().lines().findFirst().orElse("");
        String[] words = firstLine.split("\\s+");
        for (int i = 0; i + 1 < words.length; i++) {
            if (words[i].equals("version")) return words[i + 1];
        }
        return firstLine;
    }
}
