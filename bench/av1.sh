#!/usr/bin/env bash
# Measures AV1 (SVT-AV1 in MP4) against the presets' H.264 on clips made from real photographs
# and screenshots of Debian packages (bench/corpus-fetch.sh --bench): bytes, SSIM, SSIMULACRA 2 on
# sampled frames and CPU per clip and setting, then one 1080p encode's peak memory. Prints
# Markdown tables and keeps them, with the clips and encodes, in bench/target/av1-run.
# About 10 minutes of CPU (half an hour on a busy 2-core machine); every encode runs at nice -n 10.
#   bench/av1.sh               the sweep of Av1Bench, and one 1080p encode
#   bench/av1.sh 10:50,10:56   other SVT-AV1 preset:CRF points, without the 1080p encode
#   bench/av1.sh mobile@10:48  a point at one preset's own width and AV1 cap, against its H.264 alone
set -euo pipefail
cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.."

# shellcheck source=scripts/prerequisites.sh
source scripts/prerequisites.sh
mo_need_command /usr/bin/time time "the bench's CPU and memory figures"

corpus="$(bench/corpus-fetch.sh --bench)"
# shellcheck source=bench/java.sh
source bench/java.sh
bench_package
bench_exec_jars io.mediaopt.bench.Av1Bench "$corpus" bench/target/av1-run "$@"
