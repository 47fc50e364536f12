#!/usr/bin/env bash
# Compares the per-file quality search with the fixed quality it replaced, on 25 real
# photographs and screenshots taken from Debian packages (fetched once into
# bench/target/corpus), through the service's own optimizer, for every preset. Prints Markdown
# tables and keeps them in bench/target/corpus-run/corpus-report.md.
#   bench/corpus.sh
# Sources and licences (each package's /usr/share/doc/<package>/copyright has the details):
#   mate-backgrounds   12 nature photographs + Elephants   GPL-2+ / CC-BY-SA (per file)
#   python3-skimage    6 photographs (scikit-image data)   CC0 and public domain (NASA, SpaceX)
#   gnome-user-docs    6 GNOME desktop screenshots         CC-BY-SA 3.0
set -euo pipefail
cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.."

# shellcheck source=scripts/prerequisites.sh
source scripts/prerequisites.sh

corpus=bench/target/corpus
if [ ! -f "$corpus/.complete" ]; then
    scratch="$(mktemp -d)"
    trap 'rm -rf "$scratch"' EXIT
    echo "Fetching the corpus (apt-get download mate-backgrounds python3-skimage gnome-user-docs)..."
    (cd "$scratch" && apt-get download mate-backgrounds python3-skimage gnome-user-docs >/dev/null)
    for deb in "$scratch"/*.deb; do dpkg-deb -x "$deb" "$scratch/x"; done
    mkdir -p "$corpus"
    x="$scratch/x/usr/share"
    for f in Aqua Blinds Dune FreshFlower Garden GreenMeadow LadyBird RainDrops Storm TwoWings Wood YellowFlower; do
        cp "$x/backgrounds/mate/nature/$f.jpg" "$corpus/photo-mate-$f.jpg"
    done
    cp "$x/backgrounds/mate/abstract/Elephants.jpg" "$corpus/photo-mate-Elephants.jpg"
    skimage="$scratch/x/usr/lib/python3/dist-packages/skimage/data"
    for f in astronaut.png coffee.png chelsea.png rocket.jpg motorcycle_left.png hubble_deep_field.jpg; do
        cp "$skimage/$f" "$corpus/photo-skimage-$f"
    done
    for f in screenshot-tool shell-appts shell-workspaces shell-exit-expanded color-camera shell-appmenu-shell; do
        cp "$x/help/C/gnome-help/figures/$f.png" "$corpus/screenshot-gnome-$f.png"
    done
    touch "$corpus/.complete"
fi

# The server is started the way run.sh starts it.
# shellcheck source=scripts/server-memory.sh
source scripts/server-memory.sh
echo "Building server and bench (./mvnw -B -q -DskipTests package)..."
./mvnw -B -q -DskipTests package
# shellcheck disable=SC2086
exec "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED $MEDIAOPT_JAVA_OPTS \
    -cp server/target/mediaopt-server.jar:bench/target/mediaopt-bench.jar \
    io.mediaopt.bench.CorpusBench "$corpus" bench/target/corpus-run
