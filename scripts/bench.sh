#!/usr/bin/env bash
# Runs every benchmark program; extra arguments go to each (e.g. --benchmark_filter=obb).
set -euo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT
bash scripts/build.sh native --target sepaxis_overlap_bench sepaxis_query_bench sepaxis_batch_bench sepaxis_world_bench >"$log" 2>&1 ||
  { cat "$log" >&2; exit 1; }
for program in build/native/tests/bench/sepaxis_*_bench; do
  "$program" --benchmark_min_time=0.05 "$@"
done
