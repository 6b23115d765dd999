#!/usr/bin/env bash
# `npm run lint`, run by `npm test`: ESLint over the JavaScript (eslint.config.js, which also
# encodes ARCHITECTURE.md's rooms as import rules) and clang-format's check of the C++
# (.clang-format; `bash scripts/lint.sh --fix` formats in place instead).
set -euo pipefail
cd "$(dirname "$0")/.."

fix=
[[ ${1:-} == --fix ]] && fix=1

node_modules/.bin/eslint ${fix:+--fix} .
