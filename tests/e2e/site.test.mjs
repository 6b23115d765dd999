// The tutorial site (web/site, built into build/site by `npm run build:site`), as the app's server
// serves it at /tutorial/: with the app's headers (hashed files immutable, nothing outside
// build/site reachable); every page loads under the app's Content-Security-Policy with no console
// error, no uncaught exception and no CSP violation, and has its one h1 and the site's navigation;
// moving to the next page in the page (VitePress renders it from script), searching and the dark
// theme break no rule either; a demo's link opens its scene in the visualizer; axe finds no WCAG
// AA violation; nothing is wider than a phone's screen; every lesson's demo shows its panels whole
// (nothing scrolls or is cut inside it); lesson 2's exercises are done in its demo's inspector and
// with the keys, lesson 10's with the mouse (the crate inside the bounding sphere is dragged); the
// performance page shows its nine charts with their tables and provenance, axe-clean in the light
// and the dark theme. Screenshots of the home page, every lesson and its demos and the performance
// page at 1280×800 and 390×844 go to test-results/e2e/. Builds nothing: `npm test` builds the
// site first.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ARTIFACTS, BASE_URL, axeViolations, blankPage, demoScreenPoint, launch, settle, shot } from './browser.mjs';

const SITE = fileURLToPath(new URL('../../build/site/', import.meta.url));
const SITE_URL = new URL('tutorial/', BASE_URL);
const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Every page of the built site, as a path under /tutorial/ ('' for the home page). */
function sitePages() {
  if (!existsSync(`${SITE}index.html`)) throw new Error('build/site is missing: run `npm run build:site` first');
  return readdirSync(SITE, { recursive: true })
    .filter((f) => f.endsWith('.html') && f !== '404.html')
    .map((f) => f.replace(/(^|\/)index\.html$/, '$1'))
    .sort();
}

/** Loads a page of the site and waits until VitePress has taken it over (hydrated). */
async function loadSitePage(page, path) {
  const response = await page.goto(new URL(path, SITE_URL).href);
  await page.waitForFunction(() => document.querySelector('#app')?.__vue_app__ !== undefined, null, { timeout: 30_000 });
  await page.evaluate(() => document.fonts.ready);
  return response;
}

function assertNoProblems(page, where) {
  const { errors, console: consoleErrors, csp, dialogs, failed } = page.problems;
  assert.deepEqual({ errors, console: consoleErrors, csp, dialogs, failed }, { errors: [], console: [], csp: [], dialogs: [], failed: [] }, where);
}

/**
 * Asserts that every demo of the lesson loaded in `page` (at `path`) shows its panels whole at
 * `size` ("1280x800"): nothing scrolls or is cut inside it and its view is at least 240 px tall.
 * Screenshots: at 1280×800 each demo, at a phone's width the whole page (its demos one under the
 * other, as a phone shows them).
 */
async function assertLessonDemosWhole(page, path, size) {
  const name = path.replace(/^lessons\/|\.html$/g, '');
  const count = await page.locator('sepaxis-demo').count();
  for (let i = 0; i < count; i++) {
    const demo = page.locator('sepaxis-demo').nth(i);
    await demo.scrollIntoViewIfNeeded();
    await page.waitForFunction((k) => { const d = document.querySelectorAll('sepaxis-demo')[k]; return d.report || d.fits || d.mesh; }, i, { timeout: 10_000 });
    await settle(page);
    const layout = await demo.evaluate((host) => {
      const root = host.shadowRoot;
      const box = (el) => el.getBoundingClientRect();
      const inside = (inner, outer) => inner.top >= outer.top - 0.5 && inner.bottom <= outer.bottom + 0.5 && inner.left >= outer.left - 0.5 && inner.right <= outer.right + 0.5;
      const scrolls = (el) => el && el.scrollHeight > el.clientHeight + 1 ? `${el.className}: ${el.scrollHeight} px in ${el.clientHeight}` : null;
      const demoBox = box(root.querySelector('.demo'));
      const panels = root.querySelector('.panels');
      const cut = [...root.querySelectorAll('.card, .scene-stats, .axis-row, .step-nav')]
        .filter((el) => el.getClientRects().length && !(inside(box(el), box(panels)) && inside(box(el), demoBox)))
        .map((el) => el.className);
      return {
        scrolling: [root.querySelector('.demo'), panels, ...root.querySelectorAll('.card, .axis-list')].map(scrolls).filter(Boolean),
        cut,
        view: box(root.querySelector('.view')).height,
      };
    });
    assert.deepEqual(layout.scrolling, [], `${path} demo ${i + 1} at ${size}: nothing scrolls inside the demo`);
    assert.deepEqual(layout.cut, [], `${path} demo ${i + 1} at ${size}: no panel is cut`);
    assert.ok(layout.view >= 240, `${path} demo ${i + 1} at ${size}: the view is ${layout.view} px tall`);
    if (size !== '1280x800') continue;
    // The page's fixed bars would cover the top of a demo taller than the window.
    const bars = (visibility) => page.evaluate((v) => { for (const el of document.querySelectorAll('.VPNav, .VPLocalNav')) el.style.visibility = v; }, visibility);
    await bars('hidden');
    await demo.screenshot({ path: `${ARTIFACTS}site-${name}-demo${i + 1}-${size}.png` });
    await bars('');
  }
  if (size !== '1280x800') await page.screenshot({ path: `${ARTIFACTS}site-${name}-${size}.png`, fullPage: true });
}

