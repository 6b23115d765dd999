#!/usr/bin/env bash
# Configures (when not yet configured) and builds one tree: build/native (g++), build/wasm (em++),
# build/tsan (clang++ with ThreadSanitizer, the scalar lanes and the invariants checked) or build/fuzz (clang++ with libFuzzer and sanitizers, the SIMD lanes).
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
  tsan)
    # clang++ with ThreadSanitizer, warnings as errors: proves the core is safe for threads
    # (tests/cpp/thread_test.cpp) and that clang compiles it without a warning. It is also the
    # check tree: a Debug build (NDEBUG undefined) of the scalar fallbacks of the lanes
    # (SEPAXIS_SIMD=OFF), which no other tree compiles, with the invariants checked
    # (SEPAXIS_ASSERTIONS=ON: Grid::validate() after every build of the World's grid); folded in
    # here because a tree of its own would compile the whole suite once more. -O1: unoptimized
    # code under ThreadSanitizer runs the suite several times slower. Only the tests it runs
    # (sepaxis_check_tests): benchmarks and examples add nothing here. Line tables instead of full
    # debug information: a race report still names every frame's file and line, and the tree
    # compiles in about a fifth less time.
    grep -qs '^CMAKE_CXX_FLAGS_DEBUG:STRING=-gline-tables-only' build/tsan/CMakeCache.txt ||
      CXX=clang++ cmake -S . -B build/tsan -G Ninja -DCMAKE_BUILD_TYPE=Debug \
        "-DCMAKE_CXX_FLAGS=-fsanitize=thread -O1" -DCMAKE_CXX_FLAGS_DEBUG=-gline-tables-only \
        -DSEPAXIS_WERROR=ON \
        -DSEPAXIS_SIMD=OFF -DSEPAXIS_ASSERTIONS=ON \
        -DSEPAXIS_BUILD_BENCHMARKS=OFF -DSEPAXIS_BUILD_EXAMPLES=OFF
    cmake --build build/tsan --target sepaxis_check_tests "$@"
    ;;
  fuzz)
    # The libFuzzer target with ASan and UBSan (tests/fuzz): clang++ only (TOOLCHAIN.md). Warnings
    # as errors: the one clang tree that compiles the library's SIMD lanes (SSE2; build/tsan
    # compiles the scalar ones, and em++'s wasm tree leaves warnings as warnings). Line tables
    # instead of full debug information: a sanitizer's report still names every frame's file and
    # line, and the tree compiles in about a seventh less time. It also builds the C++ consumer
    # example, through whose add_subdirectory path it takes the library (scripts/test-consumer.sh).
    grep -qs '^CMAKE_CXX_FLAGS_RELWITHDEBINFO:STRING=-O2 -gline-tables-only' build/fuzz/CMakeCache.txt ||
      cmake -S tests/fuzz -B build/fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
        "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -gline-tables-only -DNDEBUG" -DSEPAXIS_WERROR=ON
    cmake --build build/fuzz "$@"
    ;;
  *)
    echo "usage: scripts/build.sh native|wasm|tsan|fuzz [cmake --build arguments]" >&2
    exit 2
    ;;
esac
