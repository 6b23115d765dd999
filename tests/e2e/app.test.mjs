// The visualizer in a real browser: it renders, adds and edits volumes, and the verdict and axis
// list follow every edit; selection by click and tap (an enclosed volume, clicks again at one
// spot); keyboard shortcuts, moving the selected volume with Shift+arrows; the tutorial; resizing.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { deflateRawSync } from 'node:zlib';
import { appPage, launch, settle, shot } from './browser.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const verdict = (page) => page.getAttribute('.verdict', 'data-verdict');
const axisLabels = (page) => page.$$eval('.axis-row .label', (els) => els.map((e) => e.textContent));
const volumeCount = (page) => page.evaluate(() => window.sepaxisApp.model.volumes.length);
const sceneHash = (scene) => `#scene=${deflateRawSync(Buffer.from(JSON.stringify(scene))).toString('base64url')}`;
/** Lesson 10's scene: a crate wholly inside the bounding sphere of a bar. */
const NESTED = {
  volumes: [
    { id: 'bar', name: 'Bar', volume: { type: 'obb', center: [0, 0, 0], halfExtents: [2, 0.2, 0.2], rotation: [0, 0, 0.258819, 0.9659258] } },
    { id: 'ball', name: 'Bounding sphere of the bar', volume: { type: 'sphere', center: [0, 0, 0], radius: 2.02 } },
    { id: 'crate', name: 'Crate', volume: { type: 'aabb', min: [0.3, 1.1, -0.3], max: [0.9, 1.7, 0.3] } },
  ],
  selection: ['ball', 'bar'],
  camera: { position: [5.5, 4.2, 7.5], target: [0, 0, 0] },
};

async function setField(page, path, value) {
  const input = page.locator(`#inspector input[data-path="${path}"]`);
  await input.fill(String(value));
  await input.press('Enter');
  await settle(page);
}

/**
 * Types A's centre into B's fields (B is active): new volumes spawn apart, this makes them
 * overlap. Returns the number of edits (undo steps): one per coordinate that differed.
 */
async function moveBOntoA(page) {
  const [a, b] = await page.evaluate(() => window.sepaxisApp.model.selection.map((id) => window.sepaxisApp.model.get(id).volume.center));
  let edits = 0;
  for (const i of [0, 1, 2]) {
    if (a[i] === b[i]) continue;
    await setField(page, `center.${i}`, a[i]);
    edits++;
  }
  return edits;
}

