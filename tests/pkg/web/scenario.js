// The same small workload for every consumer of the package (installed Node app, Vite build,
// plain <script type="module">): it returns plain data, and checkScenario() says what is wrong
// with it. No imports, so it runs unchanged in Node and in browsers.

const box = { type: 'aabb', min: [0, 0, 0], max: [1, 1, 1] };
const S = Math.SQRT1_2;
// A unit-half-extent box turned 45° about z, and an axis-aligned one 2.5 away along x:
// apart by 2.5 - 1 - √2 on B's first axis.
const turned = { type: 'obb', center: [0, 0, 0], axes: [[S, S, 0], [-S, S, 0], [0, 0, 1]], halfExtents: [1, 1, 1] };
const beside = { type: 'obb', center: [2.5, 0, 0], rotation: [0, 0, 0, 1], halfExtents: [1, 1, 1] };

/** Runs the workload with `init` from the package; returns JSON-able results. */
export async function runScenario(init) {
  const sx = await init();
  const result = { sameInstance: (await init()) === sx };

  result.overlaps = [
    sx.overlaps(box, { type: 'sphere', center: [1.5, 0.5, 0.5], radius: 0.6 }),
    sx.overlaps(box, { type: 'sphere', center: [2, 0.5, 0.5], radius: 0.6 }),
    sx.overlaps(turned, beside),
    sx.overlaps({ type: 'kdop', k: 6, min: [0.5, 0.5, 0.5], max: [3, 3, 3] }, box),
  ];

  const report = sx.collide(turned, beside);
  const axis = report.axes[report.separatingAxis];
  result.collide = { overlap: report.overlap, axes: report.axes.length, label: axis.label, gap: axis.gap };

  // Three sphere pairs written through the field views: overlapping, apart, exactly touching.
  const pairs = [[[0, 0, 0], 1, [1, 0, 0], 1], [[0, 0, 0], 1, [0, 5, 0], 1], [[0, 0, 0], 1, [0, 0, 2], 1]];
  result.batch = {};
  for (const precision of ['f64', 'f32']) {
    const buffer = sx.createPairBuffer('sphere', 'sphere', pairs.length, { precision });
    pairs.forEach(([ca, ra, cb, rb], i) => {
      ['x', 'y', 'z'].forEach((c, j) => {
        buffer.a.field(`center.${c}`)[i] = ca[j];
        buffer.b.field(`center.${c}`)[i] = cb[j];
      });
      buffer.a.field('radius')[i] = ra;
      buffer.b.field('radius')[i] = rb;
    });
    result.batch[precision] = Array.from(buffer.run());
    buffer.dispose();
  }

  const boxes = sx.createVolumeBuffer('aabb', 4);
  for (let i = 0; i < 4; i++) boxes.set(i, { type: 'aabb', min: [i * 2, 0, 0], max: [i * 2 + 1, 1, 1] });
  result.many = Array.from(sx.overlapsMany({ type: 'sphere', center: [3.5, 0.5, 0.5], radius: 1 }, boxes));
  boxes.dispose();

  try {
    sx.overlaps({ type: 'sphere', center: [0, 0, 0], radius: -1 }, box);
    result.error = null;
  } catch (e) {
    result.error = { name: e.name, message: e.message };
  }
  return result;
}

/** The problems of a runScenario() result; [] when it is right. */
export function checkScenario(result) {
  const problems = [];
  const expect = (what, got, want) => {
    if (JSON.stringify(got) !== JSON.stringify(want)) problems.push(`${what}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
  };
  expect('init() twice gives one instance', result.sameInstance, true);
  expect('overlaps', result.overlaps, [true, false, false, true]);
  expect('collide.overlap', result.collide?.overlap, false);
  expect('collide axes (OBB–OBB: 15)', result.collide?.axes, 15);
  expect('collide separating axis', result.collide?.label, 'B.u0');
  if (!(Math.abs(result.collide?.gap - (1.5 - Math.SQRT2)) < 1e-12))
    problems.push(`collide gap: expected ${1.5 - Math.SQRT2}, got ${result.collide?.gap}`);
  expect('batch f64 (touching counts)', result.batch?.f64, [1, 0, 1]);
  expect('batch f32 (touching counts)', result.batch?.f32, [1, 0, 1]);
  expect('overlapsMany', result.many, [0, 1, 1, 0]);
  expect('error for a negative radius', result.error, { name: 'RangeError', message: 'sphere.radius must be >= 0, got -1' });
  return problems;
}
