// An accessibility check of the page with axe-core: colour contrast (WCAG AA: 4.5:1 for small
// text) and names (every button, field and region can be named by a screen reader), on the
// default scene, in the tutorial and with the inspector of each kind of volume.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { appPage, axeViolations, launch, settle } from './browser.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('axe finds no contrast or naming violations on the default scene, in the tutorial, and in every inspector', async () => {
  const page = await appPage(browser, '', { viewport: { width: 1280, height: 800 } });
  const found = await axeViolations(page);
  await page.click('text=/Step through the \\d+ axes/');
  await settle(page);
  found.push(...await axeViolations(page));
  await page.selectOption('.preset-select', 'zoo');
  await settle(page);
  for (const id of await page.evaluate(() => window.sepaxisApp.model.volumes.map((v) => v.id))) {
    await page.click(`#scene li.item[data-id="${id}"] button`);
    await settle(page);
    found.push(...await axeViolations(page));
  }
  assert.deepEqual([...new Set(found)], []);
});

test('axe finds no contrast or naming violations with a separating axis, in the help, and on a phone', async () => {
  const found = [];
  for (const viewport of [{ width: 1000, height: 760 }, { width: 390, height: 844 }]) {
    const page = await appPage(browser, '', { viewport, hasTouch: viewport.width < 600 });
    await page.selectOption('.preset-select', 'edge-edge');
    await settle(page);
    found.push(...await axeViolations(page));
    await page.click('button[aria-label="Keyboard shortcuts and help (?)"]');
    await settle(page);
    found.push(...await axeViolations(page));
  }
  assert.deepEqual([...new Set(found)], []);
});
