// embed.html, the demo alone in a window for sites that frame it (served with the app): a scene
// the package refuses shows one message, the package's, naming the field and the value; the
// panels speak of no toolbar the page lacks; the page loads the module without the World; its
// light theme is light in the 3D view too, with the contrast axe asks for.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { deflateRawSync } from 'node:zlib';
import { BASE_URL, axeViolations, blankPage, launch, openPage, settle, shot } from './browser.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** The hash of the visualizer's share link for a scene. */
const hashOf = (scene) => `#scene=${deflateRawSync(Buffer.from(JSON.stringify(scene))).toString('base64url')}`;
const sphere = (id, x, r = 1) => ({ id, volume: { type: 'sphere', center: [x, 0, 0], radius: r } });
const BAD = { volumes: [sphere('a', 0, -2), sphere('b', 3)], selection: ['a', 'b'] };
const GOOD = { volumes: [sphere('a', 0), sphere('b', 1.5)], selection: ['a', 'b'] };

/** The text of every visible alert of the page, its demo's shadow root included. */
const visibleAlerts = (page) => page.evaluate(() => {
  const shown = (el) => !el.hidden && el.getClientRects().length > 0 && el.textContent.trim() !== '';
  const roots = [document, ...[...document.querySelectorAll('sepaxis-demo')].map((d) => d.shadowRoot)];
  return roots.flatMap((root) => [...root.querySelectorAll('[role="alert"]')]).filter(shown).map((el) => el.textContent);
});

/** The verdict panel's text, or '' when there is none. */
const verdictText = (page) => page.evaluate(() => document.querySelector('sepaxis-demo').shadowRoot.querySelector('.verdict')?.textContent ?? '');

describe('embed.html', () => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    test(`a sphere of radius -2 shows one message, the package's, and no toolbar hint (${viewport.width}x${viewport.height})`, async () => {
      const page = await blankPage(browser, { viewport });
      await page.goto(`${BASE_URL}embed.html?panels=verdict${hashOf(BAD)}`);
      await page.waitForFunction(() => document.querySelector('sepaxis-demo').error);
      await settle(page);
      // Long enough for a second box to have come, had the page or the demo one of its own.
      await page.waitForTimeout(300);
      const alerts = await visibleAlerts(page);
      assert.equal(alerts.length, 1, `one message: ${JSON.stringify(alerts)}`);
      assert.match(alerts[0], /^This demo cannot show its scene: volume 1: sphere\.radius must be .*got -2\.$/);
      const verdict = await verdictText(page);
      assert.match(verdict, /No pair selected/);
      assert.doesNotMatch(verdict, /toolbar/i, 'no toolbar here');
      await shot(page, `60-embed-bad-scene-${viewport.width}`);
      assert.deepEqual(page.problems, { errors: [], console: [], dialogs: [], csp: [], failed: [] });
    });
  }

  test('a link without a scene says so, once; a good scene after it shows the demo and no message', async () => {
    const page = await blankPage(browser, { viewport: { width: 1000, height: 700 } });
    await page.goto(`${BASE_URL}embed.html?panels=verdict`);
    await page.waitForSelector('#embed-error:not([hidden])');
    await page.waitForTimeout(300);
    assert.deepEqual(await visibleAlerts(page), ['This demo cannot show its scene: the link has no scene: it should end in #scene=… (the visualizer\'s Share link).']);
    await page.evaluate((hash) => { location.hash = hash; }, hashOf(GOOD));
    await page.waitForFunction(() => document.querySelector('sepaxis-demo').report);
    assert.deepEqual(await visibleAlerts(page), []);
    assert.match(await verdictText(page), /Overlap/);
  });

  test('loads the module without the World, as the element does', async () => {
    // A new page: its cache is empty, as on a first visit.
    const page = await openPage(browser, { viewport: { width: 1000, height: 700 } });
    const requests = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await page.goto(`${BASE_URL}embed.html${hashOf(GOOD)}`);
    await page.waitForFunction(() => document.querySelector('sepaxis-demo').report);
    assert.ok(requests.some((p) => /sepaxis-core[\w-]*\.wasm$/.test(p)), `the module without the World: ${requests.join(' ')}`);
    assert.deepEqual(requests.filter((p) => /sepaxis-wasm|world/.test(p)), [], 'not the World');
    await page.context().close();
  });

  test('theme=light: the page, the panels and the 3D view are light, and axe finds no contrast violation', async () => {
    const page = await blankPage(browser, { viewport: { width: 1280, height: 800 } });
    await page.goto(`${BASE_URL}embed.html?theme=light&step=1&panels=verdict,stepper,axes${hashOf(GOOD)}`);
    await page.waitForFunction(() => document.querySelector('sepaxis-demo').report);
    await settle(page);
    const ground = await page.evaluate(() => {
      const canvas = document.querySelector('sepaxis-demo').shadowRoot.querySelector('canvas');
      const [r, g, b] = canvas.getContext('2d').getImageData(3, 3, 1, 1).data;
      return { r, g, b, page: getComputedStyle(document.body).backgroundColor };
    });
    assert.ok(ground.r > 225 && ground.g > 225 && ground.b > 225, `the view's background is light: ${JSON.stringify(ground)}`);
    assert.equal(ground.page, 'rgb(244, 246, 250)');
    assert.deepEqual(await axeViolations(page), []);
    await shot(page, '61-embed-light-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page);
    await shot(page, '61-embed-light-390');
    assert.deepEqual(page.problems, { errors: [], console: [], dialogs: [], csp: [], failed: [] });
  });
});
