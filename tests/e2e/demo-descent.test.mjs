// <sepaxis-demo>'s mesh panels in Debian's Chromium (pages/descent.html, served as a documentation
// site serves the package): a scene's node type (a tree of OBBs, counted as the tree card counts
// it), the descent card drawing what the query tested and stepping through it test by test, the
// node tests and the triangle tests at the leaves (the buttons, the arrow keys, "step k of N", each
// step's axis list held to the package's collide), a scene of two meshes (overlapsMesh, the
// triangle pairs marked, the descent of node pairs and triangle pairs), the descent attribute, and
// bad mesh scenes shown in the box while the page goes on (screenshots).

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, axeViolations, launch, openPage, settle } from './browser.mjs';
import { startStaticServer } from '../../scripts/static-server.mjs';

let browser, server, page;
before(async () => {
  browser = await launch();
  server = await startStaticServer();
  page = await openPage(browser, { viewport: { width: 1280, height: 800 } });
  await page.goto(`${server.url}pages/descent.html`);
  // The package of the page (the same module file the demos load) for the checks.
  await page.evaluate(async () => { window.sx = await (await import('/dist/index.js')).init(); });
});
after(async () => {
  await page?.context().close();
  await browser?.close();
  await server?.close();
});

/** A demo's canvas pixels, for telling whether a drawing changed. */
const pixels = (selector) => page.evaluate((s) => {
  const canvas = document.querySelector(s).shadowRoot.querySelector('canvas');
  return Array.from(canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data);
}, selector);
const changedPixels = (a, b) => {
  let changed = 0;
  for (let i = 0; i < a.length; i += 4) if (Math.abs(a[i] - b[i]) + Math.abs(a[i + 1] - b[i + 1]) + Math.abs(a[i + 2] - b[i + 2]) > 24) changed++;
  return changed;
};
const card = (selector, name) => page.locator(`${selector} >> css=.card.${name}`);
const descentOf = (selector) => page.evaluate((s) => document.querySelector(s).descent, selector);

/** The step's pair held to the package: its axis list is collide(A, B)'s, and "apart" is never wrong. */
async function checkStep(selector) {
  return page.evaluate((s) => {
    const d = document.querySelector(s), { pair } = d.descent;
    const report = window.sx.collide(...pair.volumes);
    const rows = d.shadowRoot.querySelectorAll('.descent-axes .axis-list > li').length;
    return { rows, axes: report.axes.length, meets: pair.meets, overlap: window.sx.overlaps(...pair.volumes) };
  }, selector);
}

