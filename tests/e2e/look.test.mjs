// For learners: look along an axis (the camera turns so the axis runs across the screen
// and the plane perpendicular to it is seen edge-on; animated unless reduced motion is asked
// for), the stepper turning the camera at each step, the same scale for every axis row, the
// axis rows and the stepper operated with the keyboard alone, the verdict announced in a live
// region, and the 3D axis label kept on the canvas and off the legend.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { appPage, launch, settle, shot } from './browser.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** |cos| of the angle between the eye direction (camera to target) and the axis in focus. */
const eyeAgainstAxis = (page, index) => page.evaluate((i) => {
  const app = window.sepaxisApp;
  const d = app.report.axes[i ?? app.focusAxis].direction;
  const { camera, controls } = app.viewport;
  const eye = camera.position.clone().sub(controls.target).normalize();
  return Math.abs(eye.x * d[0] + eye.y * d[1] + eye.z * d[2]) / Math.hypot(...d);
}, index);
const cameraNow = (page) => page.evaluate(() => window.sepaxisApp.viewport.cameraState());
const waitStill = (page) => page.waitForFunction(() => !window.sepaxisApp.viewport.moving);
const pressUntil = async (page, key, selector) => {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press(key);
    if (await page.evaluate((s) => document.activeElement?.matches(s), selector)) return;
  }
  throw new Error(`${key} never reached ${selector}`);
};

async function preset(page, id) {
  await page.selectOption('.preset-select', id);
  await settle(page);
}

