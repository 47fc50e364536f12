package io.mediaopt.imageurl;

import io.mediaopt.storage.LocalStorage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The version of a source fetched from the local storage: the stored file linked into a work
 * directory is hashed once while it stays the same file, and a replaced object is hashed anew.
 */
class SourceDigestsTest {
    static final String SOURCE = "s3://photos/a.jpg";

    @TempDir
    Path dir;

    @Test
    void aLinkOfTheSameStoredFileIsNotReadAgain() throws IOException {
        LocalStorage storage = new LocalStorage(dir.resolve("store"));
        storage.put("photos/a.jpg", file("first", "same size AAAA"), "image/jpeg");
        SourceDigests digests = new SourceDigests();
        Path firstFetch = fetch(storage, "1");
        String version = digests.sha256(SOURCE, firstFetch);
        assertThat(version).isEqualTo(SourceDigests.sha256(firstFetch));

        // bytes changed in place behind the storage's back, size and time kept: the digest remembered
        // is answered, which shows that the second fetch's file was not read
        Path stored = dir.resolve("store/photos/a.jpg");
        FileTime modified = Files.getLastModifiedTime(stored);
        Files.writeString(stored, "same size BBBB");
        Files.setLastModifiedTime(stored, modified);
        assertThat(digests.sha256(SOURCE, fetch(storage, "2"))).isEqualTo(version);
    }

    @Test
    void aReplacedObjectOrAnotherModificationTimeIsHashedAgain() throws IOException {
        LocalStorage storage = new LocalStorage(dir.resolve("store"));
        storage.put("photos/a.jpg", file("first", "same size AAAA"), "image/jpeg");
        SourceDigests digests = new SourceDigests();
        String first = digests.sha256(SOURCE, fetch(storage, "1"));

        storage.put("photos/a.jpg", file("second", "same size BBBB"), "image/jpeg");
        Path replaced = fetch(storage, "2");
        String second = digests.sha256(SOURCE, replaced);
        assertThat(second).isNotEqualTo(first).isEqualTo(SourceDigests.sha256(replaced));

        Path stored = dir.resolve("store/photos/a.jpg");
        Files.writeString(stored, "same size CCCC");
        Files.setLastModifiedTime(stored, FileTime.fromMillis(Files.getLastModifiedTime(stored).toMillis() + 2_000));
        Path rewritten = fetch(storage, "3");
        assertThat(digests.sha256(SOURCE, rewritten)).isEqualTo(SourceDigests.sha256(rewritten))
                .isNotEqualTo(second);
    }

    @Test
    void aFileOfItsOwnIsAlwaysHashed() throws IOException {
        SourceDigests digests = new SourceDigests();
        Path download = file("download", "same size AAAA");
        String first = digests.sha256(SOURCE, download);
        FileTime modified = Files.getLastModifiedTime(download);
        Files.writeString(download, "same size BBBB");
        Files.setLastModifiedTime(download, modified);
        assertThat(digests.sha256(SOURCE, download)).isNotEqualTo(first).isEqualTo(SourceDigests.sha256(download));
    }

    private Path fetch(LocalStorage storage, String work) throws IOException {
        Path target = Files.createDirectories(dir.resolve("work-" + work)).resolve("source");
        storage.copyTo("photos/a.jpg", target);
        return target;
    }

    private Path file(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content, StandardCharsets.UTF_8);
    }
}
