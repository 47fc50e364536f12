#!/usr/bin/env bash
# Measures the HLS ladder's AV1 rungs with their key frames where SVT-AV1 puts them by itself
# (keyint=4s: every 4 s and a frame, the rungs before e90c524) against forced IDR frames on the
# whole video's 4 s marks (RungCodec.av1, since), each rung in one piece, at web's SVT-AV1 preset
# and CRFs around its own (34, 38, 42): bytes, SSIM (the service's judge of video), PSNR and
# SSIMULACRA 2 on every 17th frame, CPU; then the forced key frames' bytes at the quality the
# own interval reaches, read off its curve in log bytes, per clip and rung and their median.
# Clips: two real ones from opencv-doc (bench/corpus-fetch.sh --video: a street camera at
# 540p and 360p, 20 s at 10 fps; a film trailer at 360p, 11 s at 24 fps) and three of
# bench/av1.sh's clips from real photographs (720p and 360p, 10 s at 24 fps). Every encode runs
# alone at nice -n 10; about 10 minutes of CPU. Tables go to bench/target/av1-keyframes/.
#   bench/av1-keyframes.sh             CRFs 34, 38, 42
#   bench/av1-keyframes.sh 30,38,46    other CRFs
set -euo pipefail
cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.."

# shellcheck source=scripts/prerequisites.sh
source scripts/prerequisites.sh
mo_need_command /usr/bin/time time "the bench's CPU figures"

videos="$(bench/corpus-fetch.sh --video)"
pictures="$(bench/corpus-fetch.sh --bench)"
# shellcheck source=bench/java.sh
source bench/java.sh
bench_package
bench_exec_jars io.mediaopt.bench.Av1KeyFrameBench "$videos" "$pictures" bench/target/av1-keyframes "$@"
