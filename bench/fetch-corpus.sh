# shellcheck shell=bash
# Fetches the corpus of real photographs and screenshots from Debian packages into
# bench/target/corpus once (sourced by corpus.sh and av1.sh; sets $corpus). Sources and licences
# are listed in corpus.sh.
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
