// Every way input can be wrong, through every call that takes it: the error class (TypeError for a
// value of the wrong type or shape, RangeError for a number outside its domain), a message that
// names the field and the value ("obb.halfExtents[1] must be >= 0, got -2"), and a module that
// still answers correctly afterwards.

import { beforeAll, describe, expect, it } from 'vitest';
import { Euler, Object3D, Quaternion, Vector3 } from 'three';
import { init } from 'sepaxis';
import { thrown, translate, unitVolumes } from './helpers.js';

let sx;
const good = unitVolumes();
const octahedronA = { type: 'kdop', k: 8, min: [-1, -1, -1, -1], max: [1, 1, 1, 1] };
const octahedronB = translate(octahedronA, [0.6, 0.6, 0.1]);
let expectedReport;
let healthBatch;

beforeAll(async () => {
  sx = await init();
  expectedReport = sx.collide(octahedronA, octahedronB);
  healthBatch = sx.createPairBuffer('obb', 'kdop', 2, { kB: 8 });
  healthBatch.a.set(0, good.obb).set(1, good.obb);
  healthBatch.b.set(0, octahedronB).set(1, translate(octahedronB, [5, 0, 0]));
});

/** The error names `field` ("<field> must ...") and ends with "got <value>". */
function expectError(error, Class, field, got, what = '') {
  expect(error, `${what}: expected a ${Class.name}`).not.toBeNull();
  expect(error, `${what}: ${error?.message}`).toBeInstanceOf(Class);
  expect(error.message, what).toContain(`${field} must`);
  expect(error.message.endsWith(`got ${got}`), `${what}: "${error.message}" should end with "got ${got}"`).toBe(true);
}

/** Correct answers after an error: the scratch slots, the k-DOP cache and the heap are intact. */
function expectHealthy() {
  expect(sx.overlaps(good.sphere, good.kdop)).toBe(true);
  expect(sx.overlaps(good.obb, translate(good.kdop, [5, 0, 0]))).toBe(false);
  expect(sx.collide(octahedronA, octahedronB)).toEqual(expectedReport);
  expect(sx.contains(good.aabb, [1, 1, 1])).toBe(true);
  expect(Array.from(healthBatch.run())).toEqual([1, 0]);
}

// ---------------------------------------------------------------------------------------------
// Bad volumes: [description, volume, class, field, value as the message shows it]

/** The ways a vector field can be wrong. `nonNegative`: also a negative component. */
function vectorCases(label, nonNegative = false) {
  const cases = [
    ['a string', 'abc', TypeError, label, '"abc"'],
    ['null', null, TypeError, label, 'null'],
    ['a number', 42, TypeError, label, '42'],
    ['a boolean', true, TypeError, label, 'true'],
    ['an empty object', {}, TypeError, `${label}[0]`, 'undefined'],
    ['too short', [1, 2], TypeError, label, 'length 2'],
    ['too long', [1, 2, 3, 4], TypeError, label, 'length 4'],
    ['empty', [], TypeError, label, 'length 0'],
    ['a short typed array', new Float32Array(2), TypeError, label, 'length 2'],
    ['a string entry', [0, '1', 0], TypeError, `${label}[1]`, '"1"'],
    ['a null entry', [0, 0, null], TypeError, `${label}[2]`, 'null'],
    ['a hole', [0, , 0], TypeError, `${label}[1]`, 'undefined'],  // eslint-disable-line no-sparse-arrays
    ['NaN', [NaN, 0, 0], RangeError, `${label}[0]`, 'NaN'],
    ['Infinity', [0, Infinity, 0], RangeError, `${label}[1]`, 'Infinity'],
    ['-Infinity', [0, 0, -Infinity], RangeError, `${label}[2]`, '-Infinity'],
    ['NaN in {x, y, z}', { x: 0, y: NaN, z: 0 }, RangeError, `${label}[1]`, 'NaN'],
    ['a missing z in {x, y, z}', { x: 0, y: 0 }, TypeError, `${label}[2]`, 'undefined'],
    ['NaN in a Float64Array', new Float64Array([0, 0, NaN]), RangeError, `${label}[2]`, 'NaN'],
  ];
  if (nonNegative) {
    cases.push(['a negative entry', [1, -2, 1], RangeError, `${label}[1]`, '-2']);
    cases.push(['a tiny negative entry', [1, 1, -1e-300], RangeError, `${label}[2]`, '-1e-300']);
  }
  return cases;
}

const sphere = (fields) => ({ type: 'sphere', center: [0, 0, 0], radius: 1, ...fields });
const aabb = (fields) => ({ type: 'aabb', min: [-1, -1, -1], max: [1, 1, 1], ...fields });
const obb = (fields) => ({ type: 'obb', center: [0, 0, 0], halfExtents: [1, 1, 1], axes: [[1, 0, 0], [0, 1, 0], [0, 0, 1]], ...fields });
const obbQ = (fields) => ({ type: 'obb', center: [0, 0, 0], halfExtents: [1, 1, 1], rotation: [0, 0, 0, 1], ...fields });
const kdop = (fields) => ({ type: 'kdop', k: 6, min: [-1, -1, -1], max: [1, 1, 1], ...fields });
const without = (v, key) => { const copy = { ...v }; delete copy[key]; return copy; };

