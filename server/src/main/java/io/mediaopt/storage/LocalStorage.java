package io.mediaopt.storage;

import java.io.IOException;
import java.net.URI;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;

/**
 * Keeps objects as files below a root directory. Every write lands in a temporary file of the
 * same directory first and is renamed into place, so a download never sees half a file.
 */
public final class LocalStorage implements Storage {
    private final Path root;

    public LocalStorage(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    @Override
    public void put(String key, Path source, String contentType) throws IOException {
        Path target = resolve(key);
        Path partial = target.resolveSibling("." + target.getFileName() + "." + UUID.randomUUID() + ".partial");
        try {
            Files.createDirectories(target.getParent());
            moveOrCopy(source, partial);
            Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new StorageException("The file could not be written to storage", e);
        } finally {
            Files.deleteIfExists(partial);
        }
    }

    @Override
    public StoredObject open(String key) throws IOException {
        Path file = resolve(key);
        try {
            return new StoredObject(Files.newInputStream(file), Files.size(file));
        } catch (NoSuchFileException e) {
            throw new StorageException("Stored object is missing", e);
        }
    }

    @Override
    public StoredObject openRange(String key, long first, long length) throws IOException {
        Path file = resolve(key);
        FileChannel channel;
        try {
            channel = FileChannel.open(file);
        } catch (NoSuchFileException e) {
            throw new StorageException("Stored object is missing", e);
        }
        channel.position(first);
        return new StoredObject(new BoundedInputStream(Channels.newInputStream(channel), length), length);
    }

    @Override
    public long size(String key) throws IOException {
        try {
            return Files.size(resolve(key));
        } catch (NoSuchFileException e) {
            throw new StorageException("Stored object is missing", e);
        }
    }

    @Override
    public void copyTo(String key, Path target) throws IOException {
        Path file = resolve(key);
        if (!Files.exists(file)) throw new StorageException("Stored object is missing", null);
        try {
            Files.createLink(target, file);
        } catch (UnsupportedOperationException | FileSystemException e) {
            Files.copy(file, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    @Override
    public void delete(String key) throws IOException {
        Path file = resolve(key);
        Files.deleteIfExists(file);
        deleteIfEmptyObjectDir(file.getParent());
    }

    @Override
    public Optional<URI> presignedUrl(String key, String contentType, String contentDisposition, Duration validity) {
        return Optional.empty();
    }

    @Override
    public void check() throws IOException {
        Files.createDirectories(root);
        if (!Files.isWritable(root)) throw new IOException("Storage directory is not writable");
    }

    private Path resolve(String key) {
        Path file = root.resolve(key).normalize();
        if (!file.startsWith(root) || file.equals(root)) {
            throw new IllegalArgumentException("Expected a storage key inside the root but received " + key);
        }
        return file;
    }

    private static void moveOrCopy(Path source, Path target) throws IOException {
        try {
            Files.move(source, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.copy(source, target, StandardCopyOption.REPLACE_EXISTING);
            Files.delete(source);
        }
    }

    /**
     * Removes a per-object directory such as outputs/&lt;job&gt; once empty; top-level directories
     * stay, so a concurrent put never finds its parent removed under it.
     */
    private void deleteIfEmptyObjectDir(Path dir) {
        if (dir.equals(root) || dir.getParent().equals(root)) return;
        try {
            Files.delete(dir);
        } catch (IOException notEmptyOrGone) {
            // still holds other objects, or already removed
        }
    }
}
