#!/usr/bin/env bash
# The whole check, as CI runs it: setup, native build + tests, wasm build + tests, consumer,
# the npm package and its Vitest suite.
# Stops at the first failure; prints how long each step took.
set -euo pipefail
cd "$(dirname "$0")/.."

times=()
step() {
  local name=$1 start=$(date +%s%N)
  shift
  echo "== $name"
  local status=0
  "$@" || status=$?
  local ms=$((($(date +%s%N) - start) / 1000000))
  times+=("$name $((ms / 1000)).$(printf %03d $((ms % 1000)) | cut -c1)s")
  if ((status)); then
    echo "== FAILED at $name (exit $status): $(summary)" >&2
    exit "$status"
  fi
}
summary() { (IFS=,; echo "${times[*]}" | sed 's/,/, /g'); }

step setup bash scripts/setup.sh
step "native build" npm run --silent build:native
step "native tests" npm run --silent test:native
step "wasm build" npm run --silent build:wasm
step "wasm tests" npm run --silent test:wasm
step consumer npm run --silent test:consumer
step "package build" npm run --silent build
step "js tests" npx vitest run
echo "== all passed: $(summary)"
