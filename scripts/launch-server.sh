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
# shellcheck disable=SC2086 # MEDIAOPT_JAVA_OPTS holds several options
exec "$mo_java" --enable-native-access=ALL-UNNAMED "${mo_log_opts[@]}" $MEDIAOPT_JAVA_OPTS "$@"