const BAD_VOLUMES = [
  ['a null volume', null, TypeError, 'volume', 'null'],
  ['an undefined volume', undefined, TypeError, 'volume', 'undefined'],
  ['a string volume', 'sphere', TypeError, 'volume', '"sphere"'],
  ['a number volume', 7, TypeError, 'volume', '7'],
  ['an object without type', {}, TypeError, 'volume.type', 'undefined'],
  ['an array', [], TypeError, 'volume.type', 'undefined'],
  ['an unknown type', { type: 'cone', center: [0, 0, 0], radius: 1 }, TypeError, 'volume.type', '"cone"'],
  ['a type in the wrong case', sphere({ type: 'Sphere' }), TypeError, 'volume.type', '"Sphere"'],
  ['a numeric type', { type: 0 }, TypeError, 'volume.type', '0'],

  ...vectorCases('sphere.center').map(([d, v, C, f, g]) => [`sphere.center ${d}`, sphere({ center: v }), C, f, g]),
  ['sphere.center missing', without(sphere({}), 'center'), TypeError, 'sphere.center', 'undefined'],
  ['sphere.radius missing', without(sphere({}), 'radius'), TypeError, 'sphere.radius', 'undefined'],
  ['sphere.radius a string', sphere({ radius: '1' }), TypeError, 'sphere.radius', '"1"'],
  ['sphere.radius null', sphere({ radius: null }), TypeError, 'sphere.radius', 'null'],
  ['sphere.radius an object', sphere({ radius: {} }), TypeError, 'sphere.radius', 'an object'],
  ['sphere.radius an array', sphere({ radius: [1] }), TypeError, 'sphere.radius', 'an array of length 1'],
  ['sphere.radius NaN', sphere({ radius: NaN }), RangeError, 'sphere.radius', 'NaN'],
  ['sphere.radius Infinity', sphere({ radius: Infinity }), RangeError, 'sphere.radius', 'Infinity'],
  ['sphere.radius -Infinity', sphere({ radius: -Infinity }), RangeError, 'sphere.radius', '-Infinity'],
  ['sphere.radius negative', sphere({ radius: -2 }), RangeError, 'sphere.radius', '-2'],
  ['sphere.radius slightly negative', sphere({ radius: -0.5e-12 }), RangeError, 'sphere.radius', '-5e-13'],

  ...vectorCases('aabb.min').map(([d, v, C, f, g]) => [`aabb.min ${d}`, aabb({ min: v }), C, f, g]),
  ...vectorCases('aabb.max').map(([d, v, C, f, g]) => [`aabb.max ${d}`, aabb({ max: v }), C, f, g]),
  ['aabb.min missing', without(aabb({}), 'min'), TypeError, 'aabb.min', 'undefined'],
  ['aabb.max missing', without(aabb({}), 'max'), TypeError, 'aabb.max', 'undefined'],
  ['aabb.min above aabb.max', aabb({ min: [0, 2, 0], max: [1, 1, 1] }), RangeError, 'aabb.min[1]', '2'],
  ['aabb.min barely above aabb.max', aabb({ min: [0, 0, 1.0000000000000002], max: [1, 1, 1] }), RangeError, 'aabb.min[2]', '1.0000000000000002'],

  ...vectorCases('obb.center').map(([d, v, C, f, g]) => [`obb.center ${d}`, obb({ center: v }), C, f, g]),
  ...vectorCases('obb.halfExtents', true).map(([d, v, C, f, g]) => [`obb.halfExtents ${d}`, obb({ halfExtents: v }), C, f, g]),
  ...vectorCases('obb.halfExtents', true).map(([d, v, C, f, g]) => [`obb.halfExtents ${d} (with a rotation)`, obbQ({ halfExtents: v }), C, f, g]),
  ...[0, 1, 2].flatMap((i) => vectorCases(`obb.axes[${i}]`).map(([d, v, C, f, g]) => {
    const axes = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
    axes[i] = v;
    return [`obb.axes[${i}] ${d}`, obb({ axes }), C, f, g];
  })),
  ['obb.center missing', without(obb({}), 'center'), TypeError, 'obb.center', 'undefined'],
  ['obb.halfExtents missing', without(obb({}), 'halfExtents'), TypeError, 'obb.halfExtents', 'undefined'],
  ['obb without axes or rotation', without(obb({}), 'axes'), TypeError, 'obb.axes', 'undefined'],
  ['obb.axes a string', obb({ axes: 'xyz' }), TypeError, 'obb.axes', '"xyz"'],
  ['obb.axes null', obb({ axes: null }), TypeError, 'obb.axes', 'null'],
  ['obb.axes an object', obb({ axes: {} }), TypeError, 'obb.axes', 'an object'],
  ['obb.axes of length 2', obb({ axes: [[1, 0, 0], [0, 1, 0]] }), TypeError, 'obb.axes', 'length 2'],
  ['obb.axes of length 4', obb({ axes: [[1, 0, 0], [0, 1, 0], [0, 0, 1], [0, 0, 1]] }), TypeError, 'obb.axes', 'length 4'],
  ['obb.axes[0] of length 2', obb({ axes: [[2, 0, 0], [0, 1, 0], [0, 0, 1]] }), RangeError, 'obb.axes[0]', 'length 2'],
  ['obb.axes[2] of length 0', obb({ axes: [[1, 0, 0], [0, 1, 0], [0, 0, 0]] }), RangeError, 'obb.axes[2]', 'length 0'],
  ['obb.axes[1] too long beyond the tolerance', obb({ axes: [[1, 0, 0], [0, 1.0011, 0], [0, 0, 1]] }), RangeError, 'obb.axes[1]', 'length 1.0011'],
  ['obb.axes[0] not perpendicular to obb.axes[1]', obb({ axes: [[1, 0, 0], [0.6, 0.8, 0], [0, 0, 1]] }), RangeError, 'obb.axes[0]', 'dot product 0.6'],
  ['obb.axes[1] parallel to obb.axes[2]', obb({ axes: [[1, 0, 0], [0, 1, 0], [0, 1, 0]] }), RangeError, 'obb.axes[1]', 'dot product 1'],
  ['obb.axes[0] slightly skew beyond the tolerance', obb({ axes: [[1, 0, 0], [0, 1, 0], [0.0011, 0, 1]] }), RangeError, 'obb.axes[0]', 'dot product 0.0011'],
  ['obb.rotation a string', obbQ({ rotation: 'q' }), TypeError, 'obb.rotation', '"q"'],
  ['obb.rotation null', obbQ({ rotation: null }), TypeError, 'obb.rotation', 'null'],
  ['obb.rotation of length 3', obbQ({ rotation: [0, 0, 1] }), TypeError, 'obb.rotation', 'length 3'],
  ['obb.rotation of length 5', obbQ({ rotation: [0, 0, 0, 1, 0] }), TypeError, 'obb.rotation', 'length 5'],
  ['obb.rotation with a string entry', obbQ({ rotation: [0, 0, 0, '1'] }), TypeError, 'obb.rotation[3]', '"1"'],
  ['obb.rotation {x, y, z} without w', obbQ({ rotation: { x: 0, y: 0, z: 0 } }), TypeError, 'obb.rotation[3]', 'undefined'],
  ['obb.rotation with NaN', obbQ({ rotation: [NaN, 0, 0, 1] }), RangeError, 'obb.rotation[0]', 'NaN'],
  ['obb.rotation with Infinity', obbQ({ rotation: [0, 0, Infinity, 1] }), RangeError, 'obb.rotation[2]', 'Infinity'],
  ['obb.rotation not unit', obbQ({ rotation: [0, 0, 0, 2] }), RangeError, 'obb.rotation', 'length 2'],
  ['obb.rotation zero', obbQ({ rotation: [0, 0, 0, 0] }), RangeError, 'obb.rotation', 'length 0'],
  ['obb.rotation beyond the unit tolerance', obbQ({ rotation: [0, 0, 0, 0.998] }), RangeError, 'obb.rotation', 'length 0.998'],
  ['obb.center with NaN (with a rotation)', obbQ({ center: [0, NaN, 0] }), RangeError, 'obb.center[1]', 'NaN'],

  ['kdop.k missing', without(kdop({}), 'k'), TypeError, 'kdop.k', 'undefined'],
  ['kdop.k a string', kdop({ k: '6' }), TypeError, 'kdop.k', '"6"'],
  ['kdop.k null', kdop({ k: null }), TypeError, 'kdop.k', 'null'],
  ['kdop.k unknown', kdop({ k: 7 }), RangeError, 'kdop.k', '7'],
  ['kdop.k 12', kdop({ k: 12, min: Array(6).fill(0), max: Array(6).fill(1) }), RangeError, 'kdop.k', '12'],
  ['kdop.k fractional', kdop({ k: 6.5 }), RangeError, 'kdop.k', '6.5'],
  ['kdop.k NaN', kdop({ k: NaN }), RangeError, 'kdop.k', 'NaN'],
  ['kdop.k negative', kdop({ k: -6 }), RangeError, 'kdop.k', '-6'],
  ['kdop.min missing', without(kdop({}), 'min'), TypeError, 'kdop.min', 'undefined'],
  ['kdop.max missing', without(kdop({}), 'max'), TypeError, 'kdop.max', 'undefined'],
  ['kdop.min a string', kdop({ min: 'abc' }), TypeError, 'kdop.min', '"abc"'],
  ['kdop.min null', kdop({ min: null }), TypeError, 'kdop.min', 'null'],
  ['kdop.max an object', kdop({ max: {} }), TypeError, 'kdop.max', 'an object'],
  ['kdop.min too short for k', kdop({ min: [0, 0] }), TypeError, 'kdop.min', 'length 2'],
  ['kdop.max too long for k', kdop({ max: [1, 1, 1, 1] }), TypeError, 'kdop.max', 'length 4'],
  ['kdop min/max of another k', { type: 'kdop', k: 26, min: Array(7).fill(-1), max: Array(7).fill(1) }, TypeError, 'kdop.min', 'length 7'],
  ['kdop.min with a string entry', kdop({ min: [0, '0', 0] }), TypeError, 'kdop.min[1]', '"0"'],
  ['kdop.max with a hole', kdop({ max: [1, 1, , ] }), TypeError, 'kdop.max[2]', 'undefined'],  // eslint-disable-line no-sparse-arrays
  ['kdop.min with NaN', kdop({ min: [0, 0, NaN] }), RangeError, 'kdop.min[2]', 'NaN'],
  ['kdop.max with Infinity', kdop({ max: [Infinity, 1, 1] }), RangeError, 'kdop.max[0]', 'Infinity'],
  ['kdop.min with -Infinity', { type: 'kdop', k: 26, min: [...Array(12).fill(-1), -Infinity], max: Array(13).fill(1) }, RangeError, 'kdop.min[12]', '-Infinity'],
  ['kdop.max with NaN in a Float64Array', kdop({ max: new Float64Array([1, NaN, 1]) }), RangeError, 'kdop.max[1]', 'NaN'],
  ['kdop.min above kdop.max', kdop({ min: [0, 0, 5] }), RangeError, 'kdop.min[2]', '5'],
  ['kdop.min above kdop.max on a corner slab', { type: 'kdop', k: 8, min: [-1, 2, -1, -1], max: [1, 1, 1, 1] }, RangeError, 'kdop.min[1]', '2'],
];

