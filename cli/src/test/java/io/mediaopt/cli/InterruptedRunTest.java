package io.mediaopt.cli;

import io.mediaopt.Config;
import io.mediaopt.Main;
import io.mediaopt.RunningService;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** A run stopped while a file is in flight (Ctrl-C, or a SIGTERM) leaves no partial file behind. */
@Tag("integration")
class InterruptedRunTest {
    @TempDir
    Path root;

    @Test
    void aStoppedRunDeletesThePartialFileOfTheVideoInFlight() throws Exception {
        // long enough that the job is still running when the run is stopped
        Path clip = root.resolve("in/clip.mp4");
        Files.createDirectories(clip.getParent());
        Media.ffmpeg("-f", "lavfi", "-i", "testsrc2=s=1280x720:r=30:d=30", "-c:v", "libx264", "-preset", "ultrafast",
                "-crf", "10", "-pix_fmt", "yuv420p", clip.toString());
        Path out = root.resolve("out");
        try (RunningService server = Main.start(Config.fromEnvironment(Map.of("SERVICE_HOST", "127.0.0.1", "PORT", "0",
                "SERVICE_OUTPUT_DIR", Files.createDirectories(root.resolve("store")).toString())), Clock.systemUTC())) {
            Process run = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), MediaoptCli.class.getName(), "optimize",
                    clip.toString(), "--out", out.toString(), "--server", "http://127.0.0.1:" + server.port())
                    .redirectErrorStream(true).redirectOutput(root.resolve("run.log").toFile()).start();
            try {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while (partials(out).isEmpty() && run.isAlive() && System.nanoTime() < deadline) Thread.sleep(50);
                assertThat(partials(out)).as(Files.readString(root.resolve("run.log"))).isNotEmpty();

                run.destroy(); // SIGTERM, which runs the shutdown hooks as Ctrl-C's SIGINT does
                assertThat(run.waitFor(30, TimeUnit.SECONDS)).isTrue();
            } finally {
                run.destroyForcibly();
            }
            assertThat(run.exitValue()).isNotZero();
            assertThat(partials(out)).isEmpty();
        }
    }

    private static List<Path> partials(Path dir) throws Exception {
        if (!Files.isDirectory(dir)) return List.of();
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".part")).toList();
        }
    }
}
