// Motion in the visualizer: velocities (inspector fields, the velocity handle), the time slider
// and Play, the sweep of the compared pair (its verdict and each axis's time interval), stepping
// through the sweep, the "Bullet and wall" preset, velocities in links and undo, and the pages'
// accessibility at a laptop's and a phone's size. One page for the whole file: scenes change
// through the UI or location.hash.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { axeViolations, launch, loadApp, openPage, settle, shot } from './browser.mjs';

const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

let browser, page;
before(async () => {
  browser = await launch();
  page = await openPage(browser, { viewport: LAPTOP });
  await loadApp(page);
});
after(async () => { await browser?.close(); });

const app = (f, arg) => page.evaluate(f, arg);
const sceneHash = (scene) => `#scene=${deflateRawSync(Buffer.from(JSON.stringify(scene))).toString('base64url')}`;
const linkScene = (hash) => JSON.parse(inflateRawSync(Buffer.from(hash.slice(hash.indexOf('scene=') + 6), 'base64url')).toString());
const verdict = () => page.getAttribute('.verdict', 'data-verdict');
const velocity = (id) => app((i) => window.sepaxisApp.model.get(i).velocity ?? [0, 0, 0], id);

/** Loads the preset, and leaves the keyboard to the page (shortcuts do not reach a select). */
async function bullet() {
  await page.selectOption('.preset-select', 'bullet-wall');
  await page.evaluate(() => document.activeElement?.blur());
  await settle(page);
}

/** Opens a scene through the link, as a reader pasting it would; bad: it is refused (the banner says why). */
async function openLink(scene, { bad = false } = {}) {
  const hash = sceneHash(scene);
  await app((h) => { location.hash = h; }, hash);
  if (bad) await page.locator('#banner').waitFor({ state: 'visible' });
  else await page.waitForFunction((h) => window.sepaxisApp.lastHash === h.slice(1), hash);
  await settle(page);
}

