#!/usr/bin/env bash
# Builds the Dockerfile with podman and checks the image without a container runtime: its
# settings (non-root user, /data volume, health check, stop signal), then its file system
# started with chroot: the entrypoint (tini → launch-server.sh → java) as the image's user, the health check
# command, a real image and video optimization, /metrics, JSON log lines, files in /data owned
# by that user, and a graceful stop on SIGTERM. Prints the image size.
#
#   scripts/container-check.sh     (as root; what it needs and lacks, apt-get installs: podman,
#                                   debootstrap, python3, curl, ffmpeg, procps)
#
# Where no registry is reachable, the two base images the Dockerfile names are assembled here
# and tagged with those names, unless they already exist: debian:bookworm-slim is a Debian 12
# minbase made by debootstrap and slimmed as the real one is (no documentation, manuals or
# translations), and eclipse-temurin:25-jdk is the same plus this machine's JDK 25
# at /opt/java/openjdk (with this machine's CA certificates, so Maven can reach its repository
# through a TLS-inspecting proxy). MEDIAOPT_PULL_BASES=1 pulls the real ones instead.
# Not verified here: running under a container runtime (namespaces, cgroup limits, the VOLUME
# mount, Docker running HEALTHCHECK on its own), and the real eclipse-temurin base (Ubuntu).
set -euo pipefail
cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.."

image=${MEDIAOPT_IMAGE:-localhost/mediaopt:check}
base_cache=${MEDIAOPT_BASE_CACHE:-/var/tmp/mediaopt-debian-minbase}
jdk=${JDK25_HOME:-}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
server_pid=

say() { printf '== %s\n' "$*"; }
fail() { printf 'FAILED: %s\n' "$*" >&2; exit 1; }

[[ $EUID -eq 0 ]] || fail "needs root (podman build, chroot, mounts)"

work=$(mktemp -d /var/tmp/mediaopt-container-check.XXXX)
root=$work/root
cleanup() {
  if [[ -n $server_pid ]]; then kill -KILL "$server_pid" 2>/dev/null || true; fi
  for m in "$root/dev" "$root/proc"; do umount -l "$m" 2>/dev/null || true; done
  rm -rf --one-file-system "$work"
}
trap cleanup EXIT

# What this script runs on this machine. A missing command is installed from its Debian/Ubuntu
# package (after one `apt-get update`); where that is not possible, the script stops and names
# the package.
apt_updated=
need() {  # need COMMAND PACKAGE WHAT_FOR
  local cmd=$1 pkg=$2 why=$3
  if ! command -v "$cmd" >/dev/null && command -v apt-get >/dev/null; then
    say "installing $pkg (for $why)"
    if [[ -z $apt_updated ]]; then
      DEBIAN_FRONTEND=noninteractive apt-get update -q >"$work/apt.log" 2>&1 || tail -n 5 "$work/apt.log" >&2
      apt_updated=1
    fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "$pkg" >"$work/apt.log" 2>&1 \
      || tail -n 20 "$work/apt.log" >&2
  fi
  command -v "$cmd" >/dev/null || fail "missing: $cmd, for $why (package $pkg: apt-get install $pkg)"
}
need podman podman "building the image"
need python3 python3 "reading the image's settings"
need curl curl "the HTTP checks"
need ffmpeg ffmpeg "making the test photo and clip"
need pgrep procps "finding the JVM's process"

# --- base images ----------------------------------------------------------------------------
stand_in() {  # stand_in NAME ROOT_DIR [--change ...]
  local name=$1 dir=$2; shift 2
  tar --numeric-owner -C "$dir" -c . | podman import --quiet "$@" \
    --change "LABEL io.mediaopt.stand-in=assembled locally by scripts/container-check.sh" - "$name" >/dev/null
}
if [[ ${MEDIAOPT_PULL_BASES:-0} == 1 ]]; then
  podman pull docker.io/library/debian:bookworm-slim docker.io/library/eclipse-temurin:25-jdk
