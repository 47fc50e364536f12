package io.mediaopt.docs;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static io.mediaopt.docs.Markdown.repository;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The documentation stays a reference one can read: no page over 40 KB (benchmarks.md, method and
 * today's figures, 20 KB), every relative link of docs/*.md and the READMEs leads to a file and,
 * with an #anchor into a Markdown page, to one of its headings; and figures live in the docs, not
 * as tables in the comments of the code.
 */
class DocPagesTest {
    private static final int PAGE_LIMIT = 40 * 1024;
    private static final Map<String, Integer> LIMITS = Map.of("benchmarks.md", 20 * 1024);
    private static final List<String> READMES = List.of(
            "README.md", "CHANGELOG.md", "clients/typescript/README.md", "bench/corpus/README.md");
    /** A row of a Markdown table in a comment: "* | a | b |" or "// | a | b |". */
    private static final Pattern COMMENT_TABLE_ROW = Pattern.compile("^\\s*(?:\\*|//)\\s*\\|.*\\|.*\\|\\s*$");

    @Test
    void noPageIsOverItsSize() throws IOException {
        List<String> over = new ArrayList<>();
        for (Path page : Markdown.docsPages()) {
            String name = page.getFileName().toString();
            long limit = LIMITS.getOrDefault(name, PAGE_LIMIT);
            if (Files.size(page) > limit) over.add(name + " " + Files.size(page) + " > " + limit + " bytes");
        }

        assertThat(Markdown.docsPages()).as("docs pages").hasSizeGreaterThan(5);
        assertThat(over).as("pages over their size").isEmpty();
    }

    @Test
    void everyRelativeLinkLeadsToAFileAndAHeading() {
        List<Path> pages = new ArrayList<>(Markdown.docsPages());
        READMES.stream().map(repository()::resolve).filter(Files::isRegularFile).forEach(pages::add);
        List<String> broken = new ArrayList<>();
        for (Path page : pages) {
            for (String target : Markdown.linkTargets(Markdown.lines(page))) {
                String problem = problemOf(page, target);
                if (problem != null) broken.add(repository().relativize(page) + ": " + target + " (" + problem + ")");
            }
        }

        assertThat(broken).as("broken links").isEmpty();
    }

    @Test
    void findsABrokenFileAndABrokenAnchor() throws IOException {
        Path dir = Files.createTempDirectory("docs");
        Path page = Files.write(dir.resolve("a.md"), List.of("# A page", "## Two words (here)", "## Two words (here)"));
        Files.write(dir.resolve("b.md"), List.of("# B"));

        assertThat(problemOf(page, "b.md")).isNull();
        assertThat(problemOf(page, "b.md#b")).isNull();
        assertThat(problemOf(page, "#two-words-here-1")).isNull();
        assertThat(problemOf(page, "https://example.com/missing")).isNull();
        assertThat(problemOf(page, "c.md")).isEqualTo("no such file");
        assertThat(problemOf(page, "b.md#a-page")).isEqualTo("no such heading");
        assertThat(problemOf(page, "#two-words-here-2")).isEqualTo("no such heading");
        assertThat(Markdown.linkTargets(List.of("[x](b.md) `[y](c.md)`", "```", "[z](d.md)", "```")))
                .containsExactly("b.md");
    }

    @Test
    void noCodeCommentHoldsATableOfFigures() throws IOException {
        List<String> rows = new ArrayList<>();
        for (String root : List.of("server/src/main", "client/src/main", "cli/src/main", "bench/src/main")) {
            Path dir = repository().resolve(root);
            if (!Files.isDirectory(dir)) continue;
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                    Files.readAllLines(file).stream().filter(COMMENT_TABLE_ROW.asPredicate())
                            .findFirst().ifPresent(row -> rows.add(repository().relativize(file) + ": " + row.strip()));
                }
            }
        }

        assertThat(COMMENT_TABLE_ROW.matcher("     * | web | P10 CRF 38 | 0.53 |").matches()).isTrue();
        assertThat(rows).as("tables in code comments (their figures belong in docs/)").isEmpty();
    }

    /** Why the link of the page does not lead anywhere, or null when it does. */
    private static String problemOf(Path page, String target) {
        if (target.matches("^[a-z][a-z0-9+.-]*:.*")) return null; // https:, mailto:: not checked here
        int hash = target.indexOf('#');
        String file = hash < 0 ? target : target.substring(0, hash);
        Path linked = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
        if (!Files.exists(linked)) return "no such file";
        if (hash < 0 || !linked.toString().endsWith(".md")) return null;
        String anchor = target.substring(hash + 1);
        return Markdown.anchors(Markdown.lines(linked)).contains(anchor) ? null : "no such heading";
    }
}
