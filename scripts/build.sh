#!/usr/bin/env bash
# Configures (when not yet configured) and builds one tree: build/native (g++), build/wasm (em++)
# or build/fuzz (clang++ with libFuzzer and sanitizers).
# Further arguments go to `cmake --build`, e.g. `--target sepaxis_report`.
set -euo pipefail
cd "$(dirname "$0")/.."

tree=${1:-}
shift || true
case "$tree" in
  native)
    [ -f build/native/build.ninja ] ||
      cmake -S . -B build/native -G Ninja -DCMAKE_BUILD_TYPE=Release
    cmake --build build/native "$@"
    ;;
  wasm)
    # Debian's emcc finds acorn, for its JS optimizer, only through NODE_PATH (TOOLCHAIN.md).
    export NODE_PATH=/usr/share/nodejs
    [ -f build/wasm/build.ninja ] ||
      emcmake cmake -S . -B build/wasm -G Ninja -DCMAKE_BUILD_TYPE=Release
    cmake --build build/wasm "$@"
    ;;
  fuzz)
    # The libFuzzer target with ASan and UBSan (tests/fuzz): clang++ only (TOOLCHAIN.md).
    [ -f build/fuzz/build.ninja ] ||
      cmake -S tests/fuzz -B build/fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++
    cmake --build build/fuzz "$@"
    ;;
  *)
    echo "usage: scripts/build.sh native|wasm|fuzz [cmake --build arguments]" >&2
    exit 2
    ;;
esac
