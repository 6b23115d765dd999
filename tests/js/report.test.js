// Where each axis of a report comes from, as data: kind ('face', 'edge-edge', 'closest-point') and
// the feature of A and of B ('u0', 'x', 'n(1,1,0)', 'e(1,-1,0)' or null), for every pair type in
// both orders, shared k-DOP faces and parallel edges; and labels that say what these fields say.

import { beforeAll, describe, expect, it } from 'vitest';
import { init } from 'sepaxis';
import { KDOP_DIRECTIONS, ORDERED_PAIRS, randomVolume, rng } from './helpers.js';

let sx;
beforeAll(async () => { sx = await init(); });

/** "kind featureA featureB", "-" for null: "face u0 -", "edge-edge u0 e(1,-1,0)", "closest-point - -". */
const source = (x) => `${x.kind} ${x.featureA ?? '-'} ${x.featureB ?? '-'}`;
const sources = (report) => report.axes.map(source);

const IDENTITY = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
const s = Math.SQRT1_2;
const turned = [[s, s, 0], [-s, s, 0], [0, 0, 1]];  // 45° about z
const obb = (center, axes = turned) => ({ type: 'obb', center, halfExtents: [1, 1, 1], axes });
const aabb = (min, max) => ({ type: 'aabb', min, max });
const sphere = (center, radius = 1) => ({ type: 'sphere', center, radius });
const kdop = (k, lo, hi) => ({ type: 'kdop', k, min: Array(k / 2).fill(lo), max: Array(k / 2).fill(hi) });

/** The names a volume's faces (face) or edge directions (!face) may have, from the documented form. */
function namesFeatureOf(feature, volume, face) {
  switch (volume.type) {
    case 'aabb': return /^[xyz]$/.test(feature);
    case 'obb': return /^u[012]$/.test(feature);
    case 'kdop': return face
      ? KDOP_DIRECTIONS[volume.k].some((d) => feature === `n(${d.join(',')})`)
      : /^e\(-?[012],-?[012],-?[012]\)$/.test(feature);
    default: return false;  // a sphere has no faces or edges
  }
}

/** What the label must say, written here from the documented form. */
function expectedLabel(x) {
  if (x.kind === 'closest-point') return 'closest-point direction';
  const a = x.featureA === null ? '' : `A.${x.featureA}`, b = x.featureB === null ? '' : `B.${x.featureB}`;
  if (x.kind === 'edge-edge') return `${a} × ${b}`;
  return a && b ? `${a} = ${b}` : a + b;
}

describe('every axis says where it comes from', () => {
  it.each(ORDERED_PAIRS)('%s against %s: kinds and features fit the pair, and the label says the same', (ta, tb) => {
    const r = rng(4100 + ta.length * 10 + tb.length);
    const kinds = new Set();
    for (let i = 0; i < 30; i++) {
      const a = randomVolume(r, ta, [0, 0, 0]), b = randomVolume(r, tb, r.vec(-2, 2));
      const withSphere = ta === 'sphere' || tb === 'sphere';
      for (const x of sx.collide(a, b).axes) {
        kinds.add(x.kind);
        expect(x.label, source(x)).toBe(expectedLabel(x));
        if (x.kind === 'closest-point') {
          expect(withSphere, 'only a sphere has a closest-point direction').toBe(true);
          expect([x.featureA, x.featureB]).toEqual([null, null]);
        } else if (x.kind === 'face') {
          expect(x.featureA !== null || x.featureB !== null, x.label).toBe(true);
          if (x.featureA !== null) expect(namesFeatureOf(x.featureA, a, true), x.label).toBe(true);
          if (x.featureB !== null) expect(namesFeatureOf(x.featureB, b, true), x.label).toBe(true);
        } else {
          expect(x.kind).toBe('edge-edge');
          expect(namesFeatureOf(x.featureA, a, false), x.label).toBe(true);
          expect(namesFeatureOf(x.featureB, b, false), x.label).toBe(true);
        }
      }
    }
    // Two AABBs: their edge directions are their face normals, so only the three faces remain.
    const expected = ta === 'sphere' && tb === 'sphere' ? ['closest-point']
      : ta === 'sphere' || tb === 'sphere' ? ['face', 'closest-point']
        : ta === 'aabb' && tb === 'aabb' ? ['face'] : ['face', 'edge-edge'];
    expect([...kinds].sort()).toEqual(expected.sort());
  });

  it('swapping A and B swaps the features of every face axis', () => {
    const r = rng(4200);
    const swapped = (x) => `${x.kind} ${x.featureB ?? '-'} ${x.featureA ?? '-'}`;
    for (const [ta, tb] of ORDERED_PAIRS) {
      for (let i = 0; i < 5; i++) {
        const a = randomVolume(r, ta, [0, 0, 0]), b = randomVolume(r, tb, r.vec(-2, 2));
        // Edge-edge axes as a count only: a k-DOP pair keeps the first edge pair of each direction.
        const forward = sx.collide(a, b).axes.map((x) => (x.kind === 'edge-edge' ? 'edge-edge' : source(x))).sort();
        const backward = sx.collide(b, a).axes.map((x) => (x.kind === 'edge-edge' ? 'edge-edge' : swapped(x))).sort();
        expect(backward, `${ta}-${tb}`).toEqual(forward);
      }
    }
  });
});

