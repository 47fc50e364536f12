#!/usr/bin/env bash
# Output size, strategy and wall time of one synchronous optimization per preset, for a
# 12-megapixel photo-like JPEG and a 10-second 1080p H.264/AAC clip, against a running service.
#   bench/presets.sh [base URL, default http://127.0.0.1:8080/api]
# Media are generated with ffmpeg into a temporary directory.
set -euo pipefail
base=${1:-http://127.0.0.1:8080/api}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

ff() { ffmpeg -nostdin -y -hide_banner -loglevel error "$@"; }
ff -f lavfi -i "testsrc2=s=4000x3000" -vf "noise=alls=12:allf=u,gblur=sigma=1" -frames:v 1 -q:v 2 "$work/photo-12mp.jpg"
ff -f lavfi -i "testsrc2=s=1920x1080:r=30:d=10" -f lavfi -i "sine=f=440:d=10:sample_rate=48000" \
   -c:v libx264 -preset veryfast -crf 18 -c:a aac -b:a 192k "$work/clip-1080p.mp4"

printf '%-16s %-14s %12s %12s %8s %-16s %8s\n' input preset input_bytes output_bytes saved% strategy seconds
for input in "$work/photo-12mp.jpg" "$work/clip-1080p.mp4"; do
    for preset in web mobile low-bandwidth; do
        headers="$work/headers"
        seconds=$(curl -sS -o "$work/out" -D "$headers" -w '%{time_total}' -H "x-api-key: ${SERVICE_API_KEY:-}" \
            -F "media=@$input" -F "preset=$preset" "$base/media/optimize")
        h() { grep -i "^$1:" "$headers" | tr -d '\r' | cut -d' ' -f2; }
        printf '%-16s %-14s %12s %12s %8s %-16s %8s\n' "$(basename "$input")" "$preset" \
            "$(h x-service-input-bytes)" "$(h x-service-output-bytes)" "$(h x-service-saved-percent)" \
            "$(h x-service-strategy)" "$seconds"
    done
done
