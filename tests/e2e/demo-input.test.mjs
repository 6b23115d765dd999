// A lesson's demo and exercise (read from the lesson's page, web/site/lessons/*.md, and shown as
// the page shows them: tests/e2e/pages/lesson.html) done with the mouse, the keyboard alone and a
// finger: lesson 10's crate, inside the bar's bounding sphere, is picked and dragged; lesson 2's
// sphere B is picked and moved with the keys until the exercise says Done, the move said in a
// live region and ? listing the keys; a finger drag on a volume moves it and leaves the page
// where it is, one on empty space scrolls. Screenshots at 1280×800 and 390×844.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { PerspectiveCamera, Vector3 } from 'three';
import { axeViolations, blankPage, demoScreenPoint, launch, settle, shot } from './browser.mjs';
import { startStaticServer } from '../../scripts/static-server.mjs';
import { init } from '../../dist/index.js';
import { translated } from '../../web/view/edit.js';
import { moveOffset } from '../../web/view/keyboard-move.js';
import { meets } from '../../web/site/.vitepress/theme/exercise-goal.js';

let browser, server;
before(async () => {
  browser = await launch();
  server = await startStaticServer();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
/** A camera for the demos whose volumes the tests point at (the demos' own first direction). */
const CAMERA = { position: [5.5, 4.2, 7.5], target: [0, 0, 0] };

const LESSONS = new URL('../../web/site/lessons/', import.meta.url);

/** The demo and exercise tags of a lesson, as its page has them. */
function lessonTags(file, id) {
  const text = readFileSync(new URL(file, LESSONS), 'utf8');
  const demo = text.match(new RegExp(`<sepaxis-demo[^>]*\\sid="${id}"[^>]*>\\s*</sepaxis-demo>`))[0];
  const exercise = text.match(new RegExp(`<sepaxis-exercise for="${id}"[^>]*>[\\s\\S]*?</sepaxis-exercise>`))[0];
  return { demo, exercise };
}

/** Every lesson's exercise: { file, id (its demo's), tag (its own), scene, camera (or null), goal }. */
function lessonExercises() {
  return readdirSync(LESSONS).filter((f) => f.endsWith('.md')).sort().flatMap((file) => {
    const text = readFileSync(new URL(file, LESSONS), 'utf8');
    return [...text.matchAll(/<sepaxis-exercise for="([^"]+)" goal='([^']*)'[\s\S]*?<\/sepaxis-exercise>/g)].map(([tag, id, goal]) => {
      const { demo } = lessonTags(file, id);
      const attr = (name) => demo.match(new RegExp(`\\s${name}='([^']*)'`))?.[1];
      return { file, id, tag, scene: JSON.parse(attr('scene')), camera: attr('camera') ? JSON.parse(attr('camera')) : null, goal: JSON.parse(goal) };
    });
  });
}

const MOVE_KEYS = {
  'Shift+ArrowRight': { screen: 0, sign: 1, fine: false }, 'Shift+ArrowLeft': { screen: 0, sign: -1, fine: false },
  'Shift+ArrowUp': { screen: 1, sign: 1, fine: false }, 'Shift+ArrowDown': { screen: 1, sign: -1, fine: false },
  'Shift+PageUp': { screen: 2, sign: 1, fine: false }, 'Shift+PageDown': { screen: 2, sign: -1, fine: false },
  'Control+Shift+ArrowRight': { screen: 0, sign: 1, fine: true }, 'Control+Shift+ArrowLeft': { screen: 0, sign: -1, fine: true },
  'Control+Shift+ArrowUp': { screen: 1, sign: 1, fine: true }, 'Control+Shift+ArrowDown': { screen: 1, sign: -1, fine: true },
};

/**
 * The fewest key presses that move an exercise's active volume (the last selected) until its
 * goal is met, found by a breadth-first search over what each key does (keyboard-move.js, the
 * demo's own code) seen from the demo's camera direction; null when none within `limit`.
 */
