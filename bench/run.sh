#!/usr/bin/env bash
# Measures mediaopt against the raw tools it wraps (libvips, ffmpeg) on media it generates,
# and prints Markdown tables: time per file as a ratio to the tool, throughput and CPU per
# image, size and SSIM per preset, a quality sweep, and peak memory under load.
#   bench/run.sh            full run (tens of minutes on 2 cores)
#   bench/run.sh --quick    under 5 minutes on 2 cores
#   bench/run.sh --help     every option (sections, server JVM options, directories)
# The server is built and started by the bench itself as a separate process on a free
# loopback port with a temporary SERVICE_OUTPUT_DIR. Generated inputs are kept in
# bench/target/media; outputs, server logs and report.md in bench/target/run-<time>.
set -euo pipefail
cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.."

# Finds (or installs) JDK 25, ffmpeg/ffprobe and libvips; exports JAVA_HOME.
# shellcheck source=scripts/prerequisites.sh
source scripts/prerequisites.sh
# The bench measures the service against the vips command line itself.
mo_need_command vips libvips-tools "the bench's raw libvips baseline"

# The bench holds the service to the raw tools at the presets' own settings: its server keeps
# one quality per preset unless SERVICE_IMAGE_QUALITY says otherwise (auto: quality per file).
export SERVICE_IMAGE_QUALITY=${SERVICE_IMAGE_QUALITY:-fixed}
# The server under test gets the memory settings run.sh starts it with.
# shellcheck source=scripts/server-memory.sh
source scripts/server-memory.sh

# shellcheck source=bench/java.sh
source bench/java.sh
bench_package

exec "$JAVA_HOME/bin/java" -jar bench/target/mediaopt-bench.jar "$@"