describe('look along an axis', () => {
  test('the stepper turns the camera so the axis lies across the screen: animated, then edge-on', async () => {
    const page = await appPage(browser, '', { viewport: { width: 1280, height: 800 } });
    await preset(page, 'edge-edge');
    const separating = await page.evaluate(() => window.sepaxisApp.report.separatingAxis);
    await page.click('button[data-go="start"]');
    await page.click('button[data-go="separating"]');
    await settle(page);
    assert.ok(await eyeAgainstAxis(page, separating) > 0.05, 'the framed view does not already look across the axis');
    const start = await cameraNow(page);
    // The camera at every frame from before the click until it stands still (the glide lasts
    // GLIDE_MS, however slow the frames are).
    await page.evaluate(() => {
      const { viewport } = window.sepaxisApp;
      window.__frames = [];
      const tick = () => {
        window.__frames.push({ moving: viewport.moving, camera: JSON.stringify(viewport.cameraState()) });
        if (window.__frames.length < 2 || viewport.moving || !window.__frames.some((f) => f.moving)) requestAnimationFrame(tick);
      };
      tick();
    });
    await page.click('button[data-go="look"]');
    await waitStill(page);
    await page.waitForFunction(() => window.__frames.some((f) => f.moving) && !window.__frames.at(-1).moving);
    const frames = await page.evaluate(() => window.__frames);
    assert.ok(frames.some((f) => f.moving), 'the camera glides');
    const end = await cameraNow(page);
    assert.ok(frames.some((f) => f.camera !== JSON.stringify(start) && f.camera !== JSON.stringify(end)), `the camera passes between its ends (${frames.length} frames)`);
    assert.ok(await eyeAgainstAxis(page, separating) < 1e-6, 'the eye is perpendicular to the axis: its plane is seen edge-on');
    // The separating plane is edge-on: its four corners project onto one line on the screen.
    const spread = await page.evaluate(() => {
      const app = window.sepaxisApp;
      app.viewport.render();
      const plane = app.drawing.axisView.group.children.filter((c) => c.isMesh && c.geometry.type === 'PlaneGeometry')[0];
      const pts = [[-0.5, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]].map(([x, y]) => {
        const v = plane.localToWorld(new plane.position.constructor(x, y, 0));
        return app.project(v.toArray());
      });
      // Distance of the 4th and 3rd corners from the line through the first two (pixels).
      const [a, b] = pts;
      const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
      return Math.max(...pts.slice(2).map((p) => Math.abs((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) / len));
    });
    assert.ok(spread < 1, `the separating plane is seen edge-on (corners within ${spread.toFixed(3)} px of a line)`);
    // Both volumes and the axis line stay in view.
    const box = await page.locator('#viewport canvas').boundingBox();
    for (const id of ['a', 'b']) {
      const p = await page.evaluate((i) => window.sepaxisApp.screenPositionOf(i), id);
      assert.ok(p.x > box.x && p.x < box.x + box.width && p.y > box.y && p.y < box.y + box.height, `${id} in view`);
    }
    await shot(page, '30-look-along-edge-edge');
    assert.match(page.url(), /#scene=/);
    assert.deepEqual(page.problems.errors, []);
  });

  test('with reduced motion the camera jumps; "turn the camera at each step" follows every step', async () => {
    const page = await appPage(browser, '', { viewport: { width: 1280, height: 800 }, media: { reducedMotion: 'reduce' } });
    await preset(page, 'welcome');
    await page.click('button[data-go="start"]');
    await page.click('button[data-go="look"]');
    assert.equal(await page.evaluate(() => window.sepaxisApp.viewport.moving), false, 'no animation');
    assert.ok(await eyeAgainstAxis(page, 0) < 1e-6);
    await page.check('input[data-follow]');
    for (let step = 1; step < 15; step++) {
      await page.click('button[data-go="next"]');
      await settle(page);
      const degenerate = await page.evaluate((i) => window.sepaxisApp.report.axes[i].degenerate, step);
      if (!degenerate) assert.ok(await eyeAgainstAxis(page, step) < 1e-6, `step ${step + 1}: the camera looks across its axis`);
    }
    await page.uncheck('input[data-follow]');
    const kept = await cameraNow(page);
    await page.click('button[data-go="first"]');
    await settle(page);
    assert.deepEqual(await cameraNow(page), kept, 'unchecked: the camera stays');
    assert.deepEqual(page.problems.errors, []);
  });
});

describe('the axis rows', () => {
  test('on the same scale, bar lengths compare across rows', async () => {
    const page = await appPage(browser, '', { viewport: { width: 1280, height: 800 } });
    await preset(page, 'edge-edge');
    const ratios = () => page.evaluate(() => {
      const axes = window.sepaxisApp.report.axes;
      return [...document.querySelectorAll('.axis-row')].flatMap((row, i) => {
        if (axes[i].degenerate) return [];
        const w = row.querySelector('.bar.a').getBoundingClientRect().width;
        return [w / (axes[i].a[1] - axes[i].a[0])];
      });
    });
    const own = await ratios();
    assert.ok(Math.max(...own) / Math.min(...own) > 1.2, 'each row on its own scale: pixels per unit differ');
    await page.check('.axis-tools input[type=checkbox]');
    await settle(page);
    const shared = await ratios();
    assert.ok(Math.max(...shared) / Math.min(...shared) < 1.02, `one scale: pixels per unit agree (${Math.min(...shared).toFixed(2)}…${Math.max(...shared).toFixed(2)})`);
    await shot(page, '31-same-scale');
  });

  test('keyboard only: Tab reaches the stepper and the rows; arrows preview rows in 3D, Enter steps, L looks along', async () => {
    const page = await appPage(browser, '', { viewport: { width: 1280, height: 800 }, media: { reducedMotion: 'reduce' } });
    await preset(page, 'edge-edge');
    await page.locator('.preset-select').blur();
    await page.evaluate(() => document.activeElement?.blur());
    // The stepper: start, then the ▶ button keeps the focus while pressed again and again.
    await pressUntil(page, 'Tab', 'button[data-go="start"]');
    await page.keyboard.press('Enter');
    await settle(page);
    assert.match(await page.textContent('.step h3'), /^Step 1 of 15/);
    await pressUntil(page, 'Tab', 'button[data-go="next"]');
    for (let i = 0; i < 3; i++) await page.keyboard.press('Enter');
    await settle(page);
    assert.match(await page.textContent('.step h3'), /^Step 4 of 15/);
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.go), 'next', 'the focus stays on ▶');
    // The rows: Tab lands on the current step's row; the arrows move and preview.
    await pressUntil(page, 'Tab', '.axis-row');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.index), '3');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await settle(page);
    assert.equal(await page.evaluate(() => document.activeElement.dataset.index), '5');
    assert.equal(await page.evaluate(() => window.sepaxisApp.focusAxis), 5, 'the focused row is shown in 3D');
    assert.match(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), /^Axis 6 of 15, .*: A \[.*\], B \[.*\], gap .*/);
    await page.keyboard.press('l');
    await settle(page);
    assert.ok(await eyeAgainstAxis(page, 5) < 1e-6, 'L looks along the focused row');
    await page.keyboard.press('End');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.index), '14');
    await page.keyboard.press('Home');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.index), '0');
    assert.match(await page.textContent('.step h3'), /^Step 4 of 15/, 'Home in the list moves the focus, not the step');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await settle(page);
    assert.match(await page.textContent('.step h3'), /^Step 2 of 15/, 'Enter on a row steps to it');
    await shot(page, '32-keyboard-rows');
    assert.deepEqual(page.problems.errors, []);
  });
});

