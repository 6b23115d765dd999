#!/usr/bin/env bash
# Browser end-to-end tests of the visualizer, the demo element and the tutorial site: builds the
# app with vite, serves it with Vite's preview server (web/app/vite.config.js: the same headers as
# a deployment; the site at /tutorial/) on 127.0.0.1 on a free port, runs tests/e2e/*.test.mjs in
# Debian's Chromium (playwright-core), stops the server. Screenshots and the frame-time report go
# to test-results/e2e/. Runs two test files at a time (SEPAXIS_E2E_FILES_AT_ONCE=1: one); the
# tests are stopped after 20 min.
#   bash scripts/e2e.sh [test files...]
# Needs the built package (dist/): `npm run build`; tests/e2e/site.test.mjs also needs the built
# tutorial site (build/site/): `npm run build:site` (`npm test` runs both first).
set -euo pipefail
cd "$(dirname "$0")/.."

[[ -f dist/index.js ]] || { echo "dist/ is missing: run \`npm run build\` first" >&2; exit 1; }
[[ -x ${CHROMIUM:-/usr/bin/chromium} ]] || { echo "Chromium is missing: apt-get install -y chromium" >&2; exit 1; }

vite=node_modules/.bin/vite
"$vite" build -c web/app/vite.config.js --logLevel warn
log=$(mktemp)
# NO_COLOR: the URL Vite prints is matched below (colours would split it).
PORT=0 NO_COLOR=1 "$vite" preview -c web/app/vite.config.js </dev/null >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -f "$log"' EXIT

url=
for _ in $(seq 100); do
  url=$(grep -o 'http://127.0.0.1:[0-9]*/' "$log" || true)
  [[ -n $url ]] && break
  kill -0 "$server" 2>/dev/null || { cat "$log" >&2; exit 1; }
  sleep 0.1
done
[[ -n $url ]] || { echo "the server did not start" >&2; cat "$log" >&2; exit 1; }
export SEPAXIS_APP_URL=$url
echo "serving the visualizer at $SEPAXIS_APP_URL"

mkdir -p test-results/e2e
files=("$@")
# The largest files first (ls -S), which are also the longest: the two at a time end together.
((${#files[@]})) || mapfile -t files < <(ls -S tests/e2e/*.test.mjs)
# Two files at a time, each with its own browser: a page load waits on the GPU process's shader
# compiles and the tests wait on frames, so one file alone leaves a core idle much of the time.
timeout --kill-after=10 1200 node --test --test-concurrency="${SEPAXIS_E2E_FILES_AT_ONCE:-2}" --test-reporter=spec "${files[@]}"
echo "screenshots and bench.json: test-results/e2e/"
