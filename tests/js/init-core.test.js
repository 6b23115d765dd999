// init({ world: false }): the smaller module (sepaxis-core.wasm), which the demo element loads.
// Every call but createWorld, createMesh, loadMesh, fit('obb'), convexHull, the sweeps and
// triangles is the same; once the module with the World is loaded, it serves init({ world: false })
// too (one module per page when both are used).

import { expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { init } from 'sepaxis';

const a = { type: 'obb', center: [0, 0, 0], halfExtents: [1, 0.5, 0.5], rotation: [0, 0, 0.3826834, 0.9238795] };
const b = { type: 'sphere', center: [1.2, 0.9, 0], radius: 0.3 };

test('the module without the World answers as the one with it, is smaller, and says why it has no createWorld', async () => {
  const core = await init({ world: false });
  expect(() => core.createWorld()).toThrow('createWorld: this instance was loaded with init({ world: false }), whose module has no World: use init()');
  expect(() => core.createMesh({ positions: [0, 0, 0, 1, 0, 0, 0, 1, 0] }))
    .toThrow('createMesh: this instance was loaded with init({ world: false }), whose module has no meshes: use init()');
  expect(() => core.loadMesh(new ArrayBuffer(40)))
    .toThrow('loadMesh: this instance was loaded with init({ world: false }), whose module has no meshes: use init()');
  // Nor the OBB fit, hulls and sweeps: the demo element's first load stays small.
  const points = [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]];
  const missing = (call) => `${call}: this instance was loaded with init({ world: false }), whose module has no OBB fit, hulls or sweeps: use init()`;
  expect(() => core.fit('obb', points)).toThrow(missing("fit('obb')"));
  expect(() => core.convexHull(points)).toThrow(missing('convexHull'));
  expect(() => core.sweep(a, b, { velocityB: [1, 0, 0] })).toThrow(missing('sweep'));
  expect(() => core.timeOfImpact(a, b, { velocityB: [1, 0, 0] })).toThrow(missing('timeOfImpact'));
  expect(core.fit('sphere', points).radius).toBeGreaterThan(0);
  // Nor triangles: every visit of a volume would hold 25 pairs instead of 16.
  const triangle = { type: 'triangle', vertices: [[0, 0, 0], [1, 0, 0], [0, 1, 0]] };
  const noTriangles = "volume.type triangle needs the package's full module: init() without { world: false }";
  expect(() => core.overlaps(triangle, b)).toThrow(noTriangles);
  expect(() => core.collide(b, triangle)).toThrow(noTriangles);
  expect(() => core.raycast(triangle, [0.2, 0.2, 1], [0, 0, -1])).toThrow(noTriangles);
  const full = await init();
  expect(full).not.toBe(core);
  const world = full.createWorld();
  expect(world.count).toBe(0);
  world.dispose();
  expect(JSON.stringify(core.collide(a, b))).toBe(JSON.stringify(full.collide(a, b)));
  expect(core.overlaps(a, b)).toBe(full.overlaps(a, b));
  expect(full.overlaps(triangle, b)).toBe(false);
  expect(() => core.overlaps(a, { type: 'sphere', center: [0, 0, 0], radius: -1 })).toThrow('sphere.radius must be >= 0, got -1');
  // Now the World's module is loaded: it serves both.
  expect(await init({ world: false })).toBe(full);
  const size = (f) => gzipSync(readFileSync(new URL(`../../dist/${f}`, import.meta.url)), { level: 9 }).length;
  expect(size('sepaxis-wasm.wasm') - size('sepaxis-core.wasm')).toBeGreaterThan(10_000);
});
