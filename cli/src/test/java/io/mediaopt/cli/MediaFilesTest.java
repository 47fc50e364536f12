package io.mediaopt.cli;

import io.mediaopt.media.MediaFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A folder is walked for exactly the extensions of the formats the service accepts. */
class MediaFilesTest {
    @Test
    void aFolderYieldsEveryExtensionOfEveryAcceptedFormatAndNothingElse(@TempDir Path dir) throws IOException {
        List<String> accepted = Arrays.stream(MediaFormat.values()).flatMap(f -> f.extensions().stream()).toList();
        for (String extension : accepted) Files.writeString(dir.resolve("in." + extension), "x");
        for (String refused : List.of("bmp", "jxl", "svg", "txt", "pdf")) Files.writeString(dir.resolve("in." + refused), "x");

        MediaFiles.Found found = MediaFiles.collect(List.of(dir), dir.resolve("optimized"));

        assertThat(found.inputs()).extracting(input -> MediaFiles.extension(input.file()))
                .containsExactlyInAnyOrderElementsOf(accepted)
                .contains("jpe", "jfif", "qt", "m2ts", "3g2");
    }

    @Test
    void videosAreToldFromImagesByTheirFormatsKind(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("clip.qt"), "x");
        Files.writeString(dir.resolve("photo.jfif"), "x");

        assertThat(MediaFiles.collect(List.of(dir), dir.resolve("optimized")).inputs())
                .extracting(input -> input.file().getFileName().toString() + " " + input.isVideo())
                .containsExactlyInAnyOrder("clip.qt true", "photo.jfif false");
    }
}