describe('the visualizer', () => {
  test('loads, draws the default scene with WebGL, and reports no errors', async () => {
    const page = await appPage(browser);
    const { samples } = await page.evaluate(() => window.sepaxisApp.viewport.samplePixels(8));
    const distinct = new Set(samples).size;
    const background = samples.filter((c) => c === 0x0e1117).length;
    assert.ok(distinct > 50, `the canvas has ${distinct} distinct colours: WebGL did not draw`);
    assert.ok(background < samples.length * 0.97, 'the canvas is nearly all background');
    assert.equal(await verdict(page), 'overlap');
    assert.equal((await axisLabels(page)).length, 15);
    await shot(page, '01-default');
    assert.deepEqual(page.problems, { errors: [], console: [], dialogs: [], csp: [], failed: [] });
  });

  test('two OBBs added from the toolbar are compared, and moving one with the inspector changes the verdict and the axes', async () => {
    const page = await appPage(browser);
    await page.selectOption('.preset-select', 'empty');
    await settle(page);
    assert.equal(await volumeCount(page), 0);
    assert.equal(await verdict(page), null);
    await page.click('button[title="Add an oriented box (3)"]');
    await page.click('button[title="Add an oriented box (3)"]');
    await settle(page);
    assert.equal(await volumeCount(page), 2);
    await moveBOntoA(page);
    assert.equal(await verdict(page), 'overlap');
    const labels = await axisLabels(page);
    assert.equal(labels.length, 15, 'an OBB pair has 15 candidate axes');
    assert.ok(labels.includes('A.u0 × B.u1'));
    assert.equal(await page.locator('.axis-row.separating').count(), 0, 'no axis separates an overlapping pair');
    await shot(page, '02-two-obbs-overlap');

    // Move B far along x: now separated, by a face axis, and the gaps on the rows change.
    const gapsBefore = await page.$$eval('.axis-row .gap', (els) => els.map((e) => e.textContent));
    await setField(page, 'center.0', 6);
    assert.equal(await verdict(page), 'apart');
    assert.ok(await page.locator('.axis-row.decisive').count() === 1, 'one row is marked as the deciding axis');
    const decisive = await page.textContent('.axis-row.decisive .label');
    assert.match(decisive, /^(A|B)\.u\d$/, `a face axis separates boxes far apart along x, got ${decisive}`);
    const gapsAfter = await page.$$eval('.axis-row .gap', (els) => els.map((e) => e.textContent));
    assert.notDeepEqual(gapsAfter, gapsBefore);
    assert.match(await page.textContent('.verdict'), /Separating axis/);
    const report = await page.evaluate(() => window.sepaxisApp.report);
    assert.equal(report.overlap, false);
    assert.ok(report.axes[report.separatingAxis].gap > 0);
    await shot(page, '03-two-obbs-apart');

    // An invalid value is refused with the library's message, and the model keeps its value.
    const input = page.locator('#inspector input[data-path="halfExtents.0"]');
    await input.fill('-1');
    await settle(page);
    assert.match(await page.textContent('#inspector .problem'), /halfExtents/);
    await input.press('Enter');
    await settle(page);
    const he = await page.evaluate(() => window.sepaxisApp.model.active.volume.halfExtents[0]);
    assert.ok(he > 0);

    // Back together: overlap again.
    await setField(page, 'center.0', 0.5);
    assert.equal(await verdict(page), 'overlap');
    assert.deepEqual(page.problems.errors, []);
  });

  test('clicking a volume in the view selects it, and the last two picked are A and B', async () => {
    const page = await appPage(browser);
    await page.selectOption('.preset-select', 'zoo');
    await settle(page);
    const click = async (id) => {
      const p = await page.evaluate((i) => window.sepaxisApp.screenPositionOf(i), id);
      await page.mouse.click(p.x, p.y);
      await settle(page);
    };
    await click('k8');
    await click('k14');
    const sel = await page.evaluate(() => window.sepaxisApp.model.selection);
    assert.deepEqual(sel, ['k8', 'k14']);
    assert.match(await page.textContent('.verdict .pair-names'), /8-DOP.*14-DOP/);
    // Clicking empty space clears the selection: with 8 volumes there is no pair.
    const canvas = await page.locator('#viewport canvas').boundingBox();
    await page.mouse.click(canvas.x + 30, canvas.y + 30);
    await settle(page);
    assert.deepEqual(await page.evaluate(() => window.sepaxisApp.model.selection), []);
    assert.match(await page.textContent('#verdict'), /No pair selected/);
  });

  test('a click on a volume inside another picks the inner one; a click again at the spot picks the one around it, and says so', async () => {
    // Near the crate: the gizmo keeps its size on the screen, and leaves room on the crate.
    const page = await appPage(browser, sceneHash({ ...NESTED, camera: { position: [1.8, 2.2, 2.2], target: [0.6, 1.4, 0] } }));
    const crate = await page.evaluate(() => window.sepaxisApp.project([0.6, 1.4, 0]));
    await page.mouse.click(crate.x, crate.y);
    await settle(page);
    assert.equal(await page.evaluate(() => window.sepaxisApp.model.activeId), 'crate');
    // Again on the crate, off the gizmo now on it (a press on the gizmo drags it).
    let p = null;
    for (const point of [[0.35, 1.65, -0.25], [0.85, 1.65, -0.25], [0.35, 1.15, 0.25], [0.85, 1.15, 0.25]]) {
      const q = await page.evaluate((w) => window.sepaxisApp.project(w), point);
      await page.mouse.move(q.x, q.y);
      await settle(page);
      if (await page.evaluate(() => window.sepaxisApp.gizmo.controls.axis === null)) {
        p = q;
        break;
      }
    }
    assert.ok(p, 'a point of the crate off the gizmo');
    await page.mouse.click(p.x, p.y);
    await settle(page);
    assert.equal(await page.evaluate(() => window.sepaxisApp.model.activeId), 'crate', 'a click elsewhere on the crate picks it');
    assert.equal(await page.textContent('#toast'), 'Picked Crate (1 of 2 here: click again for the next)');
    await page.mouse.click(p.x, p.y);
    await settle(page);
    assert.equal(await page.evaluate(() => window.sepaxisApp.model.activeId), 'ball');
    assert.match(await page.textContent('#toast'), /^Picked Bounding sphere of the bar \(2 of 2/);
    assert.deepEqual(page.problems.errors, []);
  });

  test('Shift+arrows on the focused view move the selected volume a step along the axis nearest the screen\'s, and say where', async () => {
    const page = await appPage(browser, sceneHash(NESTED));
    await page.locator('#viewport canvas').focus();
    await page.keyboard.press('Shift+ArrowRight');
    await settle(page);
    // The bar (selected last) steps along x, the screen's right from this camera: a tenth of the
    // scene's size, rounded (0.2).
    assert.deepEqual(await page.evaluate(() => window.sepaxisApp.model.get('bar').volume.center), [0.2, 0, 0]);
    assert.equal(await page.textContent('#toast'), 'Bar moved to (0.2, 0, 0)');
    await page.keyboard.press('Control+Shift+ArrowUp');
    assert.equal(await page.textContent('#toast'), 'Bar moved to (0.2, 0.02, 0)');
    await page.keyboard.press('Control+z');
    await settle(page);
    assert.deepEqual(await page.evaluate(() => window.sepaxisApp.model.get('bar').volume.center), [0.2, 0, 0], 'a move is one undo step');
    await page.keyboard.press('?');
    assert.match(await page.textContent('#help'), /Shift\+PgUp PgDn\s*On the focused view: move the picked volume away, nearer/);
    assert.deepEqual(page.problems.errors, []);
  });

  test('a tap selects on a touch screen', async () => {
    const page = await appPage(browser, '', { viewport: { width: 820, height: 1180 }, hasTouch: true });
    await page.selectOption('.preset-select', 'zoo');
    await settle(page);
    const p = await page.evaluate(() => window.sepaxisApp.screenPositionOf('k18'));
    await page.touchscreen.tap(p.x, p.y);
    await settle(page);
    assert.equal(await page.evaluate(() => window.sepaxisApp.model.activeId), 'k18');
    await shot(page, '09-tablet-portrait');
  });

  test('keyboard shortcuts add, delete, switch the gizmo and step through the axes', async () => {
    const page = await appPage(browser);
    const n = await volumeCount(page);
    await page.keyboard.press('1');
    await settle(page);
    assert.equal(await volumeCount(page), n + 1);
    assert.equal(await page.evaluate(() => window.sepaxisApp.model.active.volume.type), 'sphere');
    await page.keyboard.press('Delete');
    await settle(page);
    assert.equal(await volumeCount(page), n);
    await page.keyboard.press('2');
    await settle(page);
    await page.keyboard.press('e');
    await settle(page);
    assert.equal(await page.getAttribute('button[data-mode="rotate"]', 'aria-pressed'), 'true');
    assert.match(await page.textContent('#gizmo-note'), /AABB.*cannot rotate/);
    await shot(page, '07-aabb-cannot-rotate');
    await page.click('text=Convert to OBB');
    await settle(page);
    assert.equal(await page.evaluate(() => window.sepaxisApp.model.active.volume.type), 'obb');
    assert.equal(await page.isHidden('#gizmo-note'), true, 'an OBB can rotate: no note');
    await page.keyboard.press('Shift+D');
    await settle(page);
    assert.equal(await volumeCount(page), n + 2);
    await page.keyboard.press('w');
    await page.selectOption('.preset-select', 'edge-edge');
    await settle(page);
    // Focus off the preset list (not on the view, where the arrows orbit the camera).
    await page.locator('#axes-card h2').click();
    await page.keyboard.press('n');
    await settle(page);
    assert.match(await page.textContent('.step h3'), /^Step 1 of 15 · A\.u0/);
    await page.keyboard.press('ArrowRight');
    await settle(page);
    assert.match(await page.textContent('.step h3'), /^Step 2 of 15/);
    assert.equal(await page.getAttribute('.axis-row.current', 'aria-current'), 'step');
    await page.keyboard.press('Escape');
    await settle(page);
    assert.equal(await page.locator('.step').count(), 0);
    await page.keyboard.press('?');
    assert.equal(await page.isVisible('#help'), true);
    assert.match(await page.textContent('#help'), /Gizmo: move, rotate, scale/);
    await shot(page, '11-help');
    await page.keyboard.press('1');
    assert.equal(await volumeCount(page), 2, 'keys do not reach the scene while the help is open');
    await page.keyboard.press('Escape');
    assert.equal(await page.isVisible('#help'), false);
    assert.deepEqual(page.problems.errors, []);
  });

  test('undo and redo step through adds, inspector edits and deletes; opening the page is where undo stops', async () => {
    const page = await appPage(browser);
    const opened = await volumeCount(page);
    const undo = page.locator('button[aria-label="Undo (Ctrl+Z)"]');
    const redo = page.locator('button[aria-label="Redo (Ctrl+Y, Ctrl+Shift+Z)"]');
    assert.equal(await undo.isDisabled(), true, 'nothing to undo right after opening the page');
    await page.click('body');
    await page.keyboard.press('Control+z');
    await settle(page);
    assert.equal(await volumeCount(page), opened, 'undo does not go behind the opened scene');

    await page.selectOption('.preset-select', 'empty');
    await page.click('button[title="Add an oriented box (3)"]');
    await page.click('button[title="Add an oriented box (3)"]');
    await settle(page);
    const moves = await moveBOntoA(page);
    assert.equal(await verdict(page), 'overlap');
    await setField(page, 'center.0', 6);
    assert.equal(await verdict(page), 'apart');

    await page.click('body');
    await page.keyboard.press('Control+z');  // the inspector edit
    await settle(page);
    assert.equal(await verdict(page), 'overlap');
    assert.equal(await volumeCount(page), 2);
    for (let i = 0; i < moves; i++) await page.keyboard.press('Control+z');  // moving B onto A
    await settle(page);
    assert.equal(await volumeCount(page), 2);
    await page.keyboard.press('Control+z');  // the second add
    await settle(page);
    assert.equal(await volumeCount(page), 1);
    await page.keyboard.press('Control+z');  // the first add
    await page.keyboard.press('Control+z');  // the empty preset
    await settle(page);
    assert.equal(await volumeCount(page), opened);
    assert.equal(await undo.isDisabled(), true);

    await redo.click();                      // the empty preset again
    await page.keyboard.press('Control+y');  // the first add
    await page.keyboard.press('Control+Shift+z');  // the second
    for (let i = 0; i < moves; i++) await page.keyboard.press('Control+y');  // moving B onto A
    await page.keyboard.press('Control+y');  // the edit
    await settle(page);
    assert.equal(await volumeCount(page), 2);
    assert.equal(await verdict(page), 'apart');
    assert.equal(await redo.isDisabled(), true);

    // A new change after undoing drops the steps that were undone.
    await undo.click();
    await settle(page);
    assert.equal(await verdict(page), 'overlap');
    await page.keyboard.press('Delete');
    await settle(page);
    assert.equal(await volumeCount(page), 1);
    assert.equal(await redo.isDisabled(), true);
    assert.deepEqual(page.problems, { errors: [], console: [], dialogs: [], csp: [], failed: [] });
  });

  test('the tutorial explains each step with its numbers and stops at the separating axis', async () => {
    const page = await appPage(browser);
    await page.selectOption('.preset-select', 'edge-edge');
    await settle(page);
    await page.click('text=/Step through the 15 axes/');
    await settle(page);
    const first = await page.textContent('.step');
    assert.match(first, /face normal/i);
    assert.match(first, /A covers \[/);
    assert.match(first, /overlap by/);
    await page.click('button[aria-label="Jump to the separating axis"]');
    await settle(page);
    const text = await page.textContent('.step');
    assert.match(text, /Step 14 of 15 · A\.u2 × B\.u1/);
    assert.match(text, /cross product/);
    assert.match(text, /The test stops here/);
    await shot(page, '04-tutorial-edge-edge');
    // Hovering a row shows that axis in 3D.
    await page.hover('.axis-row:nth-child(3)');
    await settle(page);
    assert.equal(await page.evaluate(() => window.sepaxisApp.focusAxis), 2);
  });

  test('the axis list marks each axis by its kind, and the tutorial names the features it comes from', async () => {
    const page = await appPage(browser);
    const marks = () => page.$$eval('.axis-row .label .kind', (els) => els.map((e) => e.className.replace('kind ', '')));
    const report = () => page.evaluate(() => window.sepaxisApp.report);
    const stepText = async (n) => {
      await page.click(`.axis-row:nth-child(${n + 1})`);
      await settle(page);
      return page.textContent('.step');
    };
    // Two OBBs: 6 face normals, then 9 cross products of an edge of each.
    await page.selectOption('.preset-select', 'edge-edge');
    await settle(page);
    assert.deepEqual((await report()).axes.map((x) => x.kind), [...Array(6).fill('face'), ...Array(9).fill('edge-edge')]);
    assert.deepEqual(await marks(), [...Array(6).fill('face'), ...Array(9).fill('edge-edge')]);
    assert.match(await stepText(13), /The cross product of A's edges along its axis u2 and B's edges along its axis u1\./);
    assert.match(await stepText(4), /A face normal: axis u1 of the box B \(Bar B\): the normal of the two faces/);
    // Two AABBs: each face normal is both boxes', marked and explained as shared.
    await page.selectOption('.preset-select', 'touching');
    await settle(page);
    assert.deepEqual(await marks(), ['shared-face', 'shared-face', 'shared-face']);
    assert.match(await stepText(0), /A face normal both volumes have \(A\.x = B\.x\): the world x axis: the normal of two faces of the axis-aligned box A \(Left\), tested once\./);
    // An 18-DOP and an OBB: the separating slab direction of the k-DOP, by its integer direction.
    await page.selectOption('.preset-select', 'kdop-diagonal');
    await settle(page);
    const r = await report();
    assert.deepEqual([r.axes[r.separatingAxis].kind, r.axes[r.separatingAxis].featureA, r.axes[r.separatingAxis].featureB], ['face', 'n(1,1,0)', null]);
    assert.match(await stepText(r.separatingAxis), /A face normal: the slab direction \(1,1,0\) of the k-DOP A \(18-DOP\): the normal of its two faces on that slab\./);
    assert.ok((await marks()).includes('edge-edge'));
    assert.deepEqual(page.problems, { errors: [], console: [], dialogs: [], csp: [], failed: [] });
  });

  test('the gizmo moves and resizes the selected volume', async () => {
    const page = await appPage(browser);
    const b = () => page.evaluate(() => structuredClone(window.sepaxisApp.model.active.volume));
    // The screen direction of the world x axis at B's centre, and a point on the gizmo's X handle.
    // In scale mode the gizmo is in the box's own frame: its X handle runs along u0.
    const handle = (local = false) => page.evaluate((local) => {
      const app = window.sepaxisApp;
      const v = app.model.active.volume;
      const c = v.center;
      const [x, y, z, w] = v.rotation;
      const u0 = local ? [1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)] : [1, 0, 0];
      const d = app.viewport.camera.position.distanceTo(app.viewport.controls.target);
      const p0 = app.project(c), p1 = app.project(c.map((ci, i) => ci + 0.05 * d * u0[i]));
      const len = Math.hypot(p1.x - p0.x, p1.y - p0.y);
      return { x: p0.x, y: p0.y, dx: (p1.x - p0.x) / len, dy: (p1.y - p0.y) / len };
    }, local);
    const drag = async (from, by, local = false) => {
      const h = await handle(local);
      await page.mouse.move(h.x + h.dx * from, h.y + h.dy * from);
      await page.mouse.down();
      for (let i = 1; i <= 5; i++) await page.mouse.move(h.x + h.dx * (from + (by * i) / 5), h.y + h.dy * (from + (by * i) / 5));
      await page.mouse.up();
      await settle(page);
    };
    const before = await b();
    await drag(50, 120);
    const moved = await b();
    assert.ok(moved.center[0] > before.center[0] + 0.3, `x: ${before.center[0]} -> ${moved.center[0]}`);
    assert.ok(Math.abs(moved.center[1] - before.center[1]) < 1e-9 && Math.abs(moved.center[2] - before.center[2]) < 1e-9, 'only x changed');
    assert.deepEqual(moved.halfExtents, before.halfExtents);
    await page.waitForFunction((x) => location.hash.length > 10 && window.sepaxisApp.lastHash === location.hash.slice(1), moved.center[0]);

    await page.keyboard.press('r');
    await settle(page);
    assert.equal(await page.getAttribute('button[data-mode="scale"]', 'aria-pressed'), 'true');
    await drag(45, 60, true);
    const scaled = await b();
    assert.ok(scaled.halfExtents[0] > moved.halfExtents[0] * 1.1, `half-extent x: ${moved.halfExtents[0]} -> ${scaled.halfExtents[0]}`);
    assert.deepEqual(scaled.halfExtents.slice(1), moved.halfExtents.slice(1));
    assert.deepEqual(scaled.center, moved.center);
    await shot(page, '05-gizmo-scale');

    // Rotate: drag along the gizmo's ring around u0 (it lies in the plane of u1 and u2).
    await page.keyboard.press('e');
    await settle(page);
    const ring = await page.evaluate(() => {
      const app = window.sepaxisApp;
      const v = app.model.active.volume;
      const [x, y, z, w] = v.rotation;
      const u1 = [2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)];
      const u2 = [2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y)];
      const d = app.viewport.camera.position.distanceTo(app.viewport.controls.target);
      // TransformControls draws its rings with radius 0.5 gizmo units: 0.5 * size/4 * 1.9 tan(fov/2) * d.
      const r = 0.5 * (0.9 / 4) * 1.9 * Math.tan(Math.PI / 8) * d;
      const at = (a) => app.project(v.center.map((c, i) => c + r * (Math.cos(a) * u1[i] + Math.sin(a) * u2[i])));
      return [0, 0.25, 0.5, 0.75, 1].map((k) => at(0.6 + k * 0.6));
    });
    await page.mouse.move(ring[0].x, ring[0].y);
    await page.mouse.down();
    for (const p of ring.slice(1)) await page.mouse.move(p.x, p.y);
    await page.mouse.up();
    await settle(page);
    const turned = await b();
    assert.notDeepEqual(turned.rotation, scaled.rotation, 'the rotation changed');
    assert.deepEqual(turned.center, scaled.center);
    assert.deepEqual(turned.halfExtents, scaled.halfExtents);
    assert.deepEqual(page.problems.errors, []);
  });

  test('the inspector changes the k of a k-DOP and keeps its shape inside the new one', async () => {
    const page = await appPage(browser);
    await page.selectOption('.preset-select', 'empty');
    await settle(page);
    await page.click('button[aria-label="Add a k-DOP (4)"]');
    await settle(page);
    const before = await page.evaluate(() => window.sepaxisApp.model.volumes[0].volume);
    await page.selectOption('#inspector select[aria-label="k of this k-DOP"]', '26');
    await settle(page);
    const after = await page.evaluate(() => window.sepaxisApp.model.volumes[0].volume);
    assert.equal(after.type, 'kdop');
    assert.equal(after.k, 26);
    assert.equal(after.min.length, 13);
    assert.match(await page.textContent('#inspector .type-tag'), /26-DOP/);
    // The new k-DOP encloses the old one: every corner of the old polytope is inside it.
    const inside = await page.evaluate(([b, a]) => {
      const sx = window.sepaxisApp.sx;
      return sx.polytope(b).vertices.every((p) => sx.contains(a, p));
    }, [before, after]);
    assert.ok(inside, `the ${before.k}-DOP's corners lie in the 26-DOP`);
  });

  test('the MTV button moves B out to touching', async () => {
    const page = await appPage(browser);
    assert.equal(await verdict(page), 'overlap');
    await page.click('text=Move B out by the MTV');
    await settle(page);
    const r = await page.evaluate(() => window.sepaxisApp.report);
    assert.ok(r.penetration === null || r.penetration.depth < 1e-6, `depth after the MTV: ${r.penetration?.depth}`);
    // It reads as touching, on every preset whose pair overlaps.
    assert.equal(await verdict(page), 'touching');
    assert.match(await page.textContent('.verdict-title'), /Touching/);
    for (const id of ['welcome', 'nested', 'zoo']) {
      await page.selectOption('.preset-select', id);
      await settle(page);
      assert.equal(await verdict(page), 'overlap', id);
      await page.click('text=Move B out by the MTV');
      await settle(page);
      assert.equal(await verdict(page), 'touching', `${id} after the MTV`);
    }
  });

  test('the layout follows the window size', async () => {
    const page = await appPage(browser);
    const wide = await page.evaluate(() => window.sepaxisApp.viewport.canvas.width);
    await page.setViewportSize({ width: 700, height: 900 });
    await page.waitForTimeout(300);
    await settle(page);
    const narrow = await page.evaluate(() => window.sepaxisApp.viewport.canvas.width);
    assert.ok(narrow < wide, `canvas width ${wide} -> ${narrow}`);
    assert.ok(narrow >= 690, 'on a narrow screen the view spans the width');
    await shot(page, '10-narrow');
  });
});
