#!/usr/bin/env bash
# Puts a current libvips beside the system's one and points SERVICE_LIBVIPS_PATH at it: the
# prebuilt libvips the sharp project publishes on the npm registry (@img/sharp-libvips-*,
# LGPL-3.0-or-later, one self-contained libvips-cpp.so with libwebp, mozjpeg, libheif/aom,
# libimagequant, lcms and GLib inside). It is the same native stack sharp runs on: libvips 8.18
# with Highway SIMD, libwebp 1.6, mozjpeg; Debian 12's libvips 8.14 takes a third more CPU per
# image (docs/benchmarks.md#against-sharp). The system libvips stays required: it decodes
# HEIC, whose HEVC decoder that build leaves out, and it is what runs when this step cannot.
#
# Pinned: one version and the sha512 the registry publishes for it, checked before unpacking.
# Fetched once into ~/.cache/mediaopt/libvips (MEDIAOPT_CACHE_DIR), with curl from
# MEDIAOPT_NPM_REGISTRY (default https://registry.npmjs.org).
#
#   MEDIAOPT_LIBVIPS=system       skip this and unset SERVICE_LIBVIPS_PATH: the system libvips
#   SERVICE_LIBVIPS_PATH=FILE     already set: left as it is
#
# prerequisites.sh sources this file; it never fails the caller: without the prebuilt
# library the service runs on the system one, and it says so.

MO_PREBUILT_VERSION=1.3.4
MO_PREBUILT_LIBRARY=libvips-cpp.so.8.18.7

# Prints "<npm package> <sha512 integrity>" for this machine, or nothing where there is none.
mo_prebuilt_package() {
    [ "$(uname -s)" = Linux ] || return 1
    # the builds are for glibc; Alpine and other musl systems keep their own libvips
    [ -e /lib/ld-musl-x86_64.so.1 ] || [ -e /lib/ld-musl-aarch64.so.1 ] && return 1
    case $(uname -m) in
        x86_64)
            echo "@img/sharp-libvips-linux-x64" \
                "sha512-GJ//SSXbnwSDes02umB3nDJLFcQzw8a18V8fyhqr6tV515tOEMdImjjxj1AoafMRz56F3PHgftnj1QEKSU1zkw=="
            ;;
        aarch64 | arm64)
            echo "@img/sharp-libvips-linux-arm64" \
                "sha512-Y3dgX/6lE2QhQb+Gxy0WZxfg9MEm/JBjamZpS2IklP7xIQoKN4hzAm7KcMVGtaVDt3neE9OKBC7vAfonA/Lr1A=="
            ;;
        *) return 1 ;;
    esac
}

# Downloads $1 (package) at version $4 (MO_PREBUILT_VERSION when not given), checks it against
# $2 (integrity) and unpacks it into $3. Prints why when it cannot.
mo_prebuilt_fetch() {
    local package=$1 integrity=$2 dir=$3 version=${4:-$MO_PREBUILT_VERSION}
    local registry=${MEDIAOPT_NPM_REGISTRY:-https://registry.npmjs.org}
    local url="$registry/$package/-/${package#*/}-$version.tgz" tmp want got
    command -v curl >/dev/null 2>&1 || { echo "curl is not installed"; return 1; }
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/mediaopt-libvips.XXXXXX") || return 1
    if ! curl -fsSL --retry 2 -o "$tmp/package.tgz" "$url" 2>"$tmp/curl.err"; then
        echo "downloading $url failed: $(tail -n 1 "$tmp/curl.err")"
        rm -rf "$tmp"
        return 1
    fi
    want=$(printf '%s' "${integrity#sha512-}" | base64 -d | od -An -v -tx1 | tr -d ' \n')
    got=$(sha512sum "$tmp/package.tgz" | cut -d' ' -f1)
    if [ "$want" != "$got" ]; then
        echo "$url does not have the pinned sha512 (got $got)"
        rm -rf "$tmp"
        return 1
    fi
    if ! { mkdir -p "$tmp/unpacked" && tar -xzf "$tmp/package.tgz" -C "$tmp/unpacked"; }; then
        echo "unpacking $url failed"
        rm -rf "$tmp"
        return 1
    fi
    mkdir -p "$(dirname "$dir")" && rm -rf "$dir" && mv "$tmp/unpacked/package" "$dir"
    rm -rf "$tmp"
}

mo_prebuilt_libvips() {
    local spec package integrity dir reason
    if [ "${MEDIAOPT_LIBVIPS:-prebuilt}" = system ]; then
        unset SERVICE_LIBVIPS_PATH
        printf 'libvips for images: the system libvips (MEDIAOPT_LIBVIPS=system)\n'
        return 0
    fi
    if [ -n "${SERVICE_LIBVIPS_PATH:-}" ]; then
        printf 'libvips for images: %s (SERVICE_LIBVIPS_PATH)\n' "$SERVICE_LIBVIPS_PATH"
        return 0
    fi
    if ! spec=$(mo_prebuilt_package); then
        printf 'libvips for images: the system libvips (no prebuilt libvips for %s %s)\n' "$(uname -s)" "$(uname -m)"
        return 0
    fi
    read -r package integrity <<<"$spec"
    dir=${MEDIAOPT_CACHE_DIR:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/mediaopt}/libvips/${package#*/}-$MO_PREBUILT_VERSION
    if [ ! -f "$dir/lib/$MO_PREBUILT_LIBRARY" ]; then
        printf 'fetching libvips %s (%s %s) from the npm registry...\n' "${MO_PREBUILT_LIBRARY#libvips-cpp.so.}" \
            "$package" "$MO_PREBUILT_VERSION" >&2
        if ! reason=$(mo_prebuilt_fetch "$package" "$integrity" "$dir"); then
            mo_err "warning: $reason; images run on the system libvips, slower (docs/benchmarks.md#against-sharp)"
            return 0
        fi
    fi
    export SERVICE_LIBVIPS_PATH=$dir/lib/$MO_PREBUILT_LIBRARY
    printf 'libvips for images: %s (%s %s; HEIC and GIF through the system libvips)\n' "$SERVICE_LIBVIPS_PATH" \
        "$package" "$MO_PREBUILT_VERSION"
}

mo_prebuilt_libvips
