package io.mediaopt;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * No call in the service's code passes two nulls in a row ({@code new Rendition(name, role, null,
 * null, ...)}), not even in the type's own file: what an absent part means is said by name (a
 * factory such as {@code Rendition.file}, a builder's named fields, an {@code Optional} part such as
 * {@code JobState.outcome}), so a call reads as what it makes, and adding a component shifts no
 * caller's nulls. Libraries whose API takes nulls are the exceptions, each listed with its reason.
 */
class NullSlotsTest {
    /** A constructor or method called: its name as written, then its arguments. */
    private static final Pattern CALL = Pattern.compile("((?:\\bnew\\s+)?[A-Za-z_][\\w.]*)\\s*(?:<[^<>()]*>)?\\(");
    private static final Pattern NULL_RUN = Pattern.compile("\\bnull\\s*,\\s*null\\b");

    /** The library calls that take nulls, by file and call, and why they may. */
    private static final Map<String, String> LIBRARY_CALLS = Map.of(
            "io/mediaopt/jobs/JdbcJobStore.java: flyway.dataSource",
            "Flyway's (url, user, password): PostgreSQL's credentials travel in the JDBC URL",
            "io/mediaopt/http/ConnectionLimits.java: new ServerConnector",
            "Jetty's (server, executor, scheduler, ...): null takes the server's own executor and scheduler");

    @Test
    void noCallPassesTwoNullsInARowButTheListedLibraryCalls() {
        List<String> found = new ArrayList<>();
        for (Path file : MainSources.javaFiles()) {
            String where = MainSources.directory().relativize(file).toString().replace('\\', '/');
            for (String call : nullRunCalls(MainSources.read(file))) found.add(where + ": " + call);
        }
        List<String> ours = found.stream().filter(call -> !LIBRARY_CALLS.containsKey(call)).toList();
        assertThat(ours).as("calls with two nulls in a row; name the absent parts instead").isEmpty();
        assertThat(found).as("each listed library call is still there (drop it from the list when it is not)")
                .containsAll(LIBRARY_CALLS.keySet());
    }

    @Test
    void theScanFindsANullRunAcrossLinesInsideNestedCallsAndNotInCommentsOrText() {
        assertThat(nullRunCalls("""
                return new Made(file, new Rendition(name, role, width(rung), height(rung), format, type, bytes,
                        null, null));
                Rendition r = Rendition.file(name, role, "m3u8", type, bytes);
                new ServerConnector(server, null, 1, null);
                uploads.create(id, owner, size, metadata, key, null,
                        null);
                // new Rendition(name, null, null)
                /* fetch(source, file, null, null) */
                String text = "fetch(source, file, null, null)";
                char open = '(';
                other.call(a, Optional.empty(), Optional.empty());
                """)).as("the nulls are the Rendition's and create's, not the Made's, a comment's or a string's")
                .containsExactly("new Rendition", "uploads.create");
    }

    /** The calls, as written, that pass two nulls in a row among their own arguments. */
    static List<String> nullRunCalls(String source) {
        String code = withoutCommentsAndText(source);
        List<String> calls = new ArrayList<>();
        Matcher call = CALL.matcher(code);
        while (call.find()) {
            if (NULL_RUN.matcher(arguments(code, call.end())).find()) calls.add(call.group(1).replaceAll("\\s+", " "));
        }
        return calls;
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

    /** The source with its comments, string and text-block literals and char literals blanked out. */
    private static String withoutCommentsAndText(String source) {
        StringBuilder code = new StringBuilder(source.length());
        int i = 0;
        while (i < source.length()) {
            int end = literalOrCommentEnd(source, i);
            if (end == i) {
                code.append(source.charAt(i++));
            } else {
                code.append(' ');
                i = end;
            }
        }
        return code.toString();
    }

    /** Where the comment or literal starting at {@code i} ends; {@code i} itself when none starts there. */
    private static int literalOrCommentEnd(String s, int i) {
        if (s.startsWith("//", i)) return lineEnd(s, i);
        if (s.startsWith("/*", i)) return after(s, "*/", i + 2);
        if (s.startsWith("\"\"\"", i)) return after(s, "\"\"\"", i + 3);
        char c = s.charAt(i);
        if (c != '"' && c != '\'') return i;
        int j = i + 1;
        while (j < s.length() && s.charAt(j) != c) j += s.charAt(j) == '\\' ? 2 : 1;
        return Math.min(s.length(), j + 1);
    }

    private static int lineEnd(String s, int from) {
        int end = s.indexOf('\n', from);
        return end < 0 ? s.length() : end;
    }

    private static int after(String s, String closing, int from) {
        int end = s.indexOf(closing, from);
        return end < 0 ? s.length() : end + closing.length();
    }
}