describe('each pair type, in both orders', () => {
  it('two spheres have one closest-point direction, of neither volume (also when concentric)', () => {
    expect(sources(sx.collide(sphere([0, 0, 0]), sphere([3, 0, 0])))).toEqual(['closest-point - -']);
    const concentric = sx.collide(sphere([1, 2, 3]), sphere([1, 2, 3], 0.5));
    expect(sources(concentric)).toEqual(['closest-point - -']);
    expect(concentric.axes[0].degenerate).toBe(true);
  });

  it('a sphere and a box: the box\'s faces, then the closest-point direction', () => {
    const ball = sphere([5, 0, 0]), box = obb([0, 0, 0]), cube = aabb([0, 0, 0], [1, 1, 1]);
    expect(sources(sx.collide(ball, box))).toEqual(['face - u0', 'face - u1', 'face - u2', 'closest-point - -']);
    expect(sources(sx.collide(box, ball))).toEqual(['face u0 -', 'face u1 -', 'face u2 -', 'closest-point - -']);
    expect(sources(sx.collide(ball, cube))).toEqual(['face - x', 'face - y', 'face - z', 'closest-point - -']);
    expect(sources(sx.collide(cube, ball))).toEqual(['face x -', 'face y -', 'face z -', 'closest-point - -']);
    // The centre inside: no closest-point direction exists, and it is still nobody's feature.
    const inside = sx.collide(sphere([0.2, 0, 0], 0.5), box).axes.at(-1);
    expect(inside.degenerate).toBe(true);
    expect(source(inside)).toBe('closest-point - -');
  });

  it('a sphere and a k-DOP: the slab directions', () => {
    const ball = sphere([9, 0, 0]), octahedron = kdop(8, -3, 3);
    const faces = ['n(1,1,1)', 'n(1,1,-1)', 'n(1,-1,1)', 'n(1,-1,-1)'];
    expect(sources(sx.collide(ball, octahedron))).toEqual([...faces.map((f) => `face - ${f}`), 'closest-point - -']);
    expect(sources(sx.collide(octahedron, ball))).toEqual([...faces.map((f) => `face ${f} -`), 'closest-point - -']);
  });

  it('two AABBs share their three face normals', () => {
    const report = sx.collide(aabb([0, 0, 0], [1, 1, 1]), aabb([3, 0, 0], [4, 1, 1]));
    expect(sources(report)).toEqual(['face x x', 'face y y', 'face z z']);
  });

  it('an AABB and an OBB: world axes, local axes, and both edges of each cross product', () => {
    const cube = aabb([0, 0, 0], [1, 1, 1]), box = obb([1, 2, 0]);
    const crosses = (p, q) => p.flatMap((e) => q.map((f) => `edge-edge ${e} ${f}`));
    const world = ['x', 'y', 'z'], local = ['u0', 'u1', 'u2'];
    expect(sources(sx.collide(cube, box))).toEqual([
      ...world.map((f) => `face ${f} -`), ...local.map((f) => `face - ${f}`), ...crosses(world, local)]);
    expect(sources(sx.collide(box, cube))).toEqual([
      ...local.map((f) => `face ${f} -`), ...world.map((f) => `face - ${f}`), ...crosses(local, world)]);
  });

  it('two OBBs: 6 faces and 9 edge pairs', () => {
    const local = ['u0', 'u1', 'u2'];
    const expected = [...local.map((f) => `face ${f} -`), ...local.map((f) => `face - ${f}`),
      ...local.flatMap((e) => local.map((f) => `edge-edge ${e} ${f}`))];
    expect(sources(sx.collide(obb([0, 0, 0]), obb([1, 1, 1], IDENTITY)))).toEqual(expected);
    expect(sources(sx.collide(obb([1, 1, 1], IDENTITY), obb([0, 0, 0])))).toEqual(expected);
  });

  it('a box and a k-DOP: the k-DOP\'s slab and edge directions; the world axes are one face of each', () => {
    const box = obb([0, 0, 0]), octahedron = kdop(8, 1, 3);
    const ab = sources(sx.collide(box, octahedron)), ba = sources(sx.collide(octahedron, box));
    // The 8-DOP's first edge direction: (1,1,1) × (1,1,-1) = (-2,2,0), written primitive as (1,-1,0).
    expect(ab.slice(0, 8)).toEqual(['face u0 -', 'face u1 -', 'face u2 -', 'face - n(1,1,1)', 'face - n(1,1,-1)',
      'face - n(1,-1,1)', 'face - n(1,-1,-1)', 'edge-edge u0 e(1,-1,0)']);
    expect(ba.slice(0, 8)).toEqual(['face n(1,1,1) -', 'face n(1,1,-1) -', 'face n(1,-1,1) -', 'face n(1,-1,-1) -',
      'face - u0', 'face - u1', 'face - u2', 'edge-edge e(1,-1,0) u0']);
    const cube = aabb([0, 0, 0], [1, 1, 1]), dop18 = kdop(18, -1, 1);
    const shared = sx.collide(cube, dop18);
    expect(sources(shared).slice(0, 4)).toEqual(['face x n(1,0,0)', 'face y n(0,1,0)', 'face z n(0,0,1)', 'face - n(1,1,0)']);
    expect(shared.axes[0].label).toBe('A.x = B.n(1,0,0)');
    expect(sources(sx.collide(dop18, cube)).slice(0, 4)).toEqual(['face n(1,0,0) x', 'face n(0,1,0) y', 'face n(0,0,1) z', 'face n(1,1,0) -']);
  });

  it('k-DOPs with shared directions have one face axis for both', () => {
    const report = sx.collide(kdop(8, -3, 3), kdop(8, 7, 9));
    expect(sources(report).slice(0, 4)).toEqual(['face n(1,1,1) n(1,1,1)', 'face n(1,1,-1) n(1,1,-1)',
      'face n(1,-1,1) n(1,-1,1)', 'face n(1,-1,-1) n(1,-1,-1)']);
    expect(report.axes[0].label).toBe('A.n(1,1,1) = B.n(1,1,1)');
    expect(new Set(report.axes.slice(4).map((x) => x.kind))).toEqual(new Set(['edge-edge']));
    const small = sx.collide(kdop(6, 0, 1), kdop(26, -5, 5)), large = sx.collide(kdop(26, -5, 5), kdop(6, 0, 1));
    expect(source(small.axes[0])).toBe('face n(1,0,0) n(1,0,0)');
    expect(source(large.axes[2])).toBe('face n(0,0,1) n(0,0,1)');
    expect(source(small.axes[3])).toBe('face - n(1,1,1)');
    expect(source(large.axes[3])).toBe('face n(1,1,1) -');
  });

  it('parallel edges are a degenerate edge-edge axis that names both edges', () => {
    const boxes = sx.collide(obb([0, 0, 0], IDENTITY), obb([1.5, 0.5, 0], IDENTITY)).axes[6];
    expect(boxes.degenerate).toBe(true);
    expect(source(boxes)).toBe('edge-edge u0 u0');
    expect(boxes.reason).toContain('A.u0 and B.u0');
    // An axis-aligned box and a 26-DOP: its edge direction (1,0,0) runs along the box's u0.
    const dop = kdop(26, -1, 1), box = obb([0, 0, 0], IDENTITY);
    const find = (report, s) => report.axes.find((x) => source(x) === s);
    const ab = find(sx.collide(box, dop), 'edge-edge u0 e(1,0,0)'), ba = find(sx.collide(dop, box), 'edge-edge e(1,0,0) u0');
    expect(ab?.degenerate).toBe(true);
    expect(ab.label).toBe('A.u0 × B.e(1,0,0)');
    expect(ba?.degenerate).toBe(true);
    expect(ba.label).toBe('A.e(1,0,0) × B.u0');
  });
});

