package io.mediaopt.web;

import io.mediaopt.media.MediaFormat;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The page keeps no list of formats of its own, which would drift from {@link MediaFormat}: it
 * learns the accepted formats' extensions from {@code GET /api/media/limits}, so none of its
 * files names an extension as a string.
 */
class PageFormatsTest {
    private static final Path WEB = Path.of("src/main/resources/web");
    private static final Pattern STRING = Pattern.compile("(['\"`])([A-Za-z0-9]{1,5})\\1");

    @Test
    void noFileOfThePageNamesAnExtensionOfItsOwn() throws IOException {
        List<String> extensions = Arrays.stream(MediaFormat.values()).flatMap(f -> f.extensions().stream()).toList();
        List<String> named;
        try (Stream<Path> files = Files.list(WEB)) {
            named = files.filter(f -> f.toString().endsWith(".js") || f.toString().endsWith(".html"))
                    .flatMap(PageFormatsTest::strings)
                    .filter(s -> extensions.contains(s.substring(s.indexOf(' ') + 1).toLowerCase(Locale.ROOT)))
                    .toList();
        }
        assertThat(named).as("extensions written in the page's files").isEmpty();
    }

    @Test
    void thePageLearnsTheFormatsFromTheLimits() throws IOException {
        assertThat(Files.readString(WEB.resolve("app.js"))).contains("acceptFormats(limits.formats)");
    }

    @Test
    void findsAQuotedExtension() {
        assertThat(strings("x.js", "const a = new Set(['jpg', \"mov\", `qt`]);"))
                .containsExactly("x.js jpg", "x.js mov", "x.js qt");
    }

    private static Stream<String> strings(Path file) {
        try {
            return strings(file.getFileName().toString(), Files.readString(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Stream<String> strings(String name, String text) {
        Matcher m = STRING.matcher(text);
        Stream.Builder<String> found = Stream.builder();
        while (m.find()) found.add(name + " " + m.group(2));
        return found.build();
    }
}
