#!/usr/bin/env bash
# `npm start`: set up, build the report example, and print a separating-axis report. The build's
# output is shown only if it fails, so the report is what the user sees.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
log=$(mktemp)
trap 'rm -f "$log"' EXIT
echo "building the report example..."
bash scripts/build.sh native --target sepaxis_report >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
echo
build/native/examples/cpp/sepaxis_report
