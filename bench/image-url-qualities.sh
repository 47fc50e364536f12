#!/usr/bin/env bash
# Which AVIF and JPEG qualities land at the butteraugli distance of WebP at quality $W (80, the
# web preset's), for images by URL (server/.../imageurl/FormatQualities): each photo given as an
# argument is shrunk to 640 px wide, encoded as libvips' savers do it (effort 4, no metadata),
# decoded back, and judged by Debian's butteraugli (apt-get install butteraugli libvips-tools)
# as 3-band 8-bit sRGB. Prints one line per format and quality: distance and bytes.
#   W=80 bench/image-url-qualities.sh photo.png other.jpg ...
set -euo pipefail
W=${W:-80}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
norm() { # in out: 3-band 8-bit sRGB, transparency laid on black
  vips colourspace "$1" n.v srgb 2>/dev/null
  if [ "$(vipsheader -f bands n.v)" -gt 3 ]; then
    vips flatten n.v n2.v 2>/dev/null; vips cast n2.v n3.v uchar; vips extract_band n3.v "$2" 0 --n 3
  else
    vips cast n.v "$2" uchar
  fi
  rm -f n.v n2.v n3.v
}
for src in "$@"; do
  n=$(basename "${src%.*}")
  vips thumbnail "$src" t.v 640 2>/dev/null; norm t.v ref.png; rm -f t.v
  vips webpsave ref.png w.webp --Q "$W" --strip; norm w.webp w.png
  echo "$n webp q$W dist=$(butteraugli ref.png w.png) bytes=$(stat -c%s w.webp)"
  for q in 45 50 55 60 65 70; do
    vips heifsave ref.png a.avif --Q "$q" --compression av1 --effort 4 --strip 2>/dev/null; norm a.avif a.png
    echo "$n avif q$q dist=$(butteraugli ref.png a.png) bytes=$(stat -c%s a.avif)"
  done
  for q in 80 84 86 88 90 92 94; do
    vips jpegsave ref.png j.jpg --Q "$q" --optimize-coding --interlace --strip; norm j.jpg j.png
    echo "$n jpeg q$q dist=$(butteraugli ref.png j.png) bytes=$(stat -c%s j.jpg)"
  done
done
