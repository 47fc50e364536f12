package io.mediaopt.storage;

import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Random;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What every storage promises the service, run against each of them. Keys are fresh per test,
 * so a storage may be shared by a class's tests.
 */
abstract class StorageContractTest {
    /** Bigger than the multipart threshold a storage under test is given. */
    static final int LARGE_BYTES = 13 * 1024 * 1024 + 12345;

    @TempDir
    Path dir;

    abstract Storage storage();

    /** A storage that cannot work: no disk where its files must go, no server where its bucket is. */
    abstract Storage unusableStorage() throws IOException;

    private final String job = UUID.randomUUID().toString();

    String key(String name) {
        return "outputs/" + job + "/" + name;
    }

    Path file(String content) throws IOException {
        return Files.writeString(dir.resolve(UUID.randomUUID().toString()), content);
    }

    @Test
    void putThenOpenGivesTheBytesAndTheSize() throws IOException {
        storage().put(key("output.webp"), file("hello"), "image/webp");

        try (Storage.StoredObject object = storage().open(key("output.webp"))) {
            assertThat(object.size()).isEqualTo(5);
            assertThat(new String(object.content().readAllBytes())).isEqualTo("hello");
        }
        assertThat(storage().size(key("output.webp"))).isEqualTo(5);
    }

    @Test
    void putReplacesAnObjectWhole() throws IOException {
        storage().put(key("output.webp"), file("first version"), "image/webp");
        storage().put(key("output.webp"), file("second"), "image/webp");

        try (Storage.StoredObject object = storage().open(key("output.webp"))) {
            assertThat(new String(object.content().readAllBytes())).isEqualTo("second");
        }
    }

    @Test
    void openRangeReadsOnlyThoseBytes() throws IOException {
        storage().put(key("output.mp4"), file("0123456789"), "video/mp4");

        try (Storage.StoredObject part = storage().openRange(key("output.mp4"), 3, 4)) {
            assertThat(part.size()).isEqualTo(4);
            assertThat(new String(part.content().readAllBytes())).isEqualTo("3456");
        }
        try (Storage.StoredObject tail = storage().openRange(key("output.mp4"), 9, 1)) {
            assertThat(new String(tail.content().readAllBytes())).isEqualTo("9");
        }
    }

    @Test
    void copyToGivesALocalFileThatOutlivesTheObject() throws IOException {
        storage().put("inputs/" + job, file("input bytes"), "image/png");
        Path copy = dir.resolve("input");

        storage().copyTo("inputs/" + job, copy);
        storage().delete("inputs/" + job);

        assertThat(copy).hasContent("input bytes");
    }

    @Test
    void deleteRemovesTheObjectAndDeletingAgainIsNoError() throws IOException {
        storage().put(key("output.webp"), file("x"), "image/webp");

        storage().delete(key("output.webp"));

        assertThatThrownBy(() -> storage().open(key("output.webp"))).isInstanceOf(StorageException.class);
        assertThatCode(() -> storage().delete(key("output.webp"))).doesNotThrowAnyException();
    }

    @Test
    void aMissingKeyIsAStorageFailureForEveryRead() {
        String missing = key("never-stored");
        assertThatThrownBy(() -> storage().open(missing))
                .isInstanceOfSatisfying(StorageException.class, e -> assertThat(e.code()).isEqualTo("storage-failed"));
        assertThatThrownBy(() -> storage().openRange(missing, 0, 1)).isInstanceOf(StorageException.class);
        assertThatThrownBy(() -> storage().size(missing)).isInstanceOf(StorageException.class);
        assertThatThrownBy(() -> storage().copyTo(missing, dir.resolve("copy"))).isInstanceOf(StorageException.class);
        assertThat(dir.resolve("copy")).doesNotExist();
    }

    @Test
    void aLargeObjectRoundTrips() throws Exception {
        byte[] bytes = new byte[LARGE_BYTES];
        new Random(7).nextBytes(bytes);
        Path source = Files.write(dir.resolve("large"), bytes);

        storage().put(key("output.mp4"), source, "video/mp4");

        assertThat(storage().size(key("output.mp4"))).isEqualTo(LARGE_BYTES);
        try (Storage.StoredObject object = storage().open(key("output.mp4"))) {
            assertThat(sha256(object.content().readAllBytes())).isEqualTo(sha256(bytes));
        }
        long first = 6 * 1024 * 1024 - 10;
        try (Storage.StoredObject part = storage().openRange(key("output.mp4"), first, 20)) {
            assertThat(part.content().readAllBytes()).isEqualTo(Arrays.copyOfRange(bytes, (int) first, (int) first + 20));
        }
    }

    @Test
    void everyOperationOfAnUnusableStorageIsAStorageFailure() throws IOException {
        Storage broken = unusableStorage();
        Path source = file("x");
        Path copy = dir.resolve("copy");

        for (ThrowingCallable operation : new ThrowingCallable[]{
                () -> broken.put(key("output.webp"), source, "image/webp"),
                () -> broken.open(key("output.webp")),
                () -> broken.openRange(key("output.webp"), 0, 1),
                () -> broken.size(key("output.webp")),
                () -> broken.copyTo(key("output.webp"), copy),
                () -> broken.delete(key("output.webp"))}) {
            assertThatThrownBy(operation)
                    .isInstanceOfSatisfying(StorageException.class, e -> assertThat(e.code()).isEqualTo("storage-failed"));
        }
        assertThat(copy).doesNotExist();
        assertThatThrownBy(broken::check).isInstanceOf(IOException.class);
    }

    @Test
    void checkPassesWhenTheStorageIsUsable() {
        assertThatCode(() -> storage().check()).doesNotThrowAnyException();
    }

    static String sha256(byte[] bytes) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }
}
