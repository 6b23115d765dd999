#!/usr/bin/env bash
# `npm run test:threads`: the core called from 8 threads at once (tests/cpp/thread_test.cpp), and
# Worlds on threads of their own (WorldThreads, tests/cpp/world_test.cpp; once), compiled by
# clang++ with ThreadSanitizer and -Werror (build/tsan): fails on any data race, on a thread
# computing other results than one thread alone, and on any clang warning.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh tsan
# Three fresh processes: a first-use race exists only on first use, and ThreadSanitizer's memory of
# earlier accesses is bounded, so one run on a loaded machine may miss it (seen: 11 of 12 caught).
for run in 1 2 3; do
  TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" \
    build/tsan/tests/cpp/sepaxis_tests --gtest_filter='Threads.*' --gtest_brief=1
done
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" \
  build/tsan/tests/cpp/sepaxis_tests --gtest_filter='WorldThreads.*' --gtest_brief=1
echo "threads: no data race, every thread's results equal one thread's"
