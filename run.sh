#!/usr/bin/env bash
# Builds the mediaopt server and starts it on its embedded defaults (local storage in
# .service-store, SQLite job store). PORT and SERVICE_* variables are passed through;
# arguments go to the server.
set -euo pipefail
cd -- "$(dirname -- "${BASH_SOURCE[0]}")"

# With SERVICE_LOG_FORMAT=json, what this script and the build print goes to standard error as
# JSON lines like the server's, so that the log stream has nothing else from the first line.
# shellcheck source=scripts/json-lines.sh
source scripts/json-lines.sh
if mo_log_format_json; then
    exec 3>&1 4>&2 1> >(mo_json_lines INFO run.sh >&2) 2>&1
fi

# Finds (or installs) JDK 25, ffmpeg/ffprobe and libvips; exports JAVA_HOME.
# shellcheck source=scripts/prerequisites.sh
source scripts/prerequisites.sh

# The jar is built again only when a source or build file is newer than it: right after
# ./test.sh, or on a second start, the Maven run (every module checked and the jar shaded again)
# only delayed the start.
jar=server/target/mediaopt-server.jar
if [[ -f $jar ]] && [[ -z $(find pom.xml client server -newer "$jar" \( -path '*/target' -prune -o -type f -print \) \
        2>/dev/null | head -n 1) ]]; then
    echo "server/target/mediaopt-server.jar is newer than its sources: not built again"
else
    echo "Building the server (./mvnw -B -q -DskipTests package)..."
    ./mvnw -B -q -DskipTests package
fi

echo "Starting server/target/mediaopt-server.jar"
if mo_log_format_json; then
    exec 1>&3 2>&4 3>&- 4>&-
fi
# The JVM with the heap and malloc settings that keep the server's memory down
# (scripts/server-memory.sh: MEDIAOPT_JAVA_OPTS, MALLOC_*); with SERVICE_LOG_FORMAT=json every
# line it writes, the JVM's own too, is a JSON object.
exec scripts/launch-server.sh -jar server/target/mediaopt-server.jar "$@"
