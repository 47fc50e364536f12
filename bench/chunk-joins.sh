#!/usr/bin/env bash
# Measures a video encoded in chunks and joined against its one-piece encode under web's H.264
# settings, with the service's own command lines cut where the service cuts: one piece, chunks
# as before a chunk after the first started with x264's buffer where one piece has it (old),
# and chunks as now (new), at CRFs around web's (19, 23, 27): bytes, SSIM (the service's judge
# of video), PSNR and SSIMULACRA 2 on every 17th frame; chunks against one piece at equal CRF,
# and new against old at equal quality, read off old's curve in log bytes.
# Clips: two real ones from opencv-doc (bench/corpus-fetch.sh --video: a street camera at
# 768x576, 40 s at 10 fps, in 10 s chunks; a film trailer at 720x528, 11 s at 24 fps, in 4 s
# chunks), both under web's cap, and two generated ones held at its cap by grain (testsrc2,
# 20 s at 30 fps: 640x360 just over it in 4 s chunks, 1280x720 in 5 s chunks). Every encode
# runs alone at nice -n 10; about 10 minutes of CPU. Tables go to bench/target/chunk-joins/.
# With a codec and a chunk length, every clip is a minute long (the real ones looped, which
# flatters inter prediction alike for both ways; grain 360p light and heavy) and cut at that length; av1
# encodes at web's AV1 settings (one piece and chunks only). About 4 min of CPU for AV1 at one CRF.
#   bench/chunk-joins.sh             CRFs 19, 23, 27
#   bench/chunk-joins.sh 21,23,25    other CRFs
#   bench/chunk-joins.sh 38 av1 15   web's AV1 CRF, 15 s chunks (the service's default); - for 34,38,42
set -euo pipefail
cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.."

# shellcheck source=scripts/prerequisites.sh
source scripts/prerequisites.sh

videos="$(bench/corpus-fetch.sh --video)"
# shellcheck source=bench/java.sh
source bench/java.sh
bench_package
bench_exec_jars io.mediaopt.bench.ChunkJoinBench "$videos" bench/target/chunk-joins "$@"
