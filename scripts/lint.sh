#!/usr/bin/env bash
# `npm run lint`, run by `npm test`: ESLint over the JavaScript (eslint.config.js, which also
# encodes ARCHITECTURE.md's rooms as import rules) and clang-format's check of the C++
# (.clang-format; `bash scripts/lint.sh --fix` formats in place instead).
set -euo pipefail
cd "$(dirname "$0")/.."

fix=
[[ ${1:-} == --fix ]] && fix=1

node_modules/.bin/eslint ${fix:+--fix} .

# Every C++ file the repository holds, in the one style of .clang-format.
mapfile -t sources < <(git ls-files '*.h' '*.cpp')
if [[ $fix ]]; then
  clang-format-14 -i "${sources[@]}"
else
  clang-format-14 --dry-run -Werror "${sources[@]}"
fi
echo "lint: ESLint and clang-format found nothing (${#sources[@]} C++ files)"
