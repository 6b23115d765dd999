#!/usr/bin/env bash
# Builds the npm package into dist/: the WebAssembly module (Emscripten), wire.js (its wire's
# numbers, written by the same build: cpp/bindings/wire.h), the hand-written JS/TS wrapper from
# web/lib, the demo element (web/demo, bundled by Vite: web/demo/vite.config.js) and the iframe
# page (web/app/embed.html: web/app/embed.vite.config.js). These are the files package.json
# "exports" names.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/build.sh wasm --target sepaxis_wasm sepaxis_wasm_core sepaxis_wasm_threads
rm -rf dist
mkdir -p dist
cp web/lib/*.js web/lib/*.d.ts web/lib/volume.schema.json dist/
cp build/wasm/cpp/bindings/sepaxis-wasm.js build/wasm/cpp/bindings/sepaxis-wasm.wasm build/wasm/cpp/bindings/wire.js dist/
cp build/wasm/cpp/bindings/sepaxis-core.js build/wasm/cpp/bindings/sepaxis-core.wasm dist/
cp build/wasm/cpp/bindings/sepaxis-threads.js build/wasm/cpp/bindings/sepaxis-threads.wasm \
  build/wasm/cpp/bindings/sepaxis-threads.worker.js dist/
node_modules/.bin/vite build -c web/demo/vite.config.js
cp web/demo/demo.d.ts dist/
node_modules/.bin/vite build -c web/app/embed.vite.config.js
echo "dist/: $(ls dist | tr '\n' ' ')"
