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
 * same directory first and is renamed into place, so a download never sees half a file. Every
 * failure of the disk (full, read-only, refused permission, a file where a directory must be)
 * is a {@link StorageException}, as it is for object storage.
 */
public final class LocalStorage implements Storage {
    private static final String MISSING = "Stored object is missing";
    private static final String NOT_WRITTEN = "The file could not be written to storage";
    private static final String NOT_READ = "The file could not be read from storage";

    private final Path root;

    public LocalStorage(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    @Override
    public void put(String key, Path source, String contentType) {
        Path target = resolve(key);
        Path partial = target.resolveSibling("." + target.getFileName() + "." + UUID.randomUUID() + ".partial");
        try {
            // createDirectories on a directory that exists throws and catches an exception inside
            if (!Files.isDirectory(target.getParent())) Files.createDirectories(target.getParent());
            moveOrCopy(source, partial);
            Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new StorageException(NOT_WRITTEN, e);
        } finally {
            deleteQuietly(partial);
        }
    }

    @Override
    public StoredObject open(String key) {
        Path file = resolve(key);
        return read(() -> new StoredObject(Files.newInputStream(file), Files.size(file)));
    }

    @Override
    public Optional<Path> localFile(String key) {
        return Optional.of(resolve(key));
    }

    @Override
    public StoredObject openRange(String key, long first, long length) {
        Path file = resolve(key);
        FileChannel channel = read(() -> FileChannel.open(file));
        try {
            channel.position(first);
        } catch (IOException e) {
            closeQuietly(channel);
            throw new StorageException(NOT_READ, e);
        }
        return new StoredObject(new BoundedInputStream(Channels.newInputStream(channel), length), length);
    }

    @Override
    public long size(String key) {
        return read(() -> Files.size(resolve(key)));
    }

    @Override
    public void copyTo(String key, Path target) {
        Path file = resolve(key);
        read(() -> {
            if (!Files.exists(file)) throw new NoSuchFileException(file.toString());
            try {
                return Files.createLink(target, file);
            } catch (UnsupportedOperationException | FileSystemException e) {
                try {
                    return Files.copy(file, target, StandardCopyOption.REPLACE_EXISTING);
                } catch (IOException copyFailed) {
                    deleteQuietly(target);
                    throw copyFailed;
                }
            }
        });
    }

    @Override
    public void delete(String key) {
        Path file = resolve(key);
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new StorageException("The file could not be deleted from storage", e);
        }
        deleteIfEmptyObjectDir(file.getParent());
    }

    @Override
    public Optional<URI> presignedPut(String key, String contentType, long size, Duration validity) {
        return Optional.empty();
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

    /** A read of the disk, whose failures are storage failures: a missing file is a missing object. */
    private static <T> T read(FileRead<T> action) {
        try {
            return action.run();
        } catch (NoSuchFileException e) {
            throw new StorageException(MISSING, e);
        } catch (IOException e) {
            throw new StorageException(NOT_READ, e);
        }
    }

    @FunctionalInterface
    private interface FileRead<T> {
        T run() throws IOException;
    }

    private static void moveOrCopy(Path source, Path target) throws IOException {
        try {
            Files.move(source, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.copy(source, target, StandardCopyOption.REPLACE_EXISTING);
            Files.delete(source);
        }
    }

    /** Cleanup after a failure, which must not hide that failure. */
    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException alreadyFailing) {
            // the directory it would be in is unusable; nothing was left there
        }
    }

    private static void closeQuietly(FileChannel channel) {
        try {
            channel.close();
        } catch (IOException ignored) {
            // only read from; nothing to lose
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
