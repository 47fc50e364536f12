package io.mediaopt.video;

import io.mediaopt.storage.Storage;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real storage that counts the copies made of each object ({@link #copyTo}) and can hold them
 * until told to go on, so that a test sees what others do meanwhile.
 */
final class CountedStorage implements Storage {
    private final Storage storage;
    private final Map<String, AtomicInteger> copies = new ConcurrentHashMap<>();
    private volatile CountDownLatch started = new CountDownLatch(0);
    private volatile CountDownLatch goOn = new CountDownLatch(0);

    CountedStorage(Storage storage) {
        this.storage = storage;
    }

    /** From now on each copy counts {@code started} down, then waits for {@code goOn}. */
    void holdCopies(CountDownLatch started, CountDownLatch goOn) {
        this.started = started;
        this.goOn = goOn;
    }

    int copies(String key) {
        AtomicInteger count = copies.get(key);
        return count == null ? 0 : count.get();
    }

    @Override
    public void copyTo(String key, Path target) {
        copies.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet();
        started.countDown();
        try {
            goOn.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        storage.copyTo(key, target);
    }

    @Override
    public void put(String key, Path source, String contentType) {
        storage.put(key, source, contentType);
    }

    @Override
    public StoredObject open(String key) {
        return storage.open(key);
    }

    @Override
    public StoredObject openRange(String key, long first, long length) {
        return storage.openRange(key, first, length);
    }

    @Override
    public long size(String key) {
        return storage.size(key);
    }

    @Override
    public void delete(String key) {
        storage.delete(key);
    }

    @Override
    public Optional<URI> presignedUrl(String key, String contentType, String contentDisposition, Duration validity) {
        return storage.presignedUrl(key, contentType, contentDisposition, validity);
    }

    @Override
    public Optional<URI> presignedPut(String key, String contentType, long size, Duration validity) {
        return storage.presignedPut(key, contentType, size, validity);
    }

    @Override
    public void check() throws IOException {
        storage.check();
    }
}
