#!/usr/bin/env bash
# Runs every benchmark program of the C++ core; extra arguments go to each (e.g.
# --benchmark_filter=obb).
#   bash scripts/bench.sh [--json file] [Google Benchmark options]
# --json file: also writes every program's figures (Google Benchmark's JSON), with the machine,
# the date and the command, to file (scripts/bench/native-report.mjs).
set -euo pipefail
cd "$(dirname "$0")/.."
json=
if [[ ${1-} == --json ]]; then
  json=${2:?--json needs a file}
  shift 2
fi
log=$(mktemp)
out=$(mktemp -d)
trap 'rm -rf "$log" "$out"' EXIT
bash scripts/build.sh native --target sepaxis_overlap_bench sepaxis_query_bench sepaxis_batch_bench sepaxis_world_bench sepaxis_fit_bench >"$log" 2>&1 ||
  { cat "$log" >&2; exit 1; }
for program in build/native/tests/bench/sepaxis_*_bench; do
  if [[ -n $json ]]; then
    "$program" --benchmark_min_time=0.05 --benchmark_out="$out/$(basename "$program").json" --benchmark_out_format=json "$@"
  else
    "$program" --benchmark_min_time=0.05 "$@"
  fi
done
[[ -z $json ]] || node scripts/bench/native-report.mjs "$json" "bash scripts/bench.sh --json $json $*" "$out"/*.json
