package io.mediaopt.logs;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import org.junit.jupiter.api.Test;
import org.slf4j.event.Level;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class LoggedStreamTest {
    private final LoggerContext context = new LoggerContext();
    private final Logger logger = context.getLogger("System.err");
    private final List<ILoggingEvent> events = new ArrayList<>();
    private final ByteArrayOutputStream original = new ByteArrayOutputStream();
    private final PrintStream stream = new PrintStream(
            new LoggedStream(logger, Level.WARN, new PrintStream(original, true, StandardCharsets.UTF_8)),
            true, StandardCharsets.UTF_8);

    @Test
    void logsEachLineOnceItEndsAndDropsBlankOnes() {
        capture(event -> {});
        stream.print("Warning: a library ");
        assertThat(events).as("half a line waits for its end").isEmpty();
        stream.println("prints this é");
        stream.print("\r\n  \nsecond\r\n");

        assertThat(events).extracting(ILoggingEvent::getFormattedMessage)
                .containsExactly("Warning: a library prints this é", "second");
        assertThat(events).allSatisfy(e -> {
            assertThat(e.getLevel()).isEqualTo(ch.qos.logback.classic.Level.WARN);
            assertThat(e.getLoggerName()).isEqualTo("System.err");
        });
        assertThat(original.size()).isZero();
    }

    @Test
    void whatTheLogItselfPrintsWhileLoggingGoesToTheOriginalStreamInsteadOfLoopingBack() {
        capture(event -> stream.println("status of the log: " + event.getFormattedMessage()));
        stream.println("a line");

        assertThat(events).extracting(ILoggingEvent::getFormattedMessage).containsExactly("a line");
        assertThat(original.toString(StandardCharsets.UTF_8)).isEqualTo("status of the log: a line\n");
    }

    private void capture(java.util.function.Consumer<ILoggingEvent> alsoOnAppend) {
        AppenderBase<ILoggingEvent> appender = new AppenderBase<>() {
            @Override
            protected void append(ILoggingEvent event) {
                events.add(event);
                alsoOnAppend.accept(event);
            }
        };
        appender.setContext(context);
        appender.start();
        logger.addAppender(appender);
    }
}
