#!/usr/bin/env bash
# Fits quality per file's rule (image/PictureTraits, image/CheckedQuality) on the training files
# of the quality corpus (bench/corpus/manifest.tsv), kept apart from the evaluation files the
# judged sweeps report on, and prints the constants the code commits:
#   bench/quality-rule.sh            # ~3 min on 2 cores
# For each preset the training files are fitted as the preset fits them, their traits measured and
# their SSIMULACRA 2 taken at the preset's quality and 5 and 10 above (image/RuleTable), into
# bench/target/quality-rule/<preset>.csv; bench/quality-rule.py then picks the dark and flat shares
# from which a picture is checked and the score a quality step typically adds per format.
set -euo pipefail
cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.."

# shellcheck source=scripts/prerequisites.sh
source scripts/prerequisites.sh >/dev/null
corpus="$(bench/corpus-fetch.sh)"
mapfile -t files < <(awk -F'\t' -v c="$corpus" 'NR > 1 && $3 == "training" { print c "/" $1 }' \
    bench/corpus/manifest.tsv)
# shellcheck source=bench/java.sh
source bench/java.sh
bench_compile
mkdir -p bench/target/quality-rule
tables=()
for preset in web mobile low-bandwidth; do
    bench_sweep io.mediaopt.image.RuleTable "$preset" "bench/target/quality-rule/$preset.csv" "${files[@]}" 2>/dev/null
    tables+=("bench/target/quality-rule/$preset.csv")
done
python3 bench/quality-rule.py "${tables[@]}"
