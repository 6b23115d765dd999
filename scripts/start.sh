#!/usr/bin/env bash
# `npm start`: set up what is missing, build the WebAssembly package and the tutorial site, then
# build and serve the visualizer on localhost, printing its URL (the tutorial is at /tutorial/).
# The builds' output is shown only if they fail.
# (`npm run report` prints the C++ separating-axis report example instead.)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
log=$(mktemp)
trap 'rm -f "$log"' EXIT
echo "building the package (C++ to WebAssembly)..."
npm run --silent build >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
echo "building the tutorial site..."
npm run --silent build:site >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
echo "the tutorial is at /tutorial/ of the URL below"
exec npm run --silent app   # vite build, then vite preview: serves it, prints http://127.0.0.1:PORT/