function keysFor(sx, { scene, camera, goal }, limit = 40_000) {
  const cam = new PerspectiveCamera(45, 1.5, 0.05, 500);
  cam.position.fromArray(camera?.position ?? [5.5, 4.2, 7.5]);
  cam.lookAt(new Vector3().fromArray(camera?.target ?? [0, 0, 0]));
  const [aId, bId] = scene.selection;
  const moving = scene.selection.at(-1);
  const start = Object.fromEntries(scene.volumes.map((v) => [v.id, v.volume]));
  const keyOf = (volume) => JSON.stringify(volume, (k, x) => (typeof x === 'number' ? Math.round(x * 1e6) : x));
  const queue = [{ volume: start[moving], keys: [] }];
  const seen = new Set([keyOf(start[moving])]);
  for (let i = 0; i < queue.length && seen.size < limit; i++) {
    const { volume, keys } = queue[i];
    const volumes = { ...start, [moving]: volume };
    if (meets(sx.collide(volumes[aId], volumes[bId]), goal)) return keys;
    const boxes = Object.values(volumes).map((v) => sx.boundingBox(v));
    for (const [key, move] of Object.entries(MOVE_KEYS)) {
      const next = translated(sx, volume, moveOffset(cam, boxes, move));
      const k = keyOf(next);
      if (seen.has(k)) continue;
      seen.add(k);
      queue.push({ volume: next, keys: [...keys, key] });
    }
  }
  return null;
}

/** A page with a lesson's demo (with `camera`, when given) and its exercise, the demo ready. */
async function lessonPage(viewport, file, id, { camera } = {}) {
  const page = await blankPage(browser, { viewport, media: { reducedMotion: 'reduce' } });
  await page.goto(`${server.url}pages/lesson.html`);
  const { demo, exercise } = lessonTags(file, id);
  await page.evaluate(([html, cam]) => {
    const main = document.querySelector('#lesson');
    main.innerHTML = html;
    if (cam) main.querySelector('sepaxis-demo').setAttribute('camera', JSON.stringify(cam));
  }, [`${demo}\n${exercise}`, camera ?? null]);
  await page.waitForFunction((d) => document.getElementById(d)?.report, id, { timeout: 15_000 });
  await settle(page);
  return page;
}

const volumesOf = (page, id) => page.evaluate((d) => Object.fromEntries(document.getElementById(d).scene.volumes.map((v) => [v.id, v.volume])), id);
const saidIn = (page, id) => page.evaluate((d) => document.getElementById(d).shadowRoot.querySelector('.said').textContent, id);
const exerciseDone = (page, id) => page.evaluate((d) => document.querySelector(`sepaxis-exercise[for="${d}"]`).classList.contains('done'), id);

describe('the lessons\' demos with the mouse', () => {
  test('lesson 10: a drag on the crate, inside the bar\'s bounding sphere, moves the crate and does the exercise', async () => {
    const page = await lessonPage(WIDE, '10-choosing.md', 'demo-10', { camera: CAMERA });
    const before = await volumesOf(page, 'demo-10');
    const crate = await demoScreenPoint(page, '#demo-10', CAMERA, [0.6, 1.4, 0]);
    await page.mouse.move(crate.x, crate.y);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++) await page.mouse.move(crate.x, crate.y - 10 * i);
    await page.mouse.up();
    const after = await volumesOf(page, 'demo-10');
    assert.deepEqual(after.ball, before.ball, 'the sphere stayed');
    assert.deepEqual(after.bar, before.bar, 'the bar stayed');
    assert.ok(after.crate.min[1] > before.crate.min[1] + 1, `the crate went up (min y ${before.crate.min[1]} → ${after.crate.min[1]})`);
    await page.waitForFunction(() => document.querySelector('sepaxis-exercise[for="demo-10"]').classList.contains('done'));
    assert.deepEqual(page.problems.errors, []);
  });

  for (const viewport of [WIDE, PHONE]) {
    test(`lesson 10 at ${viewport.width}×${viewport.height}: a click on the crate picks it, a click again at the spot picks the sphere around it, and each pick is said`, async () => {
      const page = await lessonPage(viewport, '10-choosing.md', 'demo-10', { camera: CAMERA });
      await page.locator('#demo-10').scrollIntoViewIfNeeded();
      const crate = await demoScreenPoint(page, '#demo-10', CAMERA, [0.6, 1.4, 0]);
      await page.mouse.click(crate.x, crate.y);
      assert.equal(await saidIn(page, 'demo-10'), 'Picked Crate (1 of 2 here: click again for the next)');
      await settle(page);
      await shot(page, `demo-input-picked-crate-${viewport.width}x${viewport.height}`);
      await page.mouse.click(crate.x, crate.y);
      assert.equal(await saidIn(page, 'demo-10'), 'Picked Bounding sphere of the bar (2 of 2 here: click again for the next)');
      await page.mouse.click(crate.x, crate.y);
      assert.match(await saidIn(page, 'demo-10'), /^Picked Crate \(1 of 2/);
      // The pair compared is unchanged: both were picked already.
      assert.deepEqual(await page.evaluate(() => document.getElementById('demo-10').scene.selection), ['ball', 'crate']);
      assert.deepEqual(page.problems.errors, []);
    });
  }
});

