package io.mediaopt.jobs.routes;

import io.javalin.http.Context;
import io.mediaopt.jobs.SyncAnswer;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The body of a synchronous answer, sent from the output file in hand while the output is being
 * stored. Its last byte waits until the job is recorded done: a client that has the whole body
 * holds a job that is stored and downloadable, as the API promises; should storing fail, the
 * answer ends one byte short (its Content-Length unmet), which every client reads as a broken
 * answer, never as a whole one. An output smaller than {@link #OVERLAP_FROM} is stored first and
 * sent after: sending it costs next to nothing, and a failure is then answered with its error.
 */
final class SyncAnswerBody extends InputStream {
    /** From this size on, sending the output overlaps storing it. */
    static final long OVERLAP_FROM = 256 * 1024;

    private final SyncAnswer answer;
    private final InputStream file;
    private final long size;
    private long sent;
    private boolean stored;

    private SyncAnswerBody(SyncAnswer answer, InputStream file, long size, boolean stored) {
        this.answer = answer;
        this.file = file;
        this.size = size;
        this.stored = stored;
    }

    /** Sends the answer's output file as the response body; the answer is closed once the body is sent. */
    static void send(Context ctx, SyncAnswer answer, Path output, String contentType) throws IOException {
        try {
            long size = Files.size(output);
            boolean storeFirst = size < OVERLAP_FROM;
            if (storeFirst) answer.awaitStored();
            ctx.contentType(contentType);
            ctx.header("Content-Length", Long.toString(size));
            InputStream body = Files.newInputStream(output);
            // the open stream reads on; the name goes now, so nothing is left once the client has it all
            Files.deleteIfExists(output);
            ctx.result(new SyncAnswerBody(answer, body, size, storeFirst));
        } catch (IOException | RuntimeException e) {
            answer.close();
            throw e;
        }
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        if (length == 0) return 0;
        long beforeLast = size - 1 - sent;
        if (!stored && beforeLast <= 0) awaitStored();
        int read = file.read(buffer, offset, stored ? length : (int) Math.min(length, beforeLast));
        if (read > 0) sent += read;
        return read;
    }

    private void awaitStored() throws IOException {
        try {
            answer.awaitStored();
            stored = true;
        } catch (RuntimeException e) {
            throw new IOException("The output could not be stored; the answer is cut short", e);
        }
    }

    @Override
    public void close() throws IOException {
        try {
            file.close();
        } finally {
            answer.close();
        }
    }
}
