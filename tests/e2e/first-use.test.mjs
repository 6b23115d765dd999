// What new users hit in the visualizer, each checked the way they hit it: numbers in
// the inspector, undo from a field, the scene card after a bad link, the camera from the keyboard,
// overlap shown without colour, moving a k-DOP by typing, where new volumes go, messages after a
// failed import, and the selection after a delete.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { appPage, launch, settle } from './browser.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const field = (page, path) => page.locator(`#inspector input[data-path="${path}"]`);
const activeVolume = (page) => page.evaluate(() => window.sepaxisApp.model.active.volume);

/**
 * The width, in CSS pixels, of what an input shows of its value: the columns of its picture
 * that change when the value is written into it (the field is screenshotted empty and filled,
 * without focus or hover). A value cut off by the field's edge or its spin buttons shows narrower
 * than its text is.
 */
async function shownWidth(page, input, value) {
  const pictures = [];
  for (const v of ['', value]) {
    await input.evaluate((el, text) => { el.value = text; }, v);
    pictures.push((await input.screenshot()).toString('base64'));
  }
  return page.evaluate(async ([empty, filled]) => {
    const pixels = async (b64) => {
      // (No fetch of a data: URL: the page's policy allows connections to its own site only.)
      const bytes = Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const c = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d');
      c.drawImage(bitmap, 0, 0);
      return c.getImageData(0, 0, bitmap.width, bitmap.height);
    };
    const [a, b] = [await pixels(empty), await pixels(filled)];
    let lo = Infinity, hi = -Infinity;
    for (let y = 0; y < a.height; y++) {
      for (let x = 0; x < a.width; x++) {
        const i = (y * a.width + x) * 4;
        const d = Math.abs(a.data[i] - b.data[i]) + Math.abs(a.data[i + 1] - b.data[i + 1]) + Math.abs(a.data[i + 2] - b.data[i + 2]);
        if (d > 60) { lo = Math.min(lo, x); hi = Math.max(hi, x); }
      }
    }
    return hi - lo + 1;
  }, pictures);
}

/** The width of a text in an element's font (canvas metrics). */
const textWidth = (input, text) => input.evaluate((el, t) => {
  const c = document.createElement('canvas').getContext('2d');
  c.font = getComputedStyle(el).font;
  return c.measureText(t).width;
}, text);

