package io.mediaopt.storage;

import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

class LocalStorageContractTest extends StorageContractTest {
    @TempDir
    Path root;

    @Override
    Storage storage() {
        return new LocalStorage(root);
    }
}