describe('the lessons\' demos from the keyboard alone', () => {
  for (const viewport of [WIDE, PHONE]) {
    test(`lesson 2 at ${viewport.width}×${viewport.height}: Tab, ? lists the keys, ] and [ pick, Shift+← moves sphere B into A; the exercise says Done`, async () => {
      const page = await lessonPage(viewport, '2-spheres.md', 'demo-2');
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'demo-2');
      assert.match(await page.evaluate(() => document.getElementById('demo-2').shadowRoot.activeElement.getAttribute('aria-label')),
        /\[ and \] pick a volume, Shift with the arrow keys moves it; \? lists the keys\.$/);
      await page.keyboard.press('?');
      const keys = await page.evaluate(() => {
        const el = document.getElementById('demo-2').shadowRoot.querySelector('.keys');
        return el.hidden ? '' : el.textContent;
      });
      assert.match(keys, /Shift\+← → ↑ ↓Move the picked volume across the view/);
      assert.match(keys, /\[ \]Pick the previous, next volume/);
      await settle(page);
      await shot(page, `demo-input-keys-${viewport.width}x${viewport.height}`);
      assert.deepEqual(await axeViolations(page), [], 'the list of keys');
      await page.keyboard.press('Escape');
      assert.equal(await page.evaluate(() => document.getElementById('demo-2').shadowRoot.querySelector('.keys').hidden), true);
      await page.keyboard.press(']');
      assert.equal(await saidIn(page, 'demo-2'), 'Picked Sphere A: Shift with the arrow keys moves it');
      await page.keyboard.press('[');
      assert.equal(await saidIn(page, 'demo-2'), 'Picked Sphere B: Shift with the arrow keys moves it');
      assert.equal(await exerciseDone(page, 'demo-2'), false);
      await page.keyboard.press('Shift+ArrowLeft');
      assert.equal(await saidIn(page, 'demo-2'), 'Sphere B moved to (2.3, 0, 0)');
      assert.equal(await exerciseDone(page, 'demo-2'), false);
      await page.keyboard.press('Shift+ArrowLeft');
      assert.equal(await saidIn(page, 'demo-2'), 'Sphere B moved to (2.1, 0, 0)');
      await page.waitForFunction(() => document.querySelector('sepaxis-exercise[for="demo-2"]').classList.contains('done'));
      const volumes = await volumesOf(page, 'demo-2');
      assert.deepEqual(volumes.a.center, [0, 0, 0], 'sphere A stayed');
      await settle(page);
      await page.locator('sepaxis-exercise[for="demo-2"]').scrollIntoViewIfNeeded();
      await shot(page, `demo-input-moved-${viewport.width}x${viewport.height}`);
      assert.deepEqual(await axeViolations(page), [], 'the move shown over the view');
      assert.deepEqual(page.problems.errors, []);
    });
  }

  test('every lesson\'s exercise can be done with the keys alone: the exercise says Done', async () => {
    const sx = await init();  // the full module: lesson 11's floor is a triangle
    // Lesson 8's exercises ask for a speed, typed in the demo's inspector (site.test.mjs), and
    // lesson 9's questions are ticked and checked like any form; the mesh lessons' goals (a mesh
    // met, a tree's level picked) are checked against the meshes in tests/js/site-scenes.test.js.
    const meshGoal = (goal) => Object.keys(goal).some((k) => k.startsWith('mesh') || k.startsWith('tree'));
    const exercises = lessonExercises().filter((e) => !('sweepHit' in e.goal || 'tunnels' in e.goal || meshGoal(e.goal)));
    assert.equal(exercises.length, 10, 'one exercise a lesson, two in lesson 2, one in lesson 11');
    const page = await blankPage(browser, { viewport: WIDE, media: { reducedMotion: 'reduce' } });
    const done = [];
    for (const exercise of exercises) {
      const keys = keysFor(sx, exercise);
      assert.ok(keys, `${exercise.file}: some keys do the exercise`);
      await page.goto(`${server.url}pages/lesson.html`);
      const { demo } = lessonTags(exercise.file, exercise.id);
      await page.evaluate((html) => { document.querySelector('#lesson').innerHTML = html; }, `${demo}\n${exercise.tag}`);
      await page.waitForFunction((d) => document.getElementById(d)?.report, exercise.id, { timeout: 15_000 });
      await page.keyboard.press('Tab');
      for (const key of keys) await page.keyboard.press(key);
      await page.waitForFunction((d) => document.querySelector(`sepaxis-exercise[for="${d}"]`).classList.contains('done'), exercise.id, { timeout: 5_000 });
      done.push(`${exercise.file}: ${keys.length} keys`);
    }
    console.log(`# ${done.join('; ')}`);
    assert.deepEqual(page.problems.errors, []);
  });

  test('lesson 10: Shift+↑ moves the crate out of the sphere; with Ctrl the step is a tenth; Shift+PgUp moves it away', async () => {
    const page = await lessonPage(WIDE, '10-choosing.md', 'demo-10');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+Shift+ArrowUp');
    assert.equal(await saidIn(page, 'demo-10'), 'Crate moved to (0.6, 1.42, 0)');
    await page.keyboard.press('Shift+PageUp');
    assert.equal(await saidIn(page, 'demo-10'), 'Crate moved to (0.6, 1.42, −0.2)');
    await page.keyboard.press('Shift+PageDown');
    for (let i = 0; i < 10 && !(await exerciseDone(page, 'demo-10')); i++) await page.keyboard.press('Shift+ArrowUp');
    assert.equal(await exerciseDone(page, 'demo-10'), true);
    assert.match(await saidIn(page, 'demo-10'), /^Crate moved to \(0\.6, 2\.42, 0\)$/);
    assert.deepEqual(page.problems.errors, []);
  });
});

