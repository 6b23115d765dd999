// Frame time with 50 volumes (?bench=50): the camera orbiting (drawing only) and one volume
// dragged through the others (model update, overlap colouring, report, panels and drawing per
// frame), as an interaction (on a software renderer: without MSAA, at the interaction scale);
// and the still frame drawn at full resolution when the view stops. The drag's full frame (app
// work + render + the draw finished, waited for with a one-pixel read-back) is reported as
// median and 95th percentile. The numbers are written to
// test-results/e2e/bench.json and printed.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { ARTIFACTS, launch, openPage, shot } from './browser.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

// A measurement, not a timed test (speed is reported, never asserted: a loaded CI machine would
// make such an assertion flaky). It asserts that the bench ran over 50 volumes without errors.
test('50 volumes: the bench mode runs and reports the frame times', async () => {
  const page = await openPage(browser, { viewport: { width: 1440, height: 900 } });
  await page.goto(new URL('?bench=50&frames=60', process.env.SEPAXIS_APP_URL ?? 'http://127.0.0.1:5173/').href);
  await page.waitForSelector('body[data-bench="done"]', { timeout: 90_000 });
  const result = await page.evaluate(() => window.__sepaxisBench);
  writeFileSync(`${ARTIFACTS}bench.json`, `${JSON.stringify(result, null, 2)}\n`);
  await shot(page, '08-bench-50');
  const f = (x) => x.toFixed(2);
  const { fullFrame, updateCpu, renderCpu, drawWait, frameInterval } = result.drag;
  console.log(`# 50 volumes, canvas ${result.canvas.join('x')}, ${result.interactionCanvas.join('x')} while the view moves, MSAA ${result.quality.antialias ? 'on' : 'off'} (headless Chromium, ${result.quality.software ? 'software WebGL (SwiftShader)' : 'GPU WebGL'}):`);
  console.log(`#   drag:  full frame (app work + render + draw finished) median ${f(fullFrame.median)} ms, p95 ${f(fullFrame.p95)} ms, max ${f(fullFrame.max)} ms`);
  console.log(`#          breakdown (medians): update CPU ${f(updateCpu.median)} ms + render CPU ${f(renderCpu.median)} ms + draw wait ${f(drawWait.median)} ms; rAF interval median ${f(frameInterval.median)} ms, p95 ${f(frameInterval.p95)} ms`);
  console.log(`#   orbit: render + draw finished median ${f(result.orbit.drawFinished.median)} ms, p95 ${f(result.orbit.drawFinished.p95)} ms (render CPU median ${f(result.orbit.renderCpu.median)} ms); rAF interval median ${f(result.orbit.frameInterval.median)} ms`);
  console.log(`#   still: render + draw finished at full resolution median ${f(result.still.drawFinished.median)} ms, p95 ${f(result.still.drawFinished.p95)} ms`);
  assert.equal(result.volumes, 50);
  assert.ok(result.drag.frameInterval.median > 0 && result.orbit.frameInterval.median > 0, 'frames were timed');
  for (const key of ['median', 'p95']) {
    assert.ok(Number.isFinite(fullFrame[key]) && fullFrame[key] > 0, `the drag's full frame ${key} was measured`);
  }
  assert.deepEqual(page.problems.errors, []);
  await page.context().close();
});
