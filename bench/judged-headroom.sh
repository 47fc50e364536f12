#!/usr/bin/env bash
# How much one quality per file could save at all (an oracle that knows each file's curve) and
# how much of it the picture's features keep, on the quality corpus, judged by SSIMULACRA 2 and
# butteraugli (bench/judged-headroom.py says how):
#   bench/judged-headroom.sh web
# Sweeps the fixed setting over QUALITIES (default "50 90 5") on the training and the evaluation
# files (bench/judged-sweep.sh's measurement, fixed rows only, to bench/target/headroom/), writes
# the files' features and two trial encodes of each at a third of its width, and prints the table. ~40 minutes on one core at nice 10 for `web`; a
# stopped run resumes.
set -euo pipefail
cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.."
preset="${1:?preset: web, mobile or low-bandwidth}"
read -r from to step <<< "${QUALITIES:-50 90 5}"

# shellcheck source=scripts/prerequisites.sh
source scripts/prerequisites.sh >/dev/null
command -v butteraugli >/dev/null || { echo "butteraugli is missing: apt-get install butteraugli" >&2; exit 1; }
corpus="$(bench/corpus-fetch.sh)"
# shellcheck source=bench/java.sh
source bench/java.sh
bench_compile
out=bench/target/headroom
mkdir -p "$out"
for set in training evaluation; do
    mapfile -t files < <(awk -F'\t' -v s="$set" -v c="$corpus" 'NR > 1 && $3 == s { print c "/" $1 }' \
        bench/corpus/manifest.tsv)
    bench_sweep io.mediaopt.image.JudgedSweep "$preset" "$from" "$to" "$step" "$out/$preset-$set.csv" fixed-only "${files[@]}"
done
mapfile -t all < <(awk -F'\t' -v c="$corpus" 'NR > 1 { print c "/" $1 }' bench/corpus/manifest.tsv)
bench_sweep io.mediaopt.image.FeatureTable "$preset" "$out/$preset-features.csv" "${all[@]}"
# the trial encodes at a third of the width, at the operating points' quality − 5 and + 10
bench_sweep io.mediaopt.image.ProxyCurves "$preset" "$out/$preset-proxies.csv" 3 "65 75 80 90" "${all[@]}"
declare -A target=([web]=70 [mobile]=65 [low-bandwidth]=60)
python3 bench/judged-headroom.py bench/corpus/manifest.tsv "$out/$preset-training.csv" \
    "$out/$preset-evaluation.csv" "$out/$preset-features.csv" "$out/$preset-proxies.csv" "${target[$preset]}"
