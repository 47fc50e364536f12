package io.mediaopt.storage;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The free space of the disk a directory is on, against the least the service wants left there
 * ({@code SERVICE_MIN_FREE_BYTES}): below it, health turns degraded, and an encode that fails is
 * taken for one that ran out of room.
 */
public final class DiskSpace {
    private final Path dir;
    private final long minFreeBytes;

    public DiskSpace(Path dir, long minFreeBytes) {
        this.dir = dir;
        this.minFreeBytes = minFreeBytes;
    }

    /**
     * Bytes an unprivileged process can still write there. Asked of the file or directory itself
     * (statvfs): {@code Files.getFileStore} looks its mount up in /proc/self/mounts, which in a
     * chroot or some containers names no mount it can match, and then fails.
     */
    public long freeBytes() throws IOException {
        Path existing = dir.toAbsolutePath();
        while (!Files.exists(existing) && existing.getParent() != null) existing = existing.getParent();
        if (!Files.exists(existing)) throw new IOException("nothing there to ask for free space: " + existing);
        return existing.toFile().getUsableSpace();
    }

    /** Whether less than the minimum is free; a disk that cannot be asked counts as low. */
    public boolean low() {
        try {
            return freeBytes() < minFreeBytes;
        } catch (IOException e) {
            return true;
        }
    }

    /** For the health check: the free bytes, or an IOException when they are below the minimum. */
    public String check() throws IOException {
        long free = freeBytes();
        if (free < minFreeBytes) {
            throw new IOException("only " + free + " bytes free, below SERVICE_MIN_FREE_BYTES (" + minFreeBytes + ")");
        }
        return free + " bytes free";
    }
}
