#!/usr/bin/env bash
# Packaging smoke tests (`npm run test:pkg`): the package as users get it. Builds dist/ (fast when
# up to date; not with SEPAXIS_DIST_BUILT=1), packs and installs it once into a temporary consumer
# folder, then runs each check against it. Every step runs even when an earlier one failed; the
# exit status says if any did.
#   e  self-reference: import('sepaxis') and require('sepaxis') from the repository
#   a  pack-install.mjs  npm pack -> npm install <tgz> in an empty folder -> Node example + checks
#   b  types.mjs         tsc --strict on examples/js/typed-example.ts (bundler; node16 + run)
#   c  vite.mjs          vite build + vite preview of an app importing 'sepaxis', in Chromium
#   d  browser.mjs       /dist/index.js from a plain <script type="module"> (and under a strict CSP)
#   f  embed.mjs         the iframe page (dist/embed.html) served from the installed package
set -uo pipefail
cd "$(dirname "$0")/../.."

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=()

step() {  # step NAME COMMAND...: runs it with a time limit, records a failure
  local name=$1; shift
  local start=$SECONDS
  if timeout --kill-after=5 120 "$@"; then
    echo "  ($name: $((SECONDS - start)) s)"
  else
    echo "$name: FAILED (exit $?)" >&2
    failed+=("$name")
  fi
}

# SEPAXIS_DIST_BUILT=1 (scripts/test.sh, which has just built dist/): check dist/ as it is. A
# rebuild starts by removing dist/, which the browser tests running beside these read.
if [[ ${SEPAXIS_DIST_BUILT:-} == 1 ]]; then
  [[ -f dist/index.js ]] || { echo "test:pkg: SEPAXIS_DIST_BUILT=1 but dist/ is missing" >&2; exit 1; }
elif ! bash scripts/build-package.sh >"$tmp/build.log" 2>&1; then
  cat "$tmp/build.log" >&2
  echo "test:pkg: the package build failed" >&2
  exit 1
fi

self_reference() {
  node --input-type=module -e "
    const { init } = await import('sepaxis');
    const sx = await init();
    const hit = sx.overlaps({ type: 'sphere', center: [0, 0, 0], radius: 1 }, { type: 'aabb', min: [1, 0, 0], max: [2, 1, 1] });
    const miss = sx.overlaps({ type: 'sphere', center: [0, 0, 0], radius: 1 }, { type: 'aabb', min: [1.01, 0, 0], max: [2, 1, 1] });
    if (hit !== true || miss !== false) throw new Error('import(sepaxis): overlaps gave ' + hit + ', ' + miss);
    const three = await import('sepaxis/three');
    if (typeof three.fromObject3D !== 'function') throw new Error('sepaxis/three lacks fromObject3D');
  " &&
  # Node >= 20.19 can require() an ES module: CommonJS users get the same exports.
  node -e "
    const sepaxis = require('sepaxis');
    if (typeof sepaxis.init !== 'function') throw new Error('require(sepaxis) has no init');
    if (typeof require('sepaxis/volume.schema.json') !== 'object') throw new Error('require(sepaxis/volume.schema.json) failed');
  " &&
  echo "self-reference: ok (import('sepaxis'), import('sepaxis/three'), require('sepaxis'))"
}
export -f self_reference
step self-reference bash -c self_reference

# One packed and installed copy for the checks below (each would make its own without it).
if app=$(timeout 120 node tests/pkg/pack-install.mjs --keep); then
  echo "${app%$'\n'*}"
  export SEPAXIS_PKG_APP=${app##*$'\n'}
  trap 'rm -rf "$tmp" "$(dirname "$SEPAXIS_PKG_APP")"' EXIT
else
  echo "pack-install: FAILED" >&2
  failed+=(pack-install)
fi

step types node tests/pkg/types.mjs
step vite node tests/pkg/vite.mjs
step browser node tests/pkg/browser.mjs
step embed node tests/pkg/embed.mjs

if [ ${#failed[@]} -gt 0 ]; then
  echo "test:pkg: FAILED: ${failed[*]}" >&2
  exit 1
fi
echo "test:pkg: all passed"
