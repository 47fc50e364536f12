#!/usr/bin/env bash
# Builds the TypeScript client and runs its tests against the real server, as ../../test.sh does
# after Maven: `npm ci` from the committed lockfiles (the only downloads), the types generated
# from server/src/main/resources/openapi.json and `tsc` (a change of the contract that the
# hand-written layer no longer fits fails here), then Node's test runner, whose tests start
# server/target/mediaopt-server.jar (built by `./mvnw package`) on free ports of 127.0.0.1,
# drive /usr/bin/chromium (or $CHROMIUM) for the browser's path, and run runtimes/smoke.mjs on
# Bun and Deno, whose Linux x64 binaries `npm ci` installs in runtimes/ from its own lockfile.
set -euo pipefail
cd -- "$(dirname -- "${BASH_SOURCE[0]}")"

if [ -z "${JAVA_HOME:-}" ]; then
    # JDK 25, ffmpeg and libvips, as the server needs them
    pushd ../.. >/dev/null
    # shellcheck source=scripts/prerequisites.sh
    source scripts/prerequisites.sh
    popd >/dev/null
fi
for tool in node npm; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "clients/typescript: missing $tool; scripts/test-prerequisites.sh installs it (Debian packages nodejs and npm)" >&2
        exit 1
    fi
done
major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$major" -lt 18 ]; then
    echo "clients/typescript: Node $(node --version) is too old; the client and its tests need Node 18 or newer" >&2
    exit 1
fi
jar=../../server/target/mediaopt-server.jar
if [ ! -f "$jar" ]; then
    echo "clients/typescript: $jar is missing; build it first with ./mvnw -B -DskipTests package" >&2
    exit 1
fi

echo "TypeScript client: npm ci, build (openapi-typescript, tsc) and tests with Node $(node --version)"
npm ci --no-audit --no-fund
if [ "$(uname -sm)" = "Linux x86_64" ]; then
    npm ci --no-audit --no-fund --prefix runtimes
else
    echo "clients/typescript: Bun and Deno are pinned for Linux x64 only; their test is skipped on $(uname -sm)" >&2
fi
npm run build
npm test
