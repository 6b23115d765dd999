#!/usr/bin/env bash
# Builds the tutorial site (web/site/, VitePress) into build/site/, served at /tutorial/ by the
# visualizer's server (web/app/vite.config.js). First the API reference: TypeDoc with
# typedoc-plugin-markdown writes Markdown pages from the package's own types (web/lib/index.d.ts,
# three.d.ts) into web/site/api/, which is generated on every build and not committed, so it
# cannot drift from the package. Then the performance page's charts: scripts/perf-charts.mjs draws
# them from the measured figures in web/site/data/ into web/site/.vitepress/charts/ (generated,
# not committed), which web/site/performance.md includes.
set -euo pipefail
cd "$(dirname "$0")/../web/site"
node ../../scripts/perf-charts.mjs
../../node_modules/.bin/typedoc --options typedoc.json --logLevel Warn
../../node_modules/.bin/vitepress build . --logLevel warn
echo "build/site/: the tutorial (served at /tutorial/ by \`npm run app\`)"
