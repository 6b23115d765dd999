#!/usr/bin/env node
// What a single overlaps() call of two spheres costs, piece by piece, next to three.js's
// Sphere.intersectsSphere, on 4,096 pairs in cache: an empty JS->WebAssembly call (a module of one
// function, built here byte by byte), the sphere export on numbers written straight into the
// scratch area, the export alone, and the public sx.overlaps(). A report of why single calls
// cannot get within 2x of three.js in cache, not a test. Reads dist/: run `npm run build` first.
//
//   node scripts/bench-call-floor.mjs

import { readFileSync } from 'node:fs';
import { Sphere, Vector3 } from 'three';
import createSepaxisModule from '../dist/sepaxis-wasm.js';
import { init } from 'sepaxis';

// (module (func (export "f") (param i32 i32) (result i32) local.get 0 local.get 1 i32.add))
const EMPTY = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // magic, version
  0x01, 0x07, 0x01, 0x60, 0x02, 0x7f, 0x7f, 0x01, 0x7f, // type: (i32, i32) -> i32
  0x03, 0x02, 0x01, 0x00, // function 0 has type 0
  0x07, 0x05, 0x01, 0x01, 0x66, 0x00, 0x00, // export "f" = function 0
  0x0a, 0x09, 0x01, 0x07, 0x00, 0x20, 0x00, 0x20, 0x01, 0x6a, 0x0b, // body
]);
const empty = (await WebAssembly.instantiate(EMPTY)).instance.exports.f;

const module = await createSepaxisModule({ wasmBinary: readFileSync(new URL('../dist/sepaxis-wasm.wasm', import.meta.url)) });
const sx = await init();
const scratch = new Float64Array(module.HEAPF64.buffer, module._sx_scratch(), 128);
module._sx_overlaps(0, 0);  // resolves Emscripten's trampoline
const exported = module._sx_overlaps;
const SLOT_B = 64;  // web/lib/index.js

const N = 4096;
let seed = 3;
const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
const a = [], b = [], ta = [], tb = [];
for (let i = 0; i < N; i++) {
  a.push({ type: 'sphere', center: [random(), random(), random()], radius: random() * 0.8 + 0.4 });
  b.push({ type: 'sphere', center: [random() * 3, random() * 2, random()], radius: random() * 0.8 + 0.4 });
  ta.push(new Sphere(new Vector3(...a[i].center), a[i].radius));
  tb.push(new Sphere(new Vector3(...b[i].center), b[i].radius));
}

function measure(name, pass) {
  let best = Infinity;
  for (let sample = 0; sample < 9; sample++) {
    const t0 = performance.now();
    let passes = 0, sink = 0;
    while (performance.now() - t0 < 40) { sink += pass(); passes++; }
    best = Math.min(best, ((performance.now() - t0) * 1e6) / (passes * N));
    if (sink < 0) console.log(sink);
  }
  console.log(`${name.padEnd(44)} ${best.toFixed(1).padStart(6)} ns`);
}

measure('three.js Sphere.intersectsSphere', () => {
  let n = 0;
  for (let i = 0; i < N; i++) n += ta[i].intersectsSphere(tb[i]) ? 1 : 0;
  return n;
});
measure('empty JS->WebAssembly call', () => {
  let n = 0;
  for (let i = 0; i < N; i++) n += empty(i, 1);
  return n;
});
measure('sphere export alone (numbers already written)', () => {
  let n = 0;
  for (let i = 0; i < N; i++) n += exported(0, 0);
  return n;
});
measure('write both spheres + sphere export', () => {
  let n = 0;
  const f = scratch;
  for (let i = 0; i < N; i++) {
    const p = a[i], q = b[i], c = p.center, d = q.center;
    f[0] = 0; f[1] = c[0]; f[2] = c[1]; f[3] = c[2]; f[4] = p.radius;
    f[SLOT_B] = 0; f[SLOT_B + 1] = d[0]; f[SLOT_B + 2] = d[1]; f[SLOT_B + 3] = d[2]; f[SLOT_B + 4] = q.radius;
    n += exported(0, 0);
  }
  return n;
});
measure('sx.overlaps(a, b) (checks shapes, dispatches)', () => {
  let n = 0;
  for (let i = 0; i < N; i++) n += sx.overlaps(a[i], b[i]) ? 1 : 0;
  return n;
});
