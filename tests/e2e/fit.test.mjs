// "Fit to points": a mesh file dropped or opened, and the Stanford bunny, with every kind of
// volume fitted around the vertices; the ratios shown against the package's own numbers; the
// volumes drawn, added to the scene; bad files said in the card without changing anything.
// One page for the whole file (the app loads once); each test goes on from the last one's state.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { ARTIFACTS, axeViolations, launch, loadApp, openPage, settle, shot } from './browser.mjs';

const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const KINDS = ['AABB', 'Minimal sphere', 'Ritter sphere', 'OBB (fast)', 'OBB (tight)', '6-DOP', '8-DOP', '14-DOP', '18-DOP', '26-DOP'];

let browser, page;
const measured = {};
before(async () => {
  browser = await launch();
  page = await openPage(browser, { viewport: WIDE });
  await loadApp(page);
});
after(async () => {
  writeFileSync(`${ARTIFACTS}fit.json`, `${JSON.stringify(measured, null, 2)}\n`);
  await browser?.close();
});

/** Screenshots of the page at the wide and the phone size, with the fit card in view. */
async function shots(name) {
  for (const [size, viewport] of [['1280', WIDE], ['390', PHONE]]) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => document.getElementById('fit-card').scrollIntoView({ block: 'nearest' }));
    await settle(page);
    await shot(page, `fit-${name}-${size}`);
  }
  await page.setViewportSize(WIDE);
  await settle(page);
}

/** A binary STL of triangles ([[x, y, z] × 3][]), as bytes. */
function binaryStl(triangles) {
  const out = Buffer.alloc(84 + 50 * triangles.length);
  out.writeUInt32LE(triangles.length, 80);
  triangles.forEach((t, i) => t.flat().forEach((x, j) => out.writeFloatLE(x, 84 + 50 * i + 12 + 4 * j)));
  return out;
}

/** The 12 triangles of a box with these half-extents, turned about z by `angle`, at `center`. */
function boxTriangles([hx, hy, hz], angle, center) {
  const c = Math.cos(angle), s = Math.sin(angle);
  const corner = (i) => {
    const x = (i & 1 ? hx : -hx), y = (i & 2 ? hy : -hy), z = (i & 4 ? hz : -hz);
    return [center[0] + c * x - s * y, center[1] + s * x + c * y, center[2] + z];
  };
  const quads = [[0, 2, 3, 1], [4, 5, 7, 6], [0, 1, 5, 4], [2, 6, 7, 3], [0, 4, 6, 2], [1, 3, 7, 5]];
  return quads.flatMap(([a, b, c2, d]) => [[corner(a), corner(b), corner(c2)], [corner(a), corner(c2), corner(d)]]);
}

/** Drops a file made in the page: bytes (an array), or { zeroTriangles: n } for a binary STL of n. */
async function drop(name, bytes) {
  await page.evaluate(async ({ name, bytes, zeroTriangles }) => {
    let data = new Uint8Array(bytes ?? []);
    if (zeroTriangles) {
      data = new ArrayBuffer(84 + 50 * zeroTriangles);
      new DataView(data).setUint32(80, zeroTriangles, true);
    }
    const dt = new DataTransfer();
    dt.items.add(new File([data], name));
    document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    await window.sepaxisApp.fit.lastLoad;
  }, bytes.zeroTriangles ? { name, zeroTriangles: bytes.zeroTriangles } : { name, bytes: [...bytes] });
  await settle(page);
}

/** Full frames (an orbit step, the draw, a one-pixel read-back that waits for it): median and max, ms. */
function frameTimes() {
  return page.evaluate(() => {
    const { viewport } = window.sepaxisApp;
    const gl = viewport.renderer.getContext();
    const px = new Uint8Array(4);
    const times = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      viewport.orbitBy(0.05, 0);
      viewport.render();
      gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    return { median: times[10], max: times[19], canvas: [viewport.canvas.width, viewport.canvas.height] };
  });
}

/** The rows of the fit table: [{ label, ratio, ms, checked }]. */
function tableRows() {
  return page.$$eval('#fit tbody tr', (rows) => rows.map((r) => ({
    label: r.querySelector('label').textContent.trim(),
    ratio: r.querySelector('.ratio').textContent,
    ms: Number(r.querySelector('.ms').textContent),
    checked: r.querySelector('input').checked,
  })));
}

