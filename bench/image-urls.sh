#!/usr/bin/env bash
# Images by URL against their anchors, measured in one run on this machine, and printed as a
# Markdown table (docs/benchmarks.md, "Images by URL: serving and rendering"):
#   - hits per second on one stored variant (/img/..., wrk keep-alive, 32 connections) against
#     Debian's nginx serving the very same file from disk with the same headers, alternating
#     nginx, ours, nginx, ours... and taking each side's median;
#   - the server's RSS (peak VmRSS sampled, and VmHWM) while wrk holds 200 connections on hits;
#   - a miss's CPU seconds (the server process's utime+stime over distinct renders: widths of a
#     12 MP photo to WebP) against sharp rendering the same widths the same way in Node (the
#     same shrink on load, the same bytes: the bench counts the files that differ), alternating
#     ours, sharp, ours, sharp; and sharp on its default, faster shrink on load.
# The server and nginx share the same CPUs and wrk gets the others (taskset, with 2 or more
# processors), so that the load generator does not take the servers' CPU.
#   bench/image-urls.sh                  about 5 minutes
#   ROUNDS=5 DURATION=20s bench/image-urls.sh
# Environment: ROUNDS (hit rounds per side, 3), DURATION (wrk per round, 15s), WARMUP (the
# server's first wrk run, not counted, 30s), WIDTH (hit
# variant, 800), QUALITY (80), MISS_WIDTHS (first round's; the next ones add 50, 25, 75 to each),
# MISS_ROUNDS (rounds of misses, each ours then sharp's, 2, at most 4), MISS_WARMUP (misses not
# measured first, widths from 200 px, 40, at most 100), JIT_WARMUP (small misses before those, 0, at
# most 400: widths 20-99 px at qualities 76-80, each decoded at an eighth of the photo, that take
# the JVM's compiling of the miss path out of the misses measured; a running server compiled it
# long ago, and 40 renders leave part of it interpreted),
# SERVER_CPUS / WRK_CPUS (taskset lists; default the first half / the rest), JAR (the server jar
# to run, server/target/mediaopt-server.jar), SKIP_BUILD=1 (run JAR as it is), MISSES_ONLY=1
# (only the misses against sharp: no nginx, no wrk, about two minutes), HITS_ONLY=1 (only the hits
# and the memory against nginx: no sharp, no misses, about 3 minutes).
set -euo pipefail
cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.."

# shellcheck source=scripts/prerequisites.sh
source scripts/prerequisites.sh >&2
[ -n "${MISSES_ONLY:-}" ] || mo_need_command wrk wrk "the HTTP load of the image URL bench" >&2
[ -n "${MISSES_ONLY:-}" ] || PATH="$PATH:/usr/sbin" mo_need_command nginx nginx-light "the image URL bench's file-serving anchor" >&2
PATH="$PATH:/usr/sbin"
mo_need_command vips libvips-tools "the image URL bench's photo" >&2
[ -n "${HITS_ONLY:-}" ] || mo_need_command node nodejs "sharp, the image URL bench's rendering anchor" >&2
[ -n "${HITS_ONLY:-}" ] || mo_need_command npm npm "installing sharp into bench/sharp" >&2
mo_need_command curl curl "the image URL bench's requests" >&2
mo_need_command openssl openssl "signing image URLs" >&2

ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-15s}
WARMUP=${WARMUP:-30s}
WIDTH=${WIDTH:-800}
QUALITY=${QUALITY:-80}
EFFORT=4
JAR=${JAR:-server/target/mediaopt-server.jar}
MISS_WIDTHS=${MISS_WIDTHS:-"300 400 500 600 700 900 1000 1100 1200 1300"}
MISS_ROUNDS=${MISS_ROUNDS:-2}
MISS_WARMUP=${MISS_WARMUP:-40}
if [ "$MISS_WARMUP" -lt 1 ] || [ "$MISS_WARMUP" -gt 100 ]; then
    echo "MISS_WARMUP must be 1 to 100" >&2
    exit 2
fi
JIT_WARMUP=${JIT_WARMUP:-0}
if [ "$JIT_WARMUP" -lt 0 ] || [ "$JIT_WARMUP" -gt 400 ]; then
    echo "JIT_WARMUP must be 0 to 400" >&2
    exit 2
