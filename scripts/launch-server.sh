#!/usr/bin/env bash
# Starts the server's JVM as run.sh and the container image do: native access for libvips, the
# memory settings of server-memory.sh (MEDIAOPT_JAVA_OPTS), then the arguments, e.g.
#   scripts/launch-server.sh -jar server/target/mediaopt-server.jar
# The shell replaces itself with the JVM, so a SIGTERM sent to this process reaches the JVM.
#
# With SERVICE_LOG_FORMAT=json every line the process writes is a JSON object. The service's own
# lines, and what libraries print to System.out and System.err, go through logback (LogOutput).
# What comes before logback or past it, the JVM's own messages (its `WARNING: Using incubator
# modules` at boot with quality per file, its warnings, a thread dump or a crash report) and
# what native code prints, goes to standard error: the JVM's unified log and its other output are
# sent there, and each line of standard error is written as a JSON line of the logger "stderr"
# (json-lines.sh) by a bash loop that lives as long as the JVM.
set -euo pipefail
mo_here=$(dirname -- "${BASH_SOURCE[0]}")

# shellcheck source=scripts/server-memory.sh
source "$mo_here/server-memory.sh"
# shellcheck source=scripts/json-lines.sh
source "$mo_here/json-lines.sh"

mo_java=java
[ -n "${JAVA_HOME:-}" ] && mo_java=$JAVA_HOME/bin/java
mo_log_opts=()
if mo_log_format_json; then
    mo_log_opts=(-Xlog:disable -Xlog:all=warning:stderr -XX:+DisplayVMOutputToStderr)
    exec 2> >(mo_json_lines WARN stderr >&2)
fi
# The JVM's AOT cache (JDK 25, JEP 483/514/515): the classes the service loads, linked, and the
# method profiles of a run, so that the next start compiles the request paths sooner and spends
# less CPU on compiling them. With `-jar FILE` in a writable directory it is FILE's name with
# .aot, one per JVM and JVM options (its name carries a digest of them); MEDIAOPT_AOT_CACHE names
# another file, or, empty, turns it off. While there is none, the run trains one: the JVM writes
# it when it stops (SIGTERM), in seconds. A jar newer than its cache trains a new one.
mo_aot_opts=()
mo_aot_default=
if [ "${1:-}" = -jar ] && [ -n "${2:-}" ] && [ -w "$(dirname -- "$2")" ]; then
    mo_aot_default=${2%.jar}.aot
fi
mo_aot=${MEDIAOPT_AOT_CACHE-$mo_aot_default}
if [ -n "$mo_aot" ]; then
    mo_java_file=$(readlink -f -- "$(command -v "$mo_java")")
    mo_aot_digest=$(printf '%s\n' "$mo_java_file" "$(stat -c %Y -- "$mo_java_file")" "${mo_log_opts[*]}" \
        "${MEDIAOPT_JAVA_OPTS:-}" "${2:-}" | cksum | cut -d' ' -f1)
    mo_aot=${mo_aot%.aot}-$mo_aot_digest.aot
    if [ "${1:-}" = -jar ] && [ -f "$mo_aot" ] && [ "$2" -nt "$mo_aot" ]; then rm -f -- "$mo_aot"; fi
    if [ -f "$mo_aot" ]; then
        mo_aot_opts=("-XX:AOTCache=$mo_aot")
    elif [ -w "$(dirname -- "$mo_aot")" ]; then
        mo_aot_opts=("-XX:AOTCacheOutput=$mo_aot")
    fi
fi
# shellcheck disable=SC2086 # MEDIAOPT_JAVA_OPTS holds several options
exec "$mo_java" --enable-native-access=ALL-UNNAMED "${mo_log_opts[@]}" "${mo_aot_opts[@]}" $MEDIAOPT_JAVA_OPTS "$@"
