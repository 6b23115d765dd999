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
# The test suite compiles as a unity build (tests/cpp/CMakeLists.txt): each test file keeps its
# names in a namespace named after it, or files batched together would see each other's.
for test in $(git ls-files 'tests/cpp/*_test.cpp'); do
  stem=$(basename "$test" .cpp)
  grep -q "^namespace $stem {" "$test" ||
    { echo "$test: wrap the file's names in \`namespace $stem {\` (see tests/cpp/CMakeLists.txt)" >&2; exit 1; }
done

echo "lint: ESLint and clang-format found nothing (${#sources[@]} C++ files)"
