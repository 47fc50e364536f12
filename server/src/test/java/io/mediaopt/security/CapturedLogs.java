package io.mediaopt.security;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.read.ListAppender;
import org.slf4j.LoggerFactory;

import java.util.List;

/**
 * Every log line written while some requests run, louder than production (INFO, Jetty at WARN):
 * the service's own trace lines and Jetty's info, each with its stack trace, MDC and thread name,
 * for tests that a secret never reaches a log.
 */
final class CapturedLogs {
    private CapturedLogs() {}

    /** Requests that log. */
    @FunctionalInterface
    interface Requests {
        void run() throws Exception;
    }

    static List<String> during(Requests requests) throws Exception {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        Logger service = context.getLogger("io.mediaopt");
        Logger jetty = context.getLogger("org.eclipse.jetty");
        Level rootBefore = root.getLevel();
        Level serviceBefore = service.getLevel();
        Level jettyBefore = jetty.getLevel();
        ListAppender<ILoggingEvent> captured = new ListAppender<>();
        captured.setContext(context);
        captured.start();
        root.addAppender(captured);
        root.setLevel(Level.INFO);
        service.setLevel(Level.TRACE);
        jetty.setLevel(Level.INFO);
        try {
            requests.run();
        } finally {
            root.detachAppender(captured);
            root.setLevel(rootBefore);
            service.setLevel(serviceBefore);
            jetty.setLevel(jettyBefore);
        }
        return captured.list.stream().map(event -> event.getFormattedMessage()
                + (event.getThrowableProxy() == null ? "" : ThrowableProxyUtil.asString(event.getThrowableProxy()))
                + event.getMDCPropertyMap() + event.getThreadName()).toList();
    }
}
