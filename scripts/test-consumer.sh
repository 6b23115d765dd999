#!/usr/bin/env bash
# Proves the install/export rules: installs build/native into a temporary prefix, then builds and
# runs examples/cpp/consumer against it with find_package, and once more with add_subdirectory.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Shows a step's output only when it fails, so a passing run stays short.
quiet() {
  "$@" >"$tmp/log" 2>&1 || { cat "$tmp/log" >&2; exit 1; }
}

quiet bash scripts/build.sh native --target sepaxis
quiet cmake --install build/native --prefix "$tmp/prefix"

quiet cmake -S examples/cpp/consumer -B "$tmp/package" -G Ninja -DCMAKE_PREFIX_PATH="$tmp/prefix"
quiet cmake --build "$tmp/package"
echo -n "find_package:     " && "$tmp/package/consumer"

quiet cmake -S examples/cpp/consumer -B "$tmp/subdir" -G Ninja -DSEPAXIS_SOURCE_DIR="$root"
quiet cmake --build "$tmp/subdir"
echo -n "add_subdirectory: " && "$tmp/subdir/consumer"