else
  if ! podman image exists docker.io/library/debian:bookworm-slim || ! podman image exists docker.io/library/eclipse-temurin:25-jdk; then
    # This machine's JDK 25: JDK25_HOME, or the first JDK 25 under /usr/lib/jvm or /opt.
    if [[ -z $jdk ]]; then
      for java in /usr/lib/jvm/*/bin/java /opt/*/bin/java; do
        [[ -x $java ]] && "$java" -version 2>&1 | grep -q 'version "25' && { jdk=$(dirname "$(dirname "$java")"); break; }
      done
    fi
    [[ -n $jdk && -x $jdk/bin/javac ]] \
      || fail "no JDK 25 to stand in for eclipse-temurin:25-jdk: set JDK25_HOME, or MEDIAOPT_PULL_BASES=1"
    if [[ ! -x $base_cache/bin/bash ]]; then
      need debootstrap debootstrap "assembling the Debian 12 base"
      say "debootstrap Debian 12 minbase into $base_cache"
      rm -rf "$base_cache.tmp"
      debootstrap --variant=minbase bookworm "$base_cache.tmp" "$mirror" >/dev/null
      # slim as debian:bookworm-slim is: dpkg leaves out documentation, manuals and
      # translations (copyright files stay), here and in every package installed later
      printf '%s\n' 'path-exclude /usr/share/doc/*' 'path-include /usr/share/doc/*/copyright' \
        'path-exclude /usr/share/groff/*' 'path-exclude /usr/share/info/*' 'path-exclude /usr/share/linda/*' \
        'path-exclude /usr/share/lintian/overrides/*' 'path-exclude /usr/share/locale/*' \
        'path-exclude /usr/share/man/*' >"$base_cache.tmp/etc/dpkg/dpkg.cfg.d/docker"
      find "$base_cache.tmp/usr/share/doc" -mindepth 1 ! -type d ! -name copyright -delete
      find "$base_cache.tmp/usr/share/doc" -mindepth 1 -type d -empty -delete
      rm -rf "$base_cache.tmp"/usr/share/{groff,info,linda,locale,man}/* "$base_cache.tmp"/usr/share/lintian/overrides/*
      # the package sources of debian:bookworm-slim: the release, its updates and security fixes
      rm -f "$base_cache.tmp/etc/apt/sources.list"
      cat >"$base_cache.tmp/etc/apt/sources.list.d/debian.sources" <<SOURCES
Types: deb
URIs: $mirror
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: ${mirror%/debian}/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES
      rm -rf "$base_cache.tmp"/var/cache/apt/archives/*.deb "$base_cache.tmp"/var/lib/apt/lists/*
      mv "$base_cache.tmp" "$base_cache"
    fi
    say "stand-in debian:bookworm-slim (Debian 12 minbase)"
    stand_in docker.io/library/debian:bookworm-slim "$base_cache"
    say "stand-in eclipse-temurin:25-jdk (Debian 12 minbase + $jdk)"
    cp -a "$base_cache" "$work/jdk-base"
    mkdir -p "$work/jdk-base/opt/java"
    cp -rL "$jdk" "$work/jdk-base/opt/java/openjdk"
    # this machine's trust stores, so Maven and the libvips stage's curl reach their registries
    # through a TLS-inspecting proxy (ca-certificates, once installed, adds what is in this folder)
    if [[ -f /etc/ssl/certs/java/cacerts ]]; then
      cp --remove-destination /etc/ssl/certs/java/cacerts "$work/jdk-base/opt/java/openjdk/lib/security/cacerts"
    fi
    if [[ -f /etc/ssl/certs/ca-certificates.crt ]]; then
      mkdir -p "$work/jdk-base/usr/local/share/ca-certificates"
      cp /etc/ssl/certs/ca-certificates.crt "$work/jdk-base/usr/local/share/ca-certificates/this-machine.crt"
    fi
    stand_in docker.io/library/eclipse-temurin:25-jdk "$work/jdk-base" \
      --change "ENV JAVA_HOME=/opt/java/openjdk" \
      --change "ENV PATH=/opt/java/openjdk/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
      --change "ENV LANG=C.UTF-8"
    rm -rf "$work/jdk-base"
  fi
fi

# --- build ----------------------------------------------------------------------------------
# chroot isolation: this machine cannot create the namespaces a container needs. Host network:
# the build's RUN steps reach Maven Central and the Debian mirror through the host's network.
say "podman build $image"
podman build --isolation=chroot --network=host --pull=never --format=docker -t "$image" .
size=$(podman image inspect --format '{{.Size}}' "$image")
say "image size: $((size / 1000000)) MB ($size bytes)"

# --- settings -------------------------------------------------------------------------------
inspect() { podman image inspect --format "$1" "$image"; }
user=$(inspect '{{.Config.User}}')
uid=${user%%:*}; gid=${user##*:}
[[ $uid =~ ^[0-9]+$ && $uid != 0 ]] || fail "the image must run as a numeric non-root user, not '$user'"
[[ $(inspect '{{json .Config.Volumes}}') == *'"/data"'* ]] || fail "/data is not a volume"
mapfile -t env < <(inspect '{{range .Config.Env}}{{println .}}{{end}}' | sed '/^$/d')
printf '%s\n' "${env[@]}" | grep -qx 'SERVICE_OUTPUT_DIR=/data' || fail "SERVICE_OUTPUT_DIR is not /data"
health=$(inspect '{{json .Config.Healthcheck.Test}}')
[[ $health == *'/api/health'* ]] || fail "no HEALTHCHECK on /api/health: $health"
[[ $(inspect '{{.Config.StopSignal}}') == SIGTERM ]] || fail "the stop signal is not SIGTERM"
json_list() { python3 -c 'import json, sys; sys.stdout.write("".join(a + "\0" for a in json.load(sys.stdin)))'; }
mapfile -d '' -t entrypoint < <(inspect '{{json .Config.Entrypoint}}' | json_list)
mapfile -d '' -t health_test < <(inspect '{{json .Config.Healthcheck.Test}}' | json_list)
[[ ${health_test[0]} == CMD-SHELL ]] || fail "expected a shell-form HEALTHCHECK: $health"
health_cmd=${health_test[1]}
say "user $user, volume /data, health check $health, entrypoint ${entrypoint[0]}"

# --- the image's file system, started with chroot ---------------------------------------------
container=$(podman create --no-healthcheck "$image")
mkdir -p "$root"
podman export "$container" | tar -x -C "$root"
podman rm "$container" >/dev/null
mount -t proc proc "$root/proc"
mount --rbind /dev "$root/dev"
[[ $(stat -c %u "$root/data") == "$uid" ]] || fail "/data is not owned by the image's user"

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
run_env=("${env[@]}" "PORT=$port" "SERVICE_HOST=127.0.0.1" "SERVICE_LOG_FORMAT=json" "HOME=/data")
in_image() { chroot --userspec="$uid:$gid" "$root" /usr/bin/env -i "${run_env[@]}" "$@"; }

say "start the entrypoint as $uid:$gid on port $port"
(cd "$root" && exec chroot --userspec="$uid:$gid" "$root" /usr/bin/env -i "${run_env[@]}" "${entrypoint[@]}") \
  >"$work/server.out" 2>"$work/server.err" &
server_pid=$!

for _ in $(seq 1 120); do
  in_image /bin/sh -c "$health_cmd" 2>/dev/null && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.out" "$work/server.err"; fail "the server exited"; }
  sleep 1
done
in_image /bin/sh -c "$health_cmd" || fail "the health check command does not pass"
say "health check command passes: $(curl -fsS "http://127.0.0.1:$port/api/health")"

# the subshell exec'd chroot, env and tini: $server_pid is tini, and the launch script it started exec'd java
[[ $(cat "/proc/$server_pid/comm") == tini ]] || fail "tini is not the top process"
java_pid=$(pgrep -P "$server_pid" -x java) || fail "the JVM is not tini's child"
[[ $(stat -c %u "/proc/$java_pid") == "$uid" ]] || fail "the JVM does not run as $uid"
say "the JVM (pid $java_pid) runs as uid $uid, a child of tini"
libvips_line=$(grep -o '"message":"libvips [^"]*' "$work/server.out" | head -1)
[[ $libvips_line == *'libvips 8.18'*' from /opt/libvips/'* ]] || fail "images do not go through the prebuilt libvips: $libvips_line"
say "${libvips_line#\"message\":\"}"

ffmpeg -v error -y -f lavfi -i testsrc2=s=1280x720 -frames:v 1 -q:v 2 "$work/photo.jpg"
ffmpeg -v error -y -f lavfi -i testsrc2=s=640x360:r=25:d=1 -c:v libx264 -preset ultrafast -crf 10 "$work/clip.mp4"
for file in photo.jpg clip.mp4; do
  headers=$(curl -fsS -D - -o "$work/out" -F "media=@$work/$file" "http://127.0.0.1:$port/api/media/optimize") \
    || fail "optimizing $file failed"
  strategy=$(grep -i '^x-service-strategy:' <<<"$headers" | tr -d '\r' | cut -d' ' -f2)
  say "optimized $file: $(stat -c %s "$work/$file") → $(stat -c %s "$work/out") bytes, $strategy"
done
metrics=$(curl -fsS "http://127.0.0.1:$port/metrics")
grep -q '^mediaopt_optimizations_total{.*outcome="ok".*} 1' <<<"$metrics" || fail "/metrics does not count the optimizations"
say "/metrics: $(grep -c '^mediaopt_' <<<"$metrics") mediaopt samples"
owners=$(find "$root/data" -mindepth 1 -printf '%U\n' | sort -u | tr '\n' ' ')
[[ $owners == "$uid " ]] || fail "files in /data owned by: $owners"
say "/data holds $(find "$root/data" -type f | wc -l) files, all owned by $uid"

# the loop that wraps the JVM's standard error in JSON, which writes its last lines after the JVM exits
mapfile -t wrappers < <(pgrep -P "$java_pid")
say "SIGTERM to tini"
kill -TERM "$server_pid"
for _ in $(seq 1 60); do kill -0 "$server_pid" 2>/dev/null || break; sleep 1; done
kill -0 "$server_pid" 2>/dev/null && fail "still running 60 s after SIGTERM"
wait "$server_pid" && status=0 || status=$?
server_pid=
for pid in "${wrappers[@]}"; do
  for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
done
grep -q '"message":"mediaopt stopped"' "$work/server.out" || { tail -5 "$work/server.out"; fail "the JVM did not stop gracefully"; }
say "stopped gracefully (exit status $status): the JVM ran its shutdown hook"
python3 -c '
import json, sys
for name, path in (("stdout", sys.argv[1]), ("stderr", sys.argv[2])):
    lines = open(path).read().splitlines()
    for l in lines:
        if not isinstance(json.loads(l), dict): raise SystemExit("not a JSON object on %s: %s" % (name, l))
    print("== %d log lines on %s, every one a JSON object" % (len(lines), name))' "$work/server.out" "$work/server.err"
say "OK"
