#!/usr/bin/env bash
# The fixed setting's curve over quality against quality per file (`auto`), on the quality
# corpus (bench/corpus/manifest.tsv, fetched by bench/corpus-fetch.sh), judged by SSIMULACRA 2
# and by Debian's butteraugli (apt-get install butteraugli), then tabulated per category:
#   bench/judged-sweep.sh web [evaluation|training|all] [auto-only|fixed-only|cpu-only]
# Appends to bench/target/judged/<preset>.csv (fixed-only: the fixed curve alone; auto-only: only
# the auto rows, to bench/target/judged/<preset>-auto.csv, which then replace the auto
# rows of <preset>.csv in the tables) and prints the tables of bench/judged-tables.py.
# The fixed curve runs over QUALITIES ("from to step"; by default 50 90 10, and 20 80 10 for
# low-bandwidth's AVIF). Files go by category, dark and fog first. Runs at nice
# 10, one file at a time; butteraugli costs ~2.3 s of CPU per 1920 px picture judged.
# cpu-only judges nothing: it times auto and the fixed path over repeated runs (the sweep's CPU
# column is one run, read off a clock of 10 ms steps) into bench/target/judged/<preset>-cpu.csv.
set -euo pipefail
cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.."
preset="${1:?preset: web, mobile or low-bandwidth}"
set_name="${2:-evaluation}"
mode="${3:-sweep}"

# shellcheck source=scripts/prerequisites.sh
source scripts/prerequisites.sh >/dev/null
command -v butteraugli >/dev/null || { echo "butteraugli is missing: apt-get install butteraugli" >&2; exit 1; }
corpus="$(bench/corpus-fetch.sh)"
order="dark fog greyscale text colour lines foliage people"
mapfile -t files < <(for category in $order; do
    awk -F'\t' -v s="$set_name" -v c="$corpus" -v k="$category" \
        'NR > 1 && $2 == k && (s == "all" || $3 == s) { print c "/" $1 }' bench/corpus/manifest.tsv
done)
default_qualities="50 90 10"
[ "$preset" = low-bandwidth ] && default_qualities="20 80 10"
read -r from to step <<< "${QUALITIES:-$default_qualities}"

# shellcheck source=bench/java.sh
source bench/java.sh
bench_compile
mkdir -p bench/target/judged
csv="bench/target/judged/$preset.csv"
extra=()
if [ "$mode" = auto-only ]; then csv="bench/target/judged/$preset-auto.csv"; extra=(auto-only); fi
if [ "$mode" = fixed-only ]; then extra=(fixed-only); fi
if [ "$mode" = cpu-only ]; then csv="bench/target/judged/$preset-cpu.csv"; extra=(cpu-only); fi
bench_sweep io.mediaopt.image.JudgedSweep "$preset" "$from" "$to" "$step" "$csv" "${extra[@]}" "${files[@]}"
[ "$mode" = cpu-only ] && exit 0
tables=("bench/target/judged/$preset.csv")
[ -f "bench/target/judged/$preset-auto.csv" ] && tables+=("bench/target/judged/$preset-auto.csv")
python3 bench/judged-tables.py bench/corpus/manifest.tsv "${tables[@]}"
