// How tight each volume type is around the same objects, measured as the tutorial's lesson 8
// quotes it: random boxes (bars, slabs and cubes, turned at random) in a 10 × 10 × 10 region, each
// bounded by the tightest volume of every type around its 8 corners (sx.fit; the OBB is the box
// itself); then the share of pairs whose volumes overlap, against the share whose boxes do.
// Every "overlap" beyond the boxes' own is a false alarm a finer test must clear.
//   node scripts/bench-tightness.mjs [--objects N] [--seed S]      (reads dist/: `npm run build`)
import { init } from '../dist/index.js';
import { mulberry32, randomRotation } from '../web/view/random.js';

const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
const N = option('--objects', 400);
const random = mulberry32(option('--seed', 12345));

const sx = await init();
const SHAPES = { bar: [1.5, 0.15, 0.15], slab: [1, 1, 0.1], cube: [0.5, 0.5, 0.5] };

function corners(obb) {
  const { vertices } = sx.polytope(obb);
  return vertices;
}

const TYPES = ['sphere', 'aabb', 'kdop8', 'kdop14', 'kdop18', 'kdop26', 'obb'];
for (const [shape, halfExtents] of Object.entries(SHAPES)) {
  const objects = Array.from({ length: N }, () => {
    const obb = { type: 'obb', center: [random() * 10, random() * 10, random() * 10], halfExtents, rotation: randomRotation(random) };
    const points = corners(obb);
    return {
      obb,
      sphere: sx.fit('sphere', points), aabb: sx.fit('aabb', points),
      kdop8: sx.fit('kdop', points, { k: 8 }), kdop14: sx.fit('kdop', points, { k: 14 }),
      kdop18: sx.fit('kdop', points, { k: 18 }), kdop26: sx.fit('kdop', points, { k: 26 }),
    };
  });
  const hits = Object.fromEntries(TYPES.map((t) => [t, 0]));
  let pairs = 0;
  for (let i = 0; i < N; i++) {
    for (let j = i + 1; j < N; j++) {
      pairs++;
      for (const t of TYPES) if (sx.overlaps(objects[i][t], objects[j][t])) hits[t]++;
    }
  }
  const exact = hits.obb;
  console.log(`${shape} (half-extents ${halfExtents.join(' × ')}), ${N} objects, ${pairs} pairs; the boxes themselves overlap in ${exact}:`);
  for (const t of TYPES) {
    console.log(`  ${t.padEnd(7)} ${String(hits[t]).padStart(6)} overlapping pairs  (${(hits[t] / exact).toFixed(2)}× the boxes')`);
  }
}
