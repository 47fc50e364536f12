package io.mediaopt.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What to run and with what, from the command line:
 * <pre>
 *   --quick                  fewer repetitions and the 1080p clip with the web preset only
 *   --only ratio,throughput,sharp,quality,sweep,memory,renditions   sections to run (default: all but sweep in
 *                            quick mode, all in full mode)
 *   --server-jar FILE        default server/target/mediaopt-server.jar
 *   --server-jvm "FLAGS"     JVM options for the server (default: $MEDIAOPT_JAVA_OPTS, as run.sh uses)
 *   --java FILE              java launcher for the server (default: the one running the bench)
 *   --media DIR              where generated inputs are kept between runs (bench/target/media)
 *   --work DIR               outputs, server logs and the report (bench/target/run-&lt;time&gt;)
 * </pre>
 */
record BenchOptions(boolean quick, Set<String> sections, Path serverJar, List<String> serverJvm, Path java,
                    Path mediaDir, Path workDir) {

    static final List<String> ALL_SECTIONS = List.of("ratio", "throughput", "sharp", "quality", "sweep", "memory", "renditions");

    static BenchOptions parse(String[] args, Path repo, String timestamp) {
        boolean quick = false;
        Set<String> sections = null;
        Path jar = repo.resolve("server/target/mediaopt-server.jar");
        // bench/run.sh passes the options run.sh starts the server with (scripts/server-memory.sh)
        List<String> jvm = words(System.getenv().getOrDefault("MEDIAOPT_JAVA_OPTS", ""));
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path media = repo.resolve("bench/target/media");
        Path work = repo.resolve("bench/target/run-" + timestamp);
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            switch (arg) {
                case "--quick" -> quick = true;
                case "--full" -> quick = false;
                case "--only" -> sections = sections(value(args, ++i, arg));
                case "--server-jar" -> jar = Path.of(value(args, ++i, arg));
                case "--server-jvm" -> jvm = words(value(args, ++i, arg));
                case "--java" -> java = Path.of(value(args, ++i, arg));
                case "--media" -> media = Path.of(value(args, ++i, arg));
                case "--work" -> work = Path.of(value(args, ++i, arg));
                case "-h", "--help" -> throw new Usage();
                default -> throw new IllegalArgumentException("Expected an option of bench/run.sh but received " + arg);
            }
        }
        if (sections == null) {
            sections = new LinkedHashSet<>(ALL_SECTIONS);
            if (quick) sections.remove("sweep");
        }
        return new BenchOptions(quick, sections, jar.toAbsolutePath(), jvm, java, media.toAbsolutePath(),
                work.toAbsolutePath());
    }

    boolean runs(String section) {
        return sections.contains(section);
    }

    /** Picks the quick or the full figure for a repetition count. */
    int pick(int quickCount, int fullCount) {
        return quick ? quickCount : fullCount;
    }

    /** Thrown for --help: the caller prints the usage. */
    static final class Usage extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Usage() {
            super(null, null, false, false);
        }
    }

    private static Set<String> sections(String list) {
        Set<String> chosen = new LinkedHashSet<>(Arrays.asList(list.split(",")));
        for (String s : chosen) {
            if (!ALL_SECTIONS.contains(s)) {
                throw new IllegalArgumentException("Expected sections among " + ALL_SECTIONS + " but received " + s);
            }
        }
        return chosen;
    }

    private static List<String> words(String flags) {
        List<String> words = new ArrayList<>();
        for (String w : flags.strip().split("\\s+")) if (!w.isEmpty()) words.add(w);
        return words;
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) throw new IllegalArgumentException("Expected a value after " + option);
        return args[i];
    }
}