describe('what new users hit', () => {
  test('inspector numbers are shown whole at 1000 and 1100 px wide, not cut by the spin buttons', async () => {
    // One page, resized: the layout follows the width (CSS), as it does for a new page.
    const page = await appPage(browser, '', { viewport: { width: 1000, height: 760 } });
    for (const width of [1000, 1100]) {
      await page.setViewportSize({ width, height: 760 });
      await settle(page);
      await page.mouse.move(0, 0);
      for (const path of ['center.0', 'halfExtents.1', 'euler.2']) {
        for (const value of ['-20', '-20.5', '0.355']) {
          const input = field(page, path);
          const shown = await shownWidth(page, input, value);
          const text = await textWidth(input, value);
          // Glyphs have side bearings: what is drawn may be a pixel or two narrower than the advance.
          assert.ok(shown >= text - 3, `at ${width} px, ${path} = ${value} shows ${shown} px of its ${text.toFixed(1)} px`);
        }
      }
    }
  });

  test('Ctrl+Z in an inspector field is the app\'s undo, after Tab and after Enter, and keeps redo', async () => {
    const page = await appPage(browser);
    const before = (await activeVolume(page)).center[0];
    const redo = page.locator('button[aria-label="Redo (Ctrl+Y, Ctrl+Shift+Z)"]');

    await field(page, 'center.0').fill('3');
    await page.keyboard.press('Tab');
    await settle(page);
    assert.equal((await activeVolume(page)).center[0], 3);
    await page.keyboard.press('Control+z');
    await settle(page);
    assert.equal((await activeVolume(page)).center[0], before, 'Ctrl+Z after Tab undoes the edit');

    await field(page, 'center.0').fill('4');
    await page.keyboard.press('Enter');
    await settle(page);
    assert.equal((await activeVolume(page)).center[0], 4);
    await page.keyboard.press('Control+z');
    await settle(page);
    assert.equal((await activeVolume(page)).center[0], before, 'Ctrl+Z after Enter undoes the edit');
    assert.equal(Number(await field(page, 'center.0').inputValue()), before, 'the focused field shows the undone value');
    assert.equal(await redo.isDisabled(), false, 'the undone edit can be redone (no new edit was recorded)');
    await page.keyboard.press('Control+y');
    await settle(page);
    assert.equal((await activeVolume(page)).center[0], 4, 'Ctrl+Y in the field redoes it');
  });

  test('after a bad link the Scene card says there are no volumes yet', async () => {
    const page = await appPage(browser, '#not-a-scene');
    await page.locator('#banner').waitFor({ state: 'visible' });
    assert.equal(await page.evaluate(() => window.sepaxisApp.model.volumes.length), 0);
    assert.match(await page.textContent('#scene'), /No volumes yet/);
  });

  test('arrow keys on the focused view orbit the camera, + - and Page Up/Down zoom; the tutorial keys stay elsewhere', async () => {
    const page = await appPage(browser);
    const camera = () => page.evaluate(() => {
      const { camera, controls } = window.sepaxisApp.viewport;
      return { p: camera.position.toArray(), d: camera.position.distanceTo(controls.target) };
    });
    await page.focus('#viewport canvas');
    const c0 = await camera();
    await page.keyboard.press('ArrowLeft');
    await settle(page);
    const c1 = await camera();
    assert.notDeepEqual(c1.p, c0.p, 'ArrowLeft turns the camera');
    assert.ok(Math.abs(c1.d - c0.d) < 1e-9 * c0.d, 'orbiting keeps the distance');
    await page.keyboard.press('ArrowUp');
    await settle(page);
    const c2 = await camera();
    assert.ok(Math.abs(c2.p[1] - c1.p[1]) > 1e-6, 'ArrowUp tilts the camera');
    assert.equal(await page.evaluate(() => window.sepaxisApp.ui.step), -1, 'arrows on the view do not step the tutorial');
    await page.keyboard.press('PageUp');
    await settle(page);
    const c3 = await camera();
    assert.ok(c3.d < c2.d * 0.95, `Page Up zooms in (${c2.d} -> ${c3.d})`);
    await page.keyboard.press('-');
    await page.keyboard.press('-');
    await settle(page);
    assert.ok((await camera()).d > c3.d * 1.05, '- zooms out');
    await page.keyboard.press('+');
    await settle(page);
    // Elsewhere, → still steps through the axes.
    await page.locator('#axes-card h2').click();
    await page.keyboard.press('ArrowRight');
    await settle(page);
    assert.equal(await page.evaluate(() => window.sepaxisApp.ui.step), 0);
  });

  test('the scene list tells overlap from apart by a mark and by text, not only by colour', async () => {
    const page = await appPage(browser);
    const rows = () => page.$$eval('#scene li.item', (els) => els.map((li) => ({
      mark: li.querySelector('.dot').innerText.trim(),
      name: li.querySelector('button').getAttribute('aria-label') ?? li.querySelector('button').innerText,
    })));
    const overlapping = await rows();
    assert.equal(overlapping.length, 2);
    for (const r of overlapping) assert.match(r.name, /overlaps another/);
    await field(page, 'center.0').fill('20');
    await page.keyboard.press('Enter');
    await settle(page);
    const apart = await rows();
    for (const r of apart) assert.match(r.name, /overlaps none|overlaps no other/);
    assert.ok(overlapping[0].mark && apart[0].mark, 'each row shows a mark');
    assert.notEqual(overlapping[0].mark, apart[0].mark, 'the mark differs between overlap and apart');
  });

  test('a k-DOP has a centre field: typing it moves the k-DOP', async () => {
    const page = await appPage(browser);
    await page.selectOption('.preset-select', 'empty');
    await page.click('button[aria-label="Add a k-DOP (4)"]');
    await settle(page);
    const box = () => page.evaluate(() => {
      const app = window.sepaxisApp;
      const b = app.collision.bounds(app.model.activeId);
      return { center: b.min.map((m, i) => (m + b.max[i]) / 2), size: b.min.map((m, i) => b.max[i] - m) };
    });
    const b0 = await box();
    assert.equal(Number(await field(page, 'center.0').inputValue()), Math.round(b0.center[0] * 1e4) / 1e4 || 0);
    await field(page, 'center.0').fill('5');
    await page.keyboard.press('Enter');
    await field(page, 'center.2').fill('-2.5');
    await page.keyboard.press('Enter');
    await settle(page);
    const b1 = await box();
    assert.ok(Math.abs(b1.center[0] - 5) < 1e-9 && Math.abs(b1.center[2] + 2.5) < 1e-9, `centre ${b1.center}`);
    assert.ok(Math.abs(b1.center[1] - b0.center[1]) < 1e-9, 'y is kept');
    b1.size.forEach((s, i) => assert.ok(Math.abs(s - b0.size[i]) < 1e-9, 'the shape is kept'));
  });

  test('eight new volumes spawn apart, and the camera reframes to show them all', async () => {
    const page = await appPage(browser, '', { viewport: { width: 1280, height: 800 } });
    await page.selectOption('.preset-select', 'empty');
    await page.locator('#scene-card h2').click();
    for (const key of ['1', '2', '3', '4', '1', '2', '3', '4']) await page.keyboard.press(key);
    await settle(page);
    const state = await page.evaluate(() => {
      const app = window.sepaxisApp;
      const r = app.viewport.canvas.getBoundingClientRect();
      const outside = [];
      for (const { id } of app.model.volumes) {
        const b = app.collision.bounds(id);
        for (let c = 0; c < 8; c++) {
          const p = app.project([0, 1, 2].map((i) => ((c >> i) & 1 ? b.max[i] : b.min[i])));
          if (p.x < r.left || p.x > r.right || p.y < r.top || p.y > r.bottom) outside.push(id);
        }
      }
      return { n: app.model.volumes.length, pairs: app.collision.overlappingPairs, outside: [...new Set(outside)] };
    });
    assert.equal(state.n, 8);
    assert.equal(state.pairs, 0, 'no two new volumes overlap');
    assert.deepEqual(state.outside, [], 'every new volume is in the view');
  });

  test('a failed import shows its banner without a leftover "Opened" toast', async () => {
    const page = await appPage(browser);
    const good = JSON.stringify(await page.evaluate(() => window.sepaxisApp.model.toJSON()));
    await page.setInputFiles('input[type=file]', { name: 'good.json', mimeType: 'application/json', buffer: Buffer.from(good) });
    await page.waitForSelector('#toast.visible');
    assert.match(await page.textContent('#toast'), /Opened good\.json/);
    await page.setInputFiles('input[type=file]', { name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"volumes": 1}') });
    await page.locator('#banner').waitFor({ state: 'visible' });
    assert.match(await page.textContent('#banner'), /Could not open bad\.json/);
    assert.equal(await page.locator('#toast.visible').count(), 0, 'the toast is gone when the banner shows');
  });

  test('deleting B keeps A selected, in the model and in the scene list', async () => {
    const page = await appPage(browser);
    assert.deepEqual(await page.evaluate(() => window.sepaxisApp.model.selection), ['a', 'b']);
    await page.click('button[aria-label="Delete the selected volume (Delete)"]');
    await settle(page);
    assert.deepEqual(await page.evaluate(() => window.sepaxisApp.model.selection), ['a']);
    const row = page.locator('#scene li.item[data-id="a"]');
    assert.equal(await row.locator('button').getAttribute('aria-pressed'), 'true', 'A is shown as selected in the list');
    assert.match(await row.getAttribute('class'), /\bselected\b/);
  });

  test('the text reads well: "an 8-DOP", negatives subtracted in parentheses, 75° shown as 75, a named jump to the gap', async () => {
    const page = await appPage(browser);
    // The k-DOP preset: its 18-DOP's inspector note.
    await page.selectOption('.preset-select', 'kdop-diagonal');
    await settle(page);
    await page.evaluate(() => { const m = window.sepaxisApp.model; m.select(m.volumes.find((v) => v.volume.type === 'kdop').id); });
    await settle(page);
    const note = await page.textContent('#inspector .field-note');
    assert.match(note, /directions d of an 18-DOP:/);
    assert.doesNotMatch(note, /\ba 18-DOP/);
    // The edge-edge preset: Bar B is turned by 75° about y; the tutorial's numbers and names.
    await page.selectOption('.preset-select', 'edge-edge');
    await settle(page);
    await page.evaluate(() => window.sepaxisApp.model.select('b'));
    await settle(page);
    assert.equal(await field(page, 'euler.1').inputValue(), '75');
    await page.click('text=/Step through the 15 axes/');
    await settle(page);
    const steps = [];
    for (let i = 0; i < 15; i++) {
      steps.push(await page.textContent('.step'));
      await page.keyboard.press('n');
      await settle(page);
    }
    const all = steps.join('\n');
    assert.doesNotMatch(all, /− −/, 'no "x − −y"');
    assert.match(all, /− \(−[0-9.]+\)/, 'a negative subtrahend is in parentheses');
    assert.doesNotMatch(all, /'s own axis/);
    assert.match(all, /axis u0 of the box A \(Bar A\)/);
    // The jump to the separating axis says what it does, in its visible text too.
    const jump = page.locator('button[aria-label="Jump to the separating axis"]');
    assert.match(await jump.textContent(), /Separating axis/);
  });

  test('the lesson text follows the scene: after an undo, after an edit past its claim, and back', async () => {
    const page = await appPage(browser);
    const lesson = async () => (await page.locator('.lesson').count()) ? page.textContent('.lesson') : '';
    // The default scene and its lesson; then the sphere's preset, and Ctrl+Z back to the boxes.
    await page.selectOption('.preset-select', 'welcome');
    await settle(page);
    assert.match(await lesson(), /Two oriented boxes that overlap/);
    await page.selectOption('.preset-select', 'sphere-corner');
    await settle(page);
    assert.match(await lesson(), /sphere just off the corner/);
    await page.locator('canvas').first().click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+z');
    await settle(page);
    assert.deepEqual(await page.evaluate(() => window.sepaxisApp.model.volumes.map((v) => v.volume.type)), ['obb', 'obb']);
    assert.doesNotMatch(await lesson(), /sphere/, 'the sphere\'s lesson left with the sphere');
    // The boxes again, moved apart: the lesson no longer claims they overlap, and says why.
    await page.selectOption('.preset-select', 'welcome');
    await settle(page);
    await page.evaluate(() => {
      const m = window.sepaxisApp.model, b = m.get('b');
      m.update('b', { ...b.volume, center: [9, 0.3, 0.2] });
    });
    await settle(page);
    assert.equal(await page.evaluate(() => window.sepaxisApp.report.overlap), false);
    const changed = await lesson();
    assert.doesNotMatch(changed, /Two oriented boxes that overlap/);
    assert.match(changed, /changed the “Two boxes” scene/);
    assert.match(changed, /apart/);
    // Moved back into overlap, the lesson is true again.
    await page.evaluate(() => {
      const m = window.sepaxisApp.model, b = m.get('b');
      m.update('b', { ...b.volume, center: [0.9, 0.3, 0.2] });
    });
    await settle(page);
    assert.match(await lesson(), /Two oriented boxes that overlap/);
  });

  test('at 1280x800 the separating row is scrolled wholly into view, not left half under the column\'s edge', async () => {
    const page = await appPage(browser, '', { viewport: { width: 1280, height: 800 } });
    for (const id of ['edge-edge', 'parallel', 'sphere-corner', 'kdop-diagonal']) {
      await page.selectOption('.preset-select', id);
      await settle(page);
      const where = () => page.evaluate(() => {
        const row = document.querySelectorAll('.axis-row')[window.sepaxisApp.report.separatingAxis];
        const box = row.getBoundingClientRect();
        let top = 0, bottom = innerHeight;
        for (let e = row.parentElement; e; e = e.parentElement) {
          if (!/(auto|scroll|hidden)/.test(getComputedStyle(e).overflowY)) continue;
          const b = e.getBoundingClientRect();
          top = Math.max(top, b.top);
          bottom = Math.min(bottom, b.bottom);
        }
        return { rowTop: box.top, rowBottom: box.bottom, top, bottom };
      });
      const inView = (r) => r.rowTop >= r.top - 0.5 && r.rowBottom <= r.bottom + 0.5;
      // The list scrolls once the panel has drawn the new rows: a frame or a few on a slow machine.
      let r = await where();
      for (let waited = 0; !inView(r) && waited < 5000; waited += 100) {
        await page.waitForTimeout(100);
        r = await where();
      }
      assert.ok(inView(r), `${id}: row ${r.rowTop}-${r.rowBottom} shown within ${r.top}-${r.bottom}`);
    }
  });

  test('axis labels are shown whole in the list at every width, long ones on two lines', async () => {
    const page = await appPage(browser, '', { viewport: { width: 1280, height: 800 } });
    for (const [width, height] of [[1280, 800], [1000, 760], [900, 600], [390, 844]]) {
      await page.setViewportSize({ width, height });
      for (const id of ['kdop-diagonal', 'zoo']) {
        await page.selectOption('.preset-select', id);
        await settle(page);
        const cut = await page.$$eval('.axis-row .label', (els) => els
          .map((el) => { el.scrollIntoView({ block: 'nearest' }); return el; })
          .filter((el) => el.scrollWidth > el.clientWidth + 1)
          .map((el) => `${el.textContent} (${el.scrollWidth} > ${el.clientWidth})`));
        const rows = await page.locator('.axis-row').count();
        assert.ok(rows > 10, `${id}: ${rows} rows`);
        assert.deepEqual(cut, [], `${width}x${height} ${id}: labels cut off`);
      }
    }
  });
});
