package io.mediaopt.storage;

import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

class LocalStorageContractTest extends StorageContractTest {
    @TempDir
    Path root;

    @Override
    Storage storage() {
        return new LocalStorage(root);
    }

    /** A regular file where the root directory must be: every file below it fails, for root too. */
    @Override
    Storage unusableStorage() throws IOException {
        return new LocalStorage(Files.writeString(root.resolve("not-a-directory"), "x"));
    }
}
