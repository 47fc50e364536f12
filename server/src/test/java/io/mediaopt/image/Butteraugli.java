package io.mediaopt.image;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** Debian's {@code butteraugli}, a perceptual judge that shares no code with this project's. */
public final class Butteraugli {
    private Butteraugli() {}

    /** The max distance between the two pictures (about 1: just visible). */
    public static double distance(Path reference, Path distorted) throws IOException, InterruptedException {
        Process process = new ProcessBuilder("butteraugli", reference.toString(), distorted.toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (process.waitFor() != 0) throw new IOException("butteraugli failed on " + distorted);
        return Double.parseDouble(out);
    }
}
