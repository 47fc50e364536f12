#!/usr/bin/env bash
# Builds the mediaopt server and starts it on its embedded defaults (local storage in
# .service-store, SQLite job store). PORT and SERVICE_* variables are passed through;
# arguments go to the server.
set -euo pipefail
cd -- "$(dirname -- "${BASH_SOURCE[0]}")"

# Finds (or installs) JDK 25, ffmpeg/ffprobe and libvips; exports JAVA_HOME.
# shellcheck source=scripts/prerequisites.sh
source scripts/prerequisites.sh

echo "Building the server (./mvnw -B -q -DskipTests package)..."
./mvnw -B -q -DskipTests package

echo "Starting server/target/mediaopt-server.jar"
exec "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED -jar server/target/mediaopt-server.jar "$@"
