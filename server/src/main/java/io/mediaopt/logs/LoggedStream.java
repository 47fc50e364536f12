package io.mediaopt.logs;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;

/**
 * What a library prints to {@code System.out} or {@code System.err}, logged a line at a time
 * through logback, so that it reaches the log in the log's format (JSON lines, paths masked)
 * instead of as raw text between its lines. A line printed while this thread is already writing
 * one (logback's own status messages go to {@code System.out}) goes to the original stream.
 */
final class LoggedStream extends OutputStream {
    private static final ThreadLocal<Boolean> LOGGING = ThreadLocal.withInitial(() -> false);
    private static final int LONGEST_LINE = 16 * 1024;

    private final Logger logger;
    private final Level level;
    private final PrintStream original;
    private final Charset charset;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();

    LoggedStream(Logger logger, Level level, PrintStream original) {
        this.logger = logger;
        this.level = level;
        this.original = original;
        this.charset = original.charset();
    }

    /** Replaces System.out and System.err; returns the original System.out, where the log itself goes. */
    static PrintStream replaceSystemStreams() {
        PrintStream out = System.out;
        System.setOut(logged("System.out", Level.INFO, out));
        System.setErr(logged("System.err", Level.WARN, System.err));
        return out;
    }

    private static PrintStream logged(String name, Level level, PrintStream original) {
        return new PrintStream(new LoggedStream(LoggerFactory.getLogger(name), level, original), true,
                original.charset());
    }

    @Override
    public synchronized void write(int b) {
        if (LOGGING.get()) {
            original.write(b);
        } else if (b == '\n' || line.size() >= LONGEST_LINE) {
            if (b != '\n') line.write(b);
            emit();
        } else {
            line.write(b);
        }
    }

    @Override
    public synchronized void write(byte[] bytes, int offset, int length) {
        for (int i = offset; i < offset + length; i++) write(bytes[i]);
    }

    @Override
    public synchronized void flush() {
        if (LOGGING.get()) original.flush();
    }

    private void emit() {
        String text = line.toString(charset);
        line.reset();
        if (text.endsWith("\r")) text = text.substring(0, text.length() - 1);
        if (text.isBlank()) return;
        LOGGING.set(true);
        try {
            logger.atLevel(level).log(text);
        } finally {
            LOGGING.set(false);
        }
    }
}
