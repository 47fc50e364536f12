package io.mediaopt.bench;

import java.nio.file.Path;
import java.util.List;

/**
 * The soak's options, from the command line:
 * <pre>
 *   --minutes N          how long to send (default 60)
 *   --concurrency N      requests in flight (default $SERVICE_WORKERS, else the machine's cores:
 *                        the server's own default number of workers)
 *   --server-cpus LIST   pin the server to these CPUs with taskset (default: not pinned)
 *   --server-jar FILE    default server/target/mediaopt-server.jar
 * </pre>
 * The server's JVM options are $MEDIAOPT_JAVA_OPTS, as run.sh starts it.
 */
record SoakOptions(int minutes, int concurrency, List<String> launcher, Path serverJar, List<String> serverJvm) {

    static SoakOptions parse(String[] args, Path repo) {
        int minutes = 60;
        String workers = System.getenv("SERVICE_WORKERS");
        int concurrency = workers == null ? Runtime.getRuntime().availableProcessors() : Integer.parseInt(workers);
        List<String> launcher = List.of();
        Path jar = repo.resolve("server/target/mediaopt-server.jar");
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            switch (arg) {
                case "--minutes" -> minutes = Integer.parseInt(value(args, ++i, arg));
                case "--concurrency" -> concurrency = Integer.parseInt(value(args, ++i, arg));
                case "--server-cpus" -> launcher = List.of("taskset", "-c", value(args, ++i, arg));
                case "--server-jar" -> jar = Path.of(value(args, ++i, arg));
                default -> throw new IllegalArgumentException("Expected an option of bench/soak.sh but received " + arg);
            }
        }
        if (minutes < 2) throw new IllegalArgumentException("Expected --minutes of 2 or more but received " + minutes);
        List<String> jvm = ShellWords.split(System.getenv().getOrDefault("MEDIAOPT_JAVA_OPTS", ""));
        return new SoakOptions(minutes, concurrency, launcher, jar.toAbsolutePath(), jvm);
    }

    private static String value(String[] args, int index, String option) {
        if (index >= args.length) throw new IllegalArgumentException(option + " needs a value");
        return args[index];
    }
}
