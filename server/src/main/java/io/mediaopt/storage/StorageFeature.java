package io.mediaopt.storage;

import io.mediaopt.Feature;

import java.util.List;

/** Where outputs are kept, as the health report shows it: reachable, and which kind ({@code s3}, {@code local}). */
public final class StorageFeature implements Feature {
    private final Storage storage;
    private final String kind;

    public StorageFeature(Storage storage, String kind) {
        this.storage = storage;
        this.kind = kind;
    }

    @Override
    public List<HealthCheck> checks() {
        return List.of(new HealthCheck("storage", () -> {
            storage.check();
            return kind;
        }));
    }
}
