package io.mediaopt.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** What the documentation tests read from Markdown: prose outside code blocks, headings' anchors, links. */
public final class Markdown {
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
    private static final Pattern CODE_SPAN = Pattern.compile("`[^`]*`");

    private Markdown() {
    }

    /** The repository root, from wherever the build runs the tests. */
    public static Path repository() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("docs/architecture.md")) && Files.isDirectory(dir.resolve("server"))) {
                return dir;
            }
        }
        throw new IllegalStateException("docs/architecture.md not found above " + Path.of("").toAbsolutePath());
    }

    /** Every docs/*.md page. */
    static List<Path> docsPages() {
        try (Stream<Path> files = Files.list(repository().resolve("docs"))) {
            return files.filter(f -> f.getFileName().toString().endsWith(".md")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<String> lines(Path page) {
        try {
            return Files.readAllLines(page);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The lines outside fenced code blocks (``` or ~~~), where headings and links are Markdown. */
    static List<String> prose(List<String> lines) {
        return linesWhere(lines, false);
    }

    /** The lines inside fenced code blocks. */
    static List<String> codeBlocks(List<String> lines) {
        return linesWhere(lines, true);
    }

    private static List<String> linesWhere(List<String> lines, boolean inFence) {
        List<String> kept = new ArrayList<>();
        boolean fenced = false;
        for (String line : lines) {
            String stripped = line.strip();
            if (stripped.startsWith("```") || stripped.startsWith("~~~")) {
                fenced = !fenced;
            } else if (fenced == inFence) {
                kept.add(line);
            }
        }
        return kept;
    }

    /** The anchors GitHub gives the page's headings, "-1", "-2" on repeats. */
    static Set<String> anchors(List<String> lines) {
        Set<String> anchors = new LinkedHashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        for (String line : prose(lines)) {
            if (!line.startsWith("#")) continue;
            String slug = slug(line.replaceFirst("^#+", ""));
            int repeat = seen.merge(slug, 1, Integer::sum) - 1;
            anchors.add(repeat == 0 ? slug : slug + "-" + repeat);
        }
        return anchors;
    }

    /** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
    static String slug(String heading) {
        return heading.strip().toLowerCase(Locale.ROOT)
                .replaceAll("[^\\p{L}\\p{N}\\s_-]", "")
                .replace(' ', '-');
    }

    /** The targets of the inline links of the page's prose, code spans left out. */
    static List<String> linkTargets(List<String> lines) {
        List<String> targets = new ArrayList<>();
        for (String line : prose(lines)) {
            Matcher m = LINK.matcher(CODE_SPAN.matcher(line).replaceAll(""));
            while (m.find()) targets.add(m.group(1));
        }
        return targets;
    }
}
