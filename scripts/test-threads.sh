#!/usr/bin/env bash
# `npm run test:threads`: the core called from 8 threads at once (tests/cpp/thread_test.cpp), and
# Worlds on threads of their own (WorldThreads, tests/cpp/world_test.cpp; once), compiled by
# clang++ with ThreadSanitizer and -Werror (build/tsan): fails on any data race, on a thread
# computing other results than one thread alone, and on any clang warning. Then, in the same tree
# (a Debug build of the scalar lanes, SEPAXIS_ASSERT on: Grid::validate() after every build of
# the World's grid), the World's, the lanes' and the batches' tests.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh tsan
# Three fresh processes: a first-use race exists only on first use, and ThreadSanitizer's memory of
# earlier accesses is bounded, so one run on a loaded machine may miss it (seen: 11 of 12 caught).
for run in 1 2 3; do
  TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" \
    build/tsan/tests/cpp/sepaxis_check_tests --gtest_filter='Threads.*' --gtest_brief=1
done
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" \
  build/tsan/tests/cpp/sepaxis_check_tests --gtest_filter='WorldThreads.*' --gtest_brief=1
echo "threads: no data race, every thread's results equal one thread's"
# The tree compiles the scalar lanes with the invariants checked (scripts/build.sh): every World,
# lane and batch test on them (BuildConfiguration proves which lanes the library compiled).
# The program holds only these tests' files (tests/cpp/CMakeLists.txt: sepaxis_check_tests).
TSAN_OPTIONS="halt_on_error=1" build/tsan/tests/cpp/sepaxis_check_tests --gtest_brief=1 \
  --gtest_filter='-Threads.*:WorldThreads.*'
echo "scalar lanes with invariants checked: the World and the batches give the same answers"
