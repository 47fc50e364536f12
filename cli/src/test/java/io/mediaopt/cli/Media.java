package io.mediaopt.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A folder of real media made by ffmpeg: photos, a screenshot-like PNG, a video, a broken file. */
final class Media {
    private Media() {}

    static void ffmpeg(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y"));
        command.addAll(Arrays.asList(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) throw new IOException("ffmpeg failed: " + command);
    }

    static Path photo(Path file, String size) throws Exception {
        Files.createDirectories(file.getParent());
        ffmpeg("-f", "lavfi", "-i", "testsrc2=s=" + size, "-frames:v", "1", "-q:v", "2", file.toString());
        return file;
    }

    static Path png(Path file) throws Exception {
        Files.createDirectories(file.getParent());
        ffmpeg("-f", "lavfi", "-i", "smptebars=s=640x360", "-frames:v", "1", file.toString());
        return file;
    }

    /** 2 s of H.264 at a very low CRF, so any preset makes it smaller. */
    static Path video(Path file) throws Exception {
        Files.createDirectories(file.getParent());
        ffmpeg("-f", "lavfi", "-i", "testsrc2=s=320x240:r=25:d=2", "-c:v", "libx264", "-preset", "ultrafast",
                "-crf", "10", "-pix_fmt", "yuv420p", file.toString());
        return file;
    }

    /** The first bytes of a JPEG: it sniffs as one and no decoder can read it. */
    static Path broken(Path file, Path from) throws IOException {
        Files.write(file, Arrays.copyOf(Files.readAllBytes(from), 600));
        return file;
    }
}
