// The tutorial's live demos (web/site/**/*.md) say what their scenes show: every
// `<sepaxis-demo scene='…'>` tag carries the claim of its lesson in data-expect, and the package
// must agree: the verdict, the first separating axis, touching, the penetration depth, and for the
// lessons' special pairs that every face axis overlaps (lesson 4), that the AABBs overlap (lesson
// 6) or that the classic k-DOP interval test says "overlap" (lesson 6). Scenes must also be valid
// visualizer scenes: ids, a selection of two of them, volumes the package accepts.

import { readFileSync, readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { init } from 'sepaxis';
import { meets } from '../../web/site/.vitepress/theme/exercise-goal.js';

const SITE = new URL('../../web/site/', import.meta.url);

/** The lessons' exercises: { file, for (the demo's id), goal }. */
const exercises = [];

function demos() {
  const found = [];
  for (const file of readdirSync(SITE, { recursive: true })) {
    if (!file.endsWith('.md') || file.startsWith('api/') || file.includes('node_modules')) continue;
    // (Tags shown as code, as in the embedding guide, are examples, not demos.)
    const text = readFileSync(new URL(file, SITE), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
    for (const [tag] of text.matchAll(/^<sepaxis-demo\s[^>]*>/gm)) {
      const attr = (name) => tag.match(new RegExp(`\\s${name}='([^']*)'|\\s${name}="([^"]*)"`))?.slice(1).find((x) => x !== undefined);
      found.push({ file, id: attr('id'), scene: JSON.parse(attr('scene')), expect: JSON.parse(attr('data-expect')), step: Number(attr('step')), panels: attr('panels') });
    }
    for (const [tag] of text.matchAll(/^<sepaxis-exercise\s[^>]*>/gm)) {
      const attr = (name) => tag.match(new RegExp(`\\s${name}='([^']*)'|\\s${name}="([^"]*)"`))?.slice(1).find((x) => x !== undefined);
      exercises.push({ file, for: attr('for'), goal: JSON.parse(attr('goal')) });
    }
  }
  return found;
}

const intervalsMeet = (a, b) => [0, 1, 2].every((i) => a.min[i] <= b.max[i] && b.min[i] <= a.max[i]);

describe('the tutorial\'s demos', () => {
  let sx;
  beforeAll(async () => { sx = await init(); });
  const all = demos();

  it('every lesson has an exercise its demo checks, which the reader must still do (the goal is not met at the start)', () => {
    expect(new Set(exercises.filter((e) => e.file.startsWith('lessons/')).map((e) => e.file)).size).toBe(8);
    for (const e of exercises) {
      const demo = all.find((d) => d.file === e.file && d.id === e.for);
      expect(demo, `${e.file}: the demo ${e.for}`).toBeTruthy();
      const [a, b] = demo.scene.selection.map((id) => demo.scene.volumes.find((v) => v.id === id).volume);
      expect(meets(sx.collide(a, b), e.goal), `${e.file} ${JSON.stringify(e.goal)}`).toBe(false);
    }
  });

  it('every lesson has a demo with a claim', () => {
    const lessons = new Set(all.filter((d) => d.file.startsWith('lessons/')).map((d) => d.file));
    expect(lessons.size).toBe(8);
  });

  for (const [i, { file, scene, expect: claim, step, panels }] of all.entries()) {
    it(`${file}, demo ${i}: ${JSON.stringify(claim)}`, () => {
      const ids = scene.volumes.map((v) => v.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const { volume } of scene.volumes) expect(sx.validate(volume)).toEqual([]);
      expect(scene.selection).toHaveLength(2);
      const [a, b] = scene.selection.map((id) => scene.volumes.find((v) => v.id === id).volume);
      expect(panels.split(',').every((p) => ['verdict', 'axes', 'stepper', 'toolbar'].includes(p))).toBe(true);

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
    });
  }
});
