#!/usr/bin/env bash
# Fetches the quality corpus listed in bench/corpus/manifest.tsv (photographs and screenshots
# from Debian packages, by category, each pinned by package version and sha256) into a cache,
# and prints the cache directory. The packages are downloaded with `apt-get download` and
# unpacked with `dpkg-deb -x`; nothing is installed. Files already in the cache with the right
# sha256 are kept.
#   bench/corpus-fetch.sh            # -> ~/.cache/mediaopt/quality-corpus
#   bench/corpus-fetch.sh dark-darkesthour.jpg ...   # only these files (and their packages)
#   MEDIAOPT_CORPUS=/some/dir bench/corpus-fetch.sh
# With --bench it fetches instead the 25 pictures of bench/corpus/bench-set.tsv, under the names
# bench/corpus.sh and bench/av1.sh report them by, into bench/target/corpus (only those files):
#   bench/corpus-fetch.sh --bench    # -> bench/target/corpus
# With --video, the real video clips of bench/corpus/video-set.tsv (bench/av1-keyframes.sh):
#   bench/corpus-fetch.sh --video    # -> bench/target/video-corpus
set -euo pipefail
here="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)"
manifest="$here/corpus/manifest.tsv"
cache="${MEDIAOPT_CORPUS:-${XDG_CACHE_HOME:-$HOME/.cache}/mediaopt/quality-corpus}"
if [ "${1:-}" = --bench ]; then
    shift
    manifest="$here/corpus/bench-set.tsv"
    cache="$here/target/corpus"
elif [ "${1:-}" = --video ]; then
    shift
    manifest="$here/corpus/video-set.tsv"
    cache="$here/target/video-corpus"
fi
mkdir -p "$cache"

wanted() { [ "${#only[@]}" -eq 0 ] || [[ " ${only[*]} " == *" $1 "* ]]; }
only=("$@")

has_file() { [ -f "$cache/$1" ] && [ "$(sha256sum "$cache/$1" | cut -d' ' -f1)" = "$2" ]; }

missing=()
while IFS=$'\t' read -r file _ _ package version _ sha256 _; do
    wanted "$file" || continue
    has_file "$file" "$sha256" || missing+=("$package=$version")
done < <(tail -n +2 "$manifest")

if [ "${#missing[@]}" -gt 0 ]; then
    scratch="$(mktemp -d)"
    trap 'rm -rf "$scratch"' EXIT
    mapfile -t packages < <(printf '%s\n' "${missing[@]}" | sort -u)
    echo "Fetching ${packages[*]} (apt-get download)..." >&2
    (cd "$scratch" && apt-get download "${packages[@]}" >/dev/null)
    for deb in "$scratch"/*.deb; do
        name="$(basename "$deb")"
        mkdir -p "$scratch/x/${name%%_*}"
        dpkg-deb -x "$deb" "$scratch/x/${name%%_*}"
    done
    while IFS=$'\t' read -r file _ _ package _ path sha256 _; do
        wanted "$file" || continue
        has_file "$file" "$sha256" && continue
        cp "$scratch/x/$package/$path" "$cache/$file"
        if ! has_file "$file" "$sha256"; then
            echo "$file: sha256 differs from the manifest's ($package $path)" >&2
            exit 1
        fi
    done < <(tail -n +2 "$manifest")
fi
echo "$cache"
