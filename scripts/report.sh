#!/usr/bin/env bash
# `npm run report`: build the C++ example and print separating-axis reports of a few pairs.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
log=$(mktemp)
trap 'rm -f "$log"' EXIT
echo "building the report example..."
bash scripts/build.sh native --target sepaxis_report >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
echo
build/native/examples/cpp/sepaxis_report