describe('touching', () => {
  it('is set after a move by the MTV, for every pair type, and not for clear overlaps or gaps', () => {
    const random = rng(20261124);
    for (const [ta, tb] of ORDERED_PAIRS) {
      let moved = 0;
      for (let n = 0; n < 300 && moved < 8; n++) {
        const a = randomVolume(random, ta, [0, 0, 0]), b = randomVolume(random, tb, random.vec(-1, 1));
        const r = sx.collide(a, b);
        if (!r.overlap || r.penetration.depth < 1e-3) continue;
        moved++;
        expect(r.touching, `${ta}-${tb} overlapping by ${r.penetration.depth}`).toBe(false);
        const mtv = r.penetration.normal.map((x) => x * r.penetration.depth);
        expect(sx.collide(a, sx.transform(b, { translation: mtv })).touching, `${ta}-${tb} at the MTV`).toBe(true);
        const past = r.penetration.normal.map((x) => x * (1.5 * r.penetration.depth + 0.1));
        const apart = sx.collide(a, sx.transform(b, { translation: past }));
        expect([apart.overlap, apart.touching], `${ta}-${tb} past the MTV`).toEqual([false, false]);
      }
      expect(moved, `${ta}-${tb}`).toBeGreaterThan(3);
    }
  });

  it('is the band around the boundary: 1e-9 off touching is touching, 1e-5 is not', () => {
    const a = sphere([0, 0, 0]);
    expect([0, 1e-9, -1e-9].map((g) => sx.collide(a, sphere([2 + g, 0, 0])).touching)).toEqual([true, true, true]);
    expect([1e-5, -1e-5].map((g) => sx.collide(a, sphere([2 + g, 0, 0])).touching)).toEqual([false, false]);
  });
});
