// The world example (examples/world, `npm run example:world`) in Debian's Chromium: it renders,
// its frame counter advances, the world finds overlapping pairs among the moving bodies, and no
// console error appears; at ten times the bodies the box is larger (about the same share of them
// overlaps) and the camera still frames it.

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
  // 300 bodies of size ~1–3 in a 44-unit box: some touch in any stretch of frames.
  await page.waitForFunction(() => window.worldExample.pairs > 0, null, { timeout: 20_000 });
  assert.ok(await page.evaluate(() => window.worldExample.samplePixels()) > 30, 'WebGL drew the bodies');
  assert.match(await page.textContent('#world-ms'), /^\d+\.\d\d$/);
  await shot(page, '50-world-example');
  assert.deepEqual(page.problems, { errors: [], console: [], dialogs: [], csp: [] });
});

/** Waits until the example has drawn another frame. */
async function nextFrame(page) {
  const frame = await page.evaluate(() => window.worldExample.frame);
  await page.waitForFunction((f) => window.worldExample.frame > f, frame, { timeout: 60_000 });
}

/**
 * The example at `bodies`: the share of bodies in a pair (the mean over `frames` frames: one
 * frame's is noisy at 500 bodies, a few dozen in pairs, and steady at 5000, where a frame takes
 * over a second under SwiftShader) and where the box's corners fall on screen; then,
 * with `resized` ({ viewport, name }), where they fall once the page takes that size.
 */
async function worldAt(bodies, viewport, name, frames, resized) {
  const page = await blankPage(browser, { viewport });
  await page.goto(`${server.url}world/?bodies=${bodies}`);
  await page.waitForFunction(() => window.worldExample?.frame > 3, null, { timeout: 60_000 });
  let overlapping = 0;
  for (let i = 0; i < frames; i++) {
    await nextFrame(page);
    overlapping += (await page.evaluate(() => window.worldExample.overlapping)) / frames;
  }
  const corners = await page.evaluate(() => window.worldExample.corners());
  await shot(page, name);
  let cornersResized;
  if (resized) {
    await page.setViewportSize(resized.viewport);
    await nextFrame(page);
    await nextFrame(page);
    cornersResized = await page.evaluate(() => window.worldExample.corners());
    await shot(page, resized.name);
  }
  assert.deepEqual(page.problems, { errors: [], console: [], dialogs: [], csp: [] });
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