describe('motion', () => {
  test('the bullet tunnels: apart at t = 0 and t = 1, the sweep hits between, and each axis shows its time interval', async () => {
    await bullet();
    assert.equal(await verdict(), 'apart');
    assert.equal(await page.getAttribute('.sweep-verdict', 'data-sweep'), 'hit');
    const sweep = await app(() => window.sepaxisApp.sweep);
    assert.ok(Math.abs(sweep.time - 2.75 / 6) < 1e-12, `contact at ${sweep.time}`);
    assert.equal(await page.textContent('.contact-time'), 't = 0.4583');
    // One time line per axis; the deciding one (the last to start overlapping) marked.
    assert.equal(await page.locator('.axis-row .timeline:not([hidden])').count(), 15);
    assert.equal(await page.textContent('.axis-row.deciding-time .label'), sweep.axes[sweep.decidingAxis].label);
    // ±∞ clipped with an arrow at each end; a skipped edge-edge axis has no times.
    assert.ok(await page.locator('.axis-row .tbar.before.after').count() >= 4);
    assert.ok(await page.locator('.axis-row .tnote', { hasText: 'no times for this axis' }).count() >= 1);
    await shot(page, 'motion-01-bullet-start-laptop');

    await app(() => window.sepaxisApp.setTime(1));
    assert.equal(await verdict(), 'apart', 'past the wall at t = 1: the static test says apart again');
    await page.click('text=Go to the contact');
    await settle(page);
    assert.equal(await app(() => window.sepaxisApp.time.t), sweep.time);
    assert.equal(await verdict(), 'touching');
    // The time shown and the contact share one place on every time line.
    const [now, contact] = await page.$$eval('.axis-row.deciding-time .timeline', ([line]) => [line.querySelector('.now').style.left, line.querySelector('.contact').style.left]);
    assert.equal(now, contact);
    await shot(page, 'motion-02-bullet-contact-laptop');
    assert.deepEqual(page.problems.errors, []);
  });

  test('the slider moves with the arrow keys and Play runs the motion, Space pausing it', async () => {
    await bullet();
    const slider = page.getByRole('slider', { name: 'Time t' });
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await settle(page);
    assert.equal(await app(() => window.sepaxisApp.time.t), 0.02);
    const shown = await app(() => window.sepaxisApp.pair[1].volume.center[0]);
    assert.ok(Math.abs(shown - (-3 + 6 * 0.02)) < 1e-12, `the bullet is drawn and tested at t: x = ${shown}`);
    await page.keyboard.press('End');
    await settle(page);
    assert.equal(await app(() => window.sepaxisApp.time.t), 1);
    assert.equal(await page.getAttribute('.time-slider', 'aria-valuetext'), 't = 1 of 1');

    const play = page.getByRole('button', { name: 'Play', exact: true });
    await play.focus();
    await page.keyboard.press('Space');
    // At the end of the range, Play starts again from 0.
    await page.waitForFunction(() => window.sepaxisApp.time.playing && window.sepaxisApp.time.t > 0.05 && window.sepaxisApp.time.t < 1);
    assert.equal(await page.getAttribute('.play', 'aria-pressed'), 'true');
    await page.keyboard.press('Space');
    await settle(page);
    const paused = await app(() => window.sepaxisApp.time);
    assert.equal(paused.playing, false);
    await settle(page);
    assert.equal(await app(() => window.sepaxisApp.time.t), paused.t, 'paused: t stays');
    // Near the end, Play (Enter) runs to the end of the range and stops there. (It plays for about
    // 0.12 s, less than a loaded machine's frame: `playing` may be over before anyone looks, so
    // the test looks at where t ends: it was 0.97, only Play takes it to 1.)
    await app(() => window.sepaxisApp.setTime(0.97));
    await page.getByRole('button', { name: 'Play', exact: true }).press('Enter');
    await page.waitForFunction(() => !window.sepaxisApp.time.playing && window.sepaxisApp.time.t === 1);
    assert.equal(await page.textContent('.play'), 'Play');
  });

  test('velocity fields: a bad value is said and changes nothing; a good one moves the sweep and is one undo step', async () => {
    await bullet();
    const vy = page.locator('#inspector input[data-path="velocity.1"]');
    await vy.fill('1e200');
    await vy.press('Enter');
    assert.match(await page.textContent('#inspector .problem'), /Not applied: Velocity vy must be within ±1e100, got 1e\+200/);
    assert.deepEqual(await velocity('bullet'), [6, 0, 0]);
    await vy.fill('');
    await vy.press('Enter');
    assert.match(await page.textContent('#inspector .problem'), /Not applied: Velocity vy must be a finite number/);
    assert.deepEqual(await velocity('bullet'), [6, 0, 0]);

    // Aimed high enough, the bullet passes over the wall.
    await vy.fill('3');
    await vy.press('Enter');
    await settle(page);
    assert.deepEqual(await velocity('bullet'), [6, 3, 0]);
    assert.equal(await page.getAttribute('.sweep-verdict', 'data-sweep'), 'miss');
    await shot(page, 'motion-03-miss-laptop');
    await page.keyboard.press('Control+z');
    await settle(page);
    assert.deepEqual(await velocity('bullet'), [6, 0, 0]);
    assert.equal(await page.getAttribute('.sweep-verdict', 'data-sweep'), 'hit');
  });

  test('the velocity handle: V shows a named knob; the arrow keys and a drag change the velocity', async () => {
    await bullet();
    await page.keyboard.press('v');
    await settle(page);
    const knob = page.locator('.velocity-handle');
    assert.match(await knob.getAttribute('aria-label'), /^Velocity of Bullet: \(6, 0, 0\)/);
    await knob.focus();
    await page.keyboard.press('ArrowUp');
    await settle(page);
    const up = await velocity('bullet');
    assert.notDeepEqual(up, [6, 0, 0]);
    assert.equal(up.filter((x, i) => x !== [6, 0, 0][i]).length, 1, 'one world axis per key');
    await shot(page, 'motion-04-velocity-handle-laptop');

    const box = await knob.boundingBox();
    const x = box.x + box.width / 2, y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x - 40, y + 30, { steps: 4 });
    await page.mouse.up();
    await settle(page);
    const dragged = await velocity('bullet');
    assert.notDeepEqual(dragged, up);
    await page.keyboard.press('Control+z');
    await settle(page);
    assert.deepEqual(await velocity('bullet'), up, 'the drag is one undo step');
    await page.keyboard.press('w');
    await settle(page);
    assert.equal(await knob.isVisible(), false);
  });

  test('stepping through the test walks the axes\' time intervals when the pair moves', async () => {
    await bullet();
    await page.click('text=Step through the 15 axes in time');
    await settle(page);
    assert.match(await page.textContent('.step h3'), /^Step 1 of 15 · A\.x · in time$/);
    assert.match(await page.textContent('.step'), /last axis to start overlapping, at t = 0\.4583/);
    await page.keyboard.press('n');
    await settle(page);
    assert.match(await page.textContent('.step'), /overlap at every time/);
    await page.keyboard.press('Escape');
  });

  test('the link and the exported scene keep the velocity; an old scene opens still; a bad velocity is refused by name', async () => {
    await bullet();
    await page.waitForFunction(() => window.sepaxisApp.lastHash && location.hash.length > 1);
    const before = await app(() => window.sepaxisApp.lastHash);
    await page.locator('#inspector input[data-path="velocity.2"]').fill('0.5');
    await page.locator('#inspector input[data-path="velocity.2"]').press('Enter');
    await page.waitForFunction((h) => window.sepaxisApp.lastHash !== h, before);
    const linked = linkScene(await app(() => location.hash));
    assert.deepEqual(linked.volumes.find((v) => v.id === 'bullet').velocity, [6, 0, 0.5]);
    assert.equal(linked.volumes.find((v) => v.id === 'wall').velocity, undefined);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('button[title="Save the scene as a JSON file"]')]);
    const exported = JSON.parse(readFileSync(await download.path(), 'utf8'));
    assert.deepEqual(exported.volumes.map((v) => v.velocity), [undefined, [6, 0, 0.5]]);
    // Imported from the file, a bad velocity is refused by name and the scene stays.
    exported.volumes[1].velocity = [6, null, 0];
    await page.setInputFiles('input[type=file]', { name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(exported)) });
    await page.locator('#banner').waitFor({ state: 'visible' });
    assert.match(await page.textContent('#banner'), /Could not open bad\.json: volumes\[1\]\.velocity\[1\] must be a finite number, got null/);
    assert.deepEqual(await velocity('bullet'), [6, 0, 0.5]);

    const still = { volumes: linked.volumes.map(({ velocity: _, ...rest }) => rest), selection: linked.selection };
    await openLink(still);
    assert.deepEqual(await velocity('bullet'), [0, 0, 0]);
    assert.equal(await page.isHidden('#motion-card'), true, 'the Motion card waits until something moves');
    assert.equal(await page.isHidden('.time-scale'), true, 'no time line over the axes of a still pair');

    await openLink(linked);
    assert.deepEqual(await velocity('bullet'), [6, 0, 0.5]);

    const bad = structuredClone(linked);
    bad.volumes[1].velocity = [6, 0, 'x'];
    await openLink(bad, { bad: true });
    const banner = await page.textContent('#banner');
    assert.match(banner, /volumes\[1\]\.velocity\[2\] must be a finite number, got "x"/);
  });

  test('the link keeps the time range: opened after a change back, the field shows it again', async () => {
    await bullet();
    const field = page.locator('.max-time');
    /** Sets maxTime in the card; the link once it says so (written after edits pause). */
    const edit = async (value, linked) => {
      await field.fill(value);
      await field.press('Enter');
      for (let wait = 0; wait < 5000; wait += 50) {
        const hash = await app(() => location.hash);
        if (hash.includes('scene=') && linkScene(hash).maxTime === linked) return hash;
        await page.waitForTimeout(50);
      }
      assert.fail(`the link never had maxTime ${linked}`);
    };
    const link = await edit('2', 2);
    await edit('1', undefined);  // the default is not written: old links stay as they are
    await field.blur();
    await app((h) => { location.hash = h; }, link);
    await page.waitForFunction((h) => window.sepaxisApp.lastHash === h.slice(1), link);
    await settle(page);
    assert.equal(await field.inputValue(), '2');
    assert.equal(await page.getAttribute('.time-slider', 'max'), '2');
  });

  test('a moving sphere shows what the sweep returns for its axes', async () => {
    await openLink({
      volumes: [
        { id: 'box', volume: { type: 'aabb', min: [-1, -1, -1], max: [1, 1, 1] } },
        { id: 'ball', volume: { type: 'sphere', center: [-4, 0.5, 0], radius: 0.5 }, velocity: [6, 0, 0] },
      ],
      selection: ['box', 'ball'],
    });
    const sweep = await app(() => window.sepaxisApp.sweep);
    assert.equal(sweep.hit, true);
    const rows = await page.$$eval('.axis-row', (els) => els.map((e) => e.querySelector('.label').textContent));
    assert.deepEqual(rows, sweep.axes.map((a) => a.label));
    const unknown = sweep.axes.filter((a) => a.enter === null).length;
    assert.equal(await page.locator('.axis-row .tnote', { hasText: 'no times for this axis' }).count(), unknown);
  });

  test('phone and laptop: the slider and the time bars fit, and axe finds nothing to fix', async () => {
    const found = [];
    for (const viewport of [LAPTOP, PHONE]) {
      await page.setViewportSize(viewport);
      const size = viewport === PHONE ? 'phone' : 'laptop';
      await bullet();
      await shot(page, `motion-10-bullet-t0-${size}`);
      await app(() => window.sepaxisApp.setTime(0.3));
      const fits = await page.evaluate(() => {
        const inside = (el) => {
          const r = el.getBoundingClientRect(), card = el.closest('.card').getBoundingClientRect();
          return r.width > 0 && r.left >= card.left - 0.5 && r.right <= card.right + 0.5;
        };
        return [document.querySelector('.time-slider'), ...document.querySelectorAll('.axis-row .timeline')].every(inside) &&
          document.documentElement.scrollWidth <= window.innerWidth;
      });
      assert.ok(fits, `${size}: the slider and every time line lie inside their cards, no sideways scroll`);
      await page.locator('#motion-card').scrollIntoViewIfNeeded();
      await shot(page, `motion-11-panel-t0.3-${size}`);
      await page.locator('#axes-card').scrollIntoViewIfNeeded();
      await shot(page, `motion-12-axes-t0.3-${size}`);
      await page.click('text=Go to the contact');
      await settle(page);
      await page.locator('#motion-card').scrollIntoViewIfNeeded();
      await shot(page, `motion-13-contact-${size}`);
      await page.click('text=Step through the 15 axes in time');
      await settle(page);
      await page.locator('#tutorial-card').scrollIntoViewIfNeeded();
      await shot(page, `motion-14-step-in-time-${size}`);
      await page.keyboard.press('Escape');
      await page.keyboard.press('v');
      await settle(page);
      // One check per size, with every part shown: the knob, the time lines, the motion panel.
      found.push(...await axeViolations(page));
      await shot(page, `motion-15-velocity-mode-${size}`);
      await page.keyboard.press('w');
    }
    assert.deepEqual([...new Set(found)], []);
    await page.setViewportSize(LAPTOP);
    assert.deepEqual(page.problems.errors, []);
    assert.deepEqual(page.problems.console, []);
  });
});
