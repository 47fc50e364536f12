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

# The Debian packages the checks below would install one at a time, installed together first:
# each apt-get run reads the package database and runs the triggers (ldconfig, fonts, icons) once
# more, which made the tests' packages take half again as long on a fresh machine. The checks
# then find them, or install and report what is still missing on their own.
mo_test_packages_at_once() {
    local packages=()
    if [ "$(id -u)" -eq 0 ] && ! mo_postgres_server_found >/dev/null; then packages+=(postgresql); fi
    command -v chromium >/dev/null 2>&1 || packages+=(chromium)
    PATH="$PATH:/usr/sbin" command -v nginx >/dev/null 2>&1 || packages+=(nginx-light)
    command -v butteraugli >/dev/null 2>&1 || packages+=(butteraugli)
    [ -f /usr/share/color/icc/colord/AdobeRGB1998.icc ] || packages+=(colord-data)
    command -v node >/dev/null 2>&1 || packages+=(nodejs)
    # scripts/lint.sh's, which test.sh runs next
    command -v shellcheck >/dev/null 2>&1 || packages+=(shellcheck)
    if [ "${#packages[@]}" -eq 0 ] || ! mo_can_apt; then return 0; fi
    mo_err "installing what the tests need with apt-get (once): ${packages[*]}"
    mo_apt_get_quietly "${packages[@]}"
}

mo_test_packages_at_once

mo_test_prerequisites() {
    [ "$(id -u)" -eq 0 ] || return 0
    mo_postgres_server_found && return 0
    if mo_can_apt; then
        mo_err "installing the PostgreSQL server for the database tests (apt-get install postgresql)..."
        [ -n "${MO_APT_UPDATED:-}" ] || DEBIAN_FRONTEND=noninteractive apt-get update -q </dev/null >/dev/null 2>&1 || true
        MO_APT_UPDATED=1
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends postgresql \
            </dev/null >/dev/null 2>&1 || true
        mo_postgres_server_found && return 0
    fi
    mo_err "Missing: a PostgreSQL server (package postgresql), which the database tests need when run as root." \
        "Install it with: apt-get install postgresql — or run ./test.sh as an ordinary user."
    return 1
}

mo_test_prerequisites

# The web page's tests drive a real browser: Debian's chromium at /usr/bin/chromium, through
# Playwright for Java, which never downloads a browser of its own here.
mo_need_command chromium chromium "the web page tests"

# The CDN test puts Debian's nginx, with proxy_cache, in front of the service (started by the
# test itself, its files in a temporary directory; /usr/sbin is on root's PATH).
PATH="$PATH:/usr/sbin" mo_need_command nginx nginx-light "the CDN cache test"

# The perceptual-quality tests score real photographs and rank them against Debian's
# `butteraugli` tool. The photos come from the Debian package python3-skimage (scikit-image's
# sample data: NASA, CC0 and public-domain photographs), unpacked into a cache directory without
# installing the package or its dependencies; `butteraugli` is installed (as root or with
# passwordless sudo) when missing.
mo_quality_test_prerequisites() {
    local dir="${MEDIAOPT_TEST_PHOTOS:-${XDG_CACHE_HOME:-$HOME/.cache}/mediaopt/test-photos}"
    export MEDIAOPT_TEST_PHOTOS="$dir"
    if [ ! -f "$dir/chelsea.png" ]; then
        local scratch
        scratch="$(mktemp -d)"
        mo_err "unpacking the test photographs of python3-skimage into $dir..."
        if ! (cd "$scratch" && apt-get download python3-skimage </dev/null >/dev/null 2>&1); then
            # no package lists yet, or stale ones: fetch them once, then try again
            if [ -z "${MO_APT_UPDATED:-}" ] && mo_can_apt; then
                "${MO_AS_ROOT[@]}" DEBIAN_FRONTEND=noninteractive apt-get update -q </dev/null >/dev/null 2>&1 || true
                MO_APT_UPDATED=1
            fi
            (cd "$scratch" && apt-get download python3-skimage </dev/null >/dev/null 2>&1) || true
        fi
        if ls "$scratch"/python3-skimage_*.deb >/dev/null 2>&1; then
            dpkg-deb -x "$scratch"/python3-skimage_*.deb "$scratch/x" && mkdir -p "$dir" \
                && cp "$scratch"/x/usr/lib/python3/dist-packages/skimage/data/{chelsea.png,coffee.png,astronaut.png,rocket.jpg,motorcycle_left.png} "$dir"/
        fi
        rm -rf "$scratch"
    fi
    local missing=0
    if [ -f "$dir/chelsea.png" ]; then
        printf 'test photographs (python3-skimage): %s\n' "$dir"
    else
        mo_err "Missing: the test photographs (package python3-skimage, unpacked into $dir)," \
            "which the perceptual-quality tests need. Re-run ./test.sh with network access to Debian's archive."
        missing=1
    fi
    mo_need_command butteraugli butteraugli "the perceptual-quality tests" || missing=1
    # six pictures of the quality corpus that SSIMULACRA 2 misjudges or the fixed quality fails
    # (MisjudgedContentTest)
    if corpus="$(bench/corpus-fetch.sh dark-darkesthour.jpg fog-summer-1am.jpg greyscale-grey.jpg \
            text-scenetext01.jpg dark-ela-original.jpg fog-2004default.jpg </dev/null)"; then
        export MEDIAOPT_CORPUS="$corpus"
        printf 'quality corpus (bench/corpus-fetch.sh): %s\n' "$corpus"
    else
        mo_err "Missing: six pictures of the quality corpus (bench/corpus-fetch.sh), which the" \
            "perceptual-quality tests need. Re-run ./test.sh with network access to Debian's archive."
        missing=1
    fi
    return "$missing"
}

