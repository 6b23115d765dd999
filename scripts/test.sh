#!/usr/bin/env bash
# The whole check, as CI runs it: setup, lint (ESLint, clang-format), then two lanes at once:
#   the native lane  native build + tests, the consumer, the ThreadSanitizer tree (also the scalar
#                    lanes with invariants checked), the fuzz target (45 s);
#   the web lane     wasm build + tests, the npm package, its Vitest suite, package checks, the
#                    tutorial site and the browser tests (the visualizer's and the site's).
# The web lane is the longer; the native lane runs beside it at a lower priority and fills the
# time its steps leave a core idle (the browser tests, the single-process test programs, the fuzz
# target's one thread). Stops at the first failure of either lane; prints how long each step took
# and the CPU seconds it used (both cores' worth: the budget is 12 minutes on 2 cores).
set -euo pipefail
cd "$(dirname "$0")/.."

work=$(mktemp -d)
cleanup() {  # stops the native lane if it still runs (its pid is its process group's)
  [[ -f $work/native.pid && ! -f $work/native.status ]] && kill -- -"$(<"$work/native.pid")" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
output=$work/output  # both lanes' output, for the closing count
times=$work/times    # "name seconds" a line, in the order the steps ended

# The CPU seconds (user + system) of this shell's finished children, from bash's `times`.
# (`times` runs in this shell, not in a subshell, whose children would be its own.)
children_cpu() {
  local file=$work/times.$BASHPID
  times >"$file"
  tail -n 1 "$file" | awk '{ s = 0; for (i = 1; i <= 2; i++) { split($i, t, /[ms]/); s += t[1] * 60 + t[2] } print s }'
}
step() {
  local name=$1 start=$(date +%s%N) cpu_file=$work/cpu.$BASHPID cpu_start
  children_cpu >"$cpu_file"
  cpu_start=$(<"$cpu_file")
  shift
  echo "== $name"
  local status=0
  "$@" 2>&1 | tee -a "$output" || status=$?
  local ms=$((($(date +%s%N) - start) / 1000000))
  children_cpu >"$cpu_file"
  local cpu_end=$(<"$cpu_file")
  local cpu=$(awk -v a="$cpu_start" -v b="$cpu_end" 'BEGIN { printf "%.0f", b - a }')
  echo "$name $((ms / 1000)).$(printf %03d $((ms % 1000)) | cut -c1)s (cpu ${cpu}s)" >>"$times"
  if ((status)); then
    echo "== FAILED at $name (exit $status): $(summary)" >&2
    exit "$status"
  fi
}
summary() { paste -sd, "$times" | sed 's/,/, /g'; }
native_lane_done() {  # prints the native lane's output once; fails if the lane failed
  [[ -f $work/native.status ]] || return 0
  [[ -f $work/native.printed ]] && return "$(cat "$work/native.status")"
  touch "$work/native.printed"
  echo "== the native lane's output"
  cat "$work/native.log"
  return "$(cat "$work/native.status")"
}
web_step() {  # a step of the web lane, after checking the native lane has not failed
  native_lane_done || { echo "== FAILED in the native lane: $(summary)" >&2; exit 1; }
  step "$@"
}

step setup bash scripts/setup.sh
step lint bash scripts/lint.sh

# setsid: the lane is a process group of its own, stopped as a whole if the web lane fails. Started
# from a subshell that ends at once, so this shell never reaps it: its CPU seconds would otherwise
# count in the web lane's step that runs when it ends.
export -f step summary children_cpu
export work output times
(setsid nice -n 10 bash -c '
  echo $$ >"$work/native.pid"
  set -o pipefail
  status=0
  (
    step "native build" npm run --silent build:native
    step "native tests" npm run --silent test:native
    step consumer npm run --silent test:consumer
    step "threads (tsan)" bash scripts/test-threads.sh
    step fuzz npm run --silent test:fuzz
  ) >"$work/native.log" 2>&1 || status=$?
  echo "$status" >"$work/native.status"
' &)

web_step "wasm build" npm run --silent build:wasm
web_step "wasm tests" npm run --silent test:wasm
web_step "package build" npm run --silent build
web_step "js tests" npx vitest run
web_step "package checks" bash tests/pkg/run.sh
web_step "site build" npm run --silent build:site
web_step "browser tests" bash scripts/e2e.sh

echo "== waiting for the native lane"
until [[ -f $work/native.status ]]; do
  kill -0 "$(<"$work/native.pid")" 2>/dev/null || { echo "== the native lane ended without a result: $(summary)" >&2; exit 1; }
  sleep 1
done
native_lane_done || { echo "== FAILED in the native lane: $(summary)" >&2; exit 1; }
echo "== all passed: $(summary)"
# One closing line for the whole run: the native ctest cases, the Vitest tests and the browser
# tests (the wasm run is one ctest entry holding the same GoogleTest suite again).
native=$(sed -n 's/.*tests passed, 0 tests failed out of \([0-9]*\).*/\1/p' "$output" | sort -n | tail -n 1)
js=$(sed 's/\x1b\[[0-9;]*m//g' "$output" | sed -n 's/^ *Tests *\([0-9]*\) passed.*/\1/p' | tail -n 1)
e2e=$(sed -n 's/^ℹ pass \([0-9]*\)$/\1/p' "$output" | tail -n 1)
echo "sepaxis: $((${native:-0} + ${js:-0} + ${e2e:-0})) passed, 0 failed"
