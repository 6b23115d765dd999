#!/usr/bin/env bash
# `npm run test:native`: the native GoogleTest program (build/native), in two processes that each
# run half of the tests (GoogleTest's sharding), one for each core. ctest would start a process for
# every one of the ~470 tests: the same tests at about two thirds more CPU time, all of it start-up.
# (`ctest --test-dir build/native` still runs them one by one, e.g. to rerun a single test.)
set -euo pipefail
cd "$(dirname "$0")/.."
program=build/native/tests/cpp/sepaxis_tests
[[ -x $program ]] || { echo "$program is missing: run \`npm run build:native\` first" >&2; exit 1; }
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
pids=()
for shard in 0 1; do
  GTEST_TOTAL_SHARDS=2 GTEST_SHARD_INDEX=$shard "$program" --gtest_brief=1 >"$logs/$shard" 2>&1 &
  pids+=($!)
done
status=0
for shard in 0 1; do
  wait "${pids[$shard]}" || status=1
done
cat "$logs/0" "$logs/1"
# The count of the whole run, for the closing line of `npm test`.
passed=$(awk '/^\[  PASSED  \]/ { n += $4 } END { print n + 0 }' "$logs/0" "$logs/1")
((status == 0)) || { echo "native tests: FAILED" >&2; exit 1; }
echo "native tests: ${passed:-0} passed"
