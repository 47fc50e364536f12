package io.mediaopt.logs;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.encoder.Encoder;
import net.logstash.logback.encoder.LogstashEncoder;
import net.logstash.logback.fieldnames.LogstashCommonFieldNames;
import net.logstash.logback.fieldnames.LogstashFieldNames;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;

/**
 * Sets how the console appender of logback.xml writes: lines for people, or one JSON object a
 * line with {@code time}, {@code level}, {@code logger}, {@code thread}, {@code message},
 * {@code requestId} and {@code jobId} where there are some, and {@code stack_trace}. Either way
 * paths under the service's directory (uploads, work files, outputs) are masked. In JSON, what a
 * library prints to {@code System.out} or {@code System.err} is logged too, a line an entry of
 * the logger {@code System.out} (INFO) or {@code System.err} (WARN); what the JVM and native code
 * write themselves is wrapped by the launch (scripts/launch-server.sh).
 */
public final class LogOutput {
    static final String APPENDER = "STDOUT";
    static final String TEXT_PATTERN = "%d{HH:mm:ss.SSS} %-5level %logger{0} - %msg%replace( [%X]){' \\[\\]', ''}%n";

    private LogOutput() {}

    /** Applies the format to the STDOUT appender; does nothing when logback is configured without it. */
    public static void configure(LogFormat format, Path serviceDir) {
        if (!(LoggerFactory.getILoggerFactory() instanceof LoggerContext context)) return;
        Appender<ILoggingEvent> appender = context.getLogger(Logger.ROOT_LOGGER_NAME).getAppender(APPENDER);
        if (!(appender instanceof ConsoleAppender<ILoggingEvent> console)) return;
        Encoder<ILoggingEvent> inner = format == LogFormat.JSON ? json(context) : text(context);
        PathMaskingEncoder encoder = new PathMaskingEncoder(inner, serviceDir);
        encoder.setContext(context);
        encoder.start();
        console.stop();
        console.setEncoder(encoder);
        console.start();
        // the appender writes to System.out when it writes: it keeps the real one, the others are logged
        if (format == LogFormat.JSON) console.setOutputStream(LoggedStream.replaceSystemStreams());
    }

    private static Encoder<ILoggingEvent> json(LoggerContext context) {
        LogstashEncoder encoder = new LogstashEncoder();
        LogstashFieldNames names = new LogstashFieldNames();
        names.setTimestamp("time");
        names.setLogger("logger");
        names.setThread("thread");
        names.setVersion(LogstashCommonFieldNames.IGNORE_FIELD_INDICATOR);
        names.setLevelValue(LogstashCommonFieldNames.IGNORE_FIELD_INDICATOR);
        encoder.setFieldNames(names);
        encoder.setContext(context);
        encoder.start();
        return encoder;
    }

    private static Encoder<ILoggingEvent> text(LoggerContext context) {
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setPattern(TEXT_PATTERN);
        encoder.setContext(context);
        encoder.start();
        return encoder;
    }
}
