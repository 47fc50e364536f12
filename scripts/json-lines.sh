#!/usr/bin/env bash
# JSON log lines for what is printed outside logback, sourced by launch-server.sh and run.sh.

# Whether SERVICE_LOG_FORMAT asks for JSON lines (as Config reads it: any case, blanks around).
mo_log_format_json() {
    [[ ${SERVICE_LOG_FORMAT:-} =~ ^[[:space:]]*[Jj][Ss][Oo][Nn][[:space:]]*$ ]]
}

# Writes each line of its input that is not blank as a JSON log line of the given level and
# logger, e.g. `mo_json_lines WARN stderr`:
#   {"time":"2026-01-02T03:04:05.678+00:00","level":"WARN","logger":"stderr","message":"…"}
# The signals that stop the JVM leave it be, so that it passes on what the JVM writes while it
# stops; it ends when its input does, with the JVM.
mo_json_lines() {
    trap '' INT TERM HUP
    local level=$1 logger=$2 line now zone control code
    while IFS= read -r line || [ -n "$line" ]; do
        line=${line%$'\r'}
        [[ $line =~ ^[[:space:]]*$ ]] && continue
        line=${line//\\/\\\\}
        line=${line//\"/\\\"}
        line=${line//$'\t'/\\t}
        while [[ $line =~ [[:cntrl:]] ]]; do
            control=${BASH_REMATCH[0]}
            printf -v code '\\u%04x' "'$control"
            line=${line//"$control"/$code}
        done
        now=${EPOCHREALTIME//[!0-9]/}
        printf -v zone '%(%z)T' "${now%??????}"
        printf '{"time":"%(%Y-%m-%dT%H:%M:%S)T.%s%s","level":"%s","logger":"%s","message":"%s"}\n' \
            "${now%??????}" "${now: -6:3}" "${zone:0:3}:${zone:3}" "$level" "$logger" "$line"
    done
}
