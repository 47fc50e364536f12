package io.mediaopt.http;

import io.javalin.http.Context;

import java.io.IOException;
import java.io.InputStream;

/**
 * Reads and drops what is left of a small request body before an error answer is sent. A
 * request refused before its body was read (no key, a bad option) would otherwise be closed
 * with the body still arriving; the peer's TCP stack then resets the connection, and a client
 * that is still sending loses the answer along with it. A body of unknown length (chunked) is
 * read up to {@link #LIMIT} too. Longer bodies are not read: the connection is closed on them;
 * so is the body of a request its handler marked with {@link #leaveUnread} (a resumable upload's
 * piece cut off for trickling, which must not be read on at the trickle's pace). Nor is the body
 * of a client that asked first ({@code Expect: 100-continue}) and was refused before anything
 * read its body: reading it would ask for the body the answer refuses, and the client sends none.
 */
public final class UnreadBodies {
    /** Reading this much of a refused body costs less than a client retrying blind. */
    static final long LIMIT = 1 << 20;

    private static final String LEAVE_UNREAD = UnreadBodies.class.getName() + ".leaveUnread";
    private static final String READING = UnreadBodies.class.getName() + ".reading";

    private UnreadBodies() {}

    /** The request's body is not read before its error answer; the connection closes on it. */
    public static void leaveUnread(Context ctx) {
        ctx.attribute(LEAVE_UNREAD, true);
    }

    /** The handler reads the body from here on: a client that asked first is told to send it. */
    public static void reading(Context ctx) {
        ctx.attribute(READING, true);
    }

    static void drain(Context ctx) {
        long declared = ctx.req().getContentLengthLong();
        if (declared == 0 || declared > LIMIT || ctx.attribute(LEAVE_UNREAD) != null || neverAskedFor(ctx)) return;
        try (InputStream body = ctx.req().getInputStream()) {
            byte[] buffer = new byte[8192];
            long left = LIMIT;
            for (int n; left > 0 && (n = body.read(buffer, 0, (int) Math.min(buffer.length, left))) >= 0; ) {
                left -= n;
            }
        } catch (IOException | IllegalStateException e) {
            // already read (a parsed form), or the client went away: nothing left to protect
        }
    }

    private static boolean neverAskedFor(Context ctx) {
        return "100-continue".equalsIgnoreCase(ctx.header("Expect")) && ctx.attribute(READING) == null;
    }
}