fi
cpus=$(nproc)
if [ "$cpus" -ge 2 ]; then
    half=$((cpus / 2))
    SERVER_CPUS=${SERVER_CPUS:-0-$((half - 1))}
    WRK_CPUS=${WRK_CPUS:-$half-$((cpus - 1))}
    server_pin=(taskset -c "$SERVER_CPUS")
    wrk_pin=(taskset -c "$WRK_CPUS")
    nginx_workers=$half
else
    server_pin=()
    wrk_pin=()
    nginx_workers=1
fi

if [ -z "${SKIP_BUILD:-}" ]; then
    echo "Building the server (./mvnw -B -q -DskipTests -pl server -am package)..." >&2
    ./mvnw -B -q -DskipTests -pl server -am package >&2
fi
if [ -z "${HITS_ONLY:-}" ] && [ ! -d bench/sharp/node_modules/sharp ]; then
    echo "Installing sharp into bench/sharp/node_modules (npm ci)..." >&2
    npm ci --prefix bench/sharp --no-audit --no-fund >&2
fi

work=$(pwd)/bench/target/image-urls-$(date -u +%Y%m%dT%H%M%S)
mkdir -p "$work/store/bench" "$work/nginx" "$work/sharp" "$work/sharp-fast" "$work/ours"
server_pid=
nginx_pid=
cleanup() {
    local rc=$?
    if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null; wait "$server_pid" 2>/dev/null || true; fi
    if [ -n "$nginx_pid" ]; then kill "$nginx_pid" 2>/dev/null; wait "$nginx_pid" 2>/dev/null || true; fi
    exit "$rc"
}
trap cleanup EXIT

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# A 12 MP photo-like JPEG (q90): smooth light, texture at several scales and grain.
photo=$work/store/bench/photo.jpg
echo "Making a 12 MP photo..." >&2
(
    cd "$work/nginx"
    vips perlin p1.v 4000 3000 --cell-size 600 --seed 1
    vips perlin p2.v 4000 3000 --cell-size 90 --seed 2
    vips perlin p3.v 4000 3000 --cell-size 12 --seed 3
    vips gaussnoise n.v 4000 3000 --sigma 12 --mean 0 --seed 4
    vips bandjoin "p1.v p2.v p3.v" rgb.v
    vips linear rgb.v lit.v "90 70 110" "120 128 110"
    vips bandjoin_const n.v n3.v "0 0"
    vips add lit.v n3.v noisy.v
    vips cast noisy.v photo.v uchar
    vips copy photo.v "${photo}[Q=90]" --interpretation srgb
    rm -f ./*.v
)

# The server, on its defaults but for images by URL (a local store, SQLite), pinned with nginx.
key=943b421c9eb07c830af81030552c86009268de4e532ba2ee2eab8247c6da0881
salt=520f986b998545b4785e0defbc4f3c1203f22de2374a3d53cb7a7fe9fea309c5
port=$(free_port)
echo "Starting the server on 127.0.0.1:$port (CPUs ${SERVER_CPUS:-all})..." >&2
PORT=$port SERVICE_HOST=127.0.0.1 SERVICE_OUTPUT_DIR="$work/store" \
    SERVICE_IMAGE_URL_KEYS="$key:$salt" SERVICE_IMAGE_URL_RATE=off \
    env -u SERVICE_API_KEYS "${server_pin[@]}" scripts/launch-server.sh -jar "$JAR" \
    >"$work/server.log" 2>&1 </dev/null &
server_pid=$!
for _ in $(seq 1 600); do
    curl -fs "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && break
    kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.log" >&2; exit 1; }
    sleep 0.1
done
# launch-server.sh execs java: the pid is the JVM's
jvm=$server_pid

# A signed URL of the photo, as the docs' openssl recipe signs it.
img_url() { # options
    local path sig
    path="/$1/$(printf 's3://bench/photo.jpg' | base64 | tr '+/' '-_' | tr -d '=\n')"
    sig=$( (printf '%s' "$salt" | xxd -r -p; printf '%s' "$path") \
        | openssl dgst -sha256 -mac HMAC -macopt "hexkey:$key" -binary | base64 | tr '+/' '-_' | tr -d '=')
    printf 'http://127.0.0.1:%s/img/%s%s' "$port" "$sig" "$path"
}

hit_url=$(img_url "w:$WIDTH/f:webp/q:$QUALITY")
headers=$(curl -fsS -D - -o "$work/variant.webp" "$hit_url")
headers=$(curl -fsS -D - -o /dev/null "$hit_url")
grep -qi '^x-service-cache: hit' <<<"$headers" || { echo "the second request was not a hit:" >&2; echo "$headers" >&2; exit 1; }
etag=$(grep -i '^etag:' <<<"$headers" | tr -d '\r' | cut -d' ' -f2-)
variant_file=$work/store/image-url/variants/$(tr -d '"' <<<"$etag")
cmp -s "$variant_file" "$work/variant.webp" || { echo "the stored variant is not $variant_file" >&2; exit 1; }
variant_bytes=$(stat -c%s "$variant_file")

# CPU clock ticks (user + system) of processes so far.
ticks=$(getconf CLK_TCK)
cpu_ticks() { # pids...
    local pid total=0
    for pid in "$@"; do total=$((total + $(awk '{print $14 + $15}' "/proc/$pid/stat"))); done
    echo "$total"
}

median() { tr ' ' '\n' | sort -g | awk '{v[NR]=$1} END {print (NR % 2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2)}'; }

if [ -z "${MISSES_ONLY:-}" ]; then
# nginx serving that file from disk, with the headers the server sends with it.
nginx_port=$(free_port)
nginx_user=
[ "$(id -u)" -eq 0 ] && nginx_user="user root;"
cat >"$work/nginx/nginx.conf" <<EOF
$nginx_user
worker_processes $nginx_workers;
daemon off;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path $work/nginx/tmp;
    proxy_temp_path $work/nginx/tmp;
    fastcgi_temp_path $work/nginx/tmp;
    uwsgi_temp_path $work/nginx/tmp;
    scgi_temp_path $work/nginx/tmp;
    sendfile on;
    tcp_nopush on;
    keepalive_requests 1000000;
    server {
        listen 127.0.0.1:$nginx_port;
        location = /variant {
            alias $variant_file;
            default_type image/webp;
            add_header Cache-Control "public, max-age=31536000";
            add_header Content-Disposition 'inline; filename="image.webp"';
            add_header X-Content-Type-Options nosniff;
            add_header x-service-format webp;
            add_header x-service-cache hit;
        }
    }
}
EOF
"${server_pin[@]}" nginx -c "$work/nginx/nginx.conf" -p "$work/nginx" >"$work/nginx/out.log" 2>&1 &
nginx_pid=$!
nginx_url="http://127.0.0.1:$nginx_port/variant"
for _ in $(seq 1 100); do curl -fs -o /dev/null "$nginx_url" && break; sleep 0.1; done
curl -fsS -o "$work/nginx/check.webp" "$nginx_url"
cmp -s "$work/nginx/check.webp" "$variant_file" || { echo "nginx does not serve the variant" >&2; exit 1; }

# nginx's master and its workers, one word each
nginx_pids() { echo "$nginx_pid" "$(pgrep -P "$nginx_pid" | tr '\n' ' ')"; }

# Requests per second of one wrk run and the server's CPU microseconds per request (its pids'
# user + system time over the run); fails on any answer other than 2xx/3xx or a socket error
# (an answer slower than wrk's 2 s included).
wrk_rate() { # connections url pids...
    local out before after
    before=$(cpu_ticks "${@:3}")
    out=$("${wrk_pin[@]}" wrk -t2 -c"$1" -d"$DURATION" "$2")
    after=$(cpu_ticks "${@:3}")
    if grep -q 'Non-2xx\|Socket errors' <<<"$out"; then echo "$out" >&2; exit 1; fi
    awk -v t=$((after - before)) -v hz="$ticks" '/requests in/ {n = $1} /^Requests\/sec:/ {r = $2}
        END {printf "%s %.0f\n", r, t / hz * 1e6 / n}' <<<"$out"
}

echo "Warming both servers up..." >&2
read -r -a nginx_procs <<<"$(nginx_pids)"
DURATION=5s wrk_rate 32 "$nginx_url" "${nginx_procs[@]}" >/dev/null
# the JVM compiles the hit path as it runs it: give it as many requests as the runs measured
DURATION=$WARMUP wrk_rate 32 "$hit_url" "$jvm" >/dev/null
ours=()
theirs=()
ours_cpu=()
theirs_cpu=()
for round in $(seq 1 "$ROUNDS"); do
    measured=$(wrk_rate 32 "$nginx_url" "${nginx_procs[@]}")
    read -r rate cpu <<<"$measured"
    theirs+=("$rate")
    theirs_cpu+=("$cpu")
    measured=$(wrk_rate 32 "$hit_url" "$jvm")
    read -r rate cpu <<<"$measured"
    ours+=("$rate")
    ours_cpu+=("$cpu")
    echo "round $round: nginx ${theirs[-1]}/s ${theirs_cpu[-1]} us CPU/hit, ours ${ours[-1]}/s ${ours_cpu[-1]} us CPU/hit" >&2
done
nginx_rate=$(echo "${theirs[*]}" | median)
our_rate=$(echo "${ours[*]}" | median)
nginx_hit_cpu=$(echo "${theirs_cpu[*]}" | median)
our_hit_cpu=$(echo "${ours_cpu[*]}" | median)

# Memory with 200 connections on hits: VmRSS sampled every 100 ms, and the peak the kernel kept.
kib() { awk -v f="$1:" '$1 == f {print $2}' "/proc/$jvm/status"; }
rss_before=$(kib VmRSS)
"${wrk_pin[@]}" wrk -t2 -c200 -d"$DURATION" "$hit_url" >"$work/wrk-200.txt" &
wrk_pid=$!
rss_peak=0
while kill -0 "$wrk_pid" 2>/dev/null; do
    r=$(kib VmRSS)
    [ "$r" -gt "$rss_peak" ] && rss_peak=$r
    sleep 0.1
done
wait "$wrk_pid"
grep -q 'Non-2xx' "$work/wrk-200.txt" && { cat "$work/wrk-200.txt" >&2; exit 1; }
rate_200=$(awk '/^Requests\/sec:/ {print $2}' "$work/wrk-200.txt")
# wrk gives up on an answer after 2 s: say how many it did not wait for
timeouts_200=$(awk '/Socket errors/ {gsub(",", ""); print $NF}' "$work/wrk-200.txt")
rss_hwm=$(kib VmHWM)

fi

ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a / b}'; }
miss_row=
if [ -z "${HITS_ONLY:-}" ]; then
# Misses: distinct widths, one render at a time, CPU of the server process against sharp's.
ours_misses() { # widths...
    local before after w
    before=$(cpu_ticks "$jvm")
    for w in "$@"; do
        curl -fsS -o "$work/ours/$w.webp" -D "$work/miss-$w.txt" "$(img_url "w:$w/f:webp/q:${MISS_QUALITY:-$QUALITY}")"
        grep -qi '^x-service-cache: miss' "$work/miss-$w.txt" || { echo "width $w was not a miss" >&2; exit 1; }
    done
    after=$(cpu_ticks "$jvm")
    awk -v t=$((after - before)) -v n=$# -v hz="$ticks" 'BEGIN {printf "%.4f", t / hz / n}'
}
sharp_misses() { # output_dir widths...
    "${server_pin[@]}" node bench/sharp/resize.mjs "$photo" "$1" "$QUALITY" "$EFFORT" "${@:2}" \
        | sed 's/.*"cpuSecondsPerImage":\([0-9.e-]*\).*/\1/'
}
echo "Rendering misses..." >&2
# renders first: the server's first loads libvips' operations, and the JVM compiles the miss path
# as it runs it (widths not measured)
for ((i = 0; i < JIT_WARMUP; i++)); do
    MISS_QUALITY=$((76 + i / 80)) ours_misses $((20 + i % 80)) >/dev/null
