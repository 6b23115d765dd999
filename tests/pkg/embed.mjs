// (f) The iframe page from the installed package: node_modules/sepaxis/dist/ served as it is by a
// static server (as a site hosts it), embed.html opened in Chromium under its own
// Content-Security-Policy. A good scene in the link is drawn with its verdict; a volume the
// package refuses is one message naming the field and the value.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { CHROMIUM_ARGS, consumerApp, report, serveStatic, watchdog } from './lib.mjs';

watchdog(90, 'embed');
const hashOf = (scene) => `#scene=${deflateRawSync(Buffer.from(JSON.stringify(scene))).toString('base64url')}`;
const sphere = (id, x, r = 1) => ({ id, volume: { type: 'sphere', center: [x, 0, 0], radius: r } });

const { app, cleanup } = consumerApp();
const dist = join(app, 'node_modules/sepaxis/dist');
const problems = [];
for (const file of ['embed.html', 'embed.js', 'embed.css']) {
  if (!existsSync(join(dist, file))) problems.push(`the install lacks dist/${file}`);
}
const server = await serveStatic(dist);
const { chromium } = await import('playwright-core');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 900, height: 500 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(`page error: ${e}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  const demo = () => page.evaluate(() => {
    const d = document.querySelector('sepaxis-demo');
    return { report: d.report && d.report.overlap, error: d.error, verdict: d.shadowRoot.querySelector('.verdict')?.textContent ?? '' };
  });

  await page.goto(`${server.url}/embed.html?panels=verdict${hashOf({ volumes: [sphere('a', 0), sphere('b', 3)], selection: ['a', 'b'] })}`);
  await page.waitForFunction(() => document.querySelector('sepaxis-demo').report, null, { timeout: 30_000 });
  const good = await demo();
  if (good.report !== false || !/Separated/.test(good.verdict)) problems.push(`a good scene: ${JSON.stringify(good)}`);

  await page.goto(`${server.url}/embed.html?panels=verdict${hashOf({ volumes: [sphere('a', 0, -2), sphere('b', 3)] })}`);
  await page.waitForFunction(() => document.querySelector('sepaxis-demo').error, null, { timeout: 30_000 });
  const bad = await demo();
  if (!/sphere\.radius must be .*got -2/.test(bad.error)) problems.push(`a bad scene: ${JSON.stringify(bad)}`);
  problems.push(...errors);
  if (server.requests.some(([path]) => /sepaxis-wasm|world/.test(path))) problems.push(`the World was loaded: ${JSON.stringify(server.requests)}`);
  const failed = server.requests.filter(([, status]) => status !== 200);
  if (failed.length) problems.push(`requests that failed: ${JSON.stringify(failed)}`);
  report('embed', problems, 'dist/embed.html of the installed package, served as it is');
} catch (e) {
  report('embed', [...problems, e.stack ?? String(e)]);
} finally {
  await browser.close();
  await server.close();
  cleanup();
}
