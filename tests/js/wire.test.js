// The wire between the WebAssembly module and the package (cpp/bindings/wire.h): the numbers the
// package's JavaScript uses come from dist/wire.js, which the build prints from the same wire.h
// (cpp/bindings/wire_js.cpp); these tests hold it to the module it ships with (the module's
// fingerprint of its wire) and keep bare wire numbers out of the package's code.

import { readFileSync, readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import createSepaxisModule from '../../dist/sepaxis-wasm.js';
import * as wire from '../../dist/wire.js';
import { fieldNames } from '../../dist/batch.js';
import { TYPE_CODES } from '../../dist/volume.js';

const dist = new URL('../../dist/', import.meta.url);

/** wire.h's wireFingerprint over [name, value] entries: the sum mod 2^32 of FNV-1a over the name's
 *  bytes, '=', and the value's four bytes (little-endian). */
function wireFingerprint(entries) {
  let sum = 0;
  for (const [name, value] of entries) {
    let h = 2166136261;
    const mix = (byte) => { h = Math.imul(h ^ byte, 16777619) >>> 0; };
    for (const c of Buffer.from(name, 'latin1')) mix(c);
    mix('='.charCodeAt(0));
    for (let i = 0; i < 4; i++) mix((value >>> (8 * i)) & 0xff);
    sum = (sum + h) >>> 0;
  }
  return sum;
}
let module;

beforeAll(async () => {
  module = await createSepaxisModule({ wasmBinary: readFileSync(new URL('sepaxis-wasm.wasm', dist)) });
});

describe('the wire', () => {
  it('dist/wire.js holds exactly the constants the module was built with, with the same values', () => {
    expect(Object.keys(wire).length).toBeGreaterThan(40);
    expect(wireFingerprint(Object.entries(wire))).toBe(module._sx_wire_fingerprint() >>> 0);
  });

  it('the fingerprint notices a changed value, a renamed constant, a missing one and an extra one', () => {
    const entries = Object.entries(wire);
    const base = wireFingerprint(entries);
    const changed = entries.map(([n, v]) => [n, n === 'SLOT_B' ? v + 1 : v]);
    const renamed = entries.map(([n, v]) => [n === 'IO' ? 'IO_' : n, v]);
    expect(wireFingerprint(changed)).not.toBe(base);
    expect(wireFingerprint(renamed)).not.toBe(base);
    expect(wireFingerprint(entries.slice(1))).not.toBe(base);
    expect(wireFingerprint([...entries, ['EXTRA', 0]])).not.toBe(base);
    expect(wireFingerprint([...entries].reverse())).toBe(base);  // order-free: exports come sorted
  });

  it('the scratch area the package views is the one the module sizes, and the slots do not overlap', () => {
    expect(wire.SLOT_B - wire.SLOT_A).toBeGreaterThanOrEqual(wire.SLOT_FIELDS + wire.OBB_FIELD_COUNT);
    expect(wire.IO).toBeGreaterThanOrEqual(wire.SLOT_B + wire.SLOT_KDOP_FIELDS + 26);
    expect(wire.SCRATCH_DOUBLES).toBeGreaterThan(wire.IO + wire.IO_HIT_STARTS_INSIDE);
    // An OBB by its axes and by a quaternion share the centre's place (the checked writer relies on it).
    expect(wire.SLOT_OBB_QUATERNION_CENTER).toBe(wire.SLOT_FIELDS + wire.OBB_CENTER);
  });

  it('the type codes and batch field names of the package follow the wire', () => {
    expect(TYPE_CODES).toEqual({ sphere: wire.TYPE_SPHERE, aabb: wire.TYPE_AABB, obb: wire.TYPE_OBB, kdop: wire.TYPE_KDOP });
    expect(fieldNames('sphere')[wire.SPHERE_RADIUS]).toBe('radius');
    expect(fieldNames('aabb')[wire.AABB_MAX]).toBe('max.x');
    expect(fieldNames('obb')[wire.OBB_AXES + 4]).toBe('axes[1].y');
    expect(fieldNames('obb')[wire.OBB_HALF_EXTENTS + 2]).toBe('halfExtents.z');
    expect(fieldNames('kdop', 14)[7]).toBe(wire.KDOP_MAX_BLOCK === 1 ? 'max[0]' : 'min[0]');
    for (const type of ['sphere', 'aabb', 'obb']) expect(fieldNames(type).every((name) => typeof name === 'string')).toBe(true);
  });

  it('no status or type code is written as a bare number in the package code', () => {
    for (const file of readdirSync(dist).filter((f) => f.endsWith('.js') && !['wire.js', 'sepaxis-wasm.js', 'sepaxis-core.js', 'sepaxis-threads.js', 'sepaxis-threads.worker.js', 'three.js'].includes(f))) {
      const code = readFileSync(new URL(file, dist), 'utf8').replace(/\/\/.*$/gm, '');
      // Comparisons with negative numbers (statuses); plain-pairs.js's UNDECIDED is its own sentinel,
      // and -1/0 is a minifier's -Infinity (three.js's code in the demo's bundle).
      const statuses = code.match(/[=!]==\s*-[1-9]\d*(?![\d/])/g) ?? [];
      expect(statuses, file).toEqual([]);
      // Type codes written into the scratch area, or + 8 for float32.
      expect(code.match(/f64\[at\]\s*=\s*\d/g) ?? [], file).toEqual([]);
      expect(code.match(/\?\s*8\s*:/g) ?? [], file).toEqual([]);
    }
  });

  it("the World's thread limit comes from the wire (sepaxis::kMaxWorldThreads), never a bare number", () => {
    expect(wire.WORLD_MAX_THREADS).toBe(64);
    for (const file of ['index.js', 'world.js']) {
      const code = readFileSync(new URL(file, dist), 'utf8').replace(/\/\/.*$/gm, '');
      expect(code.match(/threads\s*>\s*\d\d/g) ?? [], file).toEqual([]);  // a limit, not "threads > 0"
      expect(code.match(/from 1 to \d/g) ?? [], file).toEqual([]);
    }
  });
});
