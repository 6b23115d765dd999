// The world example (examples/world, `npm run example:world`) in Debian's Chromium: it renders,
// its frame counter advances, the world finds overlapping pairs among the moving bodies, and no
// console error appears.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, shot } from './browser.mjs';
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
  const page = await openPage(browser, { viewport: { width: 1000, height: 700 } });
  await page.goto(`${server.url}world/?bodies=300`);
  await page.waitForFunction(() => window.worldExample?.frame > 5, null, { timeout: 20_000 });
  const first = await page.evaluate(() => window.worldExample.frame);
  await page.waitForFunction((f) => window.worldExample.frame > f + 20, first, { timeout: 20_000 });
  assert.equal(await page.textContent('#bodies'), '300');
  // 300 bodies of size ~1–3 in a 48-unit box: some touch in any stretch of frames.
  await page.waitForFunction(() => window.worldExample.pairs > 0, null, { timeout: 20_000 });
  assert.ok(await page.evaluate(() => window.worldExample.samplePixels()) > 30, 'WebGL drew the bodies');
  assert.match(await page.textContent('#world-ms'), /^\d+\.\d\d$/);
  await shot(page, '50-world-example');
  assert.deepEqual(page.problems, { errors: [], console: [], dialogs: [], csp: [] });
  await page.context().close();
});
