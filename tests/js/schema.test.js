// The JSON Schema shipped with the package (sepaxis/volume.schema.json) and the library's own
// checks agree: whatever the schema rejects, validate() reports; whatever validate() reports on
// top is one of the extra rules the schema's description documents.

import { beforeAll, describe, expect, it } from 'vitest';
import Ajv2020Module from 'ajv/dist/2020.js';
import { init } from 'sepaxis';
import schema from 'sepaxis/volume.schema.json';
import { KS, TYPES, randomVolume, rng, unitVolumes } from './helpers.js';

const Ajv2020 = Ajv2020Module.default ?? Ajv2020Module;

let sx;
let schemaValid;
const warnings = [];
beforeAll(async () => {
  sx = await init();
  const ajv = new Ajv2020({ allErrors: true, logger: { log() {}, warn: (m) => warnings.push(m), error: (m) => warnings.push(m) } });
  schemaValid = ajv.compile(schema);
});

/** The rules the schema's description says the library checks on top of the schema. */
const EXTRA_RULES = {
  'min <= max': /^(aabb|kdop)\.min\[\d+\] must be <= \1\.max\[\d+\] \(/,
  'orthonormal axes within 1e-3': /^obb\.axes\[\d\] must be (unit length|perpendicular to obb\.axes\[\d\]) within 0\.001, got /,
  'unit quaternion within 1e-3': /^obb\.rotation must be a unit quaternion within 0\.001, got length /,
  'k-DOP slabs with a common point': /^kdop slabs have an empty intersection/,
  'every number finite': /must be finite, got /,
};

function extraRule(message) {
  return Object.entries(EXTRA_RULES).find(([, pattern]) => pattern.test(message))?.[0];
}

/** Valid volumes of every type (JSON only: arrays, no typed arrays or {x, y, z}). */
function validCorpus() {
  const r = rng(7001);
  const out = [];
  for (const t of TYPES) {
    for (let i = 0; i < 10; i++) {
      out.push(randomVolume(r, t, r.vec(-3, 3), { k: KS[i % 5] }));
      if (t === 'obb') out.push(randomVolume(r, t, r.vec(-3, 3), { rotation: true }));
    }
  }
  out.push({ type: 'sphere', center: [0, 0, 0], radius: 0 });
  out.push({ type: 'aabb', min: [1, 2, 3], max: [1, 2, 3] });
  out.push({ type: 'obb', center: [0, 0, 0], halfExtents: [0, 0, 0], rotation: [0, 0, 0, -1] });
  out.push({ type: 'kdop', k: 26, min: Array(13).fill(0), max: Array(13).fill(0) });
  out.push({ ...unitVolumes().sphere, note: 'extra properties are allowed' });
  return out;
}

/** Mutations of a valid volume: every field removed, retyped, resized, or given bad numbers. */
function mutations(v) {
  const out = [];
  const set = (key, value) => out.push({ ...v, [key]: value });
  for (const key of Object.keys(v)) {
    const copy = { ...v };
    delete copy[key];
    out.push(copy);
    for (const value of [null, 'x', 0, -1, 7, true, {}, [], [0, 0], [0, 0, 0], [0, 0, 0, 1], [[1, 0, 0]], 'sphere', 'kdop'])
      set(key, value);
    const value = v[key];
    if (Array.isArray(value)) {
      set(key, [...value, 0]);
      set(key, value.slice(1));
      for (let i = 0; i < value.length; i++) {
        for (const bad of [null, 'x', -1, -1e-9, 1e3, -1e3, NaN, Infinity, [], [1, 0, 0], [0, 2, 0], [0.0011, 0, 1], [0.6, 0.8, 0], [0, 0, 0]]) {
          const copy = [...value];
          copy[i] = bad;
          set(key, copy);
        }
      }
    }
    if (typeof value === 'number') for (const bad of [-1e-9, -5, NaN, Infinity, -Infinity, 1e300, 6, 8, 14, 18, 26, 6.5]) set(key, bad);
  }
  if (v.type === 'aabb' || v.type === 'kdop') out.push({ ...v, min: v.max, max: v.min });
  if (v.type === 'obb') {
    const { axes, rotation, ...rest } = v;
    out.push({ ...rest, rotation: [0, 0, 0, 1.0011] }, { ...rest, rotation: [0, 0, 0, 0.9989] }, { ...rest, rotation: [0, 0, 0, 1.0009] });
    out.push({ ...rest, axes: [[1.0011, 0, 0], [0, 1, 0], [0, 0, 1]] }, { ...rest, axes: [[1.0009, 0, 0], [0, 1, 0], [0, 0, 1]] });
    // Both a rotation and axes; the rotation malformed (the schema checks it even next to axes).
    if (axes) out.push({ ...v, rotation: 'none' }, { ...v, rotation: [0, 0, 1] }, { ...v, rotation: [0, 0, 0, 5] });
    if (rotation) out.push({ ...v, axes: [[1, 0, 0]] }, { ...v, axes: [[1, 0, 0], [0, 1, 0], [0, 0, 1]] });
  }
  if (v.type === 'kdop') {
    const n = v.k / 2;
    // An empty intersection: one slab moved far beyond the others.
    const min = [...v.min], max = [...v.max];
    min[n - 1] = v.max[n - 1] + 100; max[n - 1] = v.max[n - 1] + 101;
    out.push({ ...v, min, max });
    for (const k of KS) if (k !== v.k) out.push({ ...v, k });
  }
  return out;
}

function corpus() {
  const valid = validCorpus();
  const all = [...valid];
  for (const v of valid.slice(0, 60)) all.push(...mutations(v));
  all.push(null, 'sphere', 1, [], {}, { type: 'cone' }, { type: 'SPHERE', center: [0, 0, 0], radius: 1 });
  return all;
}

describe('the JSON Schema and validate() agree', () => {
  it('the schema compiles under Ajv 2020-12 in its default strict mode without warnings', () => {
    expect(typeof schemaValid).toBe('function');
    expect(warnings).toEqual([]);
  });

  it('the schema accepts every valid volume, and validate() too', () => {
    for (const v of validCorpus()) {
      expect(schemaValid(v), `${JSON.stringify(v)}: ${JSON.stringify(schemaValid.errors)}`).toBe(true);
      expect(sx.validate(v), JSON.stringify(v)).toEqual([]);
    }
  });

  it('everything the schema rejects, validate() reports', () => {
    const missed = [];
    let rejected = 0;
    for (const v of corpus()) {
      if (schemaValid(v)) continue;
      rejected++;
      if (sx.validate(v).length === 0) missed.push(JSON.stringify(v));
    }
    expect(rejected).toBeGreaterThan(1000);
    expect(missed.slice(0, 4), `${missed.length} volumes rejected by the schema pass validate()`).toEqual([]);
  });

  it('what validate() rejects on top of the schema is exactly the documented extra rules, each of them exercised', () => {
    const seen = Object.fromEntries(Object.keys(EXTRA_RULES).map((rule) => [rule, 0]));
    const undocumented = [];
    for (const v of corpus()) {
      if (!schemaValid(v)) continue;
      const problems = sx.validate(v);
      if (problems.length === 0) continue;
      expect(problems).toHaveLength(1);
      const rule = extraRule(problems[0].message);
      if (rule) seen[rule]++;
      else undocumented.push(`${JSON.stringify(v)}: ${problems[0].message}`);
    }
    expect(undocumented.slice(0, 4), `${undocumented.length} rejections not among the documented rules`).toEqual([]);
    // JSON has no NaN or Infinity and Ajv's strictNumbers rejects them too: the schema already
    // covers "finite" for JSON data. Every other extra rule must actually have been met.
    for (const rule of ['min <= max', 'orthonormal axes within 1e-3', 'unit quaternion within 1e-3', 'k-DOP slabs with a common point'])
      expect(seen[rule], rule).toBeGreaterThan(0);
  });

  it('the schema rejects non-finite numbers (Ajv strictNumbers), and so does validate()', () => {
    for (const v of [
      { type: 'sphere', center: [0, 0, NaN], radius: 1 },
      { type: 'sphere', center: [0, 0, 0], radius: Infinity },
      { type: 'aabb', min: [-Infinity, 0, 0], max: [0, 0, 0] },
    ]) {
      expect(schemaValid(v)).toBe(false);
      expect(sx.validate(v)[0].message).toMatch(EXTRA_RULES['every number finite']);
    }
  });

  it('the tolerances the schema documents (1e-3 for axes and quaternions) are the ones applied', () => {
    const obb = (fields) => ({ type: 'obb', center: [0, 0, 0], halfExtents: [1, 1, 1], ...fields });
    const accepted = [
      obb({ axes: [[1.00099, 0, 0], [0, 1, 0], [0, 0, 1]] }),
      obb({ axes: [[1, 0, 0], [0.00099, 1, 0], [0, 0, 1]] }),
      obb({ rotation: [0, 0, 0, 1.00099] }),
      obb({ rotation: [0, 0, 0, 0.99901] }),
    ];
    const rejected = [
      obb({ axes: [[1.00101, 0, 0], [0, 1, 0], [0, 0, 1]] }),
      obb({ axes: [[1, 0, 0], [0.00101, 1, 0], [0, 0, 1]] }),
      obb({ rotation: [0, 0, 0, 1.00101] }),
      obb({ rotation: [0, 0, 0, 0.99899] }),
    ];
    for (const v of [...accepted, ...rejected]) expect(schemaValid(v)).toBe(true);
    for (const v of accepted) expect(sx.validate(v), JSON.stringify(v)).toEqual([]);
    for (const v of rejected) expect(extraRule(sx.validate(v)[0]?.message ?? ''), JSON.stringify(v)).toBeTruthy();
  });

  it('an OBB with both axes and a malformed rotation is rejected by both, not only by the schema', () => {
    const v = { ...unitVolumes().obb, rotation: 'none' };
    expect(schemaValid(v)).toBe(false);
    expect(sx.validate(v)).toHaveLength(1);
  });
});