describe('the tutorial site', () => {
  const pages = sitePages();
  let browser;
  before(async () => { browser = await launch(); });
  after(async () => { await browser?.close(); });

  test('has the home page, the thirteen lessons, the guides, the API reference and the performance page', () => {
    for (const path of ['', 'guide/getting-started.html', 'guide/batches.html', 'guide/world.html', 'guide/exactness.html', 'guide/embed.html', 'api/', 'api/sepaxis.html', 'api/sepaxis/three.html', 'performance.html']) {
      assert.ok(pages.includes(path), `${path || 'index.html'} is built`);
    }
    assert.equal(pages.filter((p) => p.startsWith('lessons/')).length, 13, pages.join(' '));
  });

  test('the server sends the site with the app\'s headers, hashed files cached for good, 404s for the rest', async () => {
    const head = (path) => fetch(new URL(path, BASE_URL), { method: 'HEAD', redirect: 'manual' });
    const app = await head('./');
    const home = await head('tutorial/');
    assert.equal(home.status, 200);
    assert.match(home.headers.get('content-type'), /^text\/html/);
    for (const name of ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'cross-origin-opener-policy', 'cross-origin-embedder-policy']) {
      assert.equal(home.headers.get(name), app.headers.get(name), name);
    }
    assert.equal(home.headers.get('cache-control'), 'no-cache');
    const moved = await head('tutorial');
    assert.equal(moved.status, 301);
    assert.equal(moved.headers.get('location'), '/tutorial/');
    const html = await (await fetch(new URL('tutorial/', BASE_URL))).text();
    const script = html.match(/<script type="module" src="\/tutorial\/(assets\/app\.[\w-]+\.js)"/)[1];
    const asset = await head(`tutorial/${script}`);
    assert.match(asset.headers.get('content-type'), /^text\/javascript/);
    assert.equal(asset.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal(asset.headers.get('content-security-policy'), app.headers.get('content-security-policy'));
    for (const path of ['tutorial/missing.html', 'tutorial/assets/missing.js', 'tutorial/..%2f..%2fpackage.json', 'tutorial/%2e%2e/%2e%2e/package.json']) {
      const res = await head(path);
      assert.equal(res.status, 404, path);
      assert.equal(res.headers.get('cache-control'), 'no-cache', path);
    }
  });

  test('every page loads under the CSP with no error, and has one h1 and the navigation; every lesson\'s demo shows its panels whole at 1280×800 and 390×844 (screenshots)', async () => {
    const page = await blankPage(browser, { viewport: WIDE });
    for (const path of pages) {
      const response = await loadSitePage(page, path);
      assert.equal(response.status(), 200, path);
      assert.match(response.headers()['content-security-policy'], /script-src 'self' 'wasm-unsafe-eval'; style-src 'self';/, path);
      const shape = await page.evaluate(() => ({
        h1: [...document.querySelectorAll('h1')].filter((h) => h.getClientRects().length > 0).map((h) => h.textContent.trim()),
        nav: document.querySelectorAll('header nav a[href]').length,
        sidebar: document.querySelectorAll('.VPSidebar a[href]').length,
        demos: [...document.querySelectorAll('sepaxis-demo')].map((d) => d.id || d.getAttribute('scene').slice(0, 40)),
      }));
      if (path.startsWith('lessons/')) assert.ok(shape.demos.length >= 1, `${path}: a demo`);
      // Every demo draws when scrolled into view and shows its scene's report, with no error.
      const count = shape.demos.length;
      for (let i = 0; i < count; i++) {
        const demo = page.locator('sepaxis-demo').nth(i);
        await demo.scrollIntoViewIfNeeded();
        // A fit demo has fits instead of a report; a mesh demo without a pair, its mesh.
        await page.waitForFunction((k) => { const d = document.querySelectorAll('sepaxis-demo')[k]; return d.report !== null || d.fits !== null || d.mesh !== null || d.error; }, i, { timeout: 10_000 });
        const drawn = await page.waitForFunction((k) => {
          const d = document.querySelectorAll('sepaxis-demo')[k];
          const canvas = d.shadowRoot.querySelector('canvas');
          if (canvas.width < 50) return false;
          const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
          let lit = 0;
          for (let j = 0; j < data.length; j += 4 * 11) if (data[j] + data[j + 1] + data[j + 2] > 150) lit++;
          return lit > 100 ? { error: d.error, lit } : false;
        }, i, { timeout: 10_000 }).then((h) => h.jsonValue());
        assert.equal(drawn.error, null, `${path}: demo ${i + 1} (${shape.demos[i]}) shows its scene`);
      }
      assert.equal(shape.h1.length, 1, `${path}: one visible h1 (${shape.h1.join(' | ')})`);
      assert.ok(shape.h1[0].length > 0, `${path}: the h1 has text`);
      assert.ok(shape.nav >= 3, `${path}: the top navigation has its links`);
      if (path !== '') assert.ok(shape.sidebar >= 12, `${path}: the sidebar lists the lessons, guides and API pages`);
      if (path.startsWith('lessons/')) {
        await assertLessonDemosWhole(page, path, '1280x800');
        // The same page at a phone's size: the layout follows the width alone (no style of the
        // demo or the site asks for touch), so a resize shows what a phone loading it would.
        await page.setViewportSize(PHONE);
        await assertLessonDemosWhole(page, path, '390x844');
        await page.setViewportSize(WIDE);
      }
      assertNoProblems(page, path);
    }
  });

  test('a lesson\'s exercise is checked by its demo: done once the demo\'s report meets the goal', async () => {
    const page = await blankPage(browser, { viewport: { width: 1280, height: 800 } });
    await loadSitePage(page, 'lessons/4-obbs-and-sat');
    const exercise = page.locator('sepaxis-exercise[for="demo-4"]');
    await exercise.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.getElementById('demo-4').report);
    assert.match(await exercise.textContent(), /Not yet/);
    // The reader moves bar B far along A's first axis: a face normal now separates the bars.
    await page.evaluate(() => {
      const demo = document.getElementById('demo-4');
      const scene = demo.scene;
      scene.volumes[1].volume.center = [4, 0, 0];
      demo.scene = scene;
    });
    await page.waitForFunction(() => document.querySelector('sepaxis-exercise[for="demo-4"]').classList.contains('done'));
    assert.match(await exercise.textContent(), /Done/);
    assert.equal(await page.evaluate(() => document.getElementById('demo-4').report.axes[document.getElementById('demo-4').report.separatingAxis].kind), 'face');
    await page.screenshot({ path: `${ARTIFACTS}site-exercise-done.png` });
    assertNoProblems(page, 'lessons/4-obbs-and-sat');
  });

  test('lesson 2\'s touching exercise is done by typing sphere B\'s radius in the demo\'s inspector', async () => {
    const page = await blankPage(browser, { viewport: { width: 1280, height: 800 } });
    await loadSitePage(page, 'lessons/2-spheres.html');
    const exercise = page.locator('sepaxis-exercise[for="demo-2"]', { hasText: 'Grow sphere B' });
    await exercise.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.getElementById('demo-2').report);
    assert.match(await exercise.textContent(), /Not yet/);
    const radius = page.locator('#demo-2 .card.inspector input[data-path="radius"]');
    assert.equal(await radius.inputValue(), '1.2', 'the inspector shows sphere B');
    await radius.fill('1.5');
    await radius.press('Enter');
    await page.waitForFunction(() => document.querySelector('sepaxis-exercise.done'));
    assert.match(await exercise.textContent(), /Done/);
    assert.equal(await page.evaluate(() => document.getElementById('demo-2').report.touching), true);
    assertNoProblems(page, 'lessons/2-spheres');
  });

  test('lesson 8: the bullet\'s sweep is drawn in time; its exercises are done by typing speeds in the inspector, checked by the demo\'s own sweep; Play runs the time', async () => {
    const page = await blankPage(browser, { viewport: { width: 1280, height: 800 } });
    await loadSitePage(page, 'lessons/8-sweeping.html');
    const first = page.locator('#demo-8-bullet');
    await first.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.getElementById('demo-8-bullet').sweep);
    const shown = await first.evaluate((d) => {
      const root = d.shadowRoot;
      const rows = [...root.querySelectorAll('.axis-row')];
      return {
        hit: d.sweep.hit, time: d.sweep.time, overlap: d.report.overlap,
        summary: root.querySelector('.sweep-summary').textContent,
        timelines: rows.filter((r) => !r.querySelector('.timeline').hidden).length,
        contacts: rows.filter((r) => !r.querySelector('.timeline .contact').hidden).length,
      };
    });
    assert.equal(shown.hit, true);
    assert.ok(Math.abs(shown.time - 2.75 / 6) < 1e-9, `first contact at ${shown.time}`);
    assert.equal(shown.overlap, false, 'apart at t = 0');
    assert.match(shown.summary, /Hit — A and B first touch at t = 0\.4583/);
    assert.equal(shown.timelines, 15, 'each axis has its time line');
    assert.equal(shown.contacts, 15, 'the first contact is marked on each');
    // The slider at the contact: the pair touches there.
    await first.locator('.motion .small', { hasText: 'Go to the contact' }).click();
    await page.waitForFunction(() => document.getElementById('demo-8-bullet').report.overlap);
    assert.equal(await page.evaluate(() => document.getElementById('demo-8-bullet').report.touching), true);
    await first.screenshot({ path: `${ARTIFACTS}site-sweeping-contact.png` });
    // Play runs t from the contact to the end of the range.
    await first.locator('button.play').click();
    await page.waitForFunction(() => document.getElementById('demo-8-bullet').shadowRoot.querySelector('.time-readout').textContent === 't = 1', null, { timeout: 10_000 });
    assert.equal(await page.evaluate(() => document.getElementById('demo-8-bullet').report.overlap), false, 'past the wall at t = 1');

    const demo = page.locator('#demo-8');
    await demo.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.getElementById('demo-8').sweep);
    const status = () => page.$$eval('sepaxis-exercise[for="demo-8"]', (els) => els.map((e) => e.classList.contains('done')));
    assert.deepEqual(await status(), [false, false]);
    const vx = demo.locator('.card.inspector input[data-path="velocity.0"]');
    assert.equal(await vx.inputValue(), '2', 'the inspector shows the bullet\'s speed');
    await vx.fill('3');
    await vx.press('Enter');
    await page.waitForFunction(() => document.querySelector('sepaxis-exercise[for="demo-8"]').classList.contains('done'));
    assert.deepEqual(await status(), [true, false], 'at 3 it reaches the wall, but is not past it at t = 1');
    await vx.fill('5');
    await vx.press('Enter');
    await page.waitForFunction(() => [...document.querySelectorAll('sepaxis-exercise[for="demo-8"]')].every((e) => e.classList.contains('done')));
    assert.equal(await page.evaluate(() => document.getElementById('demo-8').scene.volumes[1].velocity[0]), 5);
    assertNoProblems(page, 'lessons/8-sweeping.html');
  });

  test('lesson 9: each fit demo draws its points and lists its volumes\' ratios; the quizzes are checked against the demos\' own fits; axe finds nothing in them', async () => {
    const page = await blankPage(browser, { viewport: { width: 1280, height: 800 } });
    await loadSitePage(page, 'lessons/9-fitting.html');
    const ids = ['fit-rod', 'fit-tetrahedron', 'fit-square', 'fit-turned'];
    for (const id of ids) {
      await page.locator(`#${id}`).scrollIntoViewIfNeeded();
      await page.waitForFunction((i) => document.getElementById(i).fits, id);
    }
    const tables = await page.evaluate((list) => list.map((id) => {
      const d = document.getElementById(id);
      return [...d.shadowRoot.querySelectorAll('.fit-table tbody tr')].map((r) => [r.dataset.id, r.querySelector('.ratio').textContent]);
    }), ids);
    assert.deepEqual(tables[0], [['aabb', '8.105'], ['sphere', '13.678'], ['obb-tight', '1.000'], ['kdop26', '2.555']]);
    assert.deepEqual(tables[1].find(([id]) => id === 'kdop8'), ['kdop8', '1.000']);
    const tightest = page.locator('sepaxis-fit-quiz[ask="tightest"]');
    await tightest.scrollIntoViewIfNeeded();
    await tightest.getByLabel('AABB', { exact: true }).check();
    await tightest.getByRole('button', { name: 'Check' }).click();
    assert.match(await tightest.locator('.exercise-status').textContent(), /^Not yet: AABB is not the answer/);
    await tightest.getByLabel('8-DOP', { exact: true }).check();
    await tightest.getByRole('button', { name: 'Check' }).click();
    assert.match(await tightest.locator('.exercise-status').textContent(), /^✓ Right: the demo's fits say 8-DOP/);
    const changed = page.locator('sepaxis-fit-quiz[ask="changed"]');
    await changed.scrollIntoViewIfNeeded();
    await changed.getByLabel('AABB', { exact: true }).check();
    await changed.getByRole('button', { name: 'Check' }).click();
    assert.doesNotMatch(await changed.locator('.exercise-status').textContent(), /Right/, 'the 14-DOP changed too');
    await changed.getByLabel('14-DOP', { exact: true }).check();
    await changed.getByRole('button', { name: 'Check' }).click();
    assert.match(await changed.locator('.exercise-status').textContent(), /^✓ Right: the demo's fits say AABB, 14-DOP/);
    assert.equal(await changed.evaluate((q) => q.classList.contains('done')), true);
    // The points are drawn, in their colour (#c5cfdd), which no outline has.
    const dots = await page.evaluate(() => {
      const canvas = document.getElementById('fit-tetrahedron').shadowRoot.querySelector('canvas');
      const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
      let n = 0;
      for (let j = 0; j < data.length; j += 4) if (Math.abs(data[j] - 0xc5) + Math.abs(data[j + 1] - 0xcf) + Math.abs(data[j + 2] - 0xdd) < 12) n++;
      return n;
    });
    assert.ok(dots > 200, `${dots} pixels of the points' colour`);
    // The questions' form (the fit card inside the demo is checked in demo.test.mjs).
    assert.deepEqual(await axeViolations(page, 'sepaxis-fit-quiz'), []);
    await page.locator('sepaxis-fit-quiz[ask="changed"]').screenshot({ path: `${ARTIFACTS}site-fitting-quiz-done.png` });
    assertNoProblems(page, 'lessons/9-fitting.html');
  });

  test('lesson 12\'s exercise is done in the tree card: 26-DOPs at depth 7 enclose less than the knot\'s hull, the nodes drawn around it', async () => {
    const page = await blankPage(browser, { viewport: { width: 1280, height: 800 } });
    await loadSitePage(page, 'lessons/12-hierarchies.html');
    const demo = page.locator('#demo-12');
    await demo.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelector('#demo-12').tree, null, { timeout: 20_000 });
    const status = page.locator('sepaxis-exercise[for="demo-12"] .exercise-status');
    assert.match(await status.textContent(), /Not yet/);
    await demo.getByRole('combobox', { name: 'Node type' }).selectOption('kdop26');
    const depth = demo.getByRole('slider', { name: 'Tree depth' });
    await depth.focus();
    for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('#demo-12').tree.depth === 7);
    const tree = await page.evaluate(() => document.querySelector('#demo-12').tree);
    assert.deepEqual([tree.node, tree.count, tree.rows.length], ['kdop26', 128, 8]);
    assert.ok(tree.ratio < 1, `${tree.ratio}`);
    assert.match(await status.textContent(), /Done/);
    await settle(page);
    await demo.screenshot({ path: `${ARTIFACTS}site-12-hierarchies-done-1280x800.png` });
    assertNoProblems(page, 'lessons/12-hierarchies.html');
  });

  test('lesson 13\'s bunny is turned from the keyboard in the mesh card\'s rotation fields until its descent tests fewer than 50 nodes, and the exercise says Done', async () => {
    const page = await blankPage(browser, { viewport: { width: 1280, height: 800 } });
    await loadSitePage(page, 'lessons/13-descent.html');
    const demo = page.locator('#demo-13-bunny');
    await demo.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelector('#demo-13-bunny').mesh, null, { timeout: 30_000 });
    const status = page.locator('sepaxis-exercise[for="demo-13-bunny"] .exercise-status');
    const ball = () => page.evaluate(() => document.querySelector('#demo-13-bunny').mesh.verdicts[0]);
    assert.match(await status.textContent(), /Not yet/);
    assert.ok((await ball()).volumeTests >= 50, JSON.stringify(await ball()));
    const turn = demo.getByRole('group', { name: 'Move and turn the mesh' }).getByRole('spinbutton', { name: 'Euler angles (degrees, XYZ order) y' });
    await turn.focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('40');
    await page.keyboard.press('ArrowUp');  // a step of 5°
    await page.waitForFunction(() => document.querySelector('sepaxis-exercise[for="demo-13-bunny"]').classList.contains('done'));
    const done = await ball();
    assert.ok(done.overlap && done.volumeTests < 50, JSON.stringify(done));
    assert.match(await status.textContent(), /Done/);
    // The demo's scene holds the turn: 45° about y.
    const { rotation } = await page.evaluate(() => document.querySelector('#demo-13-bunny').scene.mesh);
    const half = (45 * Math.PI) / 360;
    [0, Math.sin(half), 0, Math.cos(half)].forEach((q, i) => assert.ok(Math.abs(rotation[i] - q) < 1e-9, `${rotation}`));
    assert.match(await demo.locator('.mesh-descent').textContent(), new RegExp(`tested ${done.volumeTests} node volumes`));
    assert.deepEqual(await axeViolations(page, '#demo-13-bunny'), []);
    await settle(page);
    await demo.screenshot({ path: `${ARTIFACTS}site-13-descent-done-1280x800.png` });
    assertNoProblems(page, 'lessons/13-descent.html');
  });

  test('lesson 10\'s crate, inside the bar\'s bounding sphere, is dragged out with the mouse, and the exercise says Done', async () => {
    const page = await blankPage(browser, { viewport: { width: 1280, height: 800 } });
    await loadSitePage(page, 'lessons/10-choosing.html');
    const demo = page.locator('#demo-10');
    await demo.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.getElementById('demo-10').report);
    // A camera the test knows, to find the crate on the screen.
    const camera = { position: [5.5, 4.2, 7.5], target: [0, 0, 0] };
    await page.evaluate((c) => document.getElementById('demo-10').setAttribute('camera', JSON.stringify(c)), camera);
    await settle(page);
    const crate = await demoScreenPoint(page, '#demo-10', camera, [0.6, 1.4, 0]);
    await page.mouse.move(crate.x, crate.y);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++) await page.mouse.move(crate.x, crate.y - 10 * i);
    await page.mouse.up();
    await page.waitForFunction(() => document.querySelector('sepaxis-exercise[for="demo-10"]').classList.contains('done'));
    const ball = await page.evaluate(() => document.getElementById('demo-10').scene.volumes.find((v) => v.id === 'ball').volume.center);
    assert.deepEqual(ball, [0, 0, 0], 'the sphere stayed');
    assertNoProblems(page, 'lessons/10-choosing.html');
  });

  test('lesson 2\'s exercise is done from the keyboard alone: Shift+← moves sphere B into A', async () => {
    const page = await blankPage(browser, { viewport: { width: 1280, height: 800 } });
    await loadSitePage(page, 'lessons/2-spheres.html');
    await page.locator('#demo-2').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.getElementById('demo-2').report);
    // Tab through the page's links to the demo.
    for (let i = 0; i < 80 && !(await page.evaluate(() => document.activeElement?.id === 'demo-2')); i++) await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'demo-2', 'Tab reaches the demo');
    await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('Shift+ArrowLeft');
    await page.waitForFunction(() => document.querySelector('sepaxis-exercise[for="demo-2"]').classList.contains('done'));
    assertNoProblems(page, 'lessons/2-spheres.html');
  });

  test('lessons link to the next one, and the next page rendered in the page keeps to the CSP', async () => {
    const page = await blankPage(browser, { viewport: { width: 1280, height: 800 } });
    await loadSitePage(page, 'lessons/2-spheres.html');
    assert.ok(await page.locator('.pager-link.prev').count(), 'a link to the previous lesson');
    await page.locator('.pager-link.next').click();
    await page.waitForURL(/3-aabbs/);
    await page.waitForFunction(() => document.querySelector('h1')?.textContent.includes('Axis-aligned'));
    // The next page's code blocks were inserted by script: their colours must come from classes.
    const coloured = await page.evaluate(() => {
      const span = document.querySelector('.vp-doc pre.shiki code span.line span');
      return span ? getComputedStyle(span).getPropertyValue('--shiki-light').trim() : '#none';
    });
    assert.match(coloured, /^#[0-9A-Fa-f]{6}$/, 'code is coloured');
    assertNoProblems(page, 'after moving to lesson 3');
  });

  test('a demo\'s link opens its scene in the visualizer, and the navigation leads there too', async () => {
    const page = await blankPage(browser, { viewport: { width: 1280, height: 800 } });
    await loadSitePage(page, 'lessons/4-obbs-and-sat.html');
    await page.locator('p.open-in-visualizer a').first().click();
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
    await page.waitForFunction(() => window.sepaxisApp?.report !== null && window.sepaxisApp?.model.volumes.length === 2);
    const shown = await page.evaluate(() => {
      const { model, report } = window.sepaxisApp;
      return { names: model.volumes.map((v) => v.name), overlap: report.overlap, axis: report.axes[report.separatingAxis]?.label };
    });
    assert.deepEqual(shown, { names: ['Bar A', 'Bar B'], overlap: false, axis: 'A.u2 × B.u1' });
    await loadSitePage(page, '');
    await page.locator('header nav a', { hasText: 'Visualizer' }).click();
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
    assert.equal(new URL(page.url()).pathname, '/');
    assertNoProblems(page, 'the visualizer opened from the tutorial');
  });

  test('a demo of two meshes opens in the visualizer with both, their node types and poses, and their verdict', async () => {
    const page = await blankPage(browser, { viewport: { width: 1280, height: 800 } });
    await loadSitePage(page, 'lessons/13-descent.html');
    const link = page.locator('sepaxis-demo#demo-13-pair + p.open-in-visualizer a');
    assert.equal(await link.count(), 1, 'the scene of two meshes has its link');
    await link.click();
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
    await page.waitForFunction(() => window.sepaxisApp?.mesh.second?.current, null, { timeout: 30_000 });
    const shown = await page.evaluate(() => {
      const { mesh } = window.sepaxisApp;
      const pose = (m) => ({ translation: m.pose.translation.map((x) => +x.toFixed(6)), rotation: m.pose.rotation.map((x) => +x.toFixed(6)) });
      return {
        first: { model: mesh.current.model, node: mesh.current.node, ...pose(mesh.sceneMesh) },
        second: { model: mesh.second.current.model, node: mesh.second.current.node, ...pose(mesh.second) },
        meets: mesh.meetsSecond, text: document.querySelector('#mesh .mesh-second').textContent,
        // What the visualizer's own links and exports keep of them.
        kept: [mesh.toJSON(), mesh.secondToJSON()].map(({ model, node }) => ({ model, node })),
      };
    });
    assert.deepEqual(shown.first, { model: 'torus-knot', node: 'kdop14', translation: [0, 0, 0], rotation: [0, 0, 0, 1] });
    assert.deepEqual(shown.second, { model: 'terrain', node: 'aabb', translation: [0.9, -0.6, 0], rotation: [0, 0, 0.258819, 0.965926] });
    assert.deepEqual(shown.kept, [{ model: 'torus-knot', node: 'kdop14' }, { model: 'terrain', node: undefined }], 'a link keeps a node type other than AABBs');
    // The demo's verdict (the lesson's data-expect, held to the package by site-scenes.test.js).
    assert.equal(shown.meets, true);
    assert.match(shown.text, /^Torus knot meets Terrain with a floor: [\d,]+ triangle pairs? overlaps? \(marked\)/);
    assertNoProblems(page, 'the visualizer opened with two meshes');
  });

  test('search finds a lesson, and the dark theme switches, within the CSP', async () => {
    const page = await blankPage(browser, { viewport: { width: 1280, height: 800 } });
    await loadSitePage(page, '');
    await page.locator('#local-search button').click();
    await page.locator('#localsearch-input').fill('separating axis');
    await page.locator('#localsearch-list li').first().waitFor({ timeout: 10_000 });
    assert.ok(await page.locator('#localsearch-list li').count() > 0, 'results');
    await page.keyboard.press('Escape');
    const dark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    const before = await dark();
    await page.locator('.VPNavBarAppearance button').click();
    await page.waitForFunction((was) => document.documentElement.classList.contains('dark') !== was, before);
    assert.notEqual(await dark(), before);
    assertNoProblems(page, 'search and theme');
  });

  test('axe finds no contrast or naming violations on the home page, lessons (with code, in both themes) and the API page', async () => {
    const found = [];
    for (const [path, colorScheme] of [['', 'light'], ['lessons/10-choosing.html', 'light'], ['lessons/8-sweeping.html', 'dark'], ['api/sepaxis.html', 'light']]) {
      const page = await blankPage(browser, { viewport: { width: 1280, height: 800 }, media: { colorScheme } });
      await loadSitePage(page, path);
      found.push(...(await axeViolations(page)).map((line) => `${path} ${colorScheme}: ${line}`));
    }
    assert.deepEqual([...new Set(found)], []);
  });

  test('the performance page: nine charts drawn from the data, each with its table and where it was measured; axe finds nothing in either theme; it fits a phone (screenshots)', async () => {
    // One load: the theme follows the system's (emulated) scheme as it changes, the layout the width.
    const page = await blankPage(browser, { viewport: WIDE });
    await loadSitePage(page, 'performance.html');
    for (const viewport of [WIDE, PHONE]) {
      await page.setViewportSize(viewport);
      for (const colorScheme of ['light', 'dark']) {
        await page.emulateMedia({ colorScheme });
        const where = `performance.html ${viewport.width}×${viewport.height} ${colorScheme}`;
        await page.waitForFunction((dark) => document.documentElement.classList.contains('dark') === dark, colorScheme === 'dark');
        // The colours ease into the new theme: axe measures them once they are there.
        await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
        const charts = await page.evaluate(() => [...document.querySelectorAll('figure.perf-chart')].map((f) => {
          const svg = f.querySelector('svg[role="img"]');
          const names = (svg?.getAttribute('aria-labelledby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '');
          return {
            id: f.id, title: names[0], desc: names[1], width: svg?.getBoundingClientRect().width ?? 0,
            marks: svg?.querySelectorAll('.point, .bar').length ?? 0, fitMarks: svg?.querySelectorAll('g.fit .point').length ?? 0,
            dataRows: f.querySelectorAll('table tbody tr:has(td)').length,
            rows: f.querySelectorAll('table tbody tr').length, caption: f.querySelector('figcaption')?.textContent ?? '',
          };
        }));
        assert.deepEqual(charts.map((c) => c.id), ['world-chart', 'rays-chart', 'contacts-chart', 'sweeps-chart', 'level-chart', 'pairs-cache', 'pairs-scattered', 'fit-chart', 'bytes-chart'], where);
        // The fits: two marks per model and volume type (a row of the table's figures), 11 types of three models.
        const fit = charts.find((c) => c.id === 'fit-chart');
        assert.ok(fit.dataRows >= 3 * 11 && fit.fitMarks === 2 * fit.dataRows, `${where} fit-chart: ${fit.fitMarks} marks for ${fit.dataRows} rows`);
        for (const c of charts) {
          assert.ok(c.title.length > 10 && c.desc.length > 10, `${where} ${c.id}: the SVG is named and described`);
          assert.ok(c.marks >= 2 && c.rows >= 2, `${where} ${c.id}: points or bars and a table (${c.marks}, ${c.rows})`);
          assert.match(c.caption, /Measured on .+ \(\d+ cores, shared[^)]*\), Node v\d+.*\d{4}-\d\d-\d\d\. Measure again: node scripts\//, `${where} ${c.id}: the machine, the date and the command`);
          assert.ok(c.width > 300, `${where} ${c.id}: drawn ${c.width} px wide`);
        }
        // Contrast and names in each theme; the phone's width changes neither.
        if (viewport === WIDE) assert.deepEqual(await axeViolations(page), [], where);
        const overflow = await page.evaluate(() => document.scrollingElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `${where}: nothing wider than the screen (${overflow} px over)`);
        await page.locator('#world-chart').scrollIntoViewIfNeeded();
        await shot(page, `site-performance-${viewport.width}x${viewport.height}-${colorScheme}`);
        await page.locator('#fit-chart svg').scrollIntoViewIfNeeded();
        await shot(page, `site-performance-fit-${viewport.width}x${viewport.height}-${colorScheme}`);
        await page.locator('#fit-chart table').scrollIntoViewIfNeeded();
        await shot(page, `site-performance-fit-table-${viewport.width}x${viewport.height}-${colorScheme}`);
        assertNoProblems(page, where);
      }
    }
  });

  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    test(`the home page and a lesson fit ${viewport.width}×${viewport.height} (screenshots)`, async () => {
      const page = await blankPage(browser, { viewport, hasTouch: viewport.width < 500 });
      for (const [name, path] of [['home', ''], ['lesson', 'lessons/4-obbs-and-sat.html']]) {
        await loadSitePage(page, path);
        const overflow = await page.evaluate(() => document.scrollingElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `${name}: nothing wider than the screen (${overflow} px over)`);
        await shot(page, `site-${name}-${viewport.width}x${viewport.height}`);
      }
      assertNoProblems(page, `${viewport.width}×${viewport.height}`);
    });
  }
});
