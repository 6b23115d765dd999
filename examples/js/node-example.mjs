// sepaxis from Node: single calls on plain JSON volumes, then a batch in the WebAssembly heap.
//   npm run build && node examples/js/node-example.mjs

import { init } from 'sepaxis';

const sx = await init();

// Single calls take volumes in the JSON format (see sepaxis/volume.schema.json).
const box = { type: 'aabb', min: [0, 0, 0], max: [1, 1, 1] };
const ball = { type: 'sphere', center: [1.5, 0.5, 0.5], radius: 0.6 };
const crate = { type: 'obb', center: [3, 0.5, 0.5], rotation: [0, 0, Math.sin(Math.PI / 8), Math.cos(Math.PI / 8)], halfExtents: [1, 0.5, 0.5] };

console.log('overlaps(box, ball):', sx.overlaps(box, ball));
console.log('overlaps(box, crate):', sx.overlaps(box, crate));

// collide() explains the answer: every candidate axis, with both projection intervals.
const report = sx.collide(box, crate);
const axis = report.axes[report.separatingAxis];
console.log(`collide(box, crate): apart by ${axis.gap.toFixed(4)} along ${axis.label}, one of ${report.axes.length} axes`);

const hit = sx.raycast(box, [-1, 0.5, 0.5], [1, 0, 0]);
console.log('raycast(box) from x = -1 hits at distance', hit.distance);

// A batch: 10,000 sphere pairs written straight into the WebAssembly heap, tested in one call.
const count = 10_000;
const pairs = sx.createPairBuffer('sphere', 'sphere', count);
const ax = pairs.a.field('center.x'), ar = pairs.a.field('radius');
const bx = pairs.b.field('center.x'), br = pairs.b.field('radius');  // y and z stay 0
for (let i = 0; i < count; i++) {
  ax[i] = i * 10; ar[i] = 1;
  bx[i] = i * 10 + 0.75 * (i % 4); br[i] = 0.5;  // centres 0, 0.75, 1.5, 2.25 apart; 1.5 touches
}
const results = pairs.run();
console.log(`batch: ${results.reduce((n, r) => n + r, 0)} of ${count} sphere pairs overlap (touching counts)`);
pairs.dispose();  // frees the heap memory now (collection would free it too, later)
