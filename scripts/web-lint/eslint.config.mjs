// ESLint for the web page's JavaScript modules (server/src/main/resources/web/), run by
// scripts/lint.sh from the repository root. ESLint's recommended rules, all on, plus a few that
// catch mistakes the recommended set lets through. The page runs in current browsers as ES
// modules, with no build step.
import js from "@eslint/js";
import globals from "globals";

export default [
    // tus-js-client's browser build, copied unchanged from its npm package
    { ignores: ["server/src/main/resources/web/vendor/**"] },
    {
        files: ["server/src/main/resources/web/**/*.js"],
        ...js.configs.recommended,
        languageOptions: {
            ecmaVersion: "latest",
            sourceType: "module",
            globals: globals.browser,
        },
        linterOptions: { reportUnusedDisableDirectives: "error" },
        rules: {
            ...js.configs.recommended.rules,
            // `x != null` is the idiom for "neither null nor undefined"
            eqeqeq: ["error", "always", { null: "ignore" }],
            "no-implicit-globals": "error",
            "no-shadow": "error",
            "no-use-before-define": ["error", { functions: false }],
            "no-var": "error",
            "prefer-const": "error",
        },
    },
];
