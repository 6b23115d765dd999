// The vertex merge shared by the visualizer's fit panel and the fit benchmark
// (web/view/vertices.js): a mesh file repeats each vertex once per triangle around it.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';
import { describe, expect, test } from 'vitest';
import { distinctVertices } from '../../web/view/vertices.js';

const require = createRequire(import.meta.url);

describe('distinctVertices', () => {
  test('keeps each corner once, in first-seen order, 0 and -0 as one', () => {
    expect([...distinctVertices([1, 2, 3, 0, 0, 0, 1, 2, 3, -0, 0, 0, 1, 2, 3.5])]).toEqual([1, 2, 3, 0, 0, 0, 1, 2, 3.5]);
  });

  test('a closed mesh: the bunny\'s 69,451 triangles (208,353 corners) have 34,834 vertices', () => {
    const bytes = readFileSync(require.resolve('stl-models/objects/bunny.bin.stl'));
    const positions = new STLLoader().parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)).getAttribute('position').array;
    expect(positions.length).toBe(69451 * 9);
    expect(distinctVertices(positions).length / 3).toBe(34834);
  });

  test('corners that differ in the last bit of one coordinate stay apart', () => {
    const x = 1 + Number.EPSILON;
    expect(distinctVertices([1, 1, 1, x, 1, 1, 1, 1, 1]).length / 3).toBe(2);
  });
});
