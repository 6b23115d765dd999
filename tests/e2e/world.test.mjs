// The world example (examples/world, `npm run example:world`) in Debian's Chromium: it renders,
// its frame counter advances, the world finds overlapping pairs among the moving bodies, and no
// console error appears; at ten times the bodies the box is larger (about the same share of them
// overlaps) and the camera still frames it. Served cross-origin isolated, the page's world runs on
// two threads, which find the pairs one thread finds; a page that is not isolated gets one thread
// and a console note naming the headers.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { blankPage, launch, shot } from './browser.mjs';
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

test('the world example renders a few hundred moving bodies and highlights the overlapping pairs', async () => {
  const page = await blankPage(browser, { viewport: { width: 1000, height: 700 } });
  await page.goto(`${server.url}world/?bodies=300`);
  await page.waitForFunction(() => window.worldExample?.frame > 5, null, { timeout: 20_000 });
  const first = await page.evaluate(() => window.worldExample.frame);
  await page.waitForFunction((f) => window.worldExample.frame > f + 20, first, { timeout: 20_000 });
  assert.equal(await page.textContent('#bodies'), '300');
  assert.equal(await page.evaluate(() => window.worldExample.threads), 2);
  assert.equal(await page.textContent('#threads'), '2 threads');
  // 300 bodies of size ~1–3 in a 44-unit box: some touch in any stretch of frames.
  await page.waitForFunction(() => window.worldExample.pairs > 0, null, { timeout: 20_000 });
  assert.ok(await page.evaluate(() => window.worldExample.samplePixels()) > 30, 'WebGL drew the bodies');
  assert.match(await page.textContent('#world-ms'), /^\d+\.\d\d$/);
  await shot(page, '50-world-example');
  assert.deepEqual(page.problems, { errors: [], console: [], dialogs: [], csp: [], failed: [] });
});

/**
 * Lets the example draw `frames` more frames, then holds it (it draws none until the next call):
 * resolves to the mean share of bodies in a pair over those frames and where the box's corners
 * fall on screen after the last. At 5000 bodies a frame takes about a second of SwiftShader's
 * vertex work whatever the canvas's size, and a page round trip waits on a frame (the page's thread
 * waits on the GPU process): counting frames in the page, and holding the example while the test
 * reads, resizes and takes screenshots, spends only the frames the test looks at.
 */
function drawFrames(page, frames) {
  return page.evaluate((frames) => new Promise((resolve, reject) => {
    const example = window.worldExample;
    let left = frames, overlapping = 0;
    const late = setTimeout(() => reject(new Error(`the example drew ${frames - left} of ${frames} frames in 60 s`)), 60_000);
    example.requestFrame ??= window.requestAnimationFrame.bind(window);
    // The example asks for its next frame at the end of each one: a finished frame.
    window.requestAnimationFrame = (step) => {
      overlapping += example.overlapping / frames;
      if (--left > 0) return example.requestFrame(step);
      example.held = step;
      clearTimeout(late);
      resolve({ overlapping, corners: example.corners() });
      return 0;
    };
    if (example.held) {
      const step = example.held;
      example.held = null;
      example.requestFrame(step);
    }
  }), frames);
}

/**
 * The example at `bodies`: the share of bodies in a pair (the mean over `frames` frames: one
 * frame's is noisy at 500 bodies, a few dozen in pairs, and steady at 5000) and where the box's
 * corners fall on screen; then, with `resized` ({ viewport, name }), where they fall once the page
 * takes that size.
 */
async function worldAt(bodies, viewport, name, frames, resized) {
  const page = await blankPage(browser, { viewport });
  await page.goto(`${server.url}world/?bodies=${bodies}`);
  await page.waitForFunction(() => window.worldExample?.frame > 0, null, { timeout: 60_000 });
  const { overlapping, corners } = await drawFrames(page, frames);
  await shot(page, name);
  let cornersResized;
  if (resized) {
    await page.setViewportSize(resized.viewport);
    // The first frame after the resize sizes the canvas and frames the box again; two to be sure.
    ({ corners: cornersResized } = await drawFrames(page, 2));
    await shot(page, resized.name);
  }
  assert.deepEqual(page.problems, { errors: [], console: [], dialogs: [], csp: [], failed: [] });
  return { overlapping, corners, cornersResized };
}

test('the box grows with the count: 500 and 5000 bodies overlap in about the same share, and the view frames the box', async () => {
  const wide = { width: 1280, height: 800 }, phone = { width: 390, height: 844 };
  const few = await worldAt(500, wide, '51-world-500-1280', 6);
  const many = await worldAt(5000, wide, '51-world-5000-1280', 2, { viewport: phone, name: '51-world-5000-390' });
  console.log(`# share of bodies overlapping: 500 bodies ${few.overlapping.toFixed(3)}, 5000 ${many.overlapping.toFixed(3)}`);
  assert.ok(few.overlapping > 0.02 && few.overlapping < 0.5, `500 bodies: ${few.overlapping}`);
  const ratio = many.overlapping / few.overlapping;
  assert.ok(ratio > 0.67 && ratio < 1.5, `the share overlapping: 500 bodies ${few.overlapping.toFixed(3)}, 5000 ${many.overlapping.toFixed(3)}`);
  for (const corners of [few.corners, many.corners, many.cornersResized]) {
    const reach = Math.max(...corners.flat().map(Math.abs));
    assert.ok(reach <= 1, `every corner of the box is on screen (${reach.toFixed(2)})`);
    assert.ok(reach > 0.6, `the box fills the view (${reach.toFixed(2)})`);
  }
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