describe('the lessons\' demos with a finger (phone)', () => {
  /** A one-finger vertical swipe from `from`, 240 px up, as raw touch events. */
  async function swipeUp(page, from) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y }] });
    for (let i = 1; i <= 12; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from.x, y: from.y - 20 * i }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
    await page.waitForTimeout(400);
  }

  test('a vertical drag that starts on a volume moves it and not the page; one that starts on empty space scrolls', async () => {
    const page = await lessonPage(PHONE, '2-spheres.md', 'demo-2', { camera: CAMERA });
    const before = await volumesOf(page, 'demo-2');
    const scroll0 = await page.evaluate(() => scrollY);
    await swipeUp(page, await demoScreenPoint(page, '#demo-2', CAMERA, [2.5, 0, 0]));
    const moved = await volumesOf(page, 'demo-2');
    assert.equal(await page.evaluate(() => scrollY), scroll0, 'the page stayed');
    assert.ok(moved.b.center[1] > 1, `sphere B went up (centre ${moved.b.center.join(', ')})`);
    assert.deepEqual(moved.a, before.a, 'sphere A stayed');
    await settle(page);
    await shot(page, 'demo-input-touch-moved-390x844');
    // Empty space: the view's top left corner, far from both spheres.
    const r = await page.evaluate(() => document.getElementById('demo-2').shadowRoot.querySelector('canvas').getBoundingClientRect().toJSON());
    await swipeUp(page, { x: r.x + 12, y: r.y + r.height - 12 });
    const scrolled = await page.evaluate(() => scrollY);
    assert.ok(scrolled > scroll0 + 100, `the page scrolled by ${scrolled - scroll0} px`);
    assert.deepEqual(await volumesOf(page, 'demo-2'), moved, 'nothing moved');
    assert.deepEqual(page.problems.errors, []);
  });
});
