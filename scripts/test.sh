#!/usr/bin/env bash
# The whole check, as CI runs it: setup, lint (ESLint, clang-format), native build + tests, the
# ThreadSanitizer tree (also the scalar lanes with invariants checked), the fuzz target (75 s),
# wasm build + tests, consumer, the npm package, its Vitest suite, package checks, the tutorial
# site and the browser tests (the visualizer's and the site's).
# Stops at the first failure; prints how long each step took.
set -euo pipefail
cd "$(dirname "$0")/.."

times=()
output=$(mktemp)
trap 'rm -f "$output"' EXIT
step() {
  local name=$1 start=$(date +%s%N)
  shift
  echo "== $name"
  local status=0
  "$@" 2>&1 | tee -a "$output" || status=$?
  local ms=$((($(date +%s%N) - start) / 1000000))
  times+=("$name $((ms / 1000)).$(printf %03d $((ms % 1000)) | cut -c1)s")
  if ((status)); then
    echo "== FAILED at $name (exit $status): $(summary)" >&2
    exit "$status"
  fi
}
summary() { (IFS=,; echo "${times[*]}" | sed 's/,/, /g'); }

step setup bash scripts/setup.sh
step lint bash scripts/lint.sh
step "native build" npm run --silent build:native
step "native tests" npm run --silent test:native
step "threads (tsan)" bash scripts/test-threads.sh
step fuzz npm run --silent test:fuzz
step "wasm build" npm run --silent build:wasm
step "wasm tests" npm run --silent test:wasm
step consumer npm run --silent test:consumer
step "package build" npm run --silent build
step "js tests" npx vitest run
step "package checks" bash tests/pkg/run.sh
step "site build" npm run --silent build:site
step "browser tests" bash scripts/e2e.sh
echo "== all passed: $(summary)"
# One closing line for the whole run: the native ctest cases, the Vitest tests and the browser
# tests (the wasm run is one ctest entry holding the same GoogleTest suite again).
native=$(sed -n 's/.*tests passed, 0 tests failed out of \([0-9]*\).*/\1/p' "$output" | head -n 1)
js=$(sed 's/\x1b\[[0-9;]*m//g' "$output" | sed -n 's/^ *Tests *\([0-9]*\) passed.*/\1/p' | tail -n 1)
e2e=$(sed -n 's/^ℹ pass \([0-9]*\)$/\1/p' "$output" | tail -n 1)
echo "sepaxis: $((${native:-0} + ${js:-0} + ${e2e:-0})) passed, 0 failed"
