package io.mediaopt.http;

import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import io.javalin.http.HttpStatus;
import io.mediaopt.storage.Storage;

import java.io.IOException;
import java.util.Arrays;
import java.util.Optional;

/**
 * Sends a stored object, or a body made here, whole or the one byte range a Range header asks for,
 * with its Content-Type and Content-Length; HEAD gets the headers alone. The job routes and the
 * stable media routes, and the variants of images by URL, answer the same way through it.
 */
public final class StoredBodies {
    private final Storage storage;

    public StoredBodies(Storage storage) {
        this.storage = storage;
    }

    /** Sends a body made here, whole or the one range asked for, as {@link #sendObject} sends a stored one. */
    public static void sendBytes(Context ctx, byte[] body, String contentType, String rangeHeader) {
        Optional<ByteRange> range = parseRange(ctx, rangeHeader, body.length);
        ctx.contentType(contentType);
        // the lengths below count these bytes: compressed (a WebVTT or a playlist past 1500 bytes
        // to a client that takes gzip), fewer would be written than announced, and a range names these
        ctx.disableCompression();
        if (range.isEmpty()) {
            ctx.header("Content-Length", Integer.toString(body.length));
            ctx.result(body);
            return;
        }
        ByteRange r = range.get();
        ctx.status(HttpStatus.PARTIAL_CONTENT);
        ctx.header("Content-Range", r.contentRange(body.length));
        ctx.header("Content-Length", Long.toString(r.length()));
        ctx.result(Arrays.copyOfRange(body, (int) r.first(), (int) r.last() + 1));
    }

    /**
     * Streams a stored object, whole or the one range asked for; a range is read from storage
     * alone, so remote storage sends only those bytes.
     */
    public void sendObject(Context ctx, String key, String contentType, String rangeHeader) throws IOException {
        // HEAD: the headers GET would send, from the object's size alone; nothing is read
        boolean headOnly = HandlerType.HEAD.equals(ctx.method());
        long size = rangeHeader == null && !headOnly ? -1 : storage.size(key);
        Optional<ByteRange> range = rangeHeader == null ? Optional.empty() : parseRange(ctx, rangeHeader, size);
        ctx.contentType(contentType);
        if (range.isEmpty() && headOnly) {
            ctx.header("Content-Length", Long.toString(size));
            return;
        }
        if (range.isEmpty()) {
            Storage.StoredObject object = storage.open(key);
            ctx.header("Content-Length", Long.toString(object.size()));
            ctx.result(object.content());
            return;
        }
        ByteRange r = range.get();
        ctx.status(HttpStatus.PARTIAL_CONTENT);
        ctx.header("Content-Range", r.contentRange(size));
        ctx.header("Content-Length", Long.toString(r.length()));
        if (headOnly) return;
        ctx.result(storage.openRange(key, r.first(), r.length()).content());
    }

    /** A stored file as a download: attachment, not for caches, ranges accepted. */
    public void sendDownload(Context ctx, String key, String contentType, String filename) throws IOException {
        downloadHeaders(ctx, filename);
        sendObject(ctx, key, contentType, ctx.header("Range"));
    }

    /** The headers of a download named {@code filename}. */
    public static void downloadHeaders(Context ctx, String filename) {
        ctx.header("Content-Disposition", ContentDisposition.attachment(filename));
        ctx.header("Cache-Control", "no-store");
        ctx.header("Accept-Ranges", "bytes");
    }

    private static Optional<ByteRange> parseRange(Context ctx, String rangeHeader, long size) {
        try {
            return ByteRange.parse(rangeHeader, size);
        } catch (ByteRange.Unsatisfiable e) {
            ctx.header("Content-Range", "bytes */" + e.size());
            throw e;
        }
    }
}