/** What the package says for each kind around the points the app fitted: volume / hull volume. */
function packageRatios() {
  return page.evaluate(() => {
    const { sx, fit } = window.sepaxisApp;
    const points = fit.current.points;
    const hull = sx.convexHull(points);
    let six = 0;
    const o = hull.vertices[0];
    for (const [i, j, k] of hull.faces) {
      const [a, b, c] = [hull.vertices[i], hull.vertices[j], hull.vertices[k]].map((v) => v.map((x, n) => x - o[n]));
      six += a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) + a[2] * (b[0] * c[1] - b[1] * c[0]);
    }
    const calls = [['aabb'], ['sphere'], ['sphere', { method: 'ritter' }], ['obb', { quality: 'fast' }], ['obb', { quality: 'tight' }],
      ...[6, 8, 14, 18, 26].map((k) => ['kdop', { k }])];
    return calls.map(([type, options]) => sx.volumeOf(sx.fit(type, points, options)) / (six / 6));
  });
}

test('the empty card offers the bunny and a file, and draws nothing', async () => {
  assert.equal(await page.getByRole('button', { name: 'Load the bunny' }).isEnabled(), true);
  assert.equal(await page.getByRole('button', { name: 'Open a file…' }).isEnabled(), true);
  assert.equal(await page.locator('#fit input[type=file]').getAttribute('accept'), '.stl,.obj,.ply');
  assert.equal(await page.locator('#fit tbody tr').count(), 0);
  assert.equal(await page.locator('.fit-legend').isHidden(), true);
  await shots('empty');
});

test('a dropped binary STL gets every kind fitted, with the ratios the package gives', async () => {
  await drop('tilted-box.stl', binaryStl(boxTriangles([1.5, 0.5, 0.25], 0.4, [3, -1, 2])));
  assert.match(await page.locator('#fit .fit-status').textContent(), /^tilted-box\.stl: 8 distinct points of 36 vertices/);
  const rows = await tableRows();
  assert.deepEqual(rows.map((r) => r.label), KINDS);
  const expected = await packageRatios();
  assert.deepEqual(rows.map((r) => r.ratio), expected.map((r) => r.toFixed(3)));
  // A box: the tight OBB is the box itself, the AABB of the turned box is not.
  assert.equal(rows[4].ratio, '1.000');
  assert.notEqual(rows[0].ratio, '1.000');
  assert.ok(rows.every((r) => r.ms >= 0 && !r.checked));
});

test('ticking rows draws those volumes with a legend; both OBBs side by side', async () => {
  await page.getByRole('checkbox', { name: 'OBB (fast)' }).check();
  // By keyboard: the focus stays on the box ticked, Tab reaches the next row's.
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.closest('tr')?.dataset.id), 'obb-tight');
  await page.keyboard.press('Space');
  await settle(page);
  assert.deepEqual(await page.evaluate(() => window.sepaxisApp.fit.drawing.shownIds), ['obb-fast', 'obb-tight']);
  assert.deepEqual(await page.locator('.fit-legend span').allTextContents(), ['tilted-box points', 'OBB (fast)', 'OBB (tight)']);
  const colours = await page.locator('.fit-legend span i.line').evaluateAll((is) => is.map((i) => i.style.background));
  assert.notEqual(colours[0], colours[1]);
  await page.getByRole('checkbox', { name: 'OBB (fast)' }).uncheck();
  await settle(page);
  assert.deepEqual(await page.evaluate(() => window.sepaxisApp.fit.drawing.shownIds), ['obb-tight']);
  await shots('one-selected');
});

test('Add to scene makes the volumes drawn ordinary volumes of the scene', async () => {
  const before = await page.evaluate(() => window.sepaxisApp.model.volumes.length);
  await page.getByRole('button', { name: 'Add to scene' }).click();
  await settle(page);
  const added = await page.evaluate(() => {
    const { model, fit } = window.sepaxisApp;
    return { count: model.volumes.length, last: model.volumes.at(-1), fitted: fit.current.rows.find((r) => r.id === 'obb-tight').volume };
  });
  assert.equal(added.count, before + 1);
  assert.equal(added.last.name, 'tilted-box OBB (tight)');
  assert.deepEqual(added.last.volume, added.fitted);
  assert.equal(await page.locator(`#scene li.item[data-id="${added.last.id}"]`).count(), 1);
  assert.equal(await page.getByRole('button', { name: 'Add to scene' }).isDisabled(), true);
});

