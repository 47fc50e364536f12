#!/usr/bin/env bash
# Times the synchronous route one call at a time on local storage and on an S3 bucket on
# loopback (S3Proxy in the bench's JVM), for the screenshot and the 12 MP photo, and prints
# the medians and their difference. Options: --calls N --warm-up N --server-jar FILE
# --server-jvm "OPTIONS" --media DIR --work DIR.
set -euo pipefail
cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.."
# shellcheck source=scripts/prerequisites.sh
source scripts/prerequisites.sh
mo_need_command vips libvips-tools "the bench's generated inputs"
export SERVICE_IMAGE_QUALITY=${SERVICE_IMAGE_QUALITY:-fixed}
# shellcheck source=scripts/server-memory.sh
source scripts/server-memory.sh
if [ -z "${SYNC_STORAGE_NO_BUILD:-}" ]; then
  echo "Building server and bench (./mvnw -B -q -DskipTests package)..."
  ./mvnw -B -q -DskipTests package
fi
exec "$JAVA_HOME/bin/java" -cp bench/target/mediaopt-bench.jar io.mediaopt.bench.SyncStorageBench "$@"