describe('<sepaxis-demo> mesh panels', () => {
  test('a scene\'s node type builds the mesh\'s tree of it: the verdict\'s node tests are the tree card\'s for OBBs', async () => {
    await page.waitForFunction(() => document.querySelector('#vol').mesh && document.querySelector('#vol').tree, null, { timeout: 30_000 });
    const { mesh, tree, caption } = await page.evaluate(() => {
      const d = document.querySelector('#vol');
      return { mesh: d.mesh, tree: d.tree, caption: d.shadowRoot.querySelector('.mesh-caption').textContent };
    });
    assert.equal(mesh.node, 'obb');
    assert.match(caption, /^Torus knot: [\d,]+ triangles in a tree of OBBs\.$/);
    assert.equal(tree.node, 'obb', 'the tree card starts at the scene\'s node type');
    const row = (node) => tree.rows.find((r) => r.node === node);
    assert.equal(mesh.verdicts[0].volumeTests, row('obb').volumeTests);
    assert.notEqual(row('obb').volumeTests, row('aabb').volumeTests, 'the scene tells the two trees apart');
    assert.equal(await page.evaluate(() => document.querySelector('#vol').shadowRoot.querySelector('.tree-card, .card.tree select').value), 'obb');
  });

  test('the descent drawn whole: node tests by verdict, the unreached below them, the meeting triangle marked', async () => {
    await settle(page);
    await page.locator('#vol').scrollIntoViewIfNeeded();
    await settle(page);
    const before = await pixels('#vol');
    assert.equal(await descentOf('#vol'), null, 'hidden until asked');
    await card('#vol', 'descent').getByRole('button', { name: 'Show the descent' }).click();
    await settle(page);
    const d = await descentOf('#vol');
    const mesh = await page.evaluate(() => document.querySelector('#vol').mesh);
    assert.equal(d.mode, 'all');
    assert.equal(d.steps, mesh.verdicts[0].volumeTests, 'one step a node test of the query');
    assert.equal(d.triangleTests, mesh.verdicts[0].triangleTests);
    assert.equal(d.overlaps, true);
    assert.equal(d.marked, 1, 'the meeting triangle, where the query stops');
    const [, tests, meets, apart, unreached] = /Against Ball: ([\d,]+) node tests \(([\d,]+) may meet, ([\d,]+) apart\), ([\d,]+) nodes never reached/.exec(d.text).map((x) => Number(String(x).replace(/,/g, '')));
    assert.equal(tests, d.steps);
    assert.equal(meets + apart, d.steps);
    assert.ok(unreached > 0 && apart > 0 && meets > 0, d.text);
    assert.equal(d.drawn, Math.min(512, d.steps + unreached), 'every node tested or never reached is drawn');
    assert.ok(changedPixels(before, await pixels('#vol')) > 500, 'the descent is drawn in the view');
    assert.equal(await card('#vol', 'descent').locator('.descent-legend li').count(), 3);
    await page.locator('#vol').screenshot({ path: `${ARTIFACTS}49-demo-descent-1280x800.png` });
  });

  test('stepping through the descent: every node test and triangle test once, in order, with the buttons and the arrow keys, each with its axis list', async () => {
    const descent = card('#vol', 'descent');
    await descent.getByRole('button', { name: 'Step through the descent' }).click();
    let d = await descentOf('#vol');
    const count = d.steps + d.triangleTests;
    assert.ok(d.triangleTests > 0, 'the ball reaches a leaf');
    assert.equal(d.mode, 'step');
    assert.equal(d.counter, `step 1 of ${count}`);
    assert.equal(d.drawn, 1);
    const next = descent.getByRole('button', { name: 'Next step' });
    const previous = descent.getByRole('button', { name: 'Previous step' });
    assert.equal(await previous.isDisabled(), true);
    const seen = [], triangles = [];
    for (let k = 0; k < count; k++) {
      d = await descentOf('#vol');
      assert.equal(d.step, k);
      assert.equal(d.counter, `step ${k + 1} of ${count}`);
      const step = await checkStep('#vol');
      assert.equal(step.rows, step.axes, 'the axis list is the pair\'s');
      if (d.pair.kind === 'node') {
        assert.match(d.text, new RegExp(`^Step ${k + 1} of ${count}: node ${d.pair.node.toLocaleString('en')} (may meet|is apart from) Ball`));
        seen.push(d.pair.node);
        assert.equal(d.drawn, Math.min(512, seen.length), 'the nodes tested so far');
        assert.equal(d.marked, 0);
        if (!step.meets) assert.equal(step.overlap, false, `step ${k + 1}: a node found apart is apart`);
      } else {
        // A triangle test at a leaf: the leaf drawn, the triangle marked, its verdict exact.
        assert.equal(d.pair.kind, 'triangle');
        assert.match(d.text, new RegExp(`^Step ${k + 1} of ${count}: triangle ${d.pair.triangle.toLocaleString('en')} of leaf ${d.pair.leaf.toLocaleString('en')} (meets|is apart from) Ball`));
        assert.equal(d.pair.volumes[0].type, 'triangle');
        assert.ok(seen.includes(d.pair.leaf), 'the leaf was tested before its triangles');
        assert.equal(d.drawn, 1);
        assert.equal(d.marked, 1);
        assert.equal(step.overlap, step.meets, `step ${k + 1}: the triangle test is the package's`);
        triangles.push(d.pair.triangle);
      }
      if (k < count - 1) await next.click();
    }
    assert.equal(await next.isDisabled(), true, 'the last step');
    assert.equal(seen.length, d.steps);
    assert.equal(triangles.length, d.triangleTests);
    assert.equal(new Set(seen).size, seen.length, 'no node is tested twice');
    assert.equal(seen[0], 0, 'the root first');
    assert.equal(d.pair.kind, 'triangle', 'the query stops at the triangle that meets');
    assert.equal(d.pair.meets, true);
    assert.match(d.text, /the mesh overlaps it, and the query stops there\.$/);
    await settle(page);
    await page.locator('#vol').screenshot({ path: `${ARTIFACTS}49-demo-descent-step-triangle-1280x800.png` });
    // The arrow keys step too, on the focused stepper.
    await previous.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    d = await descentOf('#vol');
    assert.equal(d.step, count - 3);
    await page.keyboard.press('ArrowRight');
    assert.equal((await descentOf('#vol')).step, count - 2);
    await previous.click();
    await previous.click();
    await settle(page);
    await page.locator('#vol').screenshot({ path: `${ARTIFACTS}49-demo-descent-step-1280x800.png` });
    assert.deepEqual(await axeViolations(page), []);
  });

  test('two meshes: the descent of node pairs, drawn on both, stepped pair by pair; the triangle pairs that meet marked', async () => {
    await page.locator('#pair').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelector('#pair').descent?.steps > 0, null, { timeout: 30_000 });
    await settle(page);
    const { mesh, d, cardText } = await page.evaluate(() => {
      const el = document.querySelector('#pair');
      return { mesh: el.mesh, d: el.descent, cardText: el.shadowRoot.querySelector('.card.mesh').textContent };
    });
    assert.equal(mesh.node, 'kdop14');
    assert.equal(mesh.other.node, 'aabb');
    assert.equal(mesh.other.overlap, true);
    assert.ok(mesh.other.trianglePairs > 0);
    assert.match(cardText, /Torus knot \(A\): [\d,]+ triangles in a tree of 14-DOPs; the other mesh, Terrain with a floor \(B\): [\d,]+ triangles in a tree of AABBs\./);
    assert.match(cardText, new RegExp(`Torus knot meets Terrain with a floor: ${mesh.other.trianglePairs.toLocaleString('en')} triangle pairs? overlaps? \\(marked\\)`));
    assert.equal(d.mode, 'all', 'the descent attribute opened it');
    assert.equal(d.steps, mesh.other.volumeTests, 'one step a node pair tested');
    assert.ok(d.drawn > 0 && d.drawnOther > 0, 'drawn on both meshes');
    assert.ok(d.marked > 0, 'the triangles of A in a pair that meets are marked');
    await page.locator('#pair').screenshot({ path: `${ARTIFACTS}49-demo-descent-two-meshes-1280x800.png` });
    await page.evaluate(() => document.querySelector('#pair').setAttribute('descent', 'step 3'));
    let s = await descentOf('#pair');
    assert.equal(s.counter, `step 3 of ${d.steps + d.triangleTests}`);
    assert.ok(s.pair.other >= 0, 'a pair of nodes');
    assert.equal(s.drawn, 1);
    assert.equal(s.drawnOther, 1);
    const step = await checkStep('#pair');
    assert.equal(step.rows, step.axes);
    await card('#pair', 'descent').getByRole('button', { name: 'Next step' }).focus();
    await page.keyboard.press('ArrowRight');
    s = await descentOf('#pair');
    assert.equal(s.step, 3);
    assert.match(s.text, /^Step 4 of [\d,]+: node [\d,]+ and node [\d,]+ of Terrain with a floor (may meet|are apart)/);
    await settle(page);
    await page.locator('#pair').screenshot({ path: `${ARTIFACTS}49-demo-descent-two-meshes-step-1280x800.png` });
    // The last test: the triangle pair that meets, marked on both meshes, its axis list the package's.
    const count = d.steps + d.triangleTests;
    await page.evaluate((n) => document.querySelector('#pair').setAttribute('descent', `step ${n}`), count);
    s = await descentOf('#pair');
    assert.equal(s.counter, `step ${count} of ${count}`);
    assert.equal(s.pair.kind, 'triangle');
    assert.ok(s.pair.other >= 0, 'a triangle of each mesh');
    assert.equal(s.pair.meets, true);
    assert.deepEqual([s.marked, s.markedOther, s.drawn, s.drawnOther], [1, 1, 1, 1], 'the pair marked, its leaves drawn');
    assert.match(s.text, new RegExp(`^Step ${count} of ${count}: triangle [\\d,]+ of leaf [\\d,]+ and triangle [\\d,]+ of Terrain with a floor meet: the meshes meet, and the query stops there\\.$`));
    const last = await checkStep('#pair');
    assert.equal(last.rows, last.axes);
    assert.equal(last.overlap, true);
    // Closed, every pair that meets is marked again.
    await page.evaluate(() => document.querySelector('#pair').setAttribute('descent', ''));
    assert.equal(await descentOf('#pair'), null);
    assert.ok(await page.evaluate(() => document.querySelector('#pair').mesh.other.trianglePairs) >= 1);
    await page.evaluate(() => document.querySelector('#pair').setAttribute('descent', 'all'));
    assert.equal((await descentOf('#pair')).marked, d.marked, 'the marks of every pair that meets are back');
    assert.deepEqual(await axeViolations(page), []);
  });

  test('at 390 × 844 the cards stay in the box (screenshots)', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page);
    for (const id of ['vol', 'pair']) {
      const overflow = await page.evaluate((s) => {
        const root = document.querySelector(s).shadowRoot;
        return [...root.querySelectorAll('.card.descent, .card.mesh')].map((c) => c.scrollWidth - c.clientWidth);
      }, `#${id}`);
      assert.ok(overflow.every((x) => x <= 1), `#${id}: ${overflow}`);
      await page.locator(`#${id}`).screenshot({ path: `${ARTIFACTS}49-demo-descent-${id}-390x844.png` });
    }
    // A triangle step, and the descent drawn whole, on a phone.
    await page.evaluate(() => {
      const el = document.querySelector('#vol');
      el.setAttribute('descent', 'step');
      const { steps, triangleTests } = el.descent;
      el.setAttribute('descent', `step ${steps + triangleTests}`);
    });
    await settle(page);
    assert.equal((await descentOf('#vol')).pair.kind, 'triangle');
    await page.locator('#vol').screenshot({ path: `${ARTIFACTS}49-demo-descent-vol-triangle-390x844.png` });
    await card('#vol', 'descent').getByRole('button', { name: 'Show the descent' }).click();
    await settle(page);
    assert.equal((await descentOf('#vol')).mode, 'all');
    await page.locator('#vol').screenshot({ path: `${ARTIFACTS}49-demo-descent-vol-all-390x844.png` });
    assert.deepEqual(await axeViolations(page), []);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  test('bad mesh scenes are a message in the box, a bad descent attribute a note; the page goes on', async () => {
    for (const [scene, message] of [
      [{ volumes: [], mesh: { model: 'wall', node: 'kdop7' } }, /mesh\.node must be one of "sphere", "aabb", "obb", "kdop6", "kdop8", "kdop14", "kdop18", "kdop26", got "kdop7"/],
      [{ volumes: [], mesh: { model: 'wall' }, otherMesh: { model: 'teapot' } }, /otherMesh\.model must be one of "bunny", "torus-knot", "terrain", "wall"/],
      [{ volumes: [], otherMesh: { model: 'wall' } }, /otherMesh is tested against the scene's mesh: give a mesh too/],
      [{ volumes: [], mesh: { model: 'wall' }, otherMesh: { src: 'missing.obj' } }, /the mesh at missing\.obj could not be loaded \(HTTP 404\)/],
    ]) {
      await page.evaluate((sc) => { document.querySelector('#pair').scene = sc; }, scene);
      await page.waitForFunction(() => document.querySelector('#pair').error, null, { timeout: 10_000 });
      const shown = await page.evaluate(() => {
        const el = document.querySelector('#pair');
        const m = el.shadowRoot.querySelector('.message');
        return { text: m.hidden ? '' : m.textContent, mesh: el.mesh, descent: el.descent };
      });
      assert.match(shown.text, message);
      assert.equal(shown.mesh, null);
      assert.equal(shown.descent, null, 'no descent of an earlier scene');
    }
    // A good scene again, with a descent attribute the demo cannot read: a note, the scene shown.
    await page.evaluate(() => {
      const el = document.querySelector('#pair');
      el.setAttribute('descent', 'sideways');
      el.scene = { volumes: [], mesh: { model: 'wall' }, otherMesh: { model: 'wall', translation: [0, 0, 2] } };
    });
    await page.waitForFunction(() => document.querySelector('#pair').mesh?.other, null, { timeout: 10_000 });
    assert.equal(await page.evaluate(() => document.querySelector('#pair').error), null);
    assert.equal(await page.evaluate(() => document.querySelector('#pair').mesh.other.overlap), false);
    assert.match(await page.evaluate(() => document.querySelector('#pair').shadowRoot.querySelector('.view-note').textContent),
      /The descent attribute was ignored: descent must be "all", "step" or "step N" \(N from 1\), got "sideways"/);
    assert.equal(await descentOf('#pair'), null);
    // The other demo and the page are untouched.
    assert.equal(await page.evaluate(() => document.querySelector('#vol').mesh.verdicts[0].overlap), true);
    assert.equal(await page.textContent('#after'), 'The page goes on after the demos.');
    const { console: logged, failed, ...others } = page.problems;
    assert.deepEqual(others, { errors: [], dialogs: [], csp: [] });
    assert.deepEqual(logged.filter((m) => !/status of 404/.test(m)), []);
    assert.deepEqual(failed.map((f) => f.replace(/^(\d+) .*\//, '$1 ')), ['404 missing.obj']);
  });
});
