#!/usr/bin/env bash
# Finds what mediaopt needs to build, test and run, and installs what is missing
# when it can (as root, or with passwordless sudo, on Debian or Ubuntu):
#   - a JDK 25 or newer, exported as JAVA_HOME (for ./mvnw) with its bin/ first on PATH;
#   - ffmpeg and ffprobe (or SERVICE_FFMPEG_PATH / SERVICE_FFPROBE_PATH when set);
#   - a current prebuilt libvips from the npm registry (scripts/libvips-prebuilt.sh), which
#     the server loads in-process for images, exported as SERVICE_LIBVIPS_PATH;
#   - the system libvips (libvips.so.42), which decodes HEIC and stands in when the prebuilt
#     one cannot be fetched, with the libheif codecs it needs for AVIF and HEIC.
# run.sh and test.sh source this file; `bash scripts/prerequisites.sh` runs the checks alone.
# It prints one line per tool it uses, and on failure what is missing and how to get it.

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    set -euo pipefail
fi

MO_MIN_JAVA=25

mo_err() { printf 'mediaopt: %s\n' "$*" >&2; }

# --- JDK -------------------------------------------------------------------

# Prints the version string of a java launcher ("25.0.3", "17.0.15", "1.8.0_392").
mo_java_version() {
    local out line v
    out=$("$1" -version 2>&1 </dev/null) || return 1
    while IFS= read -r line; do
        case $line in
            *' version "'*)
                v=${line#*version \"}
                printf '%s\n' "${v%%\"*}"
                return 0
                ;;
        esac
    done <<<"$out"
    return 1
}

# Prints the feature release of a version string: 25 for "25.0.3", 8 for "1.8.0_392".
mo_java_major() {
    local v=$1
    case $v in 1.*) v=${v#1.} ;; esac
    v=${v%%[!0-9]*}
    printf '%s\n' "${v:-0}"
}

# Succeeds when $1 is a JDK (java and javac) of release MO_MIN_JAVA or newer;
# sets MO_CAND_VERSION and MO_CAND_MAJOR.
mo_jdk_ok() {
    local home=$1
    [ -x "$home/bin/java" ] && [ -x "$home/bin/javac" ] || return 1
    MO_CAND_VERSION=$(mo_java_version "$home/bin/java") || return 1
    MO_CAND_MAJOR=$(mo_java_major "$MO_CAND_VERSION")
    [ "$MO_CAND_MAJOR" -ge "$MO_MIN_JAVA" ]
}

# Prints the java.home of a java launcher (resolves /usr/bin/java and similar links).
mo_java_home_of() {
    local out line
    out=$("$1" -XshowSettings:properties -version 2>&1 </dev/null) || return 1
    while IFS= read -r line; do
        case $line in
            *'java.home = '*) printf '%s\n' "${line#*java.home = }"; return 0 ;;
        esac
    done <<<"$out"
    return 1
}

# Sets MO_JDK_HOME and MO_JDK_VERSION, or leaves MO_JDK_HOME empty.
mo_find_jdk() {
    local java home d best_major=0
    MO_JDK_HOME=""
    MO_JDK_VERSION=""
    if [ -n "${JAVA_HOME:-}" ]; then
        if mo_jdk_ok "$JAVA_HOME"; then
            MO_JDK_HOME=$JAVA_HOME MO_JDK_VERSION=$MO_CAND_VERSION
            return 0
        fi
        if [ -z "${MO_JAVA_HOME_NOTED:-}" ]; then
            mo_err "JAVA_HOME=$JAVA_HOME is not a JDK $MO_MIN_JAVA or newer; looking for one elsewhere"
            MO_JAVA_HOME_NOTED=1
        fi
    fi
    if java=$(command -v java 2>/dev/null) && home=$(mo_java_home_of "$java") && mo_jdk_ok "$home"; then
        MO_JDK_HOME=$home MO_JDK_VERSION=$MO_CAND_VERSION
        return 0
    fi
    # The usual install places; the lowest suitable release wins (closest to the target).
    for d in /usr/lib/jvm/* /opt/java/* /opt/*jdk* \
        "${HOME:-/nonexistent}"/.sdkman/candidates/java/* "${HOME:-/nonexistent}"/.jdks/* \
        /Library/Java/JavaVirtualMachines/*/Contents/Home; do
        [ -d "$d" ] || continue
        if mo_jdk_ok "$d" && { [ "$best_major" -eq 0 ] || [ "$MO_CAND_MAJOR" -lt "$best_major" ]; }; then
            best_major=$MO_CAND_MAJOR MO_JDK_HOME=$d MO_JDK_VERSION=$MO_CAND_VERSION
        fi
    done
    if [ -z "$MO_JDK_HOME" ] && [ -x /usr/libexec/java_home ] &&
        home=$(/usr/libexec/java_home -v "$MO_MIN_JAVA+" 2>/dev/null) && mo_jdk_ok "$home"; then
        MO_JDK_HOME=$home MO_JDK_VERSION=$MO_CAND_VERSION
    fi
    [ -n "$MO_JDK_HOME" ]
}

