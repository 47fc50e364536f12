package io.mediaopt;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Keeps the quick loop quick: a test class that starts a server, a database, an S3 store, a
 * browser or server processes through the shared helpers carries {@link Integration} or
 * {@link ProcessLevel}, so {@code ./mvnw test} leaves it out.
 */
class TestTiersTest {
    /** The helpers that start what a unit test must not. */
    private static final Pattern STARTS_SERVERS = Pattern.compile(
            "\\b(RunningServer|TestService|ServerProcess|TestPostgres|S3TestServer|Chromium|WebhookReceiver|StallingProxy|ImageOrigin)\\b");
    private static final Pattern TAGGED = Pattern.compile("^@(Integration|ProcessLevel)\\b", Pattern.MULTILINE);

    @Test
    void everyTestThatStartsAServerIsLeftOutOfTheQuickLoop() throws IOException {
        Path sources = Path.of("src", "test", "java");
        List<String> untagged;
        try (Stream<Path> files = Files.walk(sources)) {
            untagged = files.filter(f -> f.getFileName().toString().endsWith("Test.java"))
                    .filter(f -> !f.endsWith("TestTiersTest.java"))
                    .filter(f -> {
                        String source = read(f);
                        return STARTS_SERVERS.matcher(source).find() && !TAGGED.matcher(source).find();
                    })
                    .map(f -> sources.relativize(f).toString())
                    .sorted()
                    .toList();
        }
        assertThat(untagged).as("tests that start servers without @Integration or @ProcessLevel").isEmpty();
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new IllegalStateException(file.toString(), e);
        }
    }
}
