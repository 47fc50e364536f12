#!/usr/bin/env bash
# Fits the per-file quality predictor (server/src/main/resources/io/mediaopt/image/quality-model.properties)
# on the quality corpus's training files only (bench/corpus/manifest.tsv, set "training"):
#   bench/quality-model.sh [STEP]
# For every training file and standard preset, the picture as the preset fits it is scored in
# SSIMULACRA 2 at every STEP-th quality (default 5) of the preset's first format
# (image/QualityTraining, to bench/target/quality-training.csv); bench/quality-model.py then
# fits a ridge regression of the quality that meets a target on the picture's features and the
# target, per format, and writes the coefficients. Runs at nice 10; ~5 minutes on 2 cores.
set -euo pipefail
cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.."
step="${1:-5}"
# shellcheck source=scripts/prerequisites.sh
source scripts/prerequisites.sh >/dev/null
corpus="$(bench/corpus-fetch.sh)"
mapfile -t files < <(awk -F'\t' -v c="$corpus" 'NR > 1 && $3 == "training" { print c "/" $1 }' bench/corpus/manifest.tsv)
./mvnw -o -q -B -pl server -am test-compile
./mvnw -o -q -B -pl server dependency:build-classpath -Dmdep.outputFile="$PWD/server/target/classpath.txt" >/dev/null
mkdir -p bench/target
csv=bench/target/quality-training.csv
if [ ! -s "$csv" ] || [ "${REMEASURE:-}" = 1 ]; then
    nice -n 10 "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED --add-modules jdk.incubator.vector \
        -XX:+UseSerialGC -Xmx512m \
        -cp "server/target/classes:server/target/test-classes:$(cat server/target/classpath.txt)" \
        io.mediaopt.image.QualityTraining "$step" "$csv" "${files[@]}"
fi
python3 bench/quality-model.py "$csv" server/src/main/resources/io/mediaopt/image/quality-model.properties
