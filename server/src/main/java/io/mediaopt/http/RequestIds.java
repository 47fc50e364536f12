package io.mediaopt.http;

import io.javalin.http.Context;
import io.mediaopt.logs.LogContext;

import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;

/**
 * Gives every request an id: the caller's {@code x-request-id} when it is a plain token (a proxy's
 * or a client's, to follow one request through several systems), otherwise a new UUID. It is
 * echoed in the response and carried by every log line of the request's work.
 */
public final class RequestIds {
    static final String HEADER = "x-request-id";
    /** Letters, digits and a few separators, at most 128: nothing that could forge a log line. */
    private static final Pattern PLAIN_TOKEN = Pattern.compile("[A-Za-z0-9._:+=@/-]{1,128}");
    private static final String ATTRIBUTE = "mediaopt.requestId";

    private RequestIds() {}

    /** A before-handler, the first of all. */
    static void assign(Context ctx) {
        String id = choose(ctx.header(HEADER));
        ctx.attribute(ATTRIBUTE, id);
        ctx.header(HEADER, id);
        LogContext.startRequest(id);
    }

    /** The caller's id when it is a plain token, otherwise a new one. */
    static String choose(String offered) {
        return offered != null && PLAIN_TOKEN.matcher(offered).matches() ? offered : newId();
    }

    /**
     * A version 4 UUID from the thread's own generator: an id has to be unique, not secret, and
     * {@link UUID#randomUUID()} takes a lock and reads /dev/urandom on every request.
     */
    private static String newId() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        long high = (random.nextLong() & ~0xF000L) | 0x4000L;
        long low = (random.nextLong() & 0x3FFF_FFFF_FFFF_FFFFL) | 0x8000_0000_0000_0000L;
        return new UUID(high, low).toString();
    }

    /** The id {@link #assign} gave this request. */
    public static String of(Context ctx) {
        return ctx.attribute(ATTRIBUTE);
    }
}
