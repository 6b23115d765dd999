// <sepaxis-demo> in Debian's Chromium, served as a documentation site would serve the
// package (tests/e2e/static-server.mjs): 24 demos on one page all draw through one WebGL context
// and each exposes its report; setting one demo's scene changes its report only; bad scenes,
// failing and junk src, hostile names show a message in the box and nothing else happens; the
// keyboard steps through the axes; the strict CSP; the size of what the first demo loads; a moving
// scene (time, the sweep's time lines) and a fit scene, which load the full module, and what they
// load; the iframe embed (embed.html, served with the app).

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { deflateRawSync } from 'node:zlib';
import { ARTIFACTS, BASE_URL, axeViolations, blankPage, launch, openPage, settle, shot } from './browser.mjs';
import { startStaticServer } from '../../scripts/static-server.mjs';
import { MODEL_VIEWER, firstDemoBytes, twoDemosReady } from '../../scripts/demo-bytes.mjs';

let browser, server;
/** The page of the moving, fit and mesh demos (pages/moving.html), kept by one test for the next. */
let movingPage = null;
before(async () => {
  browser = await launch();
  server = await startStaticServer();
});
after(async () => {
  await movingPage?.context().close();
  await browser?.close();
  await server?.close();
});

const XSS = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
const sphere = (id, x, r = 1, name) => ({ id, ...(name ? { name } : {}), volume: { type: 'sphere', center: [x, 0, 0], radius: r } });

/**
 * A new page (its cache empty, as on a first visit) that counts WebGL contexts made (all demos
 * must share one). The tests of one page's demos take the kept blankPage instead.
 */
async function demoPage(options) {
  const page = await openPage(browser, options);
  await page.addInitScript(() => {
    window.__contexts = 0;
    const get = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (type, ...rest) {
      if (/webgl/.test(type)) window.__contexts++;
      return get.call(this, type, ...rest);
    };
  });
  return page;
}

/** Distinct colours in a demo's own canvas, and whether anything but the background is there. */
const pixelsOf = (page, selector) => page.evaluate((s) => {
  const canvas = document.querySelector(s).shadowRoot.querySelector('canvas');
  const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
  const colours = new Set();
  let drawn = 0;
  for (let i = 0; i < data.length; i += 4 * 7) {
    const c = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
    colours.add(c);
    if (Math.abs(data[i] - 14) + Math.abs(data[i + 1] - 17) + Math.abs(data[i + 2] - 23) > 30) drawn++;
  }
  return { colours: colours.size, drawn, width: canvas.width, height: canvas.height };
}, selector);

const messageOf = (page, selector) => page.evaluate((s) => {
  const m = document.querySelector(s).shadowRoot.querySelector('.message');
  return m.hidden ? '' : m.textContent;
}, selector);