// The one error without a single field: slabs that no point satisfies together.
const EMPTY_KDOPS = [
  ['a 14-DOP whose corner slab misses the cube', { type: 'kdop', k: 14, min: [-1, -1, -1, 5, -3, -3, -3], max: [1, 1, 1, 6, 3, 3, 3] }],
  ['an 8-DOP whose opposite corner slabs contradict', { type: 'kdop', k: 8, min: [2, -1, -1, 2], max: [3, 1, 1, 3] }],
  ['a 26-DOP whose edge slab misses the cube', { type: 'kdop', k: 26, min: [...Array(7).fill(-1), 2.5, ...Array(5).fill(-1)], max: [...Array(7).fill(1), 3, ...Array(5).fill(1)] }],
];

/** Every call that takes a volume, with the volume in each position it can take. */
function entryPoints(v) {
  const known = v && ['sphere', 'aabb', 'obb', 'kdop'].includes(v.type);
  const k = known && v.type === 'kdop' && [6, 8, 14, 18, 26].includes(v.k) ? v.k : undefined;
  const bufferType = known && (v.type !== 'kdop' || k) ? v.type : 'sphere';
  const calls = [
    ['overlaps(v, b)', () => sx.overlaps(v, good.kdop)],
    ['overlaps(a, v)', () => sx.overlaps(good.obb, v)],
    ['collide(v, b)', () => sx.collide(v, good.aabb)],
    ['collide(a, v)', () => sx.collide(good.kdop, v)],
    ['contains', () => sx.contains(v, [0, 0, 0])],
    ['closestPoint', () => sx.closestPoint(v, [3, 0, 0])],
    ['raycast', () => sx.raycast(v, [5, 0, 0], [-1, 0, 0])],
    ['segmentCast', () => sx.segmentCast(v, [5, 0, 0], [0, 0, 0])],
    ['boundingBox', () => sx.boundingBox(v)],
    ['transform', () => sx.transform(v, { translation: [1, 0, 0] })],
    ['transform enclosing', () => sx.transform(v, { rotation: [0, 0, Math.SQRT1_2, Math.SQRT1_2] }, { enclosingAabb: true })],
    ['overlapsMany', () => {
      const buffer = sx.createVolumeBuffer('aabb', 2);
      try { return sx.overlapsMany(v, buffer); } finally { buffer.dispose(); }
    }],
    ['VolumeBuffer.set', () => {
      const buffer = sx.createVolumeBuffer(bufferType, 2, { k });
      try { return buffer.set(1, v); } finally { buffer.dispose(); }
    }],
    ['VolumeBuffer.set (f32)', () => {
      const buffer = sx.createVolumeBuffer(bufferType, 2, { k, precision: 'f32' });
      try { return buffer.set(0, v); } finally { buffer.dispose(); }
    }],
  ];
  if (v?.type === 'kdop') {
    calls.push(['overlapsConservative(v, b)', () => sx.overlapsConservative(v, octahedronA)]);
    calls.push(['overlapsConservative(a, v)', () => sx.overlapsConservative(octahedronA, v)]);
  }
  return calls;
}

