package io.mediaopt.cli;

import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The terminal view redraws its live lines in place and leaves the finished ones above. */
class TerminalProgressTest {

    @Test
    void redrawsBarsAndTotalInPlaceAndKeepsFinishedLines() {
        StringWriter text = new StringWriter();
        MediaFiles.Input photo = new MediaFiles.Input(Path.of("/in/a.jpg"), Path.of("a.jpg"), 1000);
        MediaFiles.Input clip = new MediaFiles.Input(Path.of("/in/c.mp4"), Path.of("c.mp4"), 9000);
        try (TerminalProgress view = new TerminalProgress(new PrintWriter(text), List.of(photo, clip))) {
            view.started(photo);
            view.started(clip);
            view.progressed(clip, 50);
            view.progressed(clip, 40);
            view.finished(Outcome.done(photo, Path.of("out/a.jpg.webp"), 400, "image-webp"));
        }
        String out = text.toString();

        assertThat(out).contains("[############------------]  50%  c.mp4")
                .doesNotContain(" 40%  c.mp4")
                .contains("done     a.jpg -> out/a.jpg.webp  1.0 KB -> 400 B (-60.0%)")
                .contains("1/2 files, saved 600 B, about ")
                .contains("\033[1A\033[2K");
        // after the last redraw the live lines are erased: nothing of them is left below the finished line
        String last = out.substring(out.lastIndexOf("done     a.jpg"));
        assertThat(last).endsWith("\033[1A\033[2K\033[1A\033[2K");
        assertThat(TerminalProgress.bar(0)).isEqualTo("[------------------------]   0%");
        assertThat(TerminalProgress.bar(100)).isEqualTo("[########################] 100%");
    }
}