done
warm=()
for ((i = 0; i < MISS_WARMUP; i++)); do warm+=($((200 + i))); done
ours_misses "${warm[@]}" >/dev/null
read -r -a widths1 <<<"$MISS_WIDTHS"
offsets=(0 50 25 75)
rounds=()
for offset in "${offsets[@]:0:$MISS_ROUNDS}"; do
    round=()
    for w in "${widths1[@]}"; do round+=($((w + offset))); done
    rounds+=("${round[*]}")
done
ours_miss=()
sharp_cpu=()
sharp_fast=()
# each round's ratio: on a loaded machine the rounds' CPU drifts together, their ratios less
round_ratios=()
for widths in "${rounds[@]}"; do
    read -r -a ws <<<"$widths"
    ours_miss+=("$(ours_misses "${ws[@]}")")
    sharp_cpu+=("$(sharp_misses "$work/sharp" "${ws[@]}")")
    sharp_fast+=("$(FAST_SHRINK_ON_LOAD=1 sharp_misses "$work/sharp-fast" "${ws[@]}")")
    round_ratios+=("$(ratio "${ours_miss[-1]}" "${sharp_cpu[-1]}")")
    echo "misses at ${ws[*]}: ours ${ours_miss[-1]} s, sharp ${sharp_cpu[-1]} s, sharp's fast shrink ${sharp_fast[-1]} s CPU per image" >&2
