#!/usr/bin/env bash
# Builds the mediaopt server and starts it on its embedded defaults (local storage in
# .service-store, SQLite job store). PORT and SERVICE_* variables are passed through;
# arguments go to the server.
set -euo pipefail
cd -- "$(dirname -- "${BASH_SOURCE[0]}")"

# Finds (or installs) JDK 25, ffmpeg/ffprobe and libvips; exports JAVA_HOME.
# shellcheck source=scripts/prerequisites.sh
source scripts/prerequisites.sh

# Heap and malloc settings that keep the server's memory down (MEDIAOPT_JAVA_OPTS, MALLOC_*).
# shellcheck source=scripts/server-memory.sh
source scripts/server-memory.sh

echo "Building the server (./mvnw -B -q -DskipTests package)..."
./mvnw -B -q -DskipTests package

echo "Starting server/target/mediaopt-server.jar"
# shellcheck disable=SC2086 # MEDIAOPT_JAVA_OPTS holds several options
exec "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED $MEDIAOPT_JAVA_OPTS -jar server/target/mediaopt-server.jar "$@"
