// The visualizer on a phone (390×844, touch): the toolbar fits, the help dialog fits, the step
// text and the 3D view are seen together, and a swipe on the view scrolls the page. Also the
// screenshots of the layouts that are looked at by eye (test-results/e2e/layout-*.png).

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { appPage, launch, settle, shot } from './browser.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const PHONE = { width: 390, height: 844 };

/** The part of an element's box inside the window: { width, height } (0 when outside). */
const visible = (page, selector) => page.$eval(selector, (el) => {
  const r = el.getBoundingClientRect();
  return {
    width: Math.max(0, Math.min(r.right, innerWidth) - Math.max(r.left, 0)),
    height: Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0)),
    full: r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight,
  };
});

describe('on a phone', () => {
  test('the toolbar fits the width: every button, Import too, is whole on screen', async () => {
    const page = await appPage(browser, '', { viewport: PHONE, hasTouch: true });
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth && document.body.scrollWidth <= innerWidth), 'nothing overflows sideways');
    const cut = await page.$$eval('#toolbar button, #toolbar select', (els) => els
      .filter((el) => el.offsetParent !== null)
      .filter((el) => { const r = el.getBoundingClientRect(); return r.left < 0 || r.right > innerWidth; })
      .map((el) => el.getAttribute('aria-label') ?? el.textContent));
    assert.deepEqual(cut, []);
    assert.ok((await visible(page, 'button[title="Open a scene JSON file"]')).full, 'Import is whole on screen');
  });

  test('the help dialog fits the screen, with a margin, and its text wraps inside it', async () => {
    const page = await appPage(browser, '', { viewport: PHONE, hasTouch: true });
    await page.tap('button[aria-label="Keyboard shortcuts and help (?)"]');
    await settle(page);
    const box = await page.$eval('#help', (el) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, wide: el.scrollWidth > el.clientWidth };
    });
    assert.ok(box.left >= 8 && box.right <= PHONE.width - 8, `the dialog spans ${box.left}..${box.right} of ${PHONE.width} px`);
    assert.ok(box.top >= 0 && box.bottom <= PHONE.height, `and ${box.top}..${box.bottom} of ${PHONE.height} px`);
    assert.equal(box.wide, false, 'nothing in it is wider than the dialog');
    await shot(page, 'layout-phone-help');
  });

  test('the step text and the 3D view are seen together', async () => {
    const page = await appPage(browser, '', { viewport: PHONE, hasTouch: true });
    await page.tap('text=/Step through the \\d+ axes/');
    await settle(page);
    await page.$eval('#tutorial .step', (el) => el.scrollIntoView({ block: 'nearest' }));
    await settle(page);
    const step = await visible(page, '#tutorial .step');
    const view = await visible(page, '#viewport canvas');
    assert.ok(step.full, 'the step text is whole on screen');
    assert.ok(view.height >= 200 && view.width >= PHONE.width - 2, `and ${view.width}×${view.height} px of the view with it`);
    await shot(page, 'layout-phone-step');
  });

  test('a vertical swipe on the view scrolls the page', async () => {
    const page = await appPage(browser, '', { viewport: PHONE, hasTouch: true });
    const panelTop = () => page.$eval('.panel.right', (el) => el.getBoundingClientRect().top);
    const top0 = await panelTop();
    const canvas = await page.$eval('#viewport canvas', (el) => { const r = el.getBoundingClientRect(); return { x: r.left + r.width / 2, y: r.top + r.height * 0.7 }; });
    // A one-finger swipe up over the view, as raw touch events (the browser decides to scroll).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: canvas.x, y: canvas.y }] });
    for (let i = 1; i <= 12; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: canvas.x, y: canvas.y - 20 * i }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
    await page.waitForTimeout(300);
    const top1 = await panelTop();
    assert.ok(top1 < top0 - 100, `the panels moved up by ${top0 - top1} px`);
  });
});

test('screenshots of the layouts: 1280×800, 1000×760, the phone, the inspector', async () => {
  for (const [name, viewport] of [['1280', { width: 1280, height: 800 }], ['1000', { width: 1000, height: 760 }], ['phone', PHONE]]) {
    const page = await appPage(browser, '', { viewport, hasTouch: name === 'phone' });
    await shot(page, `layout-${name}`);
    if (name !== 'phone') await page.locator('#inspector-card').screenshot({ path: `${process.cwd()}/test-results/e2e/layout-${name}-inspector.png` });
    assert.deepEqual(page.problems, { errors: [], console: [], dialogs: [], csp: [], failed: [] });
  }
});
