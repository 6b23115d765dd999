#!/usr/bin/env bash
# The whole check, as CI runs it: setup, lint (ESLint, clang-format), then three lanes at once:
#   the browser lane   the npm package (its WebAssembly modules and dist/), the tutorial site, the
#                      browser tests (the visualizer's and the site's): the longest lane, so it
#                      runs at normal priority and builds only what the browser tests need;
#   the native lane    native build + tests, the benchmarks checked to compile, the
#                      ThreadSanitizer tree (also the scalar lanes with invariants checked), the
#                      fuzz tree, the consumer (find_package from build/native, add_subdirectory
#                      from the fuzz tree), then the ThreadSanitizer tests beside the fuzz target
#                      (30 s);
#   the web checks     once the package is built: the wasm GoogleTest program and its run, the
#                      Vitest suite, the package checks.
# The native lane and the web checks run at a lower priority and fill the time the browser lane
# leaves a core idle (the browser tests wait on frames and page loads). Stops at the first failure
# of any lane; prints how long each step took and the CPU seconds it used (both cores' worth: the
# budget is 12 minutes on 2 cores).
set -euo pipefail
cd "$(dirname "$0")/.."

work=$(mktemp -d)
lanes=(native checks)  # the lanes started in the background (below)
cleanup() {  # stops a background lane that still runs (its pid is its process group's)
  local lane
  for lane in "${lanes[@]}"; do
    [[ -f $work/$lane.pid && ! -f $work/$lane.status ]] && kill -- -"$(<"$work/$lane.pid")" 2>/dev/null || true
  done
  rm -rf "$work"
}
trap cleanup EXIT
output=$work/output  # every lane's output, for the closing count
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
lane_done() {  # lane_done NAME: prints a background lane's output once; fails if the lane failed
  [[ -f $work/$1.status ]] || return 0
  [[ -f $work/$1.printed ]] && return "$(cat "$work/$1.status")"
  touch "$work/$1.printed"
  echo "== the $1 lane's output"
  cat "$work/$1.log"
  return "$(cat "$work/$1.status")"
}
lanes_ok() {  # fails (and says so) if a background lane has failed
  local lane
  for lane in "${lanes[@]}"; do
    lane_done "$lane" || { echo "== FAILED in the $lane lane: $(summary)" >&2; exit 1; }
  done
}
browser_step() {  # a step of the browser lane, after checking no background lane has failed
  lanes_ok
  step "$@"
}
# start_lane NAME COMMANDS: runs COMMANDS (steps, in a bash script) in the background at nice 10,
# its output into $work/NAME.log, its exit status into $work/NAME.status. setsid: the lane is a
# process group of its own, stopped as a whole if another lane fails. Started from a subshell that
# ends at once, so this shell never reaps it: its CPU seconds would otherwise count in the browser
# lane's step that runs when it ends.
start_lane() {
  (LANE=$1 setsid nice -n 10 bash -c '
    echo $$ >"$work/$LANE.pid"
    set -o pipefail
    status=0
    ( eval "$0" ) >"$work/$LANE.log" 2>&1 || status=$?
    echo "$status" >"$work/$LANE.status"
  ' "$2" &)
}
wait_lane() {  # wait_lane NAME: until the lane has ended; fails if it failed
  echo "== waiting for the $1 lane"
  until [[ -f $work/$1.status ]]; do
    [[ -f $work/$1.pid ]] || { sleep 1; continue; }  # the lane has not written it yet
    kill -0 "$(<"$work/$1.pid")" 2>/dev/null || { echo "== the $1 lane ended without a result: $(summary)" >&2; exit 1; }
    sleep 1
  done
  lane_done "$1" || { echo "== FAILED in the $1 lane: $(summary)" >&2; exit 1; }
}

step setup bash scripts/setup.sh
step lint bash scripts/lint.sh

export -f step summary children_cpu
export work output times
# The native lane builds its two clang trees first (the consumer's add_subdirectory half is built
# in the fuzz tree), then runs the ThreadSanitizer tests and the fuzz target side by side: both run
# on one core each, and they are what ends last.
start_lane native '
  step "native build" bash scripts/build.sh native --target sepaxis_tests sepaxis_report
  step "native tests" npm run --silent test:native
  step "benchmarks compile" bash scripts/check-benches.sh
  step "tsan build" bash scripts/build.sh tsan
  step "fuzz build" bash scripts/build.sh fuzz -j2
  step consumer npm run --silent test:consumer
  ( step "threads (tsan)" bash scripts/test-threads.sh ) &
  threads=$!
  step fuzz npm run --silent test:fuzz
  wait "$threads"
'

# The package first: its three WebAssembly modules only (build-package.sh), not the wasm test
# program, which the web checks build beside the browser tests.
browser_step "package build" npm run --silent build
# The web checks need dist/; they build the rest of build/wasm (the wasm test program) once the
# package's build there has ended. SEPAXIS_DIST_BUILT: the package checks take this dist/ as it is
# (their own rebuild would remove it under the browser tests).
start_lane checks '
  step "wasm test build" npm run --silent build:wasm
  step "wasm tests" npm run --silent test:wasm
  step "js tests" npx vitest run
  step "package checks" env SEPAXIS_DIST_BUILT=1 bash tests/pkg/run.sh
'
browser_step "site build" npm run --silent build:site
browser_step "browser tests" bash scripts/e2e.sh

wait_lane checks
wait_lane native
echo "== all passed: $(summary)"
# One closing line for the whole run: the native GoogleTest cases, the Vitest tests and the
# browser tests (the wasm run is one ctest entry holding the same GoogleTest suite again).
native=$(sed -n 's/^native tests: \([0-9]*\) passed$/\1/p' "$output" | tail -n 1)
js=$(sed 's/\x1b\[[0-9;]*m//g' "$output" | sed -n 's/^ *Tests *\([0-9]*\) passed.*/\1/p' | tail -n 1)
e2e=$(sed -n 's/^ℹ pass \([0-9]*\)$/\1/p' "$output" | tail -n 1)
echo "sepaxis: $((${native:-0} + ${js:-0} + ${e2e:-0})) passed, 0 failed"
