#!/usr/bin/env bash
# Runs the whole test suite (all modules, then the TypeScript client's). Arguments go to Maven, e.g.
#   ./test.sh -pl server -Dtest=SnifferTest
set -euo pipefail
cd -- "$(dirname -- "${BASH_SOURCE[0]}")"

# Finds (or installs) JDK 25, ffmpeg/ffprobe and libvips; exports JAVA_HOME.
# shellcheck source=scripts/prerequisites.sh
source scripts/prerequisites.sh
# Finds (or, as root, installs) the PostgreSQL server the database tests need as root.
# shellcheck source=scripts/test-prerequisites.sh
source scripts/test-prerequisites.sh
# Lints: shellcheck on the shell scripts, ESLint on the web page (Error Prone runs in the build).
# shellcheck source=scripts/lint.sh
source scripts/lint.sh

# Every test, the process-level ones too (a plain ./mvnw test leaves those out: see server/pom.xml).
echo "Running the tests (./mvnw -B verify -Dtests.excludedTags=${*:+ $*})"
./mvnw -B verify -Dtests.excludedTags= "$@"

# The TypeScript client: built from the OpenAPI document and tested against the server jar that
# the verify above just packaged (see docs/architecture.md, "The TypeScript client").
exec clients/typescript/test.sh
