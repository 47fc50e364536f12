package io.mediaopt.uploads;

import io.mediaopt.ServiceException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Writes the pieces of resumable uploads: one request of this node at a time per upload, each
 * piece received into {@code dir}, kept in storage and recorded at its offset, or refused whole.
 */
final class UploadWriter {
    /**
     * How long a request waits for one of this node that is still writing to the same upload: a
     * client whose connection broke asks again at once, while the request that was reading it
     * has yet to see the break and record what arrived.
     */
    private static final Duration WRITER_WAIT = Duration.ofSeconds(5);

    private final JdbcUploadStore store;
    private final UploadParts parts;
    private final Path dir;
    private final UploadSettings settings;
    private final PieceReceiver receiver;
    private final Clock clock;
    /** Uploads a request of this node is writing to, each completed when that request is done. */
    private final Map<String, CompletableFuture<Void>> writing = new ConcurrentHashMap<>();

    UploadWriter(JdbcUploadStore store, UploadParts parts, Path dir, UploadSettings settings, PieceReceiver receiver,
                 Clock clock) {
        this.store = store;
        this.parts = parts;
        this.dir = dir;
        this.settings = settings;
        this.receiver = receiver;
        this.clock = clock;
    }

    /**
     * Writes {@code body} at {@code offset} and returns the upload as it then stands.
     * {@code declaredLength} is the body's Content-Length, -1 when unknown. When the body breaks
     * off, the bytes that arrived are kept and counted, and the failure is rethrown; with a
     * {@code checksum} (null: none) only a whole body that matches it is kept.
     */
    ResumableUpload append(ResumableUpload upload, long offset, long declaredLength, InputStream body,
                                  BodyChecksum checksum) throws IOException {
        if (upload.complete() || offset != upload.offset()) {
            throw ServiceException.offsetMismatch("Expected Upload-Offset " + upload.offset() + " but received " + offset);
        }
        long room = upload.length() - offset;
        if (declaredLength > room) throw pastTheEnd(upload);
        CompletableFuture<Void> mine = new CompletableFuture<>();
        if (writing.putIfAbsent(upload.id(), mine) != null) {
            throw ServiceException.offsetMismatch("Another request is writing to upload " + upload.id());
        }
        Files.createDirectories(dir);
        Path piece = Files.createTempFile(dir, "piece-" + upload.id() + "-", ".partial");
        try {
            PieceReceiver.Received received =
                    receiver.receive(checksum == null ? body : checksum.wrap(body), piece, room);
            long written = received.written();
            IOException broken = received.broken();
            if (written > room) throw pastTheEnd(upload);
            if (checksum != null && (broken != null || !checksum.matches())) {
                if (broken == null) {
                    throw ServiceException.checksumMismatch("The body does not match its Upload-Checksum; nothing was kept");
                }
                written = 0;
            }
            long end = offset + written;
            String part = written == 0 ? null : parts.keep(upload.id(), offset, piece);
            long expiresAt = clock.millis() + settings.expiry().toMillis();
            if (!store.advance(upload.id(), offset, end, part, expiresAt)) {
                if (part != null) parts.deleteQuietly(List.of(part));
                throw ServiceException.offsetMismatch("Upload " + upload.id() + " moved on while this request wrote to it");
            }
            if (broken != null) throw broken;
            return upload.advancedTo(end, part, expiresAt);
        } finally {
            Files.deleteIfExists(piece);
            writing.remove(upload.id(), mine);
            mine.complete(null);
        }
    }

    /** Waits, bounded, until no request of this node writes to the upload. */
    void awaitWriter(String id) {
        CompletableFuture<Void> writer = writing.get(id);
        if (writer == null) return;
        try {
            writer.get(WRITER_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException e) {
            // still writing: the caller's request meets the offset as it stands
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private ServiceException pastTheEnd(ResumableUpload upload) {
        return ServiceException.tooLarge("Upload " + upload.id() + " has room for "
                + (upload.length() - upload.offset()) + " more bytes; the body is longer");
    }
}
