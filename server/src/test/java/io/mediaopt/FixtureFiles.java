package io.mediaopt;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Where {@link Fixtures} keeps what it made: one temporary directory per test run, removed when
 * the JVM exits, and each file made once, the first time a test asks for it.
 */
final class FixtureFiles {
    private static final Path DIR = createDir();
    private static final Map<String, Path> MADE = new HashMap<>();

    private FixtureFiles() {}

    /** Makes one fixture file at {@code out}. */
    interface Maker {
        void make(String out) throws Exception;
    }

    static Path dir() {
        return DIR;
    }

    /** The file {@code name} in this run's directory, made by {@code maker} the first time. */
    static synchronized Path make(String name, Maker maker) {
        Path made = MADE.get(name);
        if (made != null) return made;
        Path out = DIR.resolve(name);
        try {
            Files.createDirectories(out.getParent());
            maker.make(out.toString());
        } catch (Exception e) {
            throw new IllegalStateException("Cannot make fixture " + name, e);
        }
        MADE.put(name, out);
        return out;
    }

    private static Path createDir() {
        try {
            Path dir = Files.createTempDirectory("mediaopt-fixtures");
            Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().unstarted(() -> delete(dir)));
            return dir;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void delete(Path dir) {
        try {
            DirectoryTrees.delete(dir);
        } catch (IOException ignored) {
            // a temporary directory; the OS cleans it eventually
        }
    }
}
