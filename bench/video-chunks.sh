#!/usr/bin/env bash
# One long video under `web` on PostgreSQL and S3 (in process, as the cluster tests run them):
# one node in one piece, one node in chunks, two nodes in chunks, each node pinned to one
# processor with taskset; prints wall times, CPU seconds and the speed-up of two nodes.
# Usage: bench/video-chunks.sh [seconds (180)] [WxH (1920x1080)] [chunk s (15)] [cpus (0,1)] [clip]
# Without a clip one is made (testsrc2 with grain, key frames every 2 s) and kept in bench/target.
# BENCH_WORKERS=4: worker slots per node in chunks (1 by default); BENCH_RUNS=two-nodes: that run alone.
# Run it on an otherwise idle machine with at least two processors: both nodes share nothing but
# the database and the bucket, so their wall times only mean something when nothing else runs.
set -euo pipefail
cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.."
# shellcheck source=scripts/prerequisites.sh
source scripts/prerequisites.sh >/dev/null
mo_need_command taskset util-linux "pinning each node to one processor"

seconds="${1:-180}"
size="${2:-1920x1080}"
chunk_sec="${3:-15}"
cpus="${4:-0,1}"
clip=("${@:5}")

# shellcheck source=bench/java.sh
source bench/java.sh
bench_compile
mkdir -p bench/target/video-chunks
bench_exec_classes -Dlogback.configurationFile=logback.xml io.mediaopt.cluster.VideoChunksBench bench/target/video-chunks "$seconds" "$size" "$chunk_sec" "$cpus" "${clip[@]}"
