#!/usr/bin/env bash
# Compares quality per file (SERVICE_IMAGE_QUALITY=auto) with the fixed quality, on 25 real
# photographs and screenshots taken from Debian packages (fetched once into bench/target/corpus
# by bench/corpus-fetch.sh --bench), through the service's own optimizer, for every preset.
# Prints Markdown tables and keeps them in bench/target/corpus-run/corpus-report.md.
#   bench/corpus.sh
# Sources and licences (each package's /usr/share/doc/<package>/copyright has the details):
#   mate-backgrounds   12 nature photographs + Elephants   GPL-2+ / CC-BY-SA (per file)
#   python3-skimage    6 photographs (scikit-image data)   CC0 and public domain (NASA, SpaceX)
#   gnome-user-docs    6 GNOME desktop screenshots         CC-BY-SA 3.0
set -euo pipefail
cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.."

# shellcheck source=scripts/prerequisites.sh
source scripts/prerequisites.sh

corpus="$(bench/corpus-fetch.sh --bench)"

# The server is started the way run.sh starts it.
# shellcheck source=scripts/server-memory.sh
source scripts/server-memory.sh
# shellcheck source=bench/java.sh
source bench/java.sh
bench_package
# shellcheck disable=SC2086
bench_exec_jars $MEDIAOPT_JAVA_OPTS io.mediaopt.bench.CorpusBench "$corpus" bench/target/corpus-run
