package io.mediaopt.storage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LocalStorageTest {
    @TempDir
    Path root;

    @Test
    void putMovesTheFileInAndOpenReadsItBack() throws IOException {
        LocalStorage storage = new LocalStorage(root);
        Path source = Files.writeString(root.resolve("src"), "hello");

        storage.put("outputs/j1/output.webp", source, "image/webp");

        assertThat(source).doesNotExist();
        try (Storage.StoredObject object = storage.open("outputs/j1/output.webp")) {
            assertThat(object.size()).isEqualTo(5);
            assertThat(new String(object.content().readAllBytes())).isEqualTo("hello");
        }
        try (var files = Files.list(root.resolve("outputs/j1"))) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("output.webp");
        }
    }

    @Test
    void copyToGivesAnIndependentFileAndDeleteRemovesTheObjectDirectory() throws IOException {
        LocalStorage storage = new LocalStorage(root);
        storage.put("outputs/j2/output.mp4", Files.writeString(root.resolve("src"), "video"), "video/mp4");
        Path copy = root.resolve("copy");

        storage.copyTo("outputs/j2/output.mp4", copy);
        storage.delete("outputs/j2/output.mp4");

        assertThat(copy).hasContent("video");
        assertThat(root.resolve("outputs/j2")).doesNotExist();
        assertThat(root.resolve("outputs")).exists();
        storage.delete("outputs/j2/output.mp4");
        assertThatThrownBy(() -> storage.open("outputs/j2/output.mp4")).isInstanceOf(StorageException.class);
    }

    @Test
    void refusesKeysOutsideTheRoot() {
        LocalStorage storage = new LocalStorage(root.resolve("store"));
        assertThatThrownBy(() -> storage.open("../secret")).isInstanceOf(IllegalArgumentException.class);
    }
}
