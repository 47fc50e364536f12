package io.mediaopt.logs;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.LoggingEvent;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class PathMaskingEncoderTest {

    @Test
    void masksPathsUnderTheServiceDirectoryAndNothingElse() {
        assertThat(encode("/data/work/4a0c/input: Invalid data found when processing input"))
                .isEqualTo("<file>: Invalid data found when processing input");
        assertThat(encode("failed for /data/uploads/upload-1922.part, then '/data/outputs/x.webp'"))
                .isEqualTo("failed for <file>, then '<file>'");
        assertThat(encode("cannot delete /data")).isEqualTo("cannot delete <file>");
        assertThat(encode("jdbc:postgresql://db/database and /data2/x and /srv/other"))
                .isEqualTo("jdbc:postgresql://db/database and /data2/x and /srv/other");
    }

    private static String encode(String message) {
        LoggerContext context = new LoggerContext();
        PatternLayoutEncoder pattern = new PatternLayoutEncoder();
        pattern.setContext(context);
        pattern.setPattern("%msg");
        pattern.start();
        PathMaskingEncoder encoder = new PathMaskingEncoder(pattern, Path.of("/data"));
        encoder.setContext(context);
        encoder.start();
        LoggingEvent event = new LoggingEvent("test", context.getLogger("test"), Level.INFO, message, null, null);
        return new String(encoder.encode(event), StandardCharsets.UTF_8);
    }
}
