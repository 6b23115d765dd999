// Shared setup of the browser tests: Debian's Chromium driven by playwright-core, with the flags
// that make WebGL render headless through SwiftShader (see /work/shared/TOOLCHAIN.md).

import axe from 'axe-core';
import { chromium } from 'playwright-core';
import { PerspectiveCamera, Vector3 } from 'three';
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
  // failed: the responses with an error status, which the console reports without their URL.
  const problems = { errors: [], console: [], dialogs: [], csp: [], failed: [] };
  page.on('pageerror', (e) => problems.errors.push(String(e)));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.failed.push(`${r.status()} ${r.url()}`);
  });
  page.on('console', (m) => {
    // Not the origin's /favicon.ico: only blankPage's blank document (an SVG file, which names no
    // icon) asks for it — the app's and the site's pages name theirs — and its 404 may be logged
    // after the next test's page has begun.
    if (m.type() === 'error' && !/^https?:\/\/[^/]+\/favicon\.ico$/.test(m.location().url)) problems.console.push(m.text());
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
  // Waits poll every 50 ms rather than every animation frame: a frame requested only to poll is
  // still drawn and composited, in software under SwiftShader, some 60 times a second.
  const waitForFunction = page.waitForFunction.bind(page);
  page.waitForFunction = (fn, arg, options) => waitForFunction(fn, arg, { polling: 50, ...options });
  return page;
}

/** Loads the app (path and hash relative to BASE_URL) and waits until it is ready. */
export async function loadApp(page, suffix = '') {
  // Generous timeouts: a loaded CI machine takes seconds for what takes a fraction of one here.
  await page.goto(new URL(suffix, BASE_URL).href, { timeout: 90_000 });
  await page.waitForSelector('body[data-ready="true"]', { timeout: 90_000 });
  await settle(page);
}

const keptPages = new WeakMap();  // browser -> { [hasTouch]: the page blankPage() hands out }

/**
 * A page for a test that loads its own document: one kept for the browser's tests (one with touch,
 * one without), on a blank document (nothing of an earlier test's page is left: its scripts,
 * scene, undo history, dialogs, its origin's local and session storage), at `viewport`, with only
 * `media` emulated (page.emulateMedia), the mouse at the corner and page.problems emptied. Loading
 * the app in a new document costs about 2 CPU-s under SwiftShader; in a new page, whose renderer
 * process starts cold (the module, scripts and shaders compiled again), about 5. For a test of a
 * page among others, or of what a first visit loads (the cache is the kept page's), use openPage.
 */
export async function blankPage(browser, { viewport = { width: 1440, height: 900 }, hasTouch = false, media = {} } = {}) {
  let pages = keptPages.get(browser);
  if (!pages) keptPages.set(browser, (pages = {}));
  pages[hasTouch] ??= await openPage(browser, { viewport, hasTouch });
  const page = pages[hasTouch];
  // What the last test's page kept in the browser goes too (the site keeps its theme choice).
  if (page.url().startsWith('http')) await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
  // The app's server isolates its pages (COOP and COEP): a page of its origin moving to
  // about:blank, and from there back, changes browsing context group, which starts a cold
  // renderer each time. A static file of the same origin, served with the same headers, is a
  // blank document that keeps the renderer warm.
  await page.goto(page.url().startsWith(BASE_URL) ? new URL('tutorial/favicon.svg', BASE_URL).href : 'about:blank');
  await page.mouse.move(0, 0);
  await page.setViewportSize(viewport);
  await page.emulateMedia({ colorScheme: null, reducedMotion: null, ...media });
  for (const list of Object.values(page.problems)) list.length = 0;
  return page;
}

/** The app loaded afresh (loadApp, path and hash `suffix`) in a blankPage(browser, options). */
export async function appPage(browser, suffix = '', options = {}) {
  const page = await blankPage(browser, options);
  await loadApp(page, suffix);
  return page;
}

/**
 * axe-core's WCAG 2.0/2.1 A and AA violations in the page (or in the elements the selector
 * `include` matches), as "rule: target message" lines, readable in a failure. axe is given to a
 * document once (compiling its 550 kB takes seconds under load) and runs in one call, returning the
 * violations alone: @axe-core/playwright compiles it twice a run, makes many calls (each waits for
 * the page's frame being drawn) and opens a new page to gather the results. A page with frames is
 * refused rather than half checked: axe is not given to them.
 */
export async function axeViolations(page, include) {
  const frames = page.frames().filter((f) => f !== page.mainFrame()).map((f) => f.url());
  if (frames.length) throw new Error(`axeViolations: the page has frames (${frames.join(', ')})`);
  const run = () => page.evaluate(async ({ context, tags }) => {
    if (typeof window.axe?.run !== 'function') return null;
    const { violations } = await window.axe.run(context ?? document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} ${n.any[0]?.message ?? ''}`));
  }, { context: include ?? null, tags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] });
  const found = await run();
  if (found) return found;
  await page.evaluate(axe.source);
  return run();
}

/** Waits two animation frames, so pending renders and panel updates are done. */
export function settle(page) {
  return page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

export function shot(page, name) {
  return page.screenshot({ path: `${ARTIFACTS}${name}.png` });
}

/**
 * Client coordinates of a world point in a <sepaxis-demo> (a selector) whose camera attribute is
 * `camera` ({ position, target }): the demo's perspective, 45° high, the canvas's aspect.
 */
export async function demoScreenPoint(page, selector, camera, point) {
  const r = await page.evaluate((s) => {
    const b = document.querySelector(s).shadowRoot.querySelector('canvas').getBoundingClientRect();
    return { x: b.x, y: b.y, width: b.width, height: b.height };
  }, selector);
  const cam = new PerspectiveCamera(45, r.width / r.height, 0.05, 500);
  cam.position.fromArray(camera.position);
  cam.lookAt(new Vector3().fromArray(camera.target));
  cam.updateMatrixWorld();
  const v = new Vector3().fromArray(point).project(cam);
  return { x: r.x + ((v.x + 1) / 2) * r.width, y: r.y + ((1 - v.y) / 2) * r.height };
}