# --- ffmpeg / ffprobe ------------------------------------------------------

# Prints "5.1.9" for a launcher whose -version starts "ffmpeg version 5.1.9-0+deb12u1 ...".
mo_ffmpeg_version() {
    local out v
    out=$("$1" -version 2>/dev/null </dev/null) || return 1
    v=${out%%$'\n'*}
    v=${v#* version }
    v=${v%% *}
    case $v in [0-9]*) v=${v%%-*} ;; esac
    printf '%s\n' "$v"
}

# $1: tool name, $2: the variable that overrides its path. Sets MO_TOOL_PATH.
# Returns 1 when missing, 2 when the override does not point at a working program.
mo_find_tool() {
    local name=$1 var=$2 value
    value=${!var:-}
    MO_TOOL_PATH=""
    if [ -n "$value" ]; then
        if [ -f "$value" ] && [ -x "$value" ] && mo_ffmpeg_version "$value" >/dev/null; then
            MO_TOOL_PATH=$value
            return 0
        fi
        return 2
    fi
    MO_TOOL_PATH=$(command -v "$name" 2>/dev/null) || { MO_TOOL_PATH=""; return 1; }
    mo_ffmpeg_version "$MO_TOOL_PATH" >/dev/null || { MO_TOOL_PATH=""; return 1; }
}

# --- libvips and libheif ---------------------------------------------------

