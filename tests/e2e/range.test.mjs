// Very large and very small numbers. The README promises the whole double
// range: every valid scene opens, its numbers show in full in the inspector, the verdict is
// the package's, and the view frames what it can draw; what WebGL's 32-bit floats cannot draw
// is said in a note over the view instead of a blank or broken picture.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { deflateRawSync } from 'node:zlib';
import { blankPage, launch, loadApp, shot } from './browser.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const sceneHash = (data) => `#scene=${Buffer.from(deflateRawSync(Buffer.from(JSON.stringify(data)))).toString('base64url')}`;
const sphere = (id, center, radius) => ({ id, volume: { type: 'sphere', center, radius } });

/** Opens a scene and reads what a user sees: banner, view note, fields (text, clipped?), verdict, camera, colours. */
async function open(page, scene) {
  await loadApp(page, sceneHash(scene));
  return page.evaluate(() => {
    const app = window.sepaxisApp;
    const note = document.querySelector('#view-note');
    return {
      banner: document.querySelector('#banner').hidden ? '' : document.querySelector('#banner').textContent,
      note: note.hidden ? '' : note.textContent,
      fields: [...document.querySelectorAll('#inspector input[type=number]')].map((i) => ({ text: i.value, clipped: i.scrollWidth > i.clientWidth })),
      verdict: document.querySelector('.verdict')?.dataset.verdict ?? null,
      camera: app.viewport.cameraState(),
      colours: new Set(app.viewport.samplePixels(8).samples).size,
    };
  });
}

describe('numbers across the double range', () => {
  test('spheres at ±1e308 with radii 1.5e308 open, overlap (not "touching"), and the view says why it draws nothing', async () => {
    const page = await blankPage(browser, { viewport: { width: 1000, height: 760 } });
    const r = await open(page, { volumes: [sphere('a', [-1e308, 0, 0], 1.5e308), sphere('b', [1e308, 0, 0], 1.5e308)], selection: ['a', 'b'] });
    assert.equal(r.banner, '', 'the link opened');
    assert.equal(r.verdict, 'overlap');
    assert.match(r.note, /span more than the largest double.*too large for the 3D view.*32-bit floats.*exact numbers/);
    assert.deepEqual(r.fields.slice(0, 4).map((f) => f.text), ['1e+308', '0', '0', '1.5e+308']);
    assert.deepEqual(r.fields.filter((f) => f.clipped), []);
    assert.ok([...r.camera.position, ...r.camera.target].every(Number.isFinite), 'the camera stays usable');
    await shot(page, '33-range-1e308');
    // The MTV would move B (at 1e308) by 1e308: past the largest double, refused with the reason.
    await page.click('text=Move B out by the MTV');
    await page.locator('#banner').waitFor({ state: 'visible' });
    assert.match(await page.textContent('#banner'), /B was not moved:.*sphere\.center\[0\] must be finite/);
    assert.deepEqual(await page.evaluate(() => window.sepaxisApp.model.get('b').volume.center), [1e308, 0, 0]);
    assert.deepEqual(page.problems.errors, []);
  });

  test('a unit sphere at 1e308 shows its numbers, and the note says doubles there are too coarse to place a camera', async () => {
    const page = await blankPage(browser, { viewport: { width: 1000, height: 760 } });
    const r = await open(page, { volumes: [sphere('a', [1e308, 0, 0], 1)], selection: ['a'] });
    assert.match(r.note, /1e\+308 units from the origin but only 2 across/);
    assert.deepEqual(r.fields.slice(0, 4).map((f) => f.text), ['1e+308', '0', '0', '1']);
    assert.ok([...r.camera.position, ...r.camera.target].every(Number.isFinite));
    assert.deepEqual(page.problems.errors, []);
  });

  test('long numbers fit their fields at every width (−1e200, 1000000000001.5, 1.234568e+200)', async () => {
    for (const width of [1280, 1000, 900]) {
      const page = await blankPage(browser, { viewport: { width, height: 760 } });
      const r = await open(page, { volumes: [sphere('a', [-1e200, 1000000000001.5, 1.2345678912345e200], 1e199)], selection: ['a'] });
      assert.deepEqual(r.fields.slice(0, 4).map((f) => f.text), ['-1e+200', '1000000000001.5', '1.234568e+200', '1e+199']);
      assert.deepEqual(r.fields.filter((f) => f.clipped), [], `${width} px: no field cut`);
      assert.equal(await page.getAttribute('#inspector input[data-path="center.2"]', 'title'), '1.2345678912345e+200', 'the exact number as a tooltip');
      if (width === 1000) await shot(page, '34-range-long-numbers');
    }
  });

  test('a pair 1e12 from the origin and a pair a millionth in size are drawn and framed', async () => {
    for (const [at, size] of [[1e12, 1], [0, 1e-6], [1e-3, 1e-9]]) {
      const page = await blankPage(browser, { viewport: { width: 1280, height: 800 } });
      const r = await open(page, { volumes: [sphere('a', [at, 0, 0], size), sphere('b', [at + 1.5 * size, 0, 0], size)], selection: ['a', 'b'] });
      assert.equal(r.note, '', `${at}, ${size}: drawable`);
      assert.ok(r.colours > 50, `${at}, ${size}: WebGL drew (${r.colours} colours)`);
      // Framed: both centres in the canvas, and a sphere is more than a speck.
      const box = await page.locator('#viewport canvas').boundingBox();
      for (const id of ['a', 'b']) {
        const p = await page.evaluate((i) => window.sepaxisApp.screenPositionOf(i), id);
        assert.ok(p.x > box.x && p.x < box.x + box.width && p.y > box.y && p.y < box.y + box.height, `${id} in view`);
      }
      const span = await page.evaluate(([c, s]) => {
        const a = window.sepaxisApp.project([c, 0, 0]), b = window.sepaxisApp.project([c + s, 0, 0]);
        return Math.hypot(a.x - b.x, a.y - b.y);
      }, [at, size]);
      assert.ok(span > 20, `${at}, ${size}: a radius is ${span.toFixed(1)} px on screen`);
      assert.deepEqual(page.problems.errors, []);
    }
  });
});
