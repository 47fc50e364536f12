package io.mediaopt.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the JVM's Native Memory Tracking says a process has committed ({@code jcmd <pid>
 * VM.native_memory summary}; the process must run with {@code -XX:NativeMemoryTracking=summary}):
 * the total, the part of it that is malloc, and the categories the soak follows. Memory the
 * foreign-function arenas allocate counts in Other; what libvips and glibc allocate themselves
 * is not tracked, so resident size minus the total approximates it.
 */
record NativeMemory(long committedKib, long mallocKib, Map<String, Long> categoriesKib) {
    /** The categories reported, in the order of the CSV's columns. */
    static final List<String> CATEGORIES = List.of("Java Heap", "Class", "Metaspace", "Thread", "Code", "GC",
            "Compiler", "Internal", "Other", "Symbol");
    static final NativeMemory NONE = new NativeMemory(0, 0, Map.of());

    private static final Duration JCMD_TIMEOUT = Duration.ofSeconds(60);
    private static final Pattern TOTAL = Pattern.compile("^Total: reserved=\\d+KB, committed=(\\d+)KB", Pattern.MULTILINE);
    private static final Pattern MALLOC = Pattern.compile("^\\s+malloc: (\\d+)KB", Pattern.MULTILINE);
    private static final Pattern CATEGORY = Pattern.compile("^-\\s+(.+?) \\(reserved=\\d+KB, committed=(\\d+)KB\\)",
            Pattern.MULTILINE);

    /** Asks the JVM of {@code pid} through {@code jcmd}; {@link #NONE} when it does not answer. */
    static NativeMemory of(Path jcmd, long pid, Path workDir) {
        Command.Result result;
        try {
            result = Command.of(jcmd.toString(), Long.toString(pid), "VM.native_memory", "summary", "scale=KB")
                    .run(workDir, JCMD_TIMEOUT);
        } catch (RuntimeException failed) {
            return NONE;
        }
        return parse(result.stdout());
    }

    static NativeMemory parse(String summary) {
        Matcher total = TOTAL.matcher(summary);
        if (!total.find()) return NONE;
        Matcher malloc = MALLOC.matcher(summary);
        long mallocKib = malloc.find() ? Long.parseLong(malloc.group(1)) : 0;
        Map<String, Long> categories = new LinkedHashMap<>();
        Matcher category = CATEGORY.matcher(summary);
        while (category.find()) categories.put(category.group(1), Long.parseLong(category.group(2)));
        return new NativeMemory(Long.parseLong(total.group(1)), mallocKib, categories);
    }

    long categoryKib(String name) {
        return categoriesKib.getOrDefault(name, 0L);
    }
}
