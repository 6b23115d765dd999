#!/usr/bin/env bash
# Builds the fuzz target (build/fuzz, clang++ with libFuzzer, ASan and UBSan) and runs it for a
# bounded time: `tests/fuzz/run.sh [seconds]`, 30 by default. Fails on any finding (a disagreement
# of overlaps/collide, a sanitizer report, a crash), printing it; the input is left in build/fuzz/
# as crash-<hash>, to be replayed with `build/fuzz/sepaxis_fuzz <file>` and added to
# tests/cpp/one_answer_cases.h. New corpus entries go to build/fuzz/corpus, never to the committed
# seeds in tests/fuzz/corpus.
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds=${1:-30}
bash scripts/build.sh fuzz -j2 >/dev/null
mkdir -p build/fuzz/corpus
log=build/fuzz/fuzz.log
status=0
build/fuzz/sepaxis_fuzz -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
  -artifact_prefix=build/fuzz/ build/fuzz/corpus tests/fuzz/corpus >"$log" 2>&1 || status=$?
if ((status)); then
  tail -n 60 "$log" >&2
  echo "fuzz: a failing input (exit $status), written to build/fuzz/crash-*; full log in $log" >&2
  exit "$status"
fi
# The last progress line (runs, cov:, ft:) and the totals.
grep -E '^#[0-9]+' "$log" | tail -n 1
grep -E '^stat::number_of_executed_units|^Done' "$log" || true
