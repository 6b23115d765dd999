// The binary STL reader shared by the benchmarks and the views (web/view/stl.js): it reads the
// Stanford bunny of the stl-models package, refuses a cut-off or an ASCII file with a message
// naming the problem, and merges the corners STL repeats once per triangle.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import { distinctVertices, readStl } from '../../web/view/stl.js';

const require = createRequire(import.meta.url);
const model = (file) => readFileSync(require.resolve(`stl-models/objects/${file}`));

/** A binary STL of the given triangles (each 9 numbers), with a header and normals of 0. */
function stl(triangles) {
  const bytes = new Uint8Array(84 + 50 * triangles.length);
  const view = new DataView(bytes.buffer);
  view.setUint32(80, triangles.length, true);
  triangles.forEach((t, i) => t.forEach((v, j) => view.setFloat32(84 + 50 * i + 12 + 4 * j, v, true)));
  return bytes;
}

describe('readStl', () => {
  test('reads the bunny: 69,451 triangles, 9 numbers each, every corner finite', () => {
    const { triangles, positions } = readStl(model('bunny.bin.stl'));
    expect(triangles).toBe(69451);
    expect(positions).toBeInstanceOf(Float32Array);
    expect(positions.length).toBe(69451 * 9);
    expect(positions.every(Number.isFinite)).toBe(true);
  });

  test('reads corners where the file puts them, skipping the normal and the attribute', () => {
    const corners = [[0, 0, 0, 1, 0, 0, 0, 1, 0], [0.5, -2, 3, 4, 5.25, -6, 7, 8, 9]];
    const { triangles, positions } = readStl(stl(corners));
    expect(triangles).toBe(2);
    expect([...positions]).toEqual(corners.flat());
  });

  test('a truncated file: an error naming the count, the bytes it needs and the bytes it has', () => {
    const whole = model('bunny.bin.stl');
    expect(() => readStl(whole.subarray(0, whole.length - 7), 'bunny.bin.stl'))
      .toThrow('readStl: bunny.bin.stl says it has 69451 triangles, which take 3472634 bytes, but it has 3472627: the file is truncated');
    expect(() => readStl(whole.subarray(0, 40))).toThrow(/has 40 bytes, fewer than a binary STL's 84-byte header/);
  });

  test('an ASCII STL, extra bytes, a NaN corner and a non-buffer are refused by name', () => {
    expect(() => readStl(model('gearwheel.ascii.stl'))).toThrow(/starts with "solid": ASCII STL, which this reader does not read/);
    const longer = new Uint8Array(stl([[0, 0, 0, 1, 0, 0, 0, 1, 0]]).length + 3);
    longer.set(stl([[0, 0, 0, 1, 0, 0, 0, 1, 0]]));
    expect(() => readStl(longer)).toThrow(/which take 134 bytes, but it has 137: bytes follow the last triangle/);
    expect(() => readStl(stl([[0, 0, 0, 1, NaN, 0, 0, 1, 0]]))).toThrow("triangle 0 has a corner coordinate NaN");
    expect(() => readStl('solid')).toThrow(/must be an ArrayBuffer or a typed array, got string/);
  });
});

describe('distinctVertices', () => {
  test('keeps each corner once, in first-seen order, 0 and -0 as one', () => {
    expect([...distinctVertices([1, 2, 3, 0, 0, 0, 1, 2, 3, -0, 0, 0, 1, 2, 3.5])]).toEqual([1, 2, 3, 0, 0, 0, 1, 2, 3.5]);
  });

  test('a closed mesh: the bunny\'s 208,353 corners are 34,834 vertices', () => {
    const { positions } = readStl(model('bunny.bin.stl'));
    expect(distinctVertices(positions).length / 3).toBe(34834);
  });
});
