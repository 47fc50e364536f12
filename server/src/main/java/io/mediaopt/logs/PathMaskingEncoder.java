package io.mediaopt.logs;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.encoder.Encoder;
import ch.qos.logback.core.encoder.EncoderBase;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Replaces every path under the service's directory in an encoded line with {@code <file>}: a
 * message, an ffmpeg stderr tail or an exception may name an upload or a work file, which says
 * nothing useful to an operator and, in a shared log, where another job's files are.
 */
final class PathMaskingEncoder extends EncoderBase<ILoggingEvent> {
    static final String MASK = "<file>";

    private final Encoder<ILoggingEvent> inner;
    private final Pattern path;

    PathMaskingEncoder(Encoder<ILoggingEvent> inner, Path serviceDir) {
        this.inner = inner;
        // the directory itself (not /data in /database) and what follows it up to a character
        // that ends a path in a message
        String pathEnd = "\\s\"'`,;:()\\[\\]{}<>";
        this.path = Pattern.compile(Pattern.quote(serviceDir.toAbsolutePath().normalize().toString())
                + "(?=/|[" + pathEnd + "]|$)(/[^" + pathEnd + "]*)?");
    }

    @Override
    public byte[] headerBytes() {
        return inner.headerBytes();
    }

    @Override
    public byte[] encode(ILoggingEvent event) {
        byte[] encoded = inner.encode(event);
        String line = new String(encoded, StandardCharsets.UTF_8);
        Matcher matcher = path.matcher(line);
        return matcher.find() ? matcher.replaceAll(Matcher.quoteReplacement(MASK)).getBytes(StandardCharsets.UTF_8)
                : encoded;
    }

    @Override
    public byte[] footerBytes() {
        return inner.footerBytes();
    }
}
