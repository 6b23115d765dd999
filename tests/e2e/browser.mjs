// Shared setup of the browser tests: Debian's Chromium driven by playwright-core, with the flags
// that make WebGL render headless through SwiftShader (see /work/shared/TOOLCHAIN.md).

import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const BASE_URL = process.env.SEPAXIS_APP_URL ?? 'http://127.0.0.1:5173/';
export const ARTIFACTS = fileURLToPath(new URL('../../test-results/e2e/', import.meta.url));
mkdirSync(ARTIFACTS, { recursive: true });

export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run',
  '--enable-unsafe-swiftshader', '--use-angle=swiftshader',
];

export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
  });
}

/**
 * A new page that records console errors, uncaught exceptions, CSP violations and dialogs
 * (alert() would be script execution). viewport: {width, height}.
 */
export async function openPage(browser, { viewport = { width: 1440, height: 900 }, hasTouch = false } = {}) {
  const context = await browser.newContext({ viewport, hasTouch, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const problems = { errors: [], console: [], dialogs: [], csp: [] };
  page.on('pageerror', (e) => problems.errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.console.push(m.text());
  });
  page.on('dialog', (d) => {
    problems.dialogs.push(d.message());
    d.dismiss().catch(() => {});
  });
  await page.exposeFunction('__reportCsp', (text) => problems.csp.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => window.__reportCsp?.(`${e.violatedDirective} ${e.blockedURI}`));
  });
  page.problems = problems;
  return page;
}

/** Loads the app (path and hash relative to BASE_URL) and waits until it is ready. */
export async function loadApp(page, suffix = '') {
  await page.goto(new URL(suffix, BASE_URL).href);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
  await settle(page);
}

/** Waits two animation frames, so pending renders and panel updates are done. */
export function settle(page) {
  return page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

export function shot(page, name) {
  return page.screenshot({ path: `${ARTIFACTS}${name}.png` });
}
