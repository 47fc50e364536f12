package io.mediaopt.http;

import io.mediaopt.ErrorCode;
import io.mediaopt.ServiceException;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A single byte range of a Range header (RFC 9110 14.1.2): {@code bytes=first-last},
 * {@code bytes=first-} or {@code bytes=-suffixLength}. Several ranges in one request are
 * answered with the whole object, which the RFC allows.
 */
record ByteRange(long first, long last) {
    private static final Pattern SINGLE = Pattern.compile("bytes=(\\d*)-(\\d*)");

    long length() {
        return last - first + 1;
    }

    String contentRange(long size) {
        return "bytes " + first + "-" + last + "/" + size;
    }

    /**
     * The range the header asks for within an object of {@code size} bytes: empty to send the
     * whole object (no header, several ranges, or one the RFC calls invalid, such as a last
     * position before the first); {@link Unsatisfiable} when it starts past the end of the object.
     */
    static Optional<ByteRange> parse(String header, long size) {
        if (header == null) return Optional.empty();
        Matcher m = SINGLE.matcher(header.strip());
        if (!m.matches() || m.group(1).isEmpty() && m.group(2).isEmpty()) return Optional.empty();
        if (m.group(1).isEmpty()) {
            long suffix = position(m.group(2));
            if (suffix == 0 || size == 0) throw new Unsatisfiable(size);
            return Optional.of(new ByteRange(Math.max(0, size - suffix), size - 1));
        }
        long first = position(m.group(1));
        long last = m.group(2).isEmpty() ? Long.MAX_VALUE : position(m.group(2));
        if (last < first) return Optional.empty();
        if (first >= size) throw new Unsatisfiable(size);
        return Optional.of(new ByteRange(first, Math.min(last, size - 1)));
    }

    /** A position or length; digits past what a long holds are past the end of any object. */
    private static long position(String digits) {
        try {
            return Long.parseLong(digits);
        } catch (NumberFormatException tooLong) {
            return Long.MAX_VALUE;
        }
    }

    /** 416: the range starts past the end of the object. */
    static final class Unsatisfiable extends ServiceException {
        private static final long serialVersionUID = 1L;

        private final long size;

        Unsatisfiable(long size) {
            super(ErrorCode.RANGE_NOT_SATISFIABLE, "The requested range is outside the file's " + size + " bytes");
            this.size = size;
        }

        long size() {
            return size;
        }
    }
}
