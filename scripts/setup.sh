#!/usr/bin/env bash
# Installs what sepaxis needs to build and test (Debian 12, apt), and does nothing when all is
# there. Idempotent. Never installs or replaces Node: the machine's Node >= 20.19 is used as is.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! node -e 'const [a, b] = process.versions.node.split(".").map(Number);
              process.exit(a > 20 || (a === 20 && b >= 19) ? 0 : 1)' 2>/dev/null; then
  echo "setup: Node >= 20.19 is required (found: $(node --version 2>/dev/null || echo none))" >&2
  exit 1
fi

# One check per Debian package: a command or a file that the build actually uses.
missing=()
command -v cmake >/dev/null || missing+=(cmake)
command -v ninja >/dev/null || missing+=(ninja-build)
command -v g++ >/dev/null || missing+=(g++)
command -v emcc >/dev/null || missing+=(emscripten)
command -v clang++ >/dev/null || missing+=(clang)  # the ThreadSanitizer and fuzz trees (build/tsan, build/fuzz)
[ -d /usr/share/nodejs/acorn ] || missing+=(node-acorn)  # emcc's JS optimizer (via NODE_PATH)
# The headers for native tests, the sources for the wasm build of GoogleTest.
{ [ -f /usr/include/gtest/gtest.h ] && [ -f /usr/src/googletest/CMakeLists.txt ]; } ||
  missing+=(libgtest-dev)
[ -f /usr/include/benchmark/benchmark.h ] || missing+=(libbenchmark-dev)
command -v clang-format-14 >/dev/null || missing+=(clang-format-14)  # the C++ style check (scripts/lint.sh)
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -d /usr/share/fonts/truetype/liberation ] || missing+=(fonts-liberation)
# libFuzzer and the sanitizer runtimes for clang++ 14 (the fuzz step; clang itself comes with emscripten).
[ -f /usr/lib/llvm-14/lib/clang/14.0.6/lib/linux/libclang_rt.fuzzer-x86_64.a ] || missing+=(libclang-rt-14-dev)

did="nothing to install"
if ((${#missing[@]})); then
  if [ "$(id -u)" -eq 0 ]; then
    as_root=()
  elif command -v sudo >/dev/null; then
    as_root=(sudo)
  else
    echo "setup: missing ${missing[*]}; run as root (or install sudo)" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  node_before=$(node --version)
  start=$SECONDS
  "${as_root[@]}" apt-get update -qq
  # emscripten depends on the `nodejs` package. A Node installed as a package (NodeSource's 20.x)
  # satisfies it and apt never downgrades it; a Node installed any other way would be shadowed or
  # overwritten by Debian's Node 18. Refuse any plan that touches Node instead of breaking it.
  plan=$("${as_root[@]}" apt-get install -s "${missing[@]}" 2>&1) || {
    echo "$plan" >&2
    exit 1
  }
  if grep -Eq '^(Inst|Remv|Purg) (nodejs|libnode[0-9]*|npm) ' <<<"$plan"; then
    echo "setup: installing ${missing[*]} would change Node:" >&2
    grep -E '^(Inst|Remv|Purg) (nodejs|libnode[0-9]*|npm) ' <<<"$plan" >&2
    echo "setup: install Node 20 as a Debian package (NodeSource) first, or install those by hand" >&2
    exit 1
  fi
  "${as_root[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
  if [ "$(node --version)" != "$node_before" ]; then
    echo "setup: apt changed Node from $node_before to $(node --version)" >&2
    exit 1
  fi
  did="installed ${missing[*]} in $((SECONDS - start)) s"
fi

# npm ci rewrites node_modules from the lockfile; needed only when the lockfile is newer.
stamp=node_modules/.package-lock.json
if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ]; then
  npm ci --no-audit --no-fund --loglevel=error >/dev/null
  # With no dependencies npm writes no hidden lockfile; record that this lockfile was installed.
  [ -f "$stamp" ] || { mkdir -p node_modules && cp package-lock.json "$stamp"; }
  did="$did; npm ci done"
else
  did="$did; node_modules up to date"
fi
echo "setup: $did (node $(node --version), cmake $(cmake --version | sed -n '1s/.* //p'))"
