#!/usr/bin/env bash
# What the tests need beyond what the service needs (test.sh sources it after prerequisites.sh).
# The job-store tests run a real PostgreSQL. As an ordinary user that is the embedded
# PostgreSQL the build fetches from Maven Central. PostgreSQL refuses to run as root, so as root
# the tests run this machine's PostgreSQL server binaries as the `postgres` user, installing the
# Debian/Ubuntu package `postgresql` when they are missing.

mo_postgres_server_found() {
    local initdb
    for initdb in /usr/lib/postgresql/*/bin/initdb; do
        if [ -x "$initdb" ] && id postgres >/dev/null 2>&1 && command -v runuser >/dev/null 2>&1; then
            printf 'PostgreSQL server (tests run it as postgres): %s\n' "${initdb%/bin/initdb}"
            return 0
        fi
    done
    return 1
}

mo_test_prerequisites() {
    [ "$(id -u)" -eq 0 ] || return 0
    mo_postgres_server_found && return 0
    if mo_can_apt; then
        mo_err "installing the PostgreSQL server for the database tests (apt-get install postgresql)..."
        DEBIAN_FRONTEND=noninteractive apt-get update -q </dev/null >/dev/null 2>&1 || true
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends postgresql \
            </dev/null >/dev/null 2>&1 || true
        mo_postgres_server_found && return 0
    fi
    mo_err "Missing: a PostgreSQL server (package postgresql), which the database tests need when run as root." \
        "Install it with: apt-get install postgresql — or run ./test.sh as an ordinary user."
    return 1
}

mo_test_prerequisites
