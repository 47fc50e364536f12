#!/usr/bin/env bash
# Building and running the bench's Java measurement programs, sourced by the bench scripts after
# scripts/prerequisites.sh (which exports JAVA_HOME), from the repository root. A program runs
# either from the jars (bench_package, then bench_exec_jars) or from the compiled classes with the
# server's test helpers (bench_compile, then bench_exec_classes or bench_sweep).

# Builds the server's and the bench's jars.
bench_package() {
    echo "Building server and bench (./mvnw -B -q -DskipTests package)..."
    ./mvnw -B -q -DskipTests package
}

# Runs JVM options, a class of the server's and the bench's jars and its arguments, in place of
# the script.
bench_exec_jars() {
    exec "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED \
        -cp server/target/mediaopt-server.jar:bench/target/mediaopt-bench.jar "$@"
}

# Compiles the server with its tests and the bench (offline), and lists the server's dependencies
# in server/target/classpath.txt.
bench_compile() {
    ./mvnw -o -q -B -pl bench -am test-compile
    ./mvnw -o -q -B -pl server dependency:build-classpath -Dmdep.outputFile="$PWD/server/target/classpath.txt" >/dev/null
}

# The classes bench_compile made, the server's test classes among them, and their dependencies.
bench_classpath() {
    echo "server/target/classes:server/target/test-classes:bench/target/classes:$(cat server/target/classpath.txt)"
}

# Runs JVM options, a class on bench_classpath and its arguments, in place of the script.
bench_exec_classes() {
    exec "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED -cp "$(bench_classpath)" "$@"
}

# Runs a class on bench_classpath and its arguments as the image sweeps measure: at nice 10, on a
# 512 MB heap with the serial collector, with the vector API.
bench_sweep() {
    nice -n 10 "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED --add-modules jdk.incubator.vector \
        -XX:+UseSerialGC -Xmx512m -cp "$(bench_classpath)" "$@"
}