describe('<sepaxis-demo>', () => {
  test('24 demos on one page: each draws when scrolled into view, through one WebGL context, and exposes its report', async () => {
    const page = await demoPage({ viewport: { width: 1000, height: 800 } });
    const requests = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(`${server.url}pages/many.html`);
    const ids = await page.$$eval('sepaxis-demo', (els) => els.map((e) => `#${e.id}`));
    assert.equal(ids.length, 24);
    // The first demo loads everything it needs; the ones after load nothing new.
    await page.waitForFunction(() => document.querySelector('#d1').report);
    const loadedByFirst = requests.length;
    const results = [];
    for (const id of ids) {
      await page.locator(id).scrollIntoViewIfNeeded();
      await page.waitForFunction((s) => document.querySelector(s).report, id, { timeout: 10_000 });
      await settle(page);
      const px = await pixelsOf(page, id);
      const report = await page.evaluate((s) => {
        const r = document.querySelector(s).report;
        return { overlap: r.overlap, axes: r.axes.length };
      }, id);
      results.push({ id, ...px, ...report });
    }
    for (const r of results) {
      assert.ok(r.colours > 20 && r.drawn > 200, `${r.id} drew (${r.colours} colours, ${r.drawn} drawn samples)`);
      assert.ok(r.axes >= 1);
    }
    // Their verdicts are the package's: the page alternates overlapping and apart pairs.
    assert.deepEqual(results.map((r) => r.overlap), results.map((_, i) => i % 2 === 0));
    assert.equal(await page.evaluate(() => window.__contexts), 1, 'one WebGL context for all 24');
    const later = requests.slice(loadedByFirst).filter((u) => /\.(js|wasm)(\?|$)/.test(u));
    assert.deepEqual(later, [], 'later demos load no script or module');
    await page.locator('#d1').scrollIntoViewIfNeeded();
    await shot(page, '40-demo-24');
    assert.deepEqual(page.problems, { errors: [], console: [], dialogs: [], csp: [], failed: [] });
    await page.context().close();
  });

  test('the first demo loads less than model-viewer (gzip), and the figure is reported', async () => {
    const page = await openPage(browser, { viewport: { width: 1000, height: 800 } });
    const { files, gzipTotal } = await firstDemoBytes(page, `${server.url}pages/two.html`, twoDemosReady);
    console.log(`# first demo loads ${files.length} files, ${gzipTotal} bytes gzipped (model-viewer: ${MODEL_VIEWER.gzipBytes}): ${files.map((f) => `${f.file} ${f.gzip}`).join(', ')}`);
    const names = files.map((f) => f.file);
    assert.ok(names.includes('sepaxis-core.wasm') && names.includes('demo.js'), `the module (without the World) and the element were loaded: ${names}`);
    assert.ok(!names.some((n) => /sepaxis-wasm|world\.js/.test(n)), 'not the World');
    assert.ok(!names.includes('demo-demo-full.js'), 'nor what shows motion and fits');
    assert.ok(!names.some((n) => /demo-mesh|mesh-file-worker|bunny/.test(n)), `nor the mesh code: ${names}`);
    assert.ok(gzipTotal < MODEL_VIEWER.gzipBytes, `${gzipTotal} bytes`);
    await page.context().close();
  });

  test('setting one demo\'s scene changes its report and no other\'s; change and report events', async () => {
    const page = await blankPage(browser, { viewport: { width: 1000, height: 900 } });
    await page.goto(`${server.url}pages/two.html`);
    await page.waitForFunction(() => document.querySelector('#one').report && document.querySelector('#two').report);
    const before = await page.evaluate(() => [document.querySelector('#one').report.overlap, JSON.stringify(document.querySelector('#two').report)]);
    assert.equal(before[0], false);
    const after = await page.evaluate(async (scene) => {
      const one = document.querySelector('#one');
      const events = [];
      one.addEventListener('report', (e) => events.push(e.detail.report.overlap));
      one.scene = scene;
      await new Promise((r) => requestAnimationFrame(r));
      return { overlap: one.report.overlap, axes: one.report.axes.length, events, two: JSON.stringify(document.querySelector('#two').report), shown: one.scene.volumes.length };
    }, { volumes: [sphere('a', 0), sphere('b', 1.5)], selection: ['a', 'b'] });
    assert.deepEqual({ ...after, two: undefined }, { overlap: true, axes: 1, events: [true], two: undefined, shown: 2 });
    assert.equal(after.two, before[1], 'the other demo is unchanged');
    // An editable demo: a drag moves a volume and says so (change), and the report follows.
    const two = page.locator('#two');
    await two.scrollIntoViewIfNeeded();
    await settle(page);
    const box = await two.locator('canvas').boundingBox();
    const changed = page.evaluate(() => new Promise((r) => document.querySelector('#two').addEventListener('change', (e) => r(e.detail.scene.volumes.length), { once: true })));
    const target = await page.evaluate(() => {
      const demo = document.querySelector('#two');
      return demo.shadowRoot.querySelector('canvas').getBoundingClientRect();
    });
    // The view is framed on the pair, which overlaps in the middle: a drag from there moves one.
    const from = { x: target.x + target.width / 2, y: target.y + target.height / 2 };
    const reportBefore = await page.evaluate(() => JSON.stringify(document.querySelector('#two').report.penetration));
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(from.x + i * 12, from.y);
    await page.mouse.up();
    assert.equal(await changed, 2);
    assert.notEqual(await page.evaluate(() => JSON.stringify(document.querySelector('#two').report.penetration)), reportBefore);
    assert.ok(box.width > 0);
    // A triangle brings the full module: its 13 axes against a box (the triangle's normal, the
    // box's 3 faces, 9 edge pairs), the stepper's words for them, and only the new scene's labels.
    const triangle = await page.evaluate(async () => {
      const one = document.querySelector('#one');
      one.setAttribute('panels', 'verdict,stepper');
      one.scene = { volumes: [
        { id: 'floor', name: 'Floor', volume: { type: 'triangle', vertices: [[-2, 0, -1.5], [2, 0.4, -1.5], [0, -0.3, 2]] } },
        { id: 'crate', name: 'Crate', volume: { type: 'aabb', min: [-0.4, 0.4, -0.4], max: [0.4, 1.2, 0.4] } }], selection: ['floor', 'crate'] };
      while (one.report?.axes.length !== 13) await new Promise((r) => setTimeout(r, 50));
      one.setAttribute('step', '1');
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const root = one.shadowRoot;
      return {
        separating: one.report.axes[one.report.separatingAxis].label,
        step: root.querySelector('.card.stepper').textContent,
        labels: [...root.querySelectorAll('.labels > *')].map((e) => e.textContent),
        axes: one.report.axes.map((a) => a.label),
      };
    });
    assert.equal(triangle.separating, 'A.n');
    assert.match(triangle.step, /the normal of the triangle A \(Floor\)/);
    assert.deepEqual(triangle.labels.filter((t) => !['A', 'B', ...triangle.axes].includes(t)), [], 'no label of the scene before');
    // The inspector edits a triangle by its corners: [ picks the floor, and raising corner c
    // tilts it into the crate.
    await page.evaluate(() => { const one = document.querySelector('#one'); one.setAttribute('editable', ''); one.setAttribute('panels', 'verdict,inspector'); });
    await page.locator('#one canvas').focus();
    await page.keyboard.press('[');
    const cornerC = page.locator('#one .card.inspector input[data-path="c.1"]');
    assert.equal(await cornerC.inputValue(), '-0.3');
    await cornerC.fill('0.9');
    await cornerC.press('Enter');
    await page.waitForFunction(() => document.querySelector('#one').report.overlap === true);
    assert.deepEqual(page.problems.errors, []);
  });

  test('the inspector panel edits the active volume: typing a centre moves it, the report and a change event follow', async () => {
    const page = await blankPage(browser, { viewport: { width: 390, height: 844 } });
    await page.goto(`${server.url}pages/two.html`);
    await page.waitForFunction(() => document.querySelector('#two').report);
    await page.evaluate(() => document.querySelector('#two').setAttribute('panels', 'verdict,inspector'));
    const two = page.locator('#two');
    await two.scrollIntoViewIfNeeded();
    const field = two.locator('input[data-path="center.0"]');
    await field.waitFor();
    assert.equal(await page.evaluate(() => document.querySelector('#two').report.overlap), true);
    const changed = page.evaluate(() => new Promise((r) => document.querySelector('#two').addEventListener('change', (e) => r(e.detail.scene.volumes[1].volume), { once: true })));
    await field.fill('9');
    await field.press('Enter');
    const moved = await changed;
    assert.ok(moved.min[0] > 5, `the k-DOP moved right (${JSON.stringify(moved.min)})`);
    assert.equal(await page.evaluate(() => document.querySelector('#two').report.overlap), false);
    await settle(page);
    await shot(page, '43-demo-phone-inspector');
    assert.deepEqual(page.problems.errors, []);
  });

  test('a bad scene, a failing or junk src and a hostile name show their message in the box; the page goes on', async () => {
    const page = await blankPage(browser, { viewport: { width: 1000, height: 900 } });
    await page.goto(`${server.url}pages/two.html`);
    await page.waitForFunction(() => document.querySelector('#one').report);
    const cases = [
      [{ scene: '{"volumes": [ oops' }, /the scene attribute is not valid JSON/],
      [{ scene: JSON.stringify({ volumes: [{ id: 'a', volume: { type: 'sphere', center: [0, 0, 0], radius: -2 } }] }) }, /volume 1: sphere\.radius must be .*got -2/],
      [{ scene: JSON.stringify({ volumes: [{ id: 'a', volume: { type: 'obb', center: [0, 0, 0], halfExtents: [1, 'x', 1], rotation: [0, 0, 0, 1] } }] }) }, /halfExtents\[1\] must be a number/],
      [{ src: '/pages/missing.json' }, /the scene at \/pages\/missing\.json could not be loaded \(HTTP 404\)/],
      [{ src: '/pages/pages.css' }, /the scene at \/pages\/pages\.css: the scene is not valid JSON/],
      [{ scene: JSON.stringify({ volumes: [{ id: 'a', volume: { type: XSS } }] }) }, /volume\.type must be one of.*<img src=x onerror/],
      [{ scene: JSON.stringify({ volumes: [{ id: 'a', volume: { type: 'sphere', center: [0, 0, 0], radius: 1 }, velocity: [1, 'fast', 0] }] }) }, /^volumes\[0\]\.velocity\[1\] must be a finite number, got "fast"$/],
      [{ scene: JSON.stringify({ volumes: [{ id: 'a', volume: { type: 'sphere', center: [0, 0, 0], radius: 1 }, velocity: [1, 0, 0] }], maxTime: -1 }) }, /^maxTime must be a finite number above 0, got -1$/],
      [{ scene: JSON.stringify({ fit: { points: 'bunny', volumes: ['aabb'] } }) }, /^fit\.points must be a built-in cloud \("rod", "ball", "tetrahedron"\) or an array of \[x, y, z\] points, got "bunny"$/],
      [{ scene: JSON.stringify({ fit: { points: 'rod', volumes: ['aabb', 'obb'] } }) }, /^fit\.volumes\[1\] must be one of .*, got "obb"$/],
    ];
    for (const [attributes, pattern] of cases) {
      const result = await page.evaluate(async (attrs) => {
        const demo = document.createElement('sepaxis-demo');
        for (const [k, v] of Object.entries(attrs)) demo.setAttribute(k, v);
        document.body.prepend(demo);
        for (let i = 0; i < 100 && !demo.error; i++) await new Promise((r) => setTimeout(r, 20));
        const m = demo.shadowRoot.querySelector('.message');
        const out = { error: demo.error, message: m.hidden ? '' : m.textContent, report: demo.report, images: demo.shadowRoot.querySelectorAll('img').length };
        demo.remove();
        return out;
      }, attributes);
      assert.match(result.error ?? '', pattern, JSON.stringify(attributes));
      assert.match(result.message, /This demo cannot show its scene/);
      assert.equal(result.report, null);
      assert.equal(result.images, 0, 'nothing from the scene became an element');
    }
    // A hostile name in a valid scene is text.
    await page.evaluate((name) => {
      document.querySelector('#one').scene = { volumes: [{ id: 'a', name, volume: { type: 'sphere', center: [0, 0, 0], radius: 1 } }, { id: 'b', volume: { type: 'sphere', center: [3, 0, 0], radius: 1 } }], selection: ['a', 'b'] };
    }, XSS);
    await settle(page);
    assert.match(await page.evaluate(() => document.querySelector('#one').shadowRoot.querySelector('.verdict').textContent), /<img src=x onerror/);
    assert.equal(await page.evaluate(() => window.__pwned), undefined, 'no script ran');
    assert.equal(await page.evaluate(() => document.querySelector('#one').shadowRoot.querySelectorAll('img, script').length), 0);
    // A bad scene set as a property: the message, and the other demo still works.
    const error = await page.evaluate(() => {
      const one = document.querySelector('#one');
      one.scene = { volumes: 'no' };
      return one.error;
    });
    assert.match(error, /not a scene/);
    assert.equal(await page.evaluate(() => document.querySelector('#two').report.overlap), true);
    assert.deepEqual(page.problems.errors, []);
    assert.deepEqual(page.problems.dialogs, []);
    await shot(page, '41-demo-bad-scene');
  });

  test('keyboard: Tab focuses the demo, N and P step through the axes, arrows orbit; the name states the scene and verdict', async () => {
    const page = await blankPage(browser, { viewport: { width: 1000, height: 900 }, media: { reducedMotion: 'reduce' } });
    await page.goto(`${server.url}pages/two.html`);
    await page.waitForFunction(() => document.querySelector('#one').report);
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'one');
    const name = await page.evaluate(() => document.querySelector('#one').shadowRoot.activeElement.getAttribute('aria-label'));
    assert.match(name, /Bar A \(OBB\), Bar B \(OBB\); Bar A and Bar B are separated by the axis A\.u2 × B\.u1/);
    const stepText = () => page.evaluate(() => document.querySelector('#one').shadowRoot.querySelector('.step h3')?.textContent ?? '');
    await page.keyboard.press('n');
    assert.match(await stepText(), /^Step 1 of 15 · A\.u0/);
    await page.keyboard.press('n');
    await page.keyboard.press('n');
    assert.match(await stepText(), /^Step 3 of 15/);
    await page.keyboard.press('p');
    assert.match(await stepText(), /^Step 2 of 15/);
    const pixels = await pixelsOf(page, '#one');
    const camera = () => page.evaluate(() => document.querySelector('#one').shadowRoot.querySelector('canvas').toDataURL().length);
    const c0 = await camera();
    await page.keyboard.press('ArrowLeft');
    await settle(page);
    assert.notEqual(await camera(), c0, 'the arrow turned the view');
    assert.ok(pixels.drawn > 200);
    await page.keyboard.press('Escape');
    assert.equal(await stepText(), '');
  });

  test('the step attribute opens the stepper at axis N, and works under script-src \'self\' \'wasm-unsafe-eval\'', async () => {
    const page = await blankPage(browser, { viewport: { width: 1000, height: 900 } });
    await page.goto(`${server.url}pages/two.html?csp=strict`);
    await page.waitForFunction(() => document.querySelector('#one').report);
    await page.evaluate(() => document.querySelector('#one').setAttribute('step', '14'));
    await settle(page);
    assert.match(await page.evaluate(() => document.querySelector('#one').shadowRoot.querySelector('.step h3').textContent), /^Step 14 of 15 · A\.u2 × B\.u1/);
    const px = await pixelsOf(page, '#one');
    assert.ok(px.drawn > 200, 'drew under the strict policy');
    assert.deepEqual(page.problems, { errors: [], console: [], dialogs: [], csp: [], failed: [] });
  });

  test('under a policy without \'wasm-unsafe-eval\', init() rejects saying what to add, the demo shows it in its box, and no .wasm is fetched', async () => {
    const blocked = "this page's Content-Security-Policy blocks WebAssembly: add 'wasm-unsafe-eval' to script-src";
    for (const [width, height] of [[1280, 800], [390, 844]]) {
      const page = await blankPage(browser, { viewport: { width, height } });
      const wasm = [];
      const onRequest = (r) => { if (new URL(r.url()).pathname.endsWith('.wasm')) wasm.push(r.url()); };
      page.on('request', onRequest);
      await page.goto(`${server.url}pages/blocked.html?csp=no-wasm`);
      await page.waitForFunction(() => document.querySelector('#blocked').error, null, { timeout: 10_000 });
      assert.equal(await page.evaluate(() => document.querySelector('#blocked').error), `the demo could not start: ${blocked}`);
      assert.equal(await messageOf(page, '#blocked'), `This demo cannot show its scene: the demo could not start: ${blocked}.`);
      // The package itself, with the World and without: the same words, and a later init() again.
      const rejections = await page.evaluate(async () => {
        const { init } = await import('/dist/index.js');
        const reason = (p) => p.then(() => 'resolved', (e) => `${e.constructor.name}: ${e.message}`);
        return [await reason(init()), await reason(init({ world: false })), await reason(init())];
      });
      assert.deepEqual(rejections, [`Error: ${blocked}`, `Error: ${blocked}`, `Error: ${blocked}`]);
      // Found before fetching: the module that could not be compiled is not downloaded at all.
      assert.deepEqual(wasm, []);
      assert.deepEqual(page.problems.errors, []);
      assert.deepEqual(page.problems.console, []);
      assert.ok(page.problems.csp.length > 0 && page.problems.csp.every((v) => /^script-src(-elem)? wasm-eval$/.test(v)), page.problems.csp.join('; '));
      await shot(page, `45-demo-csp-blocks-wasm-${width}`);
      page.off('request', onRequest);
    }
  });

  test('axe finds no contrast or naming violations in the dark and the light demo, with every panel open and the stepper on', async () => {
    const page = await blankPage(browser, { viewport: { width: 1000, height: 1000 } });
    await page.goto(`${server.url}pages/two.html`);
    await page.waitForFunction(() => document.querySelector('#one').report && document.querySelector('#two').report);
    await page.evaluate(() => {
      for (const d of document.querySelectorAll('sepaxis-demo')) {
        d.setAttribute('panels', 'verdict,inspector,stepper,axes,toolbar');
        d.setAttribute('step', '1');
      }
    });
    await settle(page);
    assert.deepEqual(await axeViolations(page), []);
    await shot(page, '44-demo-light-and-dark');
  });

  test('a moving scene and a fit scene load the full module: time, Play, the sweep\'s time lines and the contact; the fitted volumes with their ratios; axe finds nothing (screenshots)', async () => {
    const page = await openPage(browser, { viewport: { width: 1280, height: 800 } });
    const { files, gzipTotal } = await firstDemoBytes(page, `${server.url}pages/moving.html`,
      (p) => p.waitForFunction(() => document.querySelector('#bullet').sweep && document.querySelector('#fit').fits, null, { timeout: 30_000 }));
    console.log(`# a moving demo and a fit load ${files.length} files, ${gzipTotal} bytes gzipped: ${files.map((f) => `${f.file} ${f.gzip}`).join(', ')}`);
    const names = files.map((f) => f.file);
    assert.ok(names.includes('sepaxis-wasm.wasm') && names.includes('demo-demo-full.js'), `the full module and what shows motion: ${names}`);
    assert.ok(!names.includes('sepaxis-core.wasm'), 'not the small module too: the scene attribute asked for the full one');
    const state = () => page.evaluate(() => {
      const d = document.querySelector('#bullet');
      const root = d.shadowRoot;
      const rows = [...root.querySelectorAll('.axis-row')];
      return {
        hit: d.sweep.hit, time: d.sweep.time, overlap: d.report.overlap, touching: d.report.touching,
        readout: root.querySelector('.time-readout').textContent,
        timelines: rows.filter((r) => !r.querySelector('.timeline').hidden).length,
        contacts: rows.filter((r) => !r.querySelector('.timeline .contact').hidden).length,
        name: root.querySelector('canvas').getAttribute('aria-label'),
      };
    });
    const start = await state();
    assert.deepEqual({ ...start, name: undefined }, { hit: true, time: 2.75 / 6, overlap: false, touching: false, readout: 't = 0', timelines: 15, contacts: 15, name: undefined });
    assert.match(start.name, /Wall and Bullet are separated by the axis A\.x at t = 0; moving, they first touch at t = 0\.458/);
    await page.locator('#bullet').getByRole('button', { name: 'Go to the contact' }).click();
    await page.waitForFunction(() => document.querySelector('#bullet').report.overlap);
    assert.equal((await state()).touching, true, 'at the contact the pair touches');
    await shot(page, '45-demo-moving-contact');
    // The slider is a time: the keyboard moves it, and the report follows.
    const slider = page.locator('#bullet').getByRole('slider', { name: 'Time t' });
    await slider.focus();
    await page.keyboard.press('End');
    await page.waitForFunction(() => document.querySelector('#bullet').shadowRoot.querySelector('.time-readout').textContent === 't = 1');
    assert.equal((await state()).overlap, false, 'past the wall at t = 1');
    // Play runs from the start again to the end of the range.
    await page.locator('#bullet').getByRole('button', { name: 'Play' }).click();
    await page.waitForFunction(() => { const t = document.querySelector('#bullet').shadowRoot.querySelector('.time-readout').textContent; return t !== 't = 1' && t !== 't = 0'; });
    await page.waitForFunction(() => document.querySelector('#bullet').shadowRoot.querySelector('.time-readout').textContent === 't = 1', null, { timeout: 10_000 });
    // A speed typed in the inspector is a new sweep (report event with it).
    const swept = page.evaluate(() => new Promise((resolve) => {
      const d = document.querySelector('#bullet');
      d.addEventListener('report', (e) => { if (e.detail.sweep && !e.detail.sweep.hit) resolve(e.detail.sweep.hit); });
    }));
    const vx = page.locator('#bullet .card.inspector input[data-path="velocity.0"]');
    await vx.fill('1');
    await vx.press('Enter');
    assert.equal(await swept, false, 'at 1 unit per unit of time it stays short of the wall');
    assert.deepEqual(await page.evaluate(() => document.querySelector('#bullet').scene.volumes[1].velocity), [1, 0, 0]);

    const fit = await page.evaluate(() => {
      const d = document.querySelector('#fit');
      return { fits: d.fits.map((f) => [f.id, Number(f.ratio.toFixed(3))]), rows: d.shadowRoot.querySelectorAll('.fit-table tbody tr').length, report: d.report, scene: d.scene, name: d.shadowRoot.querySelector('canvas').getAttribute('aria-label') };
    });
    assert.deepEqual(fit.fits, [['aabb', 2.997], ['sphere', 13.678], ['obb-tight', 1], ['kdop14', 1.829]]);
    assert.equal(fit.rows, 4);
    assert.equal(fit.report, null, 'a fit has no pair');
    assert.deepEqual(fit.scene, { fit: { points: 'rod', volumes: ['aabb', 'sphere', 'obb-tight', 'kdop14'], turn: { axis: [0, 0, 1], degrees: 35 } } });
    assert.match(fit.name, /^Fitting demo: 400 points \(rod\) with AABB 3\.00 times the hull, Minimal sphere 13\.68 times the hull/);
    // A still scene set on the fit demo shows its pair; and the fit comes back.
    await page.evaluate(() => { document.querySelector('#fit').scene = { volumes: [{ id: 'a', volume: { type: 'sphere', center: [0, 0, 0], radius: 1 } }, { id: 'b', volume: { type: 'sphere', center: [1.5, 0, 0], radius: 1 } }], selection: ['a', 'b'] }; });
    await page.waitForFunction(() => document.querySelector('#fit').report?.overlap === true && document.querySelector('#fit').fits === null);
    await page.evaluate(() => { document.querySelector('#fit').scene = { fit: { points: 'tetrahedron', volumes: ['kdop8'] } }; });
    await page.waitForFunction(() => document.querySelector('#fit').fits?.[0].id === 'kdop8');
    await settle(page);
    await page.locator('#fit').scrollIntoViewIfNeeded();
    await shot(page, '46-demo-fit');
    assert.deepEqual(await axeViolations(page), []);
    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page);
    await page.locator('#bullet').screenshot({ path: `${ARTIFACTS}47-demo-moving-390x844.png` });
    await page.locator('#fit').screenshot({ path: `${ARTIFACTS}47-demo-fit-390x844.png` });
    assert.deepEqual(page.problems, { errors: [], console: [], dialogs: [], csp: [], failed: [] });
    // The page's mesh demos are the next test's.
    movingPage = page;
  });

  test('a mesh scene (a built-in model, a model file by src) draws the mesh and its verdicts; bad meshes show their message (screenshots)', async () => {
    let page = movingPage;
    movingPage = null;
    if (!page) {
      page = await openPage(browser, { viewport: { width: 1280, height: 800 } });
      await page.goto(`${server.url}pages/moving.html`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.locator('#mesh').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelector('#mesh').mesh, null, { timeout: 30_000 });
    const terrain = await page.evaluate(() => {
      const d = document.querySelector('#mesh');
      return { mesh: d.mesh, card: d.shadowRoot.querySelector('.card.mesh').textContent, scene: d.scene.mesh, name: d.shadowRoot.querySelector('canvas').getAttribute('aria-label') };
    });
    assert.equal(terrain.mesh.triangles, 2050);
    assert.deepEqual(terrain.mesh.verdicts.map((v) => [v.id, v.overlap]), [['crate', false], ['ball', true]]);
    assert.ok(terrain.mesh.verdicts[1].volumeTests > 1 && terrain.mesh.verdicts[1].triangleTests > 0, JSON.stringify(terrain.mesh.verdicts));
    assert.match(terrain.card, /Terrain with a floor overlaps Ball; apart from the 1 other\./);
    assert.match(terrain.card, /the descent tested \d+ node volumes and \d+ of the 2,050 triangles/);
    assert.deepEqual(terrain.scene, { model: 'terrain', translation: [0, 0, 0], rotation: [0, 0, 0, 1] });
    assert.match(terrain.name, /the mesh Terrain with a floor \(2050 triangles\) overlaps Ball/);
    // The crate moved down onto the hills: the mesh meets it too (the mesh event says so).
    const met = page.evaluate(() => new Promise((resolve) => document.querySelector('#mesh').addEventListener('mesh', (e) => { if (e.detail.mesh.verdicts[0].overlap) resolve(true); })));
    await page.evaluate(() => { const d = document.querySelector('#mesh'); d.scene = { ...d.scene, volumes: [{ ...d.scene.volumes[0], volume: { type: 'aabb', min: [-0.3, 0, -0.3], max: [0.3, 0.6, 0.3] } }, d.scene.volumes[1]] }; });
    assert.equal(await met, true);
    await settle(page);
    await shot(page, '48-demo-mesh');
    await page.locator('#file').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelector('#file').mesh, null, { timeout: 30_000 });
    assert.deepEqual(await page.evaluate(() => document.querySelector('#file').mesh), { name: 'tetrahedron.obj', node: 'aabb', triangles: 4, verdicts: [{ id: 'probe', overlap: false, volumeTests: 1, triangleTests: 4 }], other: null });
    assert.deepEqual(await axeViolations(page), []);
    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page);
    await page.locator('#mesh').screenshot({ path: `${ARTIFACTS}48-demo-mesh-390x844.png` });
    // Bad meshes: each a message in the box, the page goes on.
    const probe = { volumes: [{ id: 'p', volume: { type: 'sphere', center: [0, 0, 0], radius: 0.2 } }] };
    for (const [mesh, message] of [
      [{ model: 'teapot' }, /mesh\.model must be one of "bunny", "torus-knot", "terrain", "wall" \(or give a src: a model file's URL\), got "teapot"/],
      [{ model: 'wall', rotation: [0, 0, 0, 3] }, /mesh\.rotation must be a unit quaternion/],
      [{ model: 'wall', translation: [0, 'up', 0] }, /mesh\.translation\[1\] must be a finite number/],
      [{ src: 'missing.stl' }, /the mesh at missing\.stl could not be loaded \(HTTP 404\)/],
      [{ src: 'two.html' }, /mesh\.src must be the URL of an STL, OBJ, PLY, glTF or GLB file, got "two\.html"/],
      [{ src: 'pages.css#.stl' }, /mesh\.src must be the URL/],
      [{ src: 'https://example.com/a.stl' }, /mesh\.src must be a file of this site/],
      [{ src: 'moving.html?.obj' }, /mesh\.src must be the URL/],
    ]) {
      await page.evaluate((scene) => { document.querySelector('#file').scene = scene; }, { ...probe, mesh });
      await page.waitForFunction(() => document.querySelector('#file').error, null, { timeout: 10_000 });
      assert.match(await messageOf(page, '#file'), message);
      assert.equal(await page.evaluate(() => document.querySelector('#file').mesh), null);
      assert.equal(await page.evaluate(() => document.querySelector('#file').shadowRoot.querySelector('.mesh-caption')?.textContent ?? 'No mesh.'), 'No mesh.', 'the card shows no mesh of an earlier scene');
    }
    await page.locator('#file').screenshot({ path: `${ARTIFACTS}48-demo-mesh-error-390x844.png` });
    // The browser logs the missing model file's 404, and nothing else.
    const { console: logged, failed, ...others } = page.problems;
    assert.deepEqual(others, { errors: [], dialogs: [], csp: [] });
    assert.deepEqual(logged.filter((m) => !/status of 404/.test(m)), []);
    assert.deepEqual(failed.map((f) => f.replace(/^(\d+) .*\//, '$1 ')), ['404 missing.stl']);
    await page.context().close();
  });

  test('embed.html (served with the app) shows the demo full-window, in an iframe of another site', async () => {
    const page = await blankPage(browser, { viewport: { width: 1000, height: 800 } });
    const scene = { volumes: [sphere('a', 0, 1, 'Ball'), sphere('b', 3, 1, 'Other')], selection: ['a', 'b'] };
    const hash = `#scene=${Buffer.from(deflateRawSync(Buffer.from(JSON.stringify(scene)))).toString('base64url')}`;
    await page.goto(`${server.url}pages/frame.html`);
    await page.evaluate((src) => { document.querySelector('iframe').src = src; }, `${BASE_URL}embed.html?panels=verdict,stepper${hash}`);
    const frame = page.frameLocator('iframe');
    await frame.locator('sepaxis-demo').waitFor();
    const child = page.frames().find((f) => f.url().includes('embed.html'));
    await child.waitForFunction(() => document.querySelector('sepaxis-demo').report);
    assert.equal(await child.evaluate(() => document.querySelector('sepaxis-demo').report.overlap), false);
    assert.match(await child.evaluate(() => document.querySelector('sepaxis-demo').shadowRoot.querySelector('.verdict').textContent), /Separated.*Ball.*Other/s);
    await child.waitForFunction(() => {
      const c = document.querySelector('sepaxis-demo').shadowRoot.querySelector('canvas');
      return c.width > 100;
    });
    await shot(page, '42-demo-iframe');
    // A damaged link says so in the frame.
    await page.evaluate((src) => { document.querySelector('iframe').src = src; }, `${BASE_URL}embed.html#scene=abc$def`);
    const again = page.frames().find((f) => f.url().includes('embed.html'));
    await again.waitForSelector('#embed-error:not([hidden])');
    assert.match(await again.textContent('#embed-error'), /cannot show its scene: the scene data in the link is damaged/);
    assert.deepEqual(page.problems.errors, []);
  });
});