test('the bunny: 34,834 points, every kind fitted and shown, measured', async () => {
  // The scene's frame before (the 8-point box, its tight OBB added to the scene, the preset).
  measured.frameMsBefore = await frameTimes();
  // The page keeps drawing while it fits: the longest gap between two animation frames.
  await page.evaluate(() => {
    window.__gaps = [];
    let last = performance.now();
    const tick = (t) => { window.__gaps.push(t - last); last = t; if (window.__gaps.length < 10_000) window.__raf = requestAnimationFrame(tick); };
    window.__raf = requestAnimationFrame(tick);
  });
  const t0 = Date.now();
  await page.getByRole('button', { name: 'Load the bunny' }).click();
  await page.evaluate(() => window.sepaxisApp.fit.lastLoad);
  measured.bunnyLoadMs = Date.now() - t0;
  measured.longestFrameGapMs = await page.evaluate(() => { cancelAnimationFrame(window.__raf); return Math.max(...window.__gaps); });
  assert.match(await page.locator('#fit .fit-status').textContent(), /^The Stanford bunny: 34,834 distinct points of 208,353 vertices/);
  const rows = await tableRows();
  assert.deepEqual(rows.map((r) => r.label), KINDS);
  assert.deepEqual(rows.map((r) => r.ratio), (await packageRatios()).map((r) => r.toFixed(3)));
  measured.fitMs = Object.fromEntries(rows.map((r) => [r.label, r.ms]));
  measured.ratios = Object.fromEntries(rows.map((r) => [r.label, Number(r.ratio)]));
  await page.getByRole('button', { name: 'Show all' }).click();
  await settle(page);
  assert.equal((await page.evaluate(() => window.sepaxisApp.fit.drawing.shownIds)).length, 10);
  // The frame with the bunny and the ten volumes: an orbit step, the draw, a read-back that waits for it.
  measured.frameMs = await frameTimes();
  await shots('bunny-all');
  assert.deepEqual(await axeViolations(page), []);
});

test('bad files are said in the card and change nothing', async () => {
  const state = () => page.evaluate(() => {
    const { fit, model } = window.sepaxisApp;
    return { name: fit.current?.name, shown: fit.drawing.shownIds, volumes: model.volumes.length };
  });
  const kept = await state();
  const error = page.locator('#fit .fit-error');
  const cases = [
    ['empty.stl', [], 'Could not fit empty.stl: the file is empty. Nothing was changed.'],
    ['nan.stl', binaryStl([[[NaN, 0, 0], [1, 0, 0], [0, 1, 0]]]), 'Could not fit nan.stl: vertex 1 has x = NaN, not a finite number. Nothing was changed.'],
    ['notes.txt', Buffer.from('hello'), 'Could not fit notes.txt: only STL, OBJ and PLY files can be fitted. Nothing was changed.'],
    ['broken.ply', Buffer.from('ply\nformat binary_little_endian 1.0\nelement vertex 5\nproperty float x\nend_header\n'), /^Could not fit broken\.ply: three\.js's PLYLoader could not read it \(.+\)\. Nothing was changed\.$/],
    ['words.obj', Buffer.from('this is not an OBJ file\n'), 'Could not fit words.obj: it has no vertices. Nothing was changed.'],
    // 666,667 triangles: 2,000,001 vertices, made in the page (33 MB).
    ['huge.stl', { zeroTriangles: 666_667 }, 'Could not fit huge.stl: it has 2,000,001 vertices; at most 2,000,000 can be fitted here. Nothing was changed.'],
  ];
  for (const [name, bytes, message] of cases) {
    await drop(name, bytes);
    assert.equal(await error.isVisible(), true, name);
    const text = await error.textContent();
    if (message instanceof RegExp) assert.match(text, message);
    else assert.equal(text, message);
    assert.deepEqual(await state(), kept, name);
  }
  // The file button takes the same path.
  await page.locator('#fit input[type=file]').setInputFiles({ name: 'empty.obj', mimeType: 'text/plain', buffer: Buffer.alloc(0) });
  await page.evaluate(() => window.sepaxisApp.fit.lastLoad);
  assert.equal(await error.textContent(), 'Could not fit empty.obj: the file is empty. Nothing was changed.');
  assert.deepEqual(await state(), kept);
  assert.deepEqual(page.problems.errors, []);
  await shots('error');
});