mo_quality_test_prerequisites

# The colour tests convert Adobe RGB and ProPhoto pictures; libvips has built-in sRGB, P3 and
# CMYK profiles only, so those two come from Debian's colord-data (standard profiles, no daemon).
MO_TEST_ICC_DIR=/usr/share/color/icc/colord
mo_test_colour_profiles() {
    local profile
    if [ ! -f "$MO_TEST_ICC_DIR/AdobeRGB1998.icc" ] && mo_can_apt; then
        mo_err "installing colord-data for the colour tests' ICC profiles (apt-get install colord-data)..."
        mo_apt_get_quietly colord-data
    fi
    for profile in AdobeRGB1998.icc ProPhotoRGB.icc; do
        if [ ! -f "$MO_TEST_ICC_DIR/$profile" ]; then
            mo_err "Missing: $MO_TEST_ICC_DIR/$profile, which the colour tests need." \
                "Install it with: $(mo_install_hint colord-data colord)"
            return 1
        fi
    done
    printf 'ICC profiles (for the colour tests): %s\n' "$MO_TEST_ICC_DIR"
}

mo_test_colour_profiles

# Where the machine has no npm, npm itself comes from the npm registry (pinned, its sha512
# checked, unpacked into ~/.cache/mediaopt, its CLI put on PATH) rather than from Debian: Debian's npm
# package brings some 300 node-* packages, the slowest of the tests' installs (on a fresh root,
# 307 s of apt-get against 94 s for chromium). Where that fails, Debian's npm is installed.
MO_NPM_VERSION=10.9.9
MO_NPM_INTEGRITY=sha512-1g+6jLQvaIuB4zwvHL7yrXuXcWZwDsCtBX8bbWDqbvJSSr9nPiDDWTHNgwXR27iIcTTW7v3A57hDW9RYv2W4Yg==
mo_npm_from_registry() {
    local dir reason
    dir=${MEDIAOPT_CACHE_DIR:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/mediaopt}/npm-$MO_NPM_VERSION
    if command -v npm >/dev/null 2>&1 || ! command -v node >/dev/null 2>&1; then return 0; fi
    if [ ! -x "$dir/path/npm" ]; then
        mo_err "fetching npm $MO_NPM_VERSION from the npm registry..."
        if ! reason=$(mo_prebuilt_fetch npm "$MO_NPM_INTEGRITY" "$dir" "$MO_NPM_VERSION"); then
            mo_err "warning: $reason; npm comes from Debian instead"
            return 0
        fi
        # the package's own bin/npm looks for npm beside node; this runs its CLI wherever it is
        mkdir -p "$dir/path" && printf '#!/bin/sh\nexec node "%s/bin/npm-cli.js" "$@"\n' "$dir" >"$dir/path/npm" \
            && chmod +x "$dir/path/npm"
    fi
    export PATH="$dir/path:$PATH"
}

# The TypeScript client (clients/typescript) is built and tested with Debian's Node.js and npm:
# Node 18 or newer, as the client supports; its npm dependencies come from its lockfile.
mo_need_command node nodejs "the TypeScript client's build and tests"
mo_npm_from_registry
mo_need_command npm npm "the TypeScript client's build and tests"
