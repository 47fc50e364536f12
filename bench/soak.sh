#!/usr/bin/env bash
# Whether the server's memory stays flat over hours: an hour (SOAK_MINUTES) of mixed images and
# videos (12 MP and 3 MP photos, a screenshot, an animated GIF, an icon, a 2 s clip; presets web,
# mobile and low-bandwidth; synchronous optimizations, jobs, renditions) kept at the workers'
# concurrency, the server's resident size sampled every second and its JVM's native memory
# (Native Memory Tracking) every minute. Writes bench/target/soak/<time>.csv minute by minute
# and prints a Markdown summary: the second half's peak against the first half's, failures,
# and the curve.
#   bench/soak.sh                          60 minutes, server on every core
#   SOAK_MINUTES=3 bench/soak.sh           a short check
#   SOAK_SERVER_CPUS=1 bench/soak.sh       the server pinned to CPU 1 (taskset)
# Other options (--concurrency N, --server-jar FILE) are passed on to the driver.
set -euo pipefail
cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.."

# shellcheck source=scripts/prerequisites.sh
source scripts/prerequisites.sh
mo_need_command vips libvips-tools "the soak's generated photos"
# The server under test gets the memory settings run.sh starts it with, and logs as text.
# shellcheck source=scripts/server-memory.sh
source scripts/server-memory.sh
unset SERVICE_LOG_FORMAT
# The server's own default is a worker per core it sees; pinned with taskset it would see one,
# so the soak names the machine's count, and keeps that many requests in flight.
export SERVICE_WORKERS=${SERVICE_WORKERS:-$(nproc)}

if [ "${SOAK_SKIP_BUILD:-}" != 1 ]; then
    echo "Building server and bench (./mvnw -B -q -DskipTests package)..." >&2
    ./mvnw -B -q -DskipTests package
fi

# The soak runs copies of the jars, so that building again while it runs changes nothing under it.
mkdir -p bench/target/soak
soak_jars=$(mktemp -d bench/target/soak/jars-XXXXXX)
cp bench/target/mediaopt-bench.jar server/target/mediaopt-server.jar "$soak_jars/"
soak_args=(--minutes "${SOAK_MINUTES:-60}" --server-jar "$soak_jars/mediaopt-server.jar")
[ -n "${SOAK_SERVER_CPUS:-}" ] && soak_args+=(--server-cpus "$SOAK_SERVER_CPUS")
exec "$JAVA_HOME/bin/java" -cp "$soak_jars/mediaopt-bench.jar" io.mediaopt.bench.Soak "${soak_args[@]}" "$@"
