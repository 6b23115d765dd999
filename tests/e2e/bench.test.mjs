// Frame time with 50 volumes (?bench=50): the camera orbiting (drawing only) and one volume
// dragged through the others (model update, overlap colouring, report, panels and drawing per
// frame). The numbers are written to test-results/e2e/bench.json and printed.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { ARTIFACTS, launch, loadApp, openPage, shot } from './browser.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('50 volumes: the per-frame work of a drag fits in a 60 fps frame', async () => {
  const page = await openPage(browser, { viewport: { width: 1440, height: 900 } });
  await page.goto(new URL('?bench=50&frames=60', process.env.SEPAXIS_APP_URL ?? 'http://127.0.0.1:5173/').href);
  await page.waitForSelector('body[data-bench="done"]', { timeout: 90_000 });
  const result = await page.evaluate(() => window.__sepaxisBench);
  writeFileSync(`${ARTIFACTS}bench.json`, `${JSON.stringify(result, null, 2)}\n`);
  await shot(page, '08-bench-50');
  const f = (x) => x.toFixed(2);
  console.log(`# 50 volumes, canvas ${result.canvas.join('x')} (headless Chromium, SwiftShader software WebGL):`);
  console.log(`#   orbit: rAF interval median ${f(result.orbit.frameInterval.median)} ms, p95 ${f(result.orbit.frameInterval.p95)} ms; render CPU median ${f(result.orbit.renderCpu.median)} ms; full draw (waited for with a 1-pixel readPixels) median ${f(result.orbit.drawFinished.median)} ms`);
  console.log(`#   drag:  rAF interval median ${f(result.drag.frameInterval.median)} ms, p95 ${f(result.drag.frameInterval.p95)} ms; update CPU median ${f(result.drag.updateCpu.median)} ms; frame CPU median ${f(result.drag.frameCpu.median)} ms, p95 ${f(result.drag.frameCpu.p95)} ms`);
  assert.equal(result.volumes, 50);
  // The app's own work per drag frame (collision queries, panels, scene graph) must leave room
  // for the GPU in a 16.7 ms frame.
  assert.ok(result.drag.updateCpu.median < 8, `update CPU median ${f(result.drag.updateCpu.median)} ms`);
  assert.deepEqual(page.problems.errors, []);
  await page.context().close();
});
