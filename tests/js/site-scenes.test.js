// The tutorial's live demos (web/site/**/*.md) say what their scenes show: every
// `<sepaxis-demo scene='…'>` tag carries the claim of its lesson in data-expect, and the package
// must agree: the verdict, the first separating axis, touching, the penetration depth, and for the
// lessons' special pairs that every face axis overlaps (lesson 4), that the AABBs overlap (lesson
// 6) or that the classic k-DOP interval test says "overlap" (lesson 6), and for pairs whose point
// is their gap, that the picture shows it (apartInPicture: seen from the demo's camera, the two
// volumes cover disjoint parts of the picture, and every volume is in it; site-pictures.js).
// Scenes must also be valid visualizer scenes: ids, a selection of two of them, volumes the
// package accepts. A moving scene's claim holds its sweep (a contact, its time); a fit scene's
// holds each fitted volume's ratio to the hull, and its quizzes the answers the text gives. The
// exercises' goals are checked against the edits their words ask for.

import { readFileSync, readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { init } from 'sepaxis';
import { fitAnswer, meets } from '../../web/site/.vitepress/theme/exercise-goal.js';
import { FIT_KINDS, fitRows } from '../../web/view/fit-table.js';
import { fitPoints } from '../../web/view/point-clouds.js';
import { checkScene } from '../../web/view/share.js';
import { MESH_MODELS } from '../../web/view/mesh-ids.js';
import { MODEL_TRIANGLES } from '../../web/view/mesh-models.js';
import { treeLevel } from '../../web/view/mesh-tree.js';
import { parseTriangles } from '../../web/view/mesh-file.js';
import { placedInView } from '../../web/view/mesh-placement.js';
import { hullVolume } from '../../web/view/fit-table.js';
import { pairSweep } from '../../web/view/motion.js';
import { apartSeenFrom, demoEye, inFrame, outline } from './site-pictures.js';

const SITE = new URL('../../web/site/', import.meta.url);

/** The lessons' exercises: { file, for (the demo's id), goal }. */
const exercises = [];
/** The fit quizzes: { file, for: [demo ids], ask }. */
const quizzes = [];

function demos() {
  const found = [];
  for (const file of readdirSync(SITE, { recursive: true })) {
    if (!file.endsWith('.md') || file.startsWith('api/') || file.includes('node_modules')) continue;
    // (Tags shown as code, as in the embedding guide, are examples, not demos.)
    const text = readFileSync(new URL(file, SITE), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
    for (const [tag] of text.matchAll(/^<sepaxis-demo\s[^>]*>/gm)) {
      const attr = (name) => tag.match(new RegExp(`\\s${name}='([^']*)'|\\s${name}="([^"]*)"`))?.slice(1).find((x) => x !== undefined);
      const camera = attr('camera');
      found.push({
        file, id: attr('id'), scene: JSON.parse(attr('scene')), expect: JSON.parse(attr('data-expect')), step: Number(attr('step')), panels: attr('panels'),
        camera: camera === undefined ? null : JSON.parse(camera),
      });
    }
    for (const [, tag, words] of text.matchAll(/^(<sepaxis-exercise\s[^>]*>)(.*)<\/sepaxis-exercise>/gm)) {
      const attr = (name) => tag.match(new RegExp(`\\s${name}='([^']*)'|\\s${name}="([^"]*)"`))?.slice(1).find((x) => x !== undefined);
      exercises.push({ file, for: attr('for'), goal: JSON.parse(attr('goal')), words });
    }
    for (const [tag] of text.matchAll(/^<sepaxis-fit-quiz\s[^>]*>/gm)) {
      const attr = (name) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
      quizzes.push({ file, for: attr('for').split(' '), ask: attr('ask') });
    }
  }
  return found;
}

const all = demos();
const meshes = all.filter((d) => d.scene.mesh);
const still = all.filter((d) => !d.scene.fit && !d.scene.mesh && !d.scene.volumes.some((v) => v.velocity));
const moving = all.filter((d) => !d.scene.fit && d.scene.volumes.some((v) => v.velocity));

/** A scene's mesh field's pose. */
const poseOf = (mesh) => ({ translation: mesh.translation ?? [0, 0, 0], rotation: mesh.rotation ?? [0, 0, 0, 1] });

/**
 * A mesh demo's `mesh` and `tree` as the demo makes them: the verdict of its built-in model (a
 * tree of the scene's node type, AABBs by default, posed) against each volume and against the
 * other mesh (other: whether they meet, or null), and the tree card's level (choice: { node,
 * depth }; the card starts at the root of the scene's node type).
 */
async function meshStateOf(sx, scene, volumes = scene.volumes, choice = { node: scene.mesh.node ?? 'aabb', depth: 0 }) {
  const model = await modelOf(sx, scene.mesh.model);
  const pose = poseOf(scene.mesh);
  const mesh = model.tree(scene.mesh.node ?? 'aabb');
  const verdicts = volumes.map(({ id, volume }) => {
    const overlap = mesh.overlaps(volume, pose);
    return { id, overlap, ...mesh.lastQuery };
  });
  const o = scene.otherMesh;
  const other = o ? mesh.overlapsMesh(pose, (await modelOf(sx, o.model)).tree(o.node ?? 'aabb'), poseOf(o)) : null;
  const level = treeLevel(sx, model.tree(choice.node), choice.depth, 0);
  const hull = model.hull();
  return { mesh: { verdicts, other }, tree: { node: choice.node, depth: level.depth, count: level.count, ratio: hull > 0 ? level.total / hull : null } };
}

const models = new Map();
/**
 * A built-in model's trees (node type -> package mesh) and its hull's volume, made once. The
 * bunny's file is read here as the page's worker reads it (the page fetches it).
 */
function modelOf(sx, id) {
  if (!models.has(id)) {
    models.set(id, (async () => {
      const triangles = id === 'bunny'
        ? placedInView(await parseTriangles('stl', new Uint8Array(readFileSync(new URL('../../node_modules/stl-models/objects/bunny.bin.stl', import.meta.url))).buffer))
        : await MODEL_TRIANGLES[id]();
      const trees = new Map();
      let hull;
      return {
        tree: (node) => trees.get(node) ?? trees.set(node, sx.createMesh(triangles, { node })).get(node),
        hull: () => (hull ??= hullVolume(sx.convexHull(triangles.positions))),
      };
    })());
  }
  return models.get(id);
}
const fits = all.filter((d) => d.scene.fit);

/** The sweep of a demo's pair (null when it does not move) and its time range. */
const motionOf = (sx, scene) => {
  const pair = scene.selection.map((id) => scene.volumes.find((v) => v.id === id));
  const maxTime = scene.maxTime ?? 1;
  return { sweep: pairSweep(sx, pair, maxTime), maxTime };
};

/** A fit demo's fits, as the demo makes them: [{ id, ratio }]. */
const fitsOf = (sx, fit) => [...fitRows(sx, fitPoints(fit), undefined, fit.volumes.map((id) => FIT_KINDS.find((k) => k.id === id)))].slice(1);

const intervalsMeet = (a, b) => [0, 1, 2].every((i) => a.min[i] <= b.max[i] && b.min[i] <= a.max[i]);

describe('the tutorial\'s demos', () => {
  let sx;
  beforeAll(async () => { sx = await init(); });

  it('every lesson has an exercise its demo checks, which the reader must still do (the goal is not met at the start)', async () => {
    expect(new Set([...exercises, ...quizzes].filter((e) => e.file.startsWith('lessons/')).map((e) => e.file)).size).toBe(13);
    for (const e of exercises) {
      const demo = all.find((d) => d.file === e.file && d.id === e.for);
      expect(demo, `${e.file}: the demo ${e.for}`).toBeTruthy();
      if (demo.scene.mesh) {
        expect(meets(null, e.goal, await meshStateOf(sx, demo.scene)), `${e.file} ${JSON.stringify(e.goal)}`).toBe(false);
        continue;
      }
      const [a, b] = demo.scene.selection.map((id) => demo.scene.volumes.find((v) => v.id === id).volume);
      expect(meets(sx.collide(a, b), e.goal, motionOf(sx, demo.scene)), `${e.file} ${JSON.stringify(e.goal)}`).toBe(false);
    }
  });

  it('every lesson has a demo with a claim', () => {
    const lessons = new Set(all.filter((d) => d.file.startsWith('lessons/')).map((d) => d.file));
    expect(lessons.size).toBe(13);
  });

  it('the mesh demos name built-in models, are scenes the demo element accepts, and their claims are the package\'s verdicts', async () => {
    expect(meshes.length).toBeGreaterThan(0);
    for (const d of meshes) {
      expect(() => checkScene(d.scene, sx, { meshModels: MESH_MODELS.map((m) => m.id), meshSrc: true }), d.id).not.toThrow();
      const { mesh } = await meshStateOf(sx, d.scene);
      expect(Object.fromEntries(mesh.verdicts.map((v) => [v.id, v.overlap])), `${d.file} ${d.id}`).toEqual(d.expect.mesh);
      expect(mesh.other, `${d.file} ${d.id}: the other mesh`).toBe(d.expect.otherMesh ?? null);
    }
  });

  it('the lessons hold a moving demo and a fit demo, each a scene the demo element accepts', () => {
    expect(moving.length).toBeGreaterThan(0);
    expect(fits.length).toBeGreaterThan(0);
    for (const d of [...moving, ...fits]) expect(() => checkScene(d.scene, sx, { fit: true }), d.id).not.toThrow();
  });

  for (const { file, id, scene, expect: claim } of moving) {
    it(`${file}, moving demo ${id}: ${JSON.stringify(claim)}`, () => {
      const [a, b] = scene.selection.map((s) => scene.volumes.find((v) => v.id === s).volume);
      expect(sx.collide(a, b).overlap).toBe(claim.overlap);
      const { sweep } = motionOf(sx, scene);
      expect(sweep.hit).toBe(claim.sweep.hit);
      if (claim.sweep.time !== undefined) expect(sweep.time).toBeCloseTo(claim.sweep.time, 4);
    });
  }

  for (const { file, id, scene, expect: claim } of fits) {
    it(`${file}, fit demo ${id}: each volume's ratio to the hull is the claim's`, () => {
      const rows = fitsOf(sx, scene.fit);
      expect(rows.map((r) => r.id)).toEqual(Object.keys(claim.fit));
      for (const r of rows) expect(r.ratio, r.id).toBeCloseTo(claim.fit[r.id], 2);
    });
  }

  it('the fit quizzes have the answers the lesson then gives: the 8-DOP around the tetrahedron; the AABB and the 14-DOP change as the rod turns', () => {
    const answer = (q) => fitAnswer(q.ask, ...q.for.map((id) => fitsOf(sx, all.find((d) => d.id === id).scene.fit)));
    expect(quizzes.map((q) => [q.ask, answer(q)])).toEqual([['tightest', ['kdop8']], ['changed', ['aabb', 'kdop14']]]);
  });

  for (const [i, d] of still.entries()) {
    const { file, scene, expect: claim, step, panels } = d;
    it(`${file}, demo ${i}: ${JSON.stringify(claim)}`, () => {
      const ids = scene.volumes.map((v) => v.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const { volume } of scene.volumes) expect(sx.validate(volume)).toEqual([]);
      expect(scene.selection).toHaveLength(2);
      const [a, b] = scene.selection.map((id) => scene.volumes.find((v) => v.id === id).volume);
      expect(panels.split(',').every((p) => ['verdict', 'axes', 'stepper', 'toolbar', 'inspector'].includes(p))).toBe(true);

      const report = sx.collide(a, b);
      expect(report.overlap).toBe(claim.overlap);
      expect(sx.overlaps(a, b)).toBe(claim.overlap);
      // The stepper opens at the separating axis (step counts from 1, as the stepper does); an
      // overlapping pair has none to open at.
      if (report.overlap) expect(step).toBeNaN();
      else expect(step).toBe(report.separatingAxis + 1);
      if (claim.axis !== undefined) expect(report.axes[report.separatingAxis].label).toBe(claim.axis);
      if (claim.touching !== undefined) expect(report.touching).toBe(claim.touching);
      if (claim.depth !== undefined) expect(report.penetration.depth).toBeCloseTo(claim.depth, 4);
      if (claim.facesOverlap) {
        for (const axis of report.axes.filter((x) => x.kind === 'face')) expect(axis.separating, axis.label).toBe(false);
      }
      if (claim.boundingBoxesOverlap) expect(intervalsMeet(sx.boundingBox(a), sx.boundingBox(b))).toBe(true);
      if (claim.conservative !== undefined) expect(sx.overlapsConservative(a, b)).toBe(claim.conservative);
      if (claim.apartInPicture) {
        const eye = demoEye(sx, d);
        expect(apartSeenFrom(eye, outline(sx, a), outline(sx, b)), `${file}: A and B apart in the picture seen from ${JSON.stringify(eye)}`).toBe(true);
        for (const { volume } of scene.volumes) expect(inFrame(eye, outline(sx, volume)), `${file}: ${JSON.stringify(volume)} in the picture`).toBe(true);
      }
    });
  }
});

describe('the lessons\' exercises can be done as their words say', () => {
  let sx;
  beforeAll(async () => { sx = await init(); });
  const demo = (file, id) => all.find((d) => d.file === file && d.id === id);
  const exercise = (file, forId, goalKey) => exercises.find((e) => e.file === file && e.for === forId && goalKey in e.goal);
  /** The report of a demo's pair after the reader's edit: edit(volumes by id) changes them. */
  const reportAfter = ({ scene }, edit) => {
    const byId = Object.fromEntries(scene.volumes.map((v) => [v.id, structuredClone(v.volume)]));
    edit(byId);
    const [a, b] = scene.selection.map((id) => byId[id]);
    return sx.collide(a, b);
  };

  it('lesson 2: sphere B\'s radius is grown (in the demo\'s inspector) until touching, at r = 1.5', () => {
    const d = demo('lessons/2-spheres.md', 'demo-2');
    expect(d.panels.split(',')).toContain('inspector');
    const e = exercise('lessons/2-spheres.md', 'demo-2', 'touching');
    expect(e?.goal).toEqual({ touching: true });
    expect(e.words).toMatch(/^Grow sphere B's radius/);
    const start = d.scene.volumes.find((v) => v.id === 'b').volume.radius;
    const touchingAt = 2.5 - 1;
    expect(touchingAt).toBeGreaterThan(start);
    expect(meets(reportAfter(d, (v) => { v.b.radius = touchingAt; }), e.goal)).toBe(true);
    expect(meets(reportAfter(d, (v) => { v.b.radius = touchingAt - 0.1; }), e.goal)).toBe(false);
    expect(meets(reportAfter(d, (v) => { v.b.radius = touchingAt + 0.1; }), e.goal)).toBe(false);
  });

  it('lesson 3: "x, not y, separates" is done only once y no longer separates', () => {
    const d = demo('lessons/3-aabbs.md', 'demo-3');
    const e = exercises.find((x) => x.file === 'lessons/3-aabbs.md' && x.for === 'demo-3');
    expect(e.words).toMatch(/x axis, not y/);
    // B moved along x only: x separates first, but y still does too.
    const both = reportAfter(d, (v) => { v.b.min[0] += 2; v.b.max[0] += 2; });
    expect(both.axes.filter((a) => a.separating).map((a) => a.label)).toEqual(['A.x = B.x', 'A.y = B.y']);
    expect(meets(both, e.goal)).toBe(false);
    // Then lowered onto A's level: x alone separates.
    const xOnly = reportAfter(d, (v) => { v.b.min = [3, 0, 1]; v.b.max = [5, 1, 3]; });
    expect(meets(xOnly, e.goal)).toBe(true);
  });

  it('lesson 8: the bullet reaches the wall from a speed of 2.75, and passes through it between t = 0 and t = 1 beyond 3.25', () => {
    const d = demo('lessons/8-sweeping.md', 'demo-8');
    expect(d.panels.split(',')).toContain('inspector');
    const goal = (key) => exercises.find((e) => e.file === 'lessons/8-sweeping.md' && key in e.goal).goal;
    const at = (vx) => {
      const scene = structuredClone(d.scene);
      scene.volumes.find((v) => v.id === 'bullet').velocity = [vx, 0, 0];
      const [a, b] = scene.selection.map((id) => scene.volumes.find((v) => v.id === id).volume);
      return (g) => meets(sx.collide(a, b), g, motionOf(sx, scene));
    };
    expect(at(2.7)(goal('sweepHit'))).toBe(false);
    expect(at(2.8)(goal('sweepHit'))).toBe(true);
    expect(at(3.2)(goal('tunnels'))).toBe(false);
    expect(at(3.3)(goal('tunnels'))).toBe(true);
    expect(at(100)(goal('tunnels'))).toBe(true);
  });

  it('lesson 11: raising the floor\'s corner c to y = 0.6 tilts it into the crate (0.5 does not); the crate lowered by 0.6 rests on the hills', async () => {
    const d = demo('lessons/11-triangles.md', 'demo-11');
    expect(d.panels.split(',')).toContain('inspector');
    const e = exercise('lessons/11-triangles.md', 'demo-11', 'overlap');
    expect(e.words).toMatch(/raise its corner c/);
    expect(meets(reportAfter(d, (v) => { v.floor.vertices[2][1] = 0.6; }), e.goal)).toBe(true);
    expect(meets(reportAfter(d, (v) => { v.floor.vertices[2][1] = 0.5; }), e.goal)).toBe(false);
    const t = demo('lessons/11-triangles.md', 'demo-11-terrain');
    const down = (x, i) => (i === 1 ? x - 0.6 : x);
    const lowered = t.scene.volumes.map((v) => ({ ...v, volume: { ...v.volume, min: v.volume.min.map(down), max: v.volume.max.map(down) } }));
    expect(meets(null, exercise('lessons/11-triangles.md', 'demo-11-terrain', 'meshOverlaps').goal, await meshStateOf(sx, t.scene, lowered))).toBe(true);
  });

  it('lesson 12: 128 26-DOPs at depth 7 enclose less than the knot\'s hull; 64 at depth 6 do not, nor 256 AABBs', async () => {
    const d = demo('lessons/12-hierarchies.md', 'demo-12');
    expect(d.panels).toBe('tree');
    const { goal } = exercise('lessons/12-hierarchies.md', 'demo-12', 'treeRatioBelow');
    const at = (node, depth) => meshStateOf(sx, d.scene, d.scene.volumes, { node, depth });
    expect(meets(null, goal, await at('kdop26', 7))).toBe(true);
    expect(meets(null, goal, await at('kdop26', 6))).toBe(false);
    expect(meets(null, goal, await at('aabb', 8))).toBe(false);
  });

  it('lesson 13: the ball moved down onto the floor still touches the terrain, with fewer than 25 node tests; lifted off it, it does not count', async () => {
    const d = demo('lessons/13-descent.md', 'demo-13');
    const { goal } = exercise('lessons/13-descent.md', 'demo-13', 'meshNodeTestsBelow');
    const at = (center) => d.scene.volumes.map((v) => ({ ...v, volume: { ...v.volume, center } }));
    expect(meets(null, goal, await meshStateOf(sx, d.scene, at([0, -0.6, 0])))).toBe(true);
    expect(meets(null, goal, await meshStateOf(sx, d.scene, at([0, 2, 0])))).toBe(false);
  });

  it('lesson 13: the bunny turned 45° about y still touches the ball, with fewer than 50 node tests; unturned it takes more', async () => {
    const d = demo('lessons/13-descent.md', 'demo-13-bunny');
    const { goal } = exercise('lessons/13-descent.md', 'demo-13-bunny', 'meshNodeTestsBelow');
    const turned = (deg) => ({ ...d.scene, mesh: { ...d.scene.mesh, rotation: [0, Math.sin((deg * Math.PI) / 360), 0, Math.cos((deg * Math.PI) / 360)] } });
    const start = await meshStateOf(sx, turned(0));
    expect(start.mesh.verdicts[0]).toMatchObject({ overlap: true });
    expect(start.mesh.verdicts[0].volumeTests).toBeGreaterThanOrEqual(50);
    expect(meets(null, goal, start)).toBe(false);
    expect(meets(null, goal, await meshStateOf(sx, turned(45)))).toBe(true);
  });

  it('lesson 10: the exercise\'s program (the package alone) prints the table\'s bars, as the text says', async () => {
    const text = readFileSync(new URL('lessons/10-choosing.md', SITE), 'utf8');
    const exercise = text.slice(text.indexOf('## Exercise'));
    // The program is a code block of the list: indented as its item is.
    const [, indent, block] = exercise.match(/^( *)```js\n([\s\S]*?)^ *```/m);
    const code = block.replace(new RegExp(`^${indent}`, 'gm'), '');
    expect(code).not.toMatch(/scripts\/|\.\.\/|dist\//);
    const printed = await runProgram(code);
    expect(printed).toEqual(['OBB 457 pairs, sphere 13.4×, AABB 5.1×']);
    expect(exercise).toContain(`With seed 12345 it prints \`${printed[0]}\``);
    // The table's bars column says the same.
    expect(text).toMatch(/\| sphere \| 13\.4× \|/);
    expect(text).toMatch(/\| AABB \| 5\.1× \|/);
    expect(text).toMatch(/\| OBB \| 1\.0× \(457 pairs\) \|/);
    // Its last question: around cubes the sphere beats the AABB (fewer false alarms).
    const cubes = await runProgram(code.replace('halfExtents: [1.5, 0.15, 0.15]', 'halfExtents: [0.5, 0.5, 0.5]'));
    const [, sphere, aabb] = cubes[0].match(/sphere ([\d.]+)×, AABB ([\d.]+)×/).map(Number);
    expect(sphere).toBeLessThan(aabb);
  }, 120_000);
});

/** Runs a lesson's program (an ES module that imports `init` from 'sepaxis'): what it prints. */
async function runProgram(code) {
  const importLine = "import { init } from 'sepaxis';\n";
  expect(code.startsWith(importLine)).toBe(true);
  const printed = [];
  const AsyncFunction = (async () => {}).constructor;
  await new AsyncFunction('init', 'console', code.slice(importLine.length))(init, { log: (...args) => printed.push(args.join(' ')) });
  return printed;
}