describe('bad volumes are rejected by every call, with the field and the value named', () => {
  it.each(BAD_VOLUMES)('%s', (_, volume, Class, field, got) => {
    for (const [name, call] of entryPoints(volume)) {
      expectError(thrown(call), Class, field, got, name);
      expectHealthy();
    }
    const problems = sx.validate(volume);
    expect(problems).toHaveLength(1);
    expect(problems[0].message).toBe(thrown(() => sx.overlaps(volume, good.sphere)).message);
    expectHealthy();
  });

  it.each(EMPTY_KDOPS)('%s: a RangeError says the k-DOP is empty', (_, volume) => {
    for (const [name, call] of entryPoints(volume)) {
      const error = thrown(call);
      expect(error, name).toBeInstanceOf(RangeError);
      expect(error.message, name).toMatch(/^kdop .*empty intersection/);
      expectHealthy();
    }
    expect(sx.validate(volume)).toHaveLength(1);
    expect(sx.validate(volume)[0].message).toMatch(/empty intersection/);
  });

  it('values at the edge of the rules are accepted: zero sizes, -0, axes and quaternions within 1e-3', () => {
    const fine = [
      sphere({ radius: 0 }), sphere({ radius: -0 }),
      aabb({ min: [1, 1, 1], max: [1, 1, 1] }),
      obb({ halfExtents: [0, -0, 0] }),
      obb({ axes: [[1.0009, 0, 0], [0, 0.9991, 0], [0, 0, 1]] }),
      obb({ axes: [[1, 0, 0], [0.0009, 1, 0], [0, 0, 1]] }),
      obbQ({ rotation: [0, 0, 0, 1.0009] }), obbQ({ rotation: [0, 0, 0, -0.9991] }),
      kdop({ min: [1, 1, 1], max: [1, 1, 1] }),
      { type: 'kdop', k: 8, min: [0, 0, 0, 0], max: [0, 0, 0, 0] },
    ];
    for (const v of fine) {
      expect(sx.validate(v), JSON.stringify(v)).toEqual([]);
      expect(typeof sx.overlaps(v, good.sphere)).toBe('boolean');
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Bad query arguments

describe('bad points, rays and segments are rejected with the argument named', () => {
  const point = vectorCases('point');
  it.each(point)('contains and closestPoint: a point that is %s', (_, p, Class, field, got) => {
    for (const t of ['sphere', 'aabb', 'obb', 'kdop']) {
      expectError(thrown(() => sx.contains(good[t], p)), Class, field, got, `contains(${t})`);
      expectError(thrown(() => sx.closestPoint(good[t], p)), Class, field, got, `closestPoint(${t})`);
      expectHealthy();
    }
  });

  it.each(vectorCases('origin'))('raycast: an origin that is %s', (_, origin, Class, field, got) => {
    for (const t of ['sphere', 'aabb', 'obb', 'kdop']) expectError(thrown(() => sx.raycast(good[t], origin, [1, 0, 0])), Class, field, got, t);
    expectHealthy();
  });

  it.each([
    ...vectorCases('direction'),
    ['the zero vector', [0, 0, 0], RangeError, 'direction', '[0, 0, 0]'],
    ['the negative zero vector', [-0, 0, -0], RangeError, 'direction', '[0, 0, 0]'],
  ])('raycast: a direction that is %s', (_, direction, Class, field, got) => {
    for (const t of ['sphere', 'aabb', 'obb', 'kdop']) {
      const error = thrown(() => sx.raycast(good[t], [5, 0, 0], direction));
      if (field === 'direction' && got === '[0, 0, 0]') {
        expect(error).toBeInstanceOf(RangeError);
        expect(error.message).toBe('direction must not be the zero vector, got [0, 0, 0]');
      } else {
        expectError(error, Class, field, got, t);
      }
    }
    expectHealthy();
  });

  it.each([
    ['negative', -1, RangeError, '-1'],
    ['slightly negative', -1e-300, RangeError, '-1e-300'],
    ['NaN', NaN, RangeError, 'NaN'],
    ['-Infinity', -Infinity, RangeError, '-Infinity'],
  ])('raycast: a maxDistance that is %s is a RangeError', (_, maxDistance, Class, got) => {
    for (const t of ['sphere', 'aabb', 'obb', 'kdop'])
      expectError(thrown(() => sx.raycast(good[t], [5, 0, 0], [-1, 0, 0], maxDistance)), Class, 'maxDistance', got, t);
    expectHealthy();
  });

  it.each(vectorCases('p'))('segmentCast: a start p that is %s', (_, p, Class, field, got) => {
    expectError(thrown(() => sx.segmentCast(good.aabb, p, [0, 0, 0])), Class, field, got);
    expectHealthy();
  });

  it.each(vectorCases('q'))('segmentCast: an end q that is %s', (_, q, Class, field, got) => {
    expectError(thrown(() => sx.segmentCast(good.kdop, [5, 0, 0], q)), Class, field, got);
    expectHealthy();
  });

  it('a bad volume is reported even by a zero-length segment cast', () => {
    expectError(thrown(() => sx.segmentCast(sphere({ radius: -1 }), [0, 0, 0], [0, 0, 0])), RangeError, 'sphere.radius', '-1');
    expectHealthy();
  });
});

describe('bad transforms are rejected with the field named', () => {
  const cases = [
    ['rotation a string', { rotation: 'q' }, TypeError, 'transform.rotation', '"q"'],
    ['rotation null', { rotation: null }, TypeError, 'transform.rotation', 'null'],
    ['rotation of length 3', { rotation: [0, 0, 1] }, TypeError, 'transform.rotation', 'length 3'],
    ['rotation with a string entry', { rotation: [0, 0, 0, '1'] }, TypeError, 'transform.rotation[3]', '"1"'],
    ['rotation with NaN', { rotation: [NaN, 0, 0, 1] }, RangeError, 'transform.rotation[0]', 'NaN'],
    ['rotation with -Infinity', { rotation: [0, 0, 0, -Infinity] }, RangeError, 'transform.rotation[3]', '-Infinity'],
    ['rotation not unit', { rotation: [0, 0, 0, 2] }, RangeError, 'transform.rotation', 'length 2'],
    ['rotation zero', { rotation: [0, 0, 0, 0] }, RangeError, 'transform.rotation', 'length 0'],
    ['translation a string', { translation: 'abc' }, TypeError, 'transform.translation', '"abc"'],
    ['translation of length 2', { translation: [1, 2] }, TypeError, 'transform.translation', 'length 2'],
    ['translation with NaN', { translation: [0, NaN, 0] }, RangeError, 'transform.translation[1]', 'NaN'],
    ['translation with Infinity', { translation: [0, 0, Infinity] }, RangeError, 'transform.translation[2]', 'Infinity'],
    ['scale a string', { scale: '2' }, TypeError, 'transform.scale', '"2"'],
    ['scale null', { scale: null }, TypeError, 'transform.scale', 'null'],
    ['scale zero', { scale: 0 }, RangeError, 'transform.scale', '0'],
    ['scale negative', { scale: -1 }, RangeError, 'transform.scale', '-1'],
    ['scale NaN', { scale: NaN }, RangeError, 'transform.scale', 'NaN'],
    ['scale Infinity', { scale: Infinity }, RangeError, 'transform.scale', 'Infinity'],
  ];
  it.each(cases)('%s', (_, t, Class, field, got) => {
    for (const type of ['sphere', 'aabb', 'obb', 'kdop']) {
      expectError(thrown(() => sx.transform(good[type], t)), Class, field, got, type);
      expectError(thrown(() => sx.transform(good[type], t, { enclosingAabb: true })), Class, field, got, `${type} enclosing`);
      expectHealthy();
    }
  });

  it('a null transform is a TypeError that names the transform', () => {
    expectError(thrown(() => sx.transform(good.aabb, null)), TypeError, 'transform', 'null');
    expectHealthy();
  });

  it('an {x, y, z, w} rotation is accepted, as the types (QuatLike) promise', () => {
    const expected = sx.transform(good.aabb, { rotation: [0, 0, 0.6, 0.8] });
    expect(sx.transform(good.aabb, { rotation: { x: 0, y: 0, z: 0.6, w: 0.8 } })).toEqual(expected);
  });
});

describe('a transform in another shape is an error, never the identity', () => {
  const FORMS = 'a transform is { translation, rotation, scale } or 7 numbers [tx, ty, tz, qx, qy, qz, qw]';

  it('a three.js-style, misspelt or unknown field is a TypeError naming it (and what was meant)', () => {
    const object = new Object3D();
    object.position.set(1, 2, 3);
    const cases = [
      [{ position: [1, 2, 3] }, `transform has an unknown field "position" (did you mean "translation"?); ${FORMS}`],
      [{ translation: [1, 2, 3], quaternion: [0, 0, 0, 1] }, `transform has an unknown field "quaternion" (did you mean "rotation"?); ${FORMS}`],
      [{ Translation: [1, 2, 3] }, `transform has an unknown field "Translation" (did you mean "translation"?); ${FORMS}`],
      [{ translation: [1, 2, 3], extra: true }, `transform has an unknown field "extra"; ${FORMS}`],
      [object, `transform has an unknown field "position" (did you mean "translation"?); ${FORMS}`],
    ];
    for (const [t, message] of cases)
      for (const type of ['sphere', 'aabb', 'obb', 'kdop']) {
        expect(() => sx.transform(good[type], t)).toThrow(new TypeError(message));
        expect(() => sx.transform(good[type], t, { enclosingAabb: true })).toThrow(new TypeError(message));
      }
    expectHealthy();
  });

  it('7 numbers [tx, ty, tz, qx, qy, qz, qw], in an array or a typed array, are the same transform as the object', () => {
    const numbers = [1, 2, 3, 0, 0, 0.6, 0.8];
    for (const type of ['sphere', 'aabb', 'obb', 'kdop']) {
      const expected = sx.transform(good[type], { translation: [1, 2, 3], rotation: [0, 0, 0.6, 0.8] });
      expect(sx.transform(good[type], numbers)).toEqual(expected);
      expect(sx.transform(good[type], Float64Array.from(numbers))).toEqual(expected);
      const narrow = Float32Array.from(numbers);  // widened exactly
      expect(sx.transform(good[type], narrow)).toEqual(sx.transform(good[type], { translation: [1, 2, 3], rotation: Array.from(narrow.subarray(3)) }));
      expect(sx.transform(good[type], numbers, { enclosingAabb: true }))
        .toEqual(sx.transform(good[type], { translation: [1, 2, 3], rotation: [0, 0, 0.6, 0.8] }, { enclosingAabb: true }));
    }
  });

  it('7 numbers of the wrong count or type, or not a rotation, are errors naming the number', () => {
    expect(() => sx.transform(good.aabb, [1, 2, 3])).toThrow(new TypeError('transform as numbers must be 7: [tx, ty, tz, qx, qy, qz, qw], got length 3'));
    expect(() => sx.transform(good.aabb, new Float64Array(8))).toThrow(/transform as numbers must be 7: .*got length 8/);
    expect(() => sx.transform(good.aabb, [1, 2, 3, 0, 0, 0, '1'])).toThrow(new TypeError('transform[6] (rotation[3]) must be a number, got "1"'));
    expect(() => sx.transform(good.aabb, [1, 2, 3, 0, 0, 0, 2])).toThrow(new RangeError('transform.rotation must be a unit quaternion within 0.001, got length 2'));
    expect(() => sx.transform(good.aabb, [NaN, 2, 3, 0, 0, 0, 1])).toThrow(new RangeError('transform.translation[0] must be finite, got NaN'));
    expect(() => sx.transform(good.aabb, 'up')).toThrow(new TypeError(`transform must be { translation, rotation, scale } or 7 numbers [tx, ty, tz, qx, qy, qz, qw], got "up"`));
    expectHealthy();
  });

  it('three.js vectors and quaternions are taken, and Euler angles where a quaternion belongs are named', () => {
    const q = new Quaternion().setFromAxisAngle(new Vector3(0, 0, 1), 0.5);
    const expected = sx.transform(good.obb, { translation: [1, 2, 3], rotation: q.toArray(), scale: 2 });
    expect(sx.transform(good.obb, { translation: new Vector3(1, 2, 3), rotation: q, scale: 2 })).toEqual(expected);
    expect(sx.transform(good.obb, { translation: Float32Array.of(1, 2, 3), rotation: Float64Array.from(q.toArray()), scale: 2 })).toEqual(expected);
    expect(() => sx.transform(good.obb, { rotation: new Euler(0, 0, 0.5) })).toThrow(new TypeError(
      "transform.rotation has x, y, z and no w (Euler angles? three.js's Quaternion.setFromEuler turns them into a quaternion): " +
      'transform.rotation[3] must be a number, got undefined'));
    expectHealthy();
  });
});

describe('other bad arguments', () => {
  it('overlapsConservative takes only k-DOPs and names the side that is not one', () => {
    expectError(thrown(() => sx.overlapsConservative(good.sphere, octahedronA)), TypeError, 'a.type', '"sphere"');
    expectError(thrown(() => sx.overlapsConservative(octahedronA, good.aabb)), TypeError, 'b.type', '"aabb"');
    expectError(thrown(() => sx.overlapsConservative(null, octahedronA)), TypeError, 'a.type', 'undefined');
    expectError(thrown(() => sx.overlapsConservative(octahedronA, 'kdop')), TypeError, 'b.type', 'undefined');
    expectHealthy();
  });

  it('closestPoint with a target that is not a vector is a TypeError naming the target', () => {
    for (const target of [null, 42, 'abc']) {
      expectError(thrown(() => sx.closestPoint(good.aabb, [3, 0, 0], target)), TypeError, 'target', target === 'abc' ? '"abc"' : String(target));
      expectHealthy();
    }
  });

  it('validate never throws, whatever it is given', () => {
    for (const v of [null, undefined, 0, '', 'kdop', [], {}, () => 1, Symbol('v'), 10n, { type: 'kdop' }, { type: 'obb', axes: 5 }])
      expect(sx.validate(v)).toHaveLength(1);
    expectHealthy();
  });
});

// ---------------------------------------------------------------------------------------------
// Batch arguments

describe('bad batch arguments are rejected with the argument named', () => {
  it('createVolumeBuffer: unknown type, unknown k, bad capacity, bad precision', () => {
    expectError(thrown(() => sx.createVolumeBuffer('cone', 4)), TypeError, 'type', '"cone"');
    expectError(thrown(() => sx.createVolumeBuffer('kdop', 4, { k: 7 })), RangeError, 'k', '7');
    expectError(thrown(() => sx.createVolumeBuffer('kdop', 4, { k: 12 })), RangeError, 'k', '12');
    for (const capacity of [0, -1, 1.5, 2 ** 24 + 1, NaN, Infinity])
      expectError(thrown(() => sx.createVolumeBuffer('sphere', capacity)), RangeError, 'capacity', String(capacity));
    expectError(thrown(() => sx.createVolumeBuffer('sphere', 4, { precision: 'f16' })), RangeError, 'precision', '"f16"');
    expectHealthy();
  });

  it('createPairBuffer: unknown types, unknown k on either side, bad capacity', () => {
    expectError(thrown(() => sx.createPairBuffer('cone', 'sphere', 4)), TypeError, 'type', '"cone"');
    expectError(thrown(() => sx.createPairBuffer('sphere', 'box', 4)), TypeError, 'type', '"box"');
    expectError(thrown(() => sx.createPairBuffer('kdop', 'sphere', 4, { kA: 10 })), RangeError, 'k', '10');
    expectError(thrown(() => sx.createPairBuffer('sphere', 'kdop', 4, { kA: 8, kB: 9 })), RangeError, 'k', '9');
    expectError(thrown(() => sx.createPairBuffer('sphere', 'aabb', 0)), RangeError, 'capacity', '0');
    expectError(thrown(() => sx.createPairBuffer('sphere', 'aabb', 2, { precision: 'f128' })), RangeError, 'precision', '"f128"');
    expectHealthy();
  });

  it('set, get and field: bad indices and names; set of another type or k', () => {
    const buffer = sx.createVolumeBuffer('kdop', 4, { k: 8 });
    try {
      for (const i of [-1, 4, 1.5, NaN]) {
        expectError(thrown(() => buffer.set(i, octahedronA)), RangeError, 'index', String(i));
        expectError(thrown(() => buffer.get(i)), RangeError, 'index', String(i));
      }
      expectError(thrown(() => buffer.field('center.x')), RangeError, 'field', '"center.x"');
      const wrongType = thrown(() => buffer.set(0, good.sphere));
      expect(wrongType).toBeInstanceOf(TypeError);
      expect(wrongType.message).toBe('this VolumeBuffer holds kdop k=8 volumes, got sphere');
      const wrongK = thrown(() => buffer.set(0, good.kdop));
      expect(wrongK).toBeInstanceOf(TypeError);
      expect(wrongK.message).toBe('this VolumeBuffer holds kdop k=8 volumes, got kdop k=26');
      // A rejected set leaves the element as it was.
      buffer.set(2, octahedronB);
      thrown(() => buffer.set(2, { ...octahedronB, min: [0, 0, 0, 5] }));
      expect(buffer.get(2)).toEqual(octahedronB);
    } finally {
      buffer.dispose();
    }
    expectHealthy();
  });

  it('run and overlapsMany: bad counts; overlapsMany of something that is not a VolumeBuffer', () => {
    const pairs = sx.createPairBuffer('sphere', 'aabb', 4);
    const many = sx.createVolumeBuffer('aabb', 4);
    try {
      for (const count of [-1, 5, 2.5, NaN]) {
        expectError(thrown(() => pairs.run(count)), RangeError, 'count', String(count));
        expectError(thrown(() => sx.overlapsMany(good.sphere, many, count)), RangeError, 'count', String(count));
      }
      pairs.count = 7;
      expectError(thrown(() => pairs.run()), RangeError, 'count', '7');
      for (const [buffer, got] of [[pairs, 'an object'], [null, 'null'], [undefined, 'undefined'], [{}, 'an object'], [[], 'an array of length 0']])
        expectError(thrown(() => sx.overlapsMany(good.sphere, buffer)), TypeError, 'buffer', got);
    } finally {
      pairs.dispose();
      many.dispose();
    }
    expectHealthy();
  });
});

describe('a value of the wrong type is a TypeError everywhere, as it is in volumes', () => {
  // In volumes, kdop.k "6" is a TypeError and kdop.k 7 a RangeError; the same rule for every
  // other argument: a non-number where a number belongs is a TypeError.
  const withBuffers = (f) => {
    const pairs = sx.createPairBuffer('sphere', 'aabb', 4);
    const many = sx.createVolumeBuffer('aabb', 4);
    try { return f(pairs, many); } finally { pairs.dispose(); many.dispose(); }
  };
  it.each([
    ['raycast maxDistance "10"', () => sx.raycast(good.aabb, [5, 0, 0], [-1, 0, 0], '10'), 'maxDistance', '"10"'],
    ['raycast maxDistance null', () => sx.raycast(good.aabb, [5, 0, 0], [-1, 0, 0], null), 'maxDistance', 'null'],
    ['createVolumeBuffer capacity "4"', () => sx.createVolumeBuffer('sphere', '4'), 'capacity', '"4"'],
    ['createVolumeBuffer without a capacity', () => sx.createVolumeBuffer('sphere'), 'capacity', 'undefined'],
    ['createVolumeBuffer k "8"', () => sx.createVolumeBuffer('kdop', 4, { k: '8' }), 'k', '"8"'],
    ['createVolumeBuffer kdop without k', () => sx.createVolumeBuffer('kdop', 4), 'k', 'undefined'],
    ['createVolumeBuffer precision 64', () => sx.createVolumeBuffer('sphere', 4, { precision: 64 }), 'precision', '64'],
    ['VolumeBuffer.get index "1"', () => withBuffers((p, m) => m.get('1')), 'index', '"1"'],
    ['VolumeBuffer.set index null', () => withBuffers((p, m) => m.set(null, good.aabb)), 'index', 'null'],
    ['PairBuffer.run count "2"', () => withBuffers((p) => p.run('2')), 'count', '"2"'],
    ['overlapsMany count "2"', () => withBuffers((p, m) => sx.overlapsMany(good.sphere, m, '2')), 'count', '"2"'],
  ])('%s', (_, call, field, got) => {
    expectError(thrown(call), TypeError, field, got);
    expectHealthy();
  });
});

it('errors are thrown synchronously and are plain TypeError/RangeError objects, never WebAssembly traps', () => {
  for (const [, volume] of BAD_VOLUMES.slice(0, 40)) {
    const error = thrown(() => sx.collide(volume, good.obb));
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(WebAssembly.RuntimeError);
    expect([TypeError, RangeError]).toContain(error.constructor);
  }
  expectHealthy();
});