done
# the same work gives the same files
read -r -a all_widths <<<"${rounds[*]}"
differ=0
fast_differ=0
for w in "${all_widths[@]}"; do
    cmp -s "$work/ours/$w.webp" "$work/sharp/sharp-$w.webp" || differ=$((differ + 1))
    cmp -s "$work/ours/$w.webp" "$work/sharp-fast/sharp-$w.webp" || fast_differ=$((fast_differ + 1))
done
mean() { tr ' ' '\n' | awk '{s += $1} END {printf "%.4f", s / NR}'; }
our_miss=$(echo "${ours_miss[*]}" | mean)
sharp_miss=$(echo "${sharp_cpu[*]}" | mean)
sharp_fast_miss=$(echo "${sharp_fast[*]}" | mean)

miss_row="| miss CPU s per image, WebP q$QUALITY effort $EFFORT, widths $MISS_WIDTHS and ${offsets[*]:1:$((MISS_ROUNDS - 1))} more (mean of $MISS_ROUNDS rounds of ${#widths1[@]}, after $JIT_WARMUP small misses and $MISS_WARMUP renders; files unlike ours: $differ; rounds' ratios ${round_ratios[*]}, median $(echo "${round_ratios[*]}" | median)) | $our_miss | sharp $sharp_miss | $(ratio "$our_miss" "$sharp_miss") |
| the same against sharp's default shrink on load (\`fastShrinkOnLoad\`; files unlike ours: $fast_differ) | $our_miss | sharp $sharp_fast_miss | $(ratio "$our_miss" "$sharp_fast_miss") |
"
fi
if [ -n "${MISSES_ONLY:-}" ]; then
    printf '\nMisses, %s, %s processors, server on CPUs %s, load %s\n\n| measure | ours | anchor | ratio |\n|---|---:|---:|---:|\n%s' \
        "$(date -u +%Y-%m-%d)" "$(nproc)" "${SERVER_CPUS:-all}" "$(cut -d" " -f1-3 /proc/loadavg)" "$miss_row"
    exit 0
fi
cat <<EOF

Images by URL, $(date -u +%Y-%m-%d), $(nproc) processors ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')),
servers on CPUs ${SERVER_CPUS:-all}, wrk on ${WRK_CPUS:-all}, load $(cut -d" " -f1-3 /proc/loadavg); variant: 12 MP JPEG to ${WIDTH} px WebP q$QUALITY, $variant_bytes bytes.

| measure | ours | anchor | ratio |
|---|---:|---:|---:|
| hits/s, wrk -c32 keep-alive, median of $ROUNDS × $DURATION (nginx: ${theirs[*]}; ours: ${ours[*]}) | $our_rate | nginx $nginx_rate | $(ratio "$our_rate" "$nginx_rate") |
| server CPU µs per hit in those runs (medians) | $our_hit_cpu | nginx $nginx_hit_cpu | $(ratio "$our_hit_cpu" "$nginx_hit_cpu") |
${miss_row}| server RSS with wrk -c200 on hits ($rate_200 hits/s, ${timeouts_200:-0} past wrk's 2 s): before, peak sampled, VmHWM (MiB) | $((rss_before / 1024)), $((rss_peak / 1024)), $((rss_hwm / 1024)) | | |
EOF
