#!/usr/bin/env bash
# Proves that the Google Benchmark programs (tests/bench) still compile against the library, without
# their optimised code generation, which `npm test` has no use for: each file's own compile command
# from build/native (its flags, defines and includes), with -fsyntax-only instead of an object file.
# About a third of the CPU of building them; `npm run bench` builds and runs them for real.
set -euo pipefail
cd "$(dirname "$0")/.."

tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
[[ -f build/native/build.ninja ]] || { echo "build/native is not configured: run \`npm run build:native\` first" >&2; exit 1; }
ninja -C build/native -t commands sepaxis_overlap_bench sepaxis_query_bench sepaxis_batch_bench \
  sepaxis_world_bench sepaxis_fit_bench sepaxis_mesh_bench |
  grep -E ' -c [^ ]*/tests/bench/[a-z_]+\.cpp$' | sort -u |
  sed -E 's/ -MD -MT [^ ]+ -MF [^ ]+//; s/ -o [^ ]+ -c / -fsyntax-only /' >"$tmp"
files=$(wc -l <"$tmp")
((files >= 7)) || { echo "check-benches: found $files benchmark files in build/native, expected at least 7" >&2; exit 1; }
(cd build/native && xargs -P 2 -I{} -d '\n' sh -c '{}' <"$tmp")
echo "benchmarks: $files files compile"
