package io.mediaopt;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * No value of the service's own types is built elsewhere with a run of null slots
 * ({@code new Rendition(name, role, null, null, ...)}): the type's own named factories say what an
 * absent part means ({@code Rendition.file}, {@code JobState.pending}), so a call site reads as
 * what it makes, and adding a component does not shift every caller's nulls.
 */
class NullSlotsTest {
    private static final Pattern DECLARATION = Pattern.compile("\\b(?:record|class|enum|interface)\\s+([A-Z]\\w*)");
    private static final Pattern CONSTRUCTION = Pattern.compile("\\bnew\\s+(?:\\w+\\.)*([A-Z]\\w*)\\s*(?:<[^>]*>)?\\(");
    private static final Pattern NULL_RUN = Pattern.compile("\\bnull\\s*,\\s*null\\b");

    @Test
    void noOwnTypeIsBuiltWithNullSlotsOutsideItsOwnFile() {
        List<Path> files = MainSources.javaFiles();
        Map<String, Set<Path>> declaredIn = new HashMap<>();
        for (Path file : files) {
            Matcher declaration = DECLARATION.matcher(MainSources.read(file));
            while (declaration.find()) declaredIn.computeIfAbsent(declaration.group(1), name -> new HashSet<>()).add(file);
        }
        List<String> found = new ArrayList<>();
        for (Path file : files) {
            for (String type : nullSlotConstructions(MainSources.read(file))) {
                Set<Path> homes = declaredIn.get(type);
                if (homes != null && !homes.contains(file)) {
                    found.add(MainSources.directory().relativize(file) + ": new " + type);
                }
            }
        }
        assertThat(found).as("constructions with null slots outside their type's file").isEmpty();
        assertThat(declaredIn).containsKeys("Rendition", "JobState", "ProbedColor");
    }

    @Test
    void theScanFindsANullRunAcrossLinesAndInsideNestedCalls() {
        assertThat(nullSlotConstructions("""
                return new Made(file, new Rendition(name, role, width(rung), height(rung), format, type, bytes,
                        null, null));
                Rendition r = Rendition.file(name, role, "m3u8", type, bytes);
                new ServerConnector(server, null, 1, null);
                """)).as("the nulls are the Rendition's, not the Made's").containsExactly("Rendition");
    }

    /** The simple names of the types built with two nulls in a row among their arguments. */
    static List<String> nullSlotConstructions(String source) {
        List<String> types = new ArrayList<>();
        Matcher construction = CONSTRUCTION.matcher(source);
        while (construction.find()) {
            if (NULL_RUN.matcher(arguments(source, construction.end())).find()) types.add(construction.group(1));
        }
        return types;
    }

    /** The arguments from {@code start} to the parenthesis that closes the one before it, without nested ones. */
    private static String arguments(String source, int start) {
        StringBuilder own = new StringBuilder();
        int depth = 1;
        for (int i = start; i < source.length() && depth > 0; i++) {
            char c = source.charAt(i);
            if (c == '(') depth++;
            if (c == ')') depth--;
            if (depth == 1 && c != ')') own.append(c);
        }
        return own.toString();
    }
}
