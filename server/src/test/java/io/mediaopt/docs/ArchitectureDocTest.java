package io.mediaopt.docs;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static io.mediaopt.docs.Markdown.repository;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/architecture.md matches the code: every class it names ({@code `Jobs`}, {@code `jobs.Workers`},
 * {@code `image/vips`}'s {@code `image.vips.Watchdog`}, {@code `media/Presets`}, with or without
 * a {@code #member}) is a .java file of server/, client/, cli/ or bench/ in that package, and every package
 * of the server is on the page.
 */
class ArchitectureDocTest {
    private static final String DOCUMENT = "docs/architecture.md";
    private static final String PACKAGES = "server/src/main/java/io/mediaopt";
    private static final List<String> SOURCES = List.of("server/src", "client/src", "cli/src", "bench/src");
    /** A class, optionally after its package (dots or slashes) and before a member. */
    private static final Pattern CLASS = Pattern.compile(
            "(?<![\\w./@*-])((?:[a-z][a-z0-9]*[./])*)([A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*)(?=[#.(]\\w|[^\\w./-]|$)");
    private static final Pattern CODE_SPAN = Pattern.compile("`([^`]+)`");

    @Test
    void everyClassThePageNamesExists() {
        Set<String> sources = javaFiles();
        Set<String> named = classesNamed(Markdown.lines(repository().resolve(DOCUMENT)));

        assertThat(named).as("classes %s names", DOCUMENT).hasSizeGreaterThan(50);
        assertThat(named).as("classes %s names that no .java file of %s is", DOCUMENT, SOURCES)
                .allMatch(name -> exists(name, sources));
    }

    @Test
    void everyPackageOfTheServerIsOnThePage() throws IOException {
        String page = Files.readString(repository().resolve(DOCUMENT));
        Set<String> packages;
        try (Stream<Path> dirs = Files.list(repository().resolve(PACKAGES))) {
            packages = dirs.filter(Files::isDirectory).map(d -> d.getFileName().toString())
                    .collect(Collectors.toCollection(TreeSet::new));
        }

        assertThat(packages).as("packages under %s", PACKAGES).contains("http", "imageurl");
        assertThat(packages).as("packages %s does not name in backquotes", DOCUMENT)
                .allMatch(name -> page.contains("`" + name + "`"));
    }

    @Test
    void readsClassNamesFromCodeSpansAndTheDiagram() {
        List<String> markdown = List.of(
                "`Jobs#submit` and `jobs.Workers`, `image/vips`, `image.Watchdog`, `SERVICE_WORKERS`, `HEAD`,",
                "`Last-Modified`, `test/runtimes.test.mjs`, `video/FfmpegArguments.LOCKDOWN`, a `<video>` Element",
                "```", "client ──▶ http.ApiServer   routes; media.Sniffer (the kind), see docs/api.md", "```");
        Set<String> sources = Set.of("jobs/Jobs", "jobs/Workers", "image/vips/Watchdog",
                "video/FfmpegArguments", "http/ApiServer", "media/Sniffer");

        assertThat(classesNamed(markdown)).containsExactlyInAnyOrder("Jobs", "jobs/Workers", "image/Watchdog",
                "video/FfmpegArguments", "http/ApiServer", "media/Sniffer");
        assertThat(exists("image/Watchdog", sources)).as("a class named in a package it moved out of").isFalse();
        assertThat(exists("image/vips/Watchdog", sources)).isTrue();
        assertThat(exists("Watchdog", sources)).isTrue();
        assertThat(exists("Scheduler", sources)).isFalse();
    }

    /**
     * Class names as "package/Class" (or "Class" alone): in code spans, and in the lines of
     * code blocks, where the page draws the path of a request, only those with a package.
     */
    static Set<String> classesNamed(List<String> lines) {
        Set<String> names = new TreeSet<>();
        for (String line : Markdown.prose(lines)) {
            Matcher span = CODE_SPAN.matcher(line);
            while (span.find()) addClasses(span.group(1), true, names);
        }
        Markdown.codeBlocks(lines).forEach(line -> addClasses(line, false, names));
        return names;
    }

    private static void addClasses(String text, boolean bareNames, Set<String> names) {
        Matcher m = CLASS.matcher(text);
        while (m.find()) {
            String packagePath = m.group(1).replace('.', '/');
            if (packagePath.isEmpty() && !bareNames) continue;
            names.add(packagePath + m.group(2));
        }
    }

    /** Whether a .java file ends in that path ("jobs/Workers.java") or has that name ("Jobs.java"). */
    static boolean exists(String name, Set<String> sources) {
        return sources.stream().anyMatch(source -> source.equals(name) || source.endsWith("/" + name));
    }

    /** Every .java file of the sources, as its path without ".java". */
    private static Set<String> javaFiles() {
        Set<String> files = new TreeSet<>();
        for (String root : SOURCES) {
            if (!Files.isDirectory(repository().resolve(root))) continue;
            try (Stream<Path> walk = Files.walk(repository().resolve(root))) {
                walk.map(Path::toString).filter(p -> p.endsWith(".java"))
                        .forEach(p -> files.add(p.replace('\\', '/').replaceFirst("\\.java$", "")));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return files;
    }
}
