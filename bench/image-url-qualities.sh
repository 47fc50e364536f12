#!/usr/bin/env bash
# The quality each format is saved at for images by URL (server/.../imageurl/FormatQualities):
# on the quality corpus's evaluation set (bench/corpus/manifest.tsv, fetched by
# bench/corpus-fetch.sh), each file shrunk to WIDTHS as /img renders it is encoded with the
# renderer's own savers as WebP at each preset's quality, AVIF over AVIF_QUALITIES and JPEG over
# JPEG_QUALITIES, and judged by SSIMULACRA 2 and by Debian's butteraugli
# (io.mediaopt.imageurl.FormatQualitySweep). bench/image-url-qualities.py then reads, per preset,
# the AVIF and JPEG qualities that match its WebP by each judge and AVIF's bytes at equal quality
# off the AVIF curve, as a ratio to WebP's. Rows go to bench/target/image-url-qualities-<widths>.csv
# (a stopped run picks up where it stopped; delete the file to measure again). Runs at nice 10,
# one file at a time (most of the CPU goes to butteraugli; 1280 px costs about four times 640).
#   WIDTHS=640 bench/image-url-qualities.sh [evaluation|training|all]
set -euo pipefail
cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.."
set_name="${1:-evaluation}"
WIDTHS="${WIDTHS:-640}"
WEBP_QUALITIES="${WEBP_QUALITIES-50,75,80}"
AVIF_QUALITIES="${AVIF_QUALITIES:-30,40,50,55,60,65,70}"
JPEG_QUALITIES="${JPEG_QUALITIES-50,65,76,82,88,92}"
# AVIF_EFFORT (libvips heifsave effort, the renderer's 4 by default), AVIF_CHROMA=kept (4:4:4) or auto
# (4:4:4 where halved colour would fringe, as quality per file keeps JPEG's colour) and
# AVIF_BITDEPTH=10 or AVIF_TUNE (libaom's tuning: iq, ssim, psnr; auto, libheif's choice, is the
# renderer's) compare other AVIF settings (rows to a CSV of their own, or to CSV); FILES (names of the
# manifest, space-separated) runs only those.
# AVIFENC="-s 5 -y 420 -a enable-qm=1" encodes AVIF with Debian's avifenc (apt-get install libavif-bin)
# and those options instead, timing the renderer's AVIF beside it (rows "heifsave"); an empty
# WEBP_QUALITIES or JPEG_QUALITIES skips that format (its rows from another CSV, given to the .py).
AVIFENC="${AVIFENC:-}"
AVIF_EFFORT="${AVIF_EFFORT:-}"
AVIF_CHROMA="${AVIF_CHROMA:-halved}"
AVIF_BITDEPTH="${AVIF_BITDEPTH:-}"
AVIF_TUNE="${AVIF_TUNE:-}"

# shellcheck source=scripts/prerequisites.sh
source scripts/prerequisites.sh >/dev/null
command -v butteraugli >/dev/null || { echo "butteraugli is missing: apt-get install butteraugli" >&2; exit 1; }
[[ -z "$AVIFENC" ]] || command -v avifenc >/dev/null || { echo "avifenc is missing: apt-get install libavif-bin" >&2; exit 1; }
corpus="$(bench/corpus-fetch.sh)"
mapfile -t files < <(awk -F'\t' -v s="$set_name" -v c="$corpus" \
    'NR > 1 && (s == "all" || $3 == s) { print c "/" $1 }' bench/corpus/manifest.tsv)
if [[ -n "${FILES:-}" ]]; then
    mapfile -t files < <(for f in $FILES; do printf '%s/%s\n' "$corpus" "$f"; done)
fi

# shellcheck source=bench/java.sh
source bench/java.sh
bench_compile
mkdir -p bench/target
suffix="${AVIF_EFFORT:+-effort$AVIF_EFFORT}"
[[ "$AVIF_CHROMA" == halved ]] || suffix+="-$AVIF_CHROMA"
suffix+="${AVIF_BITDEPTH:+-bitdepth$AVIF_BITDEPTH}"
suffix+="${AVIF_TUNE:+-tune$AVIF_TUNE}"
[[ -z "$AVIFENC" ]] || suffix+="-avifenc$(tr -d ' =' <<<"$AVIFENC")"
csv="${CSV:-bench/target/image-url-qualities-$WIDTHS$suffix.csv}"
bench_sweep io.mediaopt.imageurl.FormatQualitySweep "$csv" "$WIDTHS" ${WEBP_QUALITIES:+"webp=$WEBP_QUALITIES"} \
    "avif=$AVIF_QUALITIES" ${JPEG_QUALITIES:+"jpeg=$JPEG_QUALITIES"} ${AVIFENC:+"avifenc=$AVIFENC"} \
    ${AVIF_EFFORT:+"avif-effort=$AVIF_EFFORT"} "avif-chroma=$AVIF_CHROMA" \
    ${AVIF_BITDEPTH:+"avif-bitdepth=$AVIF_BITDEPTH"} ${AVIF_TUNE:+"avif-tune=$AVIF_TUNE"} "${files[@]}"
python3 bench/image-url-qualities.py "$csv"
