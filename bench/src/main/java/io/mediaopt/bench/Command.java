package io.mediaopt.bench;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One run of an external tool (vips, ffmpeg, ffprobe), timed from start to exit. Output goes to
 * files rather than pipes so that reading it never slows the tool down or changes its timing.
 */
record Command(List<String> args) {

    Command {
        args = List.copyOf(args);
    }

    static Command of(String... args) {
        return new Command(List.of(args));
    }

    record Result(int exitCode, Duration elapsed, String stdout, String stderr) {
        double seconds() {
            return elapsed.toNanos() / 1e9;
        }
    }

    /** Runs to completion; a non-zero exit is an error that shows the tail of stderr. */
    Result run(Path scratch, Duration timeout) {
        Result result = runAllowingFailure(scratch, timeout);
        if (result.exitCode() != 0) {
            String err = result.stderr().strip();
            throw new IllegalStateException(args.getFirst() + " exited with " + result.exitCode() + ": "
                    + err.substring(Math.max(0, err.length() - 2000)) + "\ncommand: " + String.join(" ", args));
        }
        return result;
    }

    Result runAllowingFailure(Path scratch, Duration timeout) {
        try {
            Files.createDirectories(scratch);
            Path out = Files.createTempFile(scratch, "cmd", ".out");
            Path err = Files.createTempFile(scratch, "cmd", ".err");
            try {
                long started = System.nanoTime();
                Process process = new ProcessBuilder(args)
                        .redirectInput(new File("/dev/null"))
                        .redirectOutput(out.toFile())
                        .redirectError(err.toFile())
                        .start();
                if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    process.descendants().forEach(ProcessHandle::destroyForcibly);
                    process.destroyForcibly().waitFor();
                    throw new IllegalStateException(args.getFirst() + " ran past " + timeout.toSeconds() + " s");
                }
                Duration elapsed = Duration.ofNanos(System.nanoTime() - started);
                return new Result(process.exitValue(), elapsed,
                        Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
            } finally {
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + args.getFirst(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + args.getFirst(), e);
        }
    }

    @Override
    public String toString() {
        return String.join(" ", args);
    }
}