# Prints the path of a shared library ($1, e.g. libvips.so.42) the dynamic loader finds.
mo_find_lib() {
    local lib=$1 ldconfig="" cache="" line path d old_ifs
    for d in ldconfig /sbin/ldconfig /usr/sbin/ldconfig; do
        if command -v "$d" >/dev/null 2>&1; then ldconfig=$d; break; fi
    done
    if [ -n "$ldconfig" ]; then
        cache=$("$ldconfig" -p 2>/dev/null) || cache=""
        while IFS= read -r line; do
            case $line in
                *"$lib ("*"=> "*)
                    path=${line##*=> }
                    if [ -f "$path" ]; then printf '%s\n' "$path"; return 0; fi
                    ;;
            esac
        done <<<"$cache"
    fi
    old_ifs=$IFS
    IFS=:
    # shellcheck disable=SC2086 # split LD_LIBRARY_PATH on ':' and expand the globs
    set -- ${LD_LIBRARY_PATH:-} /usr/local/lib /usr/local/lib64 /usr/lib/*-linux-gnu* /lib/*-linux-gnu* \
        /usr/lib64 /lib64 /usr/lib /lib /opt/homebrew/lib
    IFS=$old_ifs
    for d in "$@"; do
        if [ -f "$d/$lib" ]; then printf '%s\n' "$d/$lib"; return 0; fi
    done
    return 1
}

mo_vips_soname() {
    if [ "$(uname -s)" = Darwin ]; then echo libvips.42.dylib; else echo libvips.so.42; fi
}

# Prints the libvips version ("8.14.1"), or nothing when no source tells it.
mo_vips_version() {
    local out v line
    if command -v dpkg-query >/dev/null 2>&1; then
        out=$(dpkg-query -W -f='${Version}\n' libvips42t64 libvips42 2>/dev/null) || true
        while IFS= read -r line; do
            if [ -n "$line" ]; then
                v=${line#*:}
                printf '%s\n' "${v%%-*}"
                return 0
            fi
        done <<<"$out"
    fi
    if command -v vips >/dev/null 2>&1 && out=$(vips --version 2>/dev/null); then
        v=${out#vips-}
        printf '%s\n' "${v%%[!0-9.]*}"
        return 0
    fi
    if command -v pkg-config >/dev/null 2>&1 && out=$(pkg-config --modversion vips 2>/dev/null); then
        printf '%s\n' "$out"
    fi
}

# Succeeds when libheif ($1) can do a codec: either it links one of the libraries in the
# pattern $2 itself (Debian 12, Ubuntu 22.04), or one of the plugins named after it is
# installed (libheif 1.17 and later as packaged by Debian 13 and Ubuntu 24.04).
mo_heif_has() {
    local heif=$1 linked=$2 d plugin
    shift 2
    LC_ALL=C grep -aqE "$linked" "$heif" 2>/dev/null && return 0
    for d in ${LIBHEIF_PLUGIN_PATH:-} "$(dirname "$heif")/libheif/plugins"; do
        for plugin in "$@"; do
            [ -f "$d/$plugin" ] && return 0
        done
    done
    return 1
}

# Appends to MO_HEIF_MISSING / MO_HEIF_PKGS what libvips' libheif lacks for the
# formats the service reads and writes (AVIF in and out, HEIC in).
mo_check_heif() {
    local heif
    MO_HEIF_MISSING=""
    MO_HEIF_PKGS=""
    heif=$(mo_find_lib libheif.so.1) || return 0 # no libheif on this system: nothing to check
    if ! mo_heif_has "$heif" 'lib(aom|rav1e|SvtAv1Enc)\.so' \
        libheif-aomenc.so libheif-rav1e.so libheif-svtenc.so; then
        MO_HEIF_MISSING="$MO_HEIF_MISSING, AVIF encoder"
        MO_HEIF_PKGS="$MO_HEIF_PKGS libheif-plugin-aomenc"
    fi
    if ! mo_heif_has "$heif" 'lib(dav1d|aom)\.so' libheif-dav1d.so libheif-aomdec.so; then
        MO_HEIF_MISSING="$MO_HEIF_MISSING, AVIF decoder"
        MO_HEIF_PKGS="$MO_HEIF_PKGS libheif-plugin-dav1d"
    fi
    if ! mo_heif_has "$heif" 'libde265\.so' libheif-libde265.so libheif-ffmpegdec.so; then
        MO_HEIF_MISSING="$MO_HEIF_MISSING, HEIC decoder"
        MO_HEIF_PKGS="$MO_HEIF_PKGS libheif-plugin-libde265"
    fi
    MO_HEIF_MISSING=${MO_HEIF_MISSING#, }
    MO_HEIF_PKGS=${MO_HEIF_PKGS# }
}

# --- checking everything ---------------------------------------------------

# Looks for everything once. Sets:
#   MO_FOUND    lines to show for what was found
#   MO_MISSING  ", "-separated list of what is missing and could be installed
#   MO_APT      Debian/Ubuntu packages for the missing items (ffmpeg, libvips42, ...)
#   MO_BREW     Homebrew formulae for them
#   MO_NO_JDK   1 when no JDK was found
#   MO_FATAL    messages for problems no install fixes (a bad SERVICE_*_PATH)
mo_check_all() {
    local tool var rc version soname lib nl=$'\n'
    MO_FOUND="" MO_MISSING="" MO_APT="" MO_BREW="" MO_NO_JDK="" MO_FATAL=""
    MO_HEIF_MISSING="" MO_HEIF_PKGS=""

    if mo_find_jdk; then
        MO_FOUND="JDK $MO_JDK_VERSION: $MO_JDK_HOME"
    else
        MO_NO_JDK=1
    fi

    for tool in ffmpeg ffprobe; do
        if [ $tool = ffmpeg ]; then var=SERVICE_FFMPEG_PATH; else var=SERVICE_FFPROBE_PATH; fi
        rc=0
        mo_find_tool $tool $var || rc=$?
        case $rc in
            0)
                version=$(mo_ffmpeg_version "$MO_TOOL_PATH")
                MO_FOUND="$MO_FOUND$nl$tool $version: $MO_TOOL_PATH"
                ;;
            1)
                MO_MISSING="$MO_MISSING, $tool"
                case " $MO_APT " in *" ffmpeg "*) ;; *) MO_APT="$MO_APT ffmpeg" MO_BREW="$MO_BREW ffmpeg" ;; esac
                ;;
            *)
                MO_FATAL="$MO_FATAL$nl$var=${!var} is not a working $tool. Point it at $tool or unset it."
                ;;
        esac
    done

    soname=$(mo_vips_soname)
    if lib=$(mo_find_lib "$soname"); then
        version=$(mo_vips_version)
        MO_FOUND="$MO_FOUND${nl}libvips${version:+ $version}: $lib"
        mo_check_heif
    else
        MO_MISSING="$MO_MISSING, libvips ($soname)"
        MO_APT="$MO_APT libvips42"
        MO_BREW="$MO_BREW vips"
    fi

    MO_FOUND=${MO_FOUND#"$nl"}
    MO_MISSING=${MO_MISSING#, }
    MO_APT=${MO_APT# }
    MO_BREW=${MO_BREW# }
    MO_FATAL=${MO_FATAL#"$nl"}
}

# --- installing ------------------------------------------------------------

# Succeeds when this machine has apt-get and we may use it without a prompt;
# sets MO_AS_ROOT to the command prefix that runs it as root.
# dpkg syncs every file it unpacks to disk, one by one. A machine made for one run and thrown
# away, as CI's fresh root is (it sets CI=true), loses nothing without that: on a busy copy of that
# root the service's and the tests' packages took 480 s to install instead of 688 s.
MO_APT_INSTALL_OPTIONS=(-y -q --no-install-recommends)
if [ "${CI:-}" = true ]; then MO_APT_INSTALL_OPTIONS+=(-o Dpkg::Options::=--force-unsafe-io); fi

mo_can_apt() {
    local apt
    [ "$(uname -s)" = Linux ] || return 1
    apt=$(command -v apt-get 2>/dev/null) && [ -x "$apt" ] || return 1
    if [ "$(id -u)" -eq 0 ]; then
        MO_AS_ROOT=(env)
    elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null </dev/null; then
        MO_AS_ROOT=(sudo -n env)
    else
        return 1
    fi
}

# Prints the first of the given packages that apt knows about.
mo_apt_pick() {
    local p
    for p in "$@"; do
        if apt-cache show --no-all-versions "$p" >/dev/null 2>&1; then
            printf '%s\n' "$p"
            return 0
        fi
    done
    return 1
}

# Prints the Debian/Ubuntu packages for what mo_check_all found missing, using the
# names this release's package lists know (with no lists, the Debian 12 names).
mo_apt_packages() {
    local want="" p
    if [ -n "$MO_NO_JDK" ] && p=$(mo_apt_pick "openjdk-$MO_MIN_JAVA-jdk-headless"); then
        want="$want $p"
    fi
    case " $MO_APT " in *" ffmpeg "*) want="$want ffmpeg" ;; esac
    case " $MO_APT " in
        *" libvips42 "*)
            # Debian 13 and Ubuntu 24.04 renamed it libvips42t64; their libheif keeps its
            # AV1 and HEVC codecs in plugin packages that --no-install-recommends leaves out.
            want="$want $(mo_apt_pick libvips42t64 libvips42 || echo libvips42)"
            for p in libheif-plugin-aomenc libheif-plugin-dav1d libheif-plugin-libde265; do
                if mo_apt_pick "$p" >/dev/null; then want="$want $p"; fi
            done
            ;;
    esac
    for p in $MO_HEIF_PKGS; do
        if mo_apt_pick "$p" >/dev/null; then want="$want $p"; fi
    done
    printf '%s\n' "${want# }"
}

# Installs what mo_check_all found missing: one `apt-get update`, one `apt-get install`.
mo_apt_install() {
    local want log
    log=$(mktemp "${TMPDIR:-/tmp}/mediaopt-apt.XXXXXX")
    mo_err "installing what is missing with apt-get (once)..."
    if ! "${MO_AS_ROOT[@]}" DEBIAN_FRONTEND=noninteractive apt-get update -q </dev/null >"$log" 2>&1; then
        tail -n 5 "$log" >&2
        mo_err "apt-get update failed; trying with the package lists this machine has"
    fi
    MO_APT_UPDATED=1
    want=$(mo_apt_packages)
    if [ -z "$want" ]; then
        rm -f "$log"
        return 1
    fi
    mo_err "apt-get install --no-install-recommends $want"
    # shellcheck disable=SC2086 # one word per package
    if ! "${MO_AS_ROOT[@]}" DEBIAN_FRONTEND=noninteractive \
        apt-get install "${MO_APT_INSTALL_OPTIONS[@]}" $want </dev/null >"$log" 2>&1; then
        tail -n 20 "$log" >&2
        mo_err "apt-get install failed (output above)"
        rm -f "$log"
        return 1
    fi
    rm -f "$log"
}

# apt-get install of the packages named, after one `apt-get update` per run; quiet, and not
# fatal: the caller checks afterwards for what it needed.
mo_apt_get_quietly() {
    if [ -z "${MO_APT_UPDATED:-}" ]; then
        "${MO_AS_ROOT[@]}" DEBIAN_FRONTEND=noninteractive apt-get update -q </dev/null >/dev/null 2>&1 || true
        MO_APT_UPDATED=1
    fi
    "${MO_AS_ROOT[@]}" DEBIAN_FRONTEND=noninteractive apt-get install "${MO_APT_INSTALL_OPTIONS[@]}" "$@" \
        </dev/null >/dev/null 2>&1 || true
}

# Finds the command $1 on PATH, or installs the Debian/Ubuntu package $2 that provides it
# (one `apt-get update` per run); $3 says what needs it. Prints the tool it uses; on failure
# prints what is missing and how to get it, and returns 1.
mo_need_command() {
    local cmd=$1 pkg=$2 why=$3
    if ! command -v "$cmd" >/dev/null 2>&1 && mo_can_apt; then
        mo_err "installing $pkg for $why (apt-get install $pkg)..."
        mo_apt_get_quietly "$pkg"
    fi
    if command -v "$cmd" >/dev/null 2>&1; then
        printf '%s (for %s): %s\n' "$cmd" "$why" "$(command -v "$cmd")"
        return 0
    fi
    mo_err "Missing: the $cmd command, needed for $why. Install it with: $(mo_install_hint "$pkg" "$pkg")"
    return 1
}

# --- reporting -------------------------------------------------------------

# Prints how to install $1 (apt package names) / $2 (brew formulae) on this system.
mo_install_hint() {
    local apt_pkgs=$1 brew_pkgs=$2
    if [ "$(uname -s)" = Darwin ]; then
        printf 'brew install %s\n' "$brew_pkgs"
    elif command -v apt-get >/dev/null 2>&1; then
        printf 'sudo apt-get install %s\n' "$apt_pkgs"
    else
        printf "your system's package manager (the packages that provide %s)\n" "$apt_pkgs"
    fi
}

mo_jdk_hint() {
    local hint="JDK $MO_MIN_JAVA not found. Install Temurin $MO_MIN_JAVA (https://adoptium.net) or openjdk-$MO_MIN_JAVA-jdk"
    if [ "$(uname -s)" = Darwin ]; then
        hint="JDK $MO_MIN_JAVA not found. Install Temurin $MO_MIN_JAVA (https://adoptium.net, or: brew install --cask temurin@$MO_MIN_JAVA)"
    fi
    printf '%s, then set JAVA_HOME=/path/to/jdk-%s and run again.\n' "$hint" "$MO_MIN_JAVA"
}

mo_prerequisites() {
    local line
    mo_check_all
    if { [ -n "$MO_MISSING" ] || [ -n "$MO_NO_JDK" ] || [ -n "$MO_HEIF_PKGS" ]; } && [ -z "$MO_FATAL" ] && mo_can_apt; then
        if mo_apt_install; then
            mo_check_all
            MO_AFTER_INSTALL=" (still, after apt-get install)"
        fi
    fi

    if [ -n "$MO_FOUND" ]; then
        printf '%s\n' "$MO_FOUND"
    fi
    if [ -n "$MO_HEIF_MISSING" ]; then
        # libvips works without them; only AVIF output and AVIF/HEIC input fail.
        mo_err "warning: libheif, which libvips uses for AVIF and HEIC, has no $MO_HEIF_MISSING;" \
            "images that need it will fail. Install with: $(mo_install_hint "$MO_HEIF_PKGS" libheif)"
    fi
    if [ -n "$MO_FATAL" ] || [ -n "$MO_MISSING" ] || [ -n "$MO_NO_JDK" ]; then
        if [ -n "$MO_FATAL" ]; then
            while IFS= read -r line; do mo_err "$line"; done <<<"$MO_FATAL"
        fi
        if [ -n "$MO_NO_JDK" ]; then
            mo_err "$(mo_jdk_hint)"
        fi
        if [ -n "$MO_MISSING" ]; then
            # (the libheif plugins have their own line above)
            case $MO_MISSING in *,*) line="Install them with:" ;; *) line="Install it with:" ;; esac
            mo_err "Missing${MO_AFTER_INSTALL:-}: $MO_MISSING. $line" \
                "$(mo_install_hint "$(MO_HEIF_PKGS="" mo_apt_packages)" "$MO_BREW")"
        fi
        return 1
    fi

    export JAVA_HOME=$MO_JDK_HOME
    PATH="$JAVA_HOME/bin:$PATH"
    export PATH

    # the current libvips the server runs images on; exports SERVICE_LIBVIPS_PATH
    # shellcheck source=scripts/libvips-prebuilt.sh
    source "$(dirname -- "${BASH_SOURCE[0]}")/libvips-prebuilt.sh"
}

mo_prerequisites
