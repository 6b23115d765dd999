// The world example (examples/world, `npm run example:world`) in Debian's Chromium: a character
// walks the level with the keys and stays on the floor a ray straight down finds, its own ray
// knocks a crate away, the frame's figures show, the pad fits a phone's screen, and no console
// error appears. Served cross-origin isolated, the page's world runs on two threads, which find
// the pairs one thread finds; a page that is not isolated gets one thread and a console note
// naming the headers.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, blankPage, launch, shot } from './browser.mjs';
import { startStaticServer } from '../../scripts/static-server.mjs';

let browser, server;
before(async () => {
  browser = await launch();
  server = await startStaticServer();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/** Holds `key` down until `done(character)` holds in the page (at most 10 s), then lets go. */
async function holdKey(page, key, done) {
  await page.keyboard.down(key);
  try {
    await page.waitForFunction(`(${done})(window.worldExample.character)`, null, { timeout: 10_000 });
  } finally {
    await page.keyboard.up(key);
  }
}

/** The character's height less the floor's under it, as a fresh ray straight down finds it. */
function heightOverFloor(page) {
  return page.evaluate(() => {
    const { x, y, z } = window.worldExample.character;
    const floor = window.worldExample.floorAt(x, z);
    return { y, floor: floor.y, triangle: floor.triangle };
  });
}

test('the world example: the character walks on the level\'s floor, its ray knocks a crate away, and the figures show', async () => {
  const page = await blankPage(browser, { viewport: { width: 1280, height: 800 } });
  await page.goto(`${server.url}world/`);
  await page.waitForFunction(() => window.worldExample?.frame > 5, null, { timeout: 20_000 });
  assert.equal(await page.textContent('#bodies'), '300');
  assert.equal(await page.evaluate(() => window.worldExample.threads), 2);
  assert.equal(await page.textContent('#threads'), '2 threads');

  // W walks it forward (towards -z from the start) on the floor.
  const start = await page.evaluate(() => window.worldExample.character);
  await holdKey(page, 'KeyW', (c) => c.z < 22.5);
  const walked = await page.evaluate(() => window.worldExample.character);
  assert.ok(walked.z < start.z - 1 && Math.abs(walked.x - start.x) < 1e-9, `walked from ${JSON.stringify(start)} to ${JSON.stringify(walked)}`);
  let over = await heightOverFloor(page);
  assert.ok(Math.abs(over.y - over.floor) < 1e-9 && over.triangle >= 0, `on the floor: ${JSON.stringify(over)}`);

  // Space fires the ray ahead: it hits a crate of the row there, which flies off.
  await page.keyboard.press('Space');
  await page.waitForFunction(() => window.worldExample.shots.length === 1);
  await shot(page, '50-world-example-1280');
  const [fired] = await page.evaluate(() => window.worldExample.shots);
  assert.ok(fired.knocked, `the ray hit a crate: ${JSON.stringify(fired)}`);
  await page.waitForFunction(({ id, at }) => {
    const b = window.worldExample.bodyAt(id);
    return Math.hypot(b.x - at.x, b.z - at.z) > 2;
  }, fired, { timeout: 10_000 });
  assert.equal(await page.textContent('#hits'), '1');

  // The arrow keys turn it and walk it off the flat start onto the hills: still on the floor.
  await holdKey(page, 'ArrowLeft', (c) => c.yaw > 0.8);
  await holdKey(page, 'ArrowUp', (c) => c.x < -2);
  over = await heightOverFloor(page);
  assert.ok(Math.abs(over.y - over.floor) < 1e-9 && Math.abs(over.y) > 0.01, `on a hill's floor: ${JSON.stringify(over)}`);

  // The frame's figures: the world's calls timed, and what they found.
  for (const id of ['pairs-ms', 'contacts-ms', 'rays-ms', 'sweeps-ms']) assert.match(await page.textContent(`#${id}`), /^\d+\.\d\d$/, id);
  assert.match(await page.textContent('#pairs'), /^\d+$/);
  assert.ok(await page.evaluate(() => window.worldExample.samplePixels()) > 30, 'WebGL drew the level');
  assert.deepEqual(await axeViolations(page), []);

  // A focused pad button works with the keyboard's Enter: a short turn.
  const before = await page.evaluate(() => window.worldExample.character);
  await page.focus('button[aria-label="Turn right"]');
  await page.keyboard.press('Enter');
  await page.waitForFunction((b) => window.worldExample.character.yaw < b.yaw - 0.05, before);

  // On a phone the pad, the figures and the help are all on screen, apart.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForFunction((f) => window.worldExample.frame > f + 2, await page.evaluate(() => window.worldExample.frame));
  const boxes = await page.evaluate(() => ['.hud', '.help', '.pad'].map((s) => document.querySelector(s).getBoundingClientRect().toJSON()));
  for (const b of boxes) assert.ok(b.left >= 0 && b.top >= 0 && b.right <= 390 && b.bottom <= 844, `on screen: ${JSON.stringify(b)}`);
  const apart = (a, b) => a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
  assert.ok(apart(boxes[0], boxes[1]) && apart(boxes[0], boxes[2]) && apart(boxes[1], boxes[2]), JSON.stringify(boxes));
  await shot(page, '50-world-example-390');
  assert.deepEqual(page.problems, { errors: [], console: [], dialogs: [], csp: [], failed: [] });
});

test('in an isolated page a world on two threads finds the pairs of one; elsewhere one thread and a note', async () => {
  const page = await blankPage(browser, { viewport: { width: 600, height: 400 } });
  const warnings = [];
  // Every warning but SwiftShader's notes on reading pixels back (the example's renderer).
  const noteWarning = (m) => { if (m.type() === 'warning' && !m.text().includes('GL Driver Message')) warnings.push(m.text()); };
  page.on('console', noteWarning);
  await page.goto(`${server.url}world/?bodies=1&threads=1`);
  await page.waitForFunction(() => window.worldExample?.frame > 1, null, { timeout: 20_000 });
  // 20,000 bodies: setPoses, pairs() and the grid's build all run in parts on the threads.
  const found = await page.evaluate(async () => {
    const { init } = await import('sepaxis');
    const sx = await init({ threads: 2 });
    const two = sx.createWorld({ capacity: 20_000, threads: 2 }), one = sx.createWorld({ capacity: 20_000 });
    let seed = 29;
    const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
    const n = 20_000, side = Math.cbrt(1.6 * n), ids = new Uint32Array(n), poses = new Float64Array(7 * n);
    for (let i = 0; i < n; i++) {
      const r = 0.5 + random() / 2;
      const volume = i % 2 ? { type: 'sphere', center: [0, 0, 0], radius: r } : { type: 'obb', center: [0, 0, 0], halfExtents: [r, r / 2, r], rotation: [0, 0, 0, 1] };
      ids[i] = two.add(volume);
      if (one.add(volume) !== ids[i]) throw new Error('the worlds gave different ids');
    }
    const frames = [];
    for (let f = 0; f < 2; f++) {
      for (let i = 0; i < n; i++) {
        const q = [random() - 0.5, random() - 0.5, random() - 0.5, random() - 0.5], len = Math.hypot(...q);
        poses.set([random() * side, random() * side, random() * side, ...q.map((c) => c / len)], 7 * i);
      }
      const keys = (w) => {
        w.setPoses(ids, poses);
        const pairs = w.pairs(), out = [];
        for (let i = 0; i < pairs.length; i += 2) out.push(`${Math.min(pairs[i], pairs[i + 1])},${Math.max(pairs[i], pairs[i + 1])}`);
        return out.sort().join(' ');
      };
      const onTwo = keys(two), onOne = keys(one);
      frames.push({ same: onTwo === onOne, pairs: onOne.split(' ').length });
    }
    return { isolated: crossOriginIsolated, threads: [two.threads, one.threads], frames };
  });
  assert.deepEqual([found.isolated, found.threads], [true, [2, 1]]);
  for (const { same, pairs } of found.frames) assert.ok(same && pairs > 10_000, `the same ${pairs} pairs on two threads as on one`);
  assert.deepEqual(warnings, []);

  await page.goto(`${server.url}world/?bodies=1&isolation=none`);
  await page.waitForFunction(() => window.worldExample?.frame > 1, null, { timeout: 20_000 });
  assert.equal(await page.evaluate(() => window.worldExample.threads), 1);
  assert.equal(await page.textContent('#threads'), 'one thread');
  assert.equal(warnings.length, 1);
  assert.match(warnings[0], /Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp/);
  page.off('console', noteWarning);
  assert.deepEqual(page.problems, { errors: [], console: [], dialogs: [], csp: [], failed: [] });
});
