#!/usr/bin/env bash
# `npm run bench`: every benchmark, one after the other: the C++ core (Google Benchmark,
# scripts/bench.sh), then the package is built and the pair tests against three.js
# (scripts/bench-js.mjs), the World against Rapier (scripts/bench-world.mjs), the volumes' fits
# of real models (scripts/bench-fit.mjs) and meshes against three-mesh-bvh (scripts/bench-mesh.mjs)
# run in Node.
#   npm run bench -- --json [dir]
# also measures what the first demo downloads (scripts/demo-bytes.mjs, in Chromium) and writes
# each benchmark's figures, with the machine, the date and its command, to a JSON file in dir
# (default web/site/data/, which the performance page's charts are drawn from: native.json,
# pairs.json, world.json, world-queries.json, fit.json, mesh.json, demo-bytes.json), the World at the page's body counts.
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ ${1-} != --json ]]; then
  bash scripts/bench.sh
  bash scripts/build-package.sh
  node scripts/bench-js.mjs
  node scripts/bench-world.mjs
  node scripts/bench-fit.mjs
  node scripts/bench-mesh.mjs
  exit
fi
dir=${2:-web/site/data}
mkdir -p "$dir"
bash scripts/bench.sh --json "$dir/native.json"
bash scripts/build-package.sh
node scripts/bench-js.mjs --json "$dir/pairs.json"
# 100,000 bodies: few runs, so the whole table takes minutes (Rapier's frame is ~0.5 s there).
node scripts/bench-world.mjs --json "$dir/world.json" --no-kdop --sizes 1000,3000,10000,30000,100000 --runs 5
# The World's rays, contacts, sweeps and level beside Rapier's (the page's second set of charts).
node scripts/bench-world.mjs --json "$dir/world-queries.json" --no-kdop --sizes 1000,10000,50000 --runs 5 --threads 1 --naive-max 1000
node scripts/bench-fit.mjs --json "$dir/fit.json"
node scripts/bench-mesh.mjs --json "$dir/mesh.json" --nodes aabb,obb,kdop14 --runs 5
node scripts/demo-bytes.mjs --json "$dir/demo-bytes.json"
echo "figures written to $dir/; \`npm run build:site\` draws them on the performance page"
