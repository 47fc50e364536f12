#!/usr/bin/env bash
# The checks beyond the compiler's (test.sh sources it after prerequisites.sh; Error Prone runs in
# the Maven build itself): shellcheck on every shell script, and ESLint on the web page's
# JavaScript modules. Both tools are found or, as root or with passwordless sudo, installed from
# the Debian/Ubuntu packages shellcheck, nodejs and npm; ESLint itself comes from the npm
# registry at the versions scripts/web-lint/package-lock.json pins (`npm ci`).
# Run alone from the repository root: bash scripts/lint.sh

if ! declare -F mo_need_command >/dev/null; then
    # shellcheck source=scripts/prerequisites.sh
    source scripts/prerequisites.sh
fi

mo_lint_shell() {
    mo_need_command shellcheck shellcheck "the shell scripts' lint" || return 1
    echo "Checking the shell scripts (shellcheck)"
    shellcheck scripts/*.sh run.sh test.sh mediaopt .ci/* bench/*.sh clients/typescript/test.sh
}

mo_lint_web() {
    mo_need_command node nodejs "the web page's lint" || return 1
    mo_need_command npm npm "the web page's lint" || return 1
    echo "Checking the web page's JavaScript (ESLint, scripts/web-lint)"
    (cd scripts/web-lint && npm ci --no-audit --no-fund --loglevel=error >/dev/null) || {
        mo_err "npm ci in scripts/web-lint failed: ESLint could not be installed from the npm registry."
        return 1
    }
    scripts/web-lint/node_modules/.bin/eslint --config scripts/web-lint/eslint.config.mjs \
        --max-warnings 0 server/src/main/resources/web/
}

mo_lint_shell
mo_lint_web