describe('the verdict for screen readers', () => {
  test('is written, once it holds, into a live region that stays in the page', async () => {
    const page = await appPage(browser, '', { viewport: { width: 1280, height: 800 } });
    await preset(page, 'edge-edge');
    const region = page.locator('#verdict-announce');
    assert.equal(await region.getAttribute('role'), 'status');
    await page.waitForFunction(() => /Separated, by the axis A\.u2 × B\.u1/.test(document.querySelector('#verdict-announce').textContent));
    await page.evaluate(() => { window.__region = document.querySelector('#verdict-announce'); });
    // Move B onto A: overlap.
    const input = page.locator('#inspector input[data-path="center.0"]');
    await input.fill('-1');
    await input.press('Enter');
    await page.waitForFunction(() => /: Overlap\.$/.test(document.querySelector('#verdict-announce').textContent));
    assert.equal(await page.evaluate(() => window.__region === document.querySelector('#verdict-announce')), true, 'the same element');
    assert.equal(await page.locator('#verdict [aria-live], #verdict [role=status]').count(), 0, 'no second live region in the patched card');
  });
});

describe('the axis label in 3D', () => {
  for (const [width, height] of [[1280, 800], [1000, 760], [390, 844]]) {
    test(`stays on the canvas and off the legend for every row of the k-DOP preset at ${width}×${height}`, async () => {
      const page = await appPage(browser, '', { viewport: { width, height } });
      await preset(page, 'kdop-diagonal');
      const n = await page.evaluate(() => window.sepaxisApp.report.axes.length);
      const bad = [];
      for (let i = 0; i < n; i++) {
        const where = await page.evaluate((k) => {
          const app = window.sepaxisApp;
          app.ui.hoverAxis = k;
          app.panels.refresh();
          app.flush();
          window.sepaxisApp.viewport.render();
          const label = document.querySelector('.axis-label');
          if (app.report.axes[k].degenerate) return null;
          const r = label.getBoundingClientRect(), c = app.viewport.canvas.getBoundingClientRect();
          const l = document.querySelector('#viewport .legend').getBoundingClientRect();
          const inside = r.left >= c.left && r.right <= c.right && r.top >= c.top && r.bottom <= c.bottom;
          const onLegend = r.right > l.left && r.left < l.right && r.bottom > l.top && r.top < l.bottom;
          return { inside, onLegend, text: label.textContent };
        }, i);
        if (where && (!where.inside || where.onLegend)) bad.push(`${i + 1} ${where.text}: ${where.inside ? 'on the legend' : 'off the canvas'}`);
      }
      assert.deepEqual(bad, []);
    });
  }
});
