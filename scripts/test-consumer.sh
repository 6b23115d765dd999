#!/usr/bin/env bash
# Proves the install/export rules: installs build/native into a temporary prefix, then builds and
# runs examples/cpp/consumer against it with find_package (g++), and once more with
# add_subdirectory: the fuzz tree (build/fuzz, clang++) takes the library through that example's
# add_subdirectory path (tests/fuzz/CMakeLists.txt), so the example is built there, with the
# library that tree compiles anyway (under ASan and UBSan, which the example's run then passes).
set -euo pipefail
cd "$(dirname "$0")/.."
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

quiet bash scripts/build.sh fuzz --target consumer
echo -n "add_subdirectory: " && build/fuzz/consumer/consumer
