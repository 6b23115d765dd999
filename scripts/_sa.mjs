import { readFileSync } from 'node:fs';
import createSepaxisModule from '../dist/sepaxis-wasm.js';
const module = await createSepaxisModule({ wasmBinary: readFileSync(new URL('../dist/sepaxis-wasm.wasm', import.meta.url)) });
const f = new Float64Array(module.HEAPF64.buffer, module._sx_scratch(), 128);
module._sx_overlaps(0, 0);
const ex = module._sx_overlaps;
f[0] = 0; f[1] = 0.5; f[2] = 0.2; f[3] = 0.1; f[4] = 0.8;
f[64] = 1; f[65] = 1; f[66] = -1; f[67] = -1; f[68] = 2; f[69] = 1; f[70] = 1;
const N = 4096;
for (const [name, ta, tb] of [['sphere-sphere', 0, 0], ['sphere-aabb', 0, 1], ['sphere-obb', 0, 2], ['aabb-aabb', 1, 1], ['obb-obb', 2, 2]]) {
  if (name === 'sphere-sphere') { f[64] = 0; f[65] = 1.5; f[66] = 0; f[67] = 0; f[68] = 0.5; }
  if (name === 'sphere-aabb') { f[64] = 1; f[65] = 1; f[66] = -1; f[67] = -1; f[68] = 2; f[69] = 1; f[70] = 1; }
  if (name === 'sphere-obb') { const c = Math.SQRT1_2; [2, 1, 0.5, 0.2, c, c, 0, -c, c, 0, 0, 0, 1, 1, 2, 0.5].forEach((v, i) => { f[64 + i] = v; }); }
  if (name === 'obb-obb') { const c = Math.SQRT1_2; [2, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1].forEach((v, i) => { f[i] = v; }); [2, 1.5, 0.5, 0.2, c, c, 0, -c, c, 0, 0, 0, 1, 1, 2, 0.5].forEach((v, i) => { f[64 + i] = v; }); }
  if (name === 'aabb-aabb') { f[64] = 1; f[65] = 1; f[66] = -1; f[67] = -1; f[68] = 2; f[69] = 1; f[70] = 1; }
  if (name === 'aabb-aabb') { f[0] = 1; f[1] = 0; f[2] = 0; f[3] = 0; f[4] = 1; f[5] = 1; f[6] = 1; }
  let best = Infinity;
  for (let s = 0; s < 9; s++) {
    const t0 = performance.now(); let n = 0, passes = 0;
    while (performance.now() - t0 < 30) { for (let i = 0; i < N; i++) n += ex(ta, tb); passes++; }
    best = Math.min(best, (performance.now() - t0) * 1e6 / (passes * N));
  }
  console.log(name, best.toFixed(1), 'ns');
}
