// Sharing: the scene survives the URL and a JSON file; malformed and hostile links and files
// give a clear message and an empty (or unchanged) scene — never a crash, never script execution.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { isDeepStrictEqual } from 'node:util';
import { readFileSync } from 'node:fs';
import { appPage, BASE_URL, launch, loadApp, openPage, settle, shot } from './browser.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** The camera and the URL once the URL has caught up with the camera (both unchanged for 1 s). */
async function linkAtRest(page) {
  const read = async () => ({ camera: await page.evaluate(() => window.sepaxisApp.viewport.cameraState()), url: page.url() });
  let last = await read();
  for (;;) {
    await page.waitForTimeout(1000);
    const now = await read();
    if (now.url === last.url && JSON.stringify(now.camera) === JSON.stringify(last.camera)) return now;
    last = now;
  }
}
const b64url = (buf) => Buffer.from(buf).toString('base64url');
const sceneHash = (data) => `#scene=${b64url(deflateRawSync(Buffer.from(typeof data === 'string' ? data : JSON.stringify(data))))}`;
/** The scene a `#scene=` link holds (the visualizer's encoding: deflate-raw, then base64url). */
const linkScene = (url) => JSON.parse(inflateRawSync(Buffer.from(url.slice(url.indexOf('#scene=') + 7), 'base64url')).toString());

/** The page's URL once its link holds `volumes` (the link follows an edit after a pause). */
async function linkHolding(page, volumes) {
  for (let waited = 0; waited < 30_000; waited += 100) {
    if (page.url().includes('#scene=') && isDeepStrictEqual(linkScene(page.url()).volumes, volumes)) return page.url();
    await page.waitForTimeout(100);
  }
  assert.fail(`the link never held the edited scene: ${JSON.stringify(linkScene(page.url()).volumes)}`);
}
/** Follows a link in the running app (the app follows its URL's hash). */
async function followLink(page, hash) {
  await page.evaluate((h) => { location.hash = h; }, hash);
}
const GOOD_LINK = sceneHash({ volumes: [{ id: 'g', volume: { type: 'sphere', center: [0, 0, 0], radius: 1 } }] });
const XSS = '<img src=x onerror="window.__pwned=1;alert(1)"><script>window.__pwned=2</script>';

async function expectRejected(page, pattern) {
  const banner = page.locator('#banner');
  await banner.waitFor({ state: 'visible', timeout: 10_000 });
  const text = await banner.textContent();
  assert.match(text, /This link could not be opened/);
  assert.match(text, pattern);
  assert.match(text, /Showing an empty scene/);
  assert.equal(await page.evaluate(() => window.sepaxisApp.model.volumes.length), 0);
  assert.equal(await page.evaluate(() => window.__pwned), undefined, 'no script ran');
  assert.equal(await page.locator('img').count(), 0, 'no element was made from the data');
  assert.deepEqual(page.problems.errors, [], 'no uncaught exception');
  assert.deepEqual(page.problems.dialogs, [], 'no dialog opened');
  return text;
}

/** Opens `link` (a URL or its hash) in a new document of `page`, as a visitor following it would. */
async function openAfresh(page, link) {
  await page.goto('about:blank');
  await loadApp(page, link.slice(link.indexOf('#')));
}

describe('sharing', () => {
  test('the scene is kept in the URL and a new page opening it restores it', async () => {
    const page = await appPage(browser);
    await page.selectOption('.preset-select', 'edge-edge');
    await page.waitForFunction(() => location.hash.startsWith('#scene='));
    // Edit, and wait for the URL to hold the edit (the camera's framing also changes the URL, so
    // a changed URL alone may come from before the edit).
    await page.locator('#inspector input[data-path="center.1"]').fill('0.5');
    await page.locator('#inspector input[data-path="center.1"]').press('Enter');
    const expected = await page.evaluate(() => window.sepaxisApp.model.toJSON());
    assert.deepEqual(expected.volumes.map((v) => v.volume.center[1]), [0.3, 0.5], 'the inspector edited bar B');
    const url = await linkHolding(page, expected.volumes);
    const verdict = await page.getAttribute('.verdict', 'data-verdict');
    // The link opened in a new document (as a new page would open it, with nothing of this one).
    await openAfresh(page, url);
    assert.deepEqual(await page.evaluate(() => window.sepaxisApp.model.toJSON()), expected);
    assert.equal(await page.getAttribute('.verdict', 'data-verdict'), verdict);
    assert.ok(url.length < 1000, `a two-volume link is short (${url.length} characters)`);
  });

  test('the link keeps the camera: a page opening it sees the scene from the same place', async () => {
    const page = await appPage(browser);
    await page.selectOption('.preset-select', 'edge-edge');
    await settle(page);
    // Orbit and zoom from the keyboard; the URL follows the camera.
    const before = await page.evaluate(() => location.hash);
    await page.focus('#viewport canvas');
    for (const key of ['ArrowLeft', 'ArrowLeft', 'ArrowUp', '+']) await page.keyboard.press(key);
    await page.waitForFunction((h) => location.hash !== h, before);
    // The URL follows 300 ms after the last move: on a slow machine the first move's link may come
    // before the last key. Read the camera and the link once neither changes any more.
    const { camera, url } = await linkAtRest(page);
    const where = () => page.evaluate(() => window.sepaxisApp.screenPositionOf('b'));
    const [x, scene] = [await where(), await page.evaluate(() => window.sepaxisApp.model.toJSON())];
    await openAfresh(page, url);
    assert.deepEqual(await page.evaluate(() => window.sepaxisApp.viewport.cameraState()), camera);
    // The same volume lands on the same pixel.
    const y = await where();
    assert.ok(Math.abs(x.x - y.x) < 1 && Math.abs(x.y - y.y) < 1, `B at ${JSON.stringify(x)} and ${JSON.stringify(y)}`);
    // A link without a camera frames the scene: the view differs from the orbited one.
    await openAfresh(page, sceneHash(scene));
    assert.notDeepEqual(await page.evaluate(() => window.sepaxisApp.viewport.cameraState()), camera);
    assert.equal(await page.locator('#banner').isVisible(), false);
    assert.deepEqual(page.problems.errors, []);
  });

  test('a link with a bad camera opens the scene framed, and says which field was wrong', async () => {
    const scene = {
      volumes: [{ id: 'a', volume: { type: 'sphere', center: [0, 0, 0], radius: 1 } }, { id: 'b', volume: { type: 'aabb', min: [3, 0, 0], max: [4, 1, 1] } }],
      selection: ['a', 'b'],
    };
    const cases = [
      [{ position: [1, 'x', 3], target: [0, 0, 0] }, /camera\.position\[1\] must be a finite number, got "x"/],
      [{ position: [1, 2, 3] }, /camera\.target must be an array of 3 numbers, got nothing/],
      [{ position: [1, 2, 3], target: [1, 2, 3] }, /camera\.position must differ from camera\.target/],
      ['above', /camera must be an object \{position, target\}, got "above"/],
    ];
    const page = await appPage(browser);
    const framedCamera = await page.evaluate(() => window.sepaxisApp.viewport.cameraState());
    for (const [camera, pattern] of cases) {
      await followLink(page, sceneHash({ ...scene, camera }));
      await page.locator('#banner').waitFor({ state: 'visible' });
      const text = await page.textContent('#banner');
      assert.match(text, /The camera in this scene was ignored/);
      assert.match(text, pattern);
      assert.match(text, /The view shows the whole scene instead/);
      assert.equal(await page.evaluate(() => window.sepaxisApp.model.volumes.length), 2, 'the scene opened');
      // Framed: both volumes in the canvas.
      const box = await page.locator('#viewport canvas').boundingBox();
      for (const id of ['a', 'b']) {
        const p = await page.evaluate((i) => window.sepaxisApp.screenPositionOf(i), id);
        assert.ok(p.x > box.x && p.x < box.x + box.width && p.y > box.y && p.y < box.y + box.height, `${id} is in view`);
      }
      assert.notDeepEqual(await page.evaluate(() => window.sepaxisApp.viewport.cameraState()), framedCamera);
      assert.deepEqual(page.problems.errors, []);
    }
  });

  test('export writes the JSON format and import reads it back', async () => {
    const page = await appPage(browser);
    await page.selectOption('.preset-select', 'zoo');
    await settle(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('button[title="Save the scene as a JSON file"]')]);
    const text = readFileSync(await download.path(), 'utf8');
    const scene = JSON.parse(text);
    assert.equal(scene.volumes.length, 8);
    assert.deepEqual(Object.keys(scene).sort(), ['camera', 'selection', 'volumes']);
    assert.deepEqual(Object.keys(scene.volumes[0]).sort(), ['id', 'name', 'volume']);
    await page.selectOption('.preset-select', 'empty');
    await settle(page);
    await page.setInputFiles('input[type=file]', { name: 'scene.json', mimeType: 'application/json', buffer: Buffer.from(text) });
    await page.waitForFunction(() => window.sepaxisApp.model.volumes.length === 8);
    // A hostile file leaves the scene as it was.
    await page.setInputFiles('input[type=file]', { name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ volumes: [{ id: 'x', name: XSS, volume: { type: XSS } }] })) });
    await page.locator('#banner').waitFor({ state: 'visible' });
    assert.match(await page.textContent('#banner'), /Could not open bad\.json.*volume 1: volume\.type must be one of/s);
    assert.equal(await page.evaluate(() => window.sepaxisApp.model.volumes.length), 8);
    assert.equal(await page.evaluate(() => window.__pwned), undefined);
  });
});

describe('hostile and malformed links', () => {
  const cases = [
    ['garbage', '#%3Cscript%3Ealert(1)%3C/script%3E', /does not contain a sepaxis scene/],
    ['characters outside base64url', '#scene=abc$def', /damaged/],
    ['data that does not decompress', `#scene=${b64url(Buffer.from('not deflate data at all, just text'))}`, /damaged|not valid JSON/],
    ['JSON that is not a scene', sceneHash('[1, 2, 3]'), /volume 1 is not an object/],
    ['not JSON', sceneHash('{"volumes": [ oops'), /not valid JSON/],
    ['a script in the volume type', sceneHash({ volumes: [{ id: 'a', name: XSS, volume: { type: XSS, center: [0, 0, 0], radius: 1 } }] }), /volume 1: volume\.type must be one of/],
    ['a script as a number', sceneHash({ volumes: [{ id: 'a', volume: { type: 'sphere', center: [0, 0, XSS], radius: 1 } }] }), /sphere\.center\[2\] must be a number/],
    ['a NaN size', sceneHash('{"volumes":[{"id":"a","volume":{"type":"obb","center":[0,0,0],"halfExtents":[1,"NaN",1],"rotation":[0,0,0,1]}}]}'), /halfExtents\[1\] must be a number/],
    ['an infinite size', sceneHash('{"volumes":[{"id":"a","volume":{"type":"sphere","center":[0,0,0],"radius":1e999}}]}'), /radius must be finite/],
    ['a negative size', sceneHash({ volumes: [{ id: 'a', volume: { type: 'obb', center: [0, 0, 0], halfExtents: [1, -1, 1], rotation: [0, 0, 0, 1] } }] }), /halfExtents/],
    ['a k-DOP with contradicting slabs', sceneHash({ volumes: [{ id: 'a', volume: { type: 'kdop', k: 8, min: [5, -1, -1, -1], max: [6, 1, 1, 1] } }] }), /empty intersection/],
    ['a zip bomb', `#scene=${b64url(deflateRawSync(Buffer.alloc(40_000_000, 32)))}`, /too large once decompressed/],
    ['too many volumes', sceneHash({ volumes: Array.from({ length: 5000 }, (_, i) => ({ id: `v${i}`, volume: { type: 'sphere', center: [i, 0, 0], radius: 1 } })) }), /at most 500/],
  ];
  // The first case opens a new page (the link a visitor follows); the others are followed by the
  // running app, as when a link is pasted into its address bar: the same decoding and checks.
  let running;
  before(async () => {
    running = await openPage(browser);
    await loadApp(running);
  });
  after(async () => { await running?.context().close(); });
  for (const [index, [name, hash, pattern]] of cases.entries()) {
    test(`a link with ${name} is refused with a message`, async () => {
      let page = running;
      if (index === 0) {
        page = await appPage(browser, hash);
      } else {
        // A good link after a bad one opens again (the app follows a hash unlike the last one)
        // and clears the case before's message.
        await followLink(page, GOOD_LINK);
        await page.locator('#banner').waitFor({ state: 'hidden' });
        await followLink(page, hash);
      }
      await expectRejected(page, pattern);
      if (name === 'a script in the volume type') {
        // The hostile text is shown as text, quoted by the library's message.
        assert.match(await page.textContent('#banner'), /<img src=x onerror/);
        await shot(page, '06-hostile-link');
      }
    });
  }

  test('a link one character over 200,000 is refused as too long before any decoding', async () => {
    // Followed by the running app: a new page takes seconds to open a URL this long. One
    // character over the limit proves the guard for any longer link (a 10 MB hash is refused by
    // this same comparison), without handing megabytes to the browser.
    const page = running;
    await followLink(page, GOOD_LINK);
    await page.locator('#banner').waitFor({ state: 'hidden' });
    await followLink(page, `#scene=${'A'.repeat(199_995)}`);
    await expectRejected(page, /the link is too long \(200,001 characters; at most 200,000\)/);
  });

  test('a JSON file one byte over 2,000,000 is refused by its size and changes nothing', async () => {
    const page = running;
    await followLink(page, GOOD_LINK);
    await page.locator('#banner').waitFor({ state: 'hidden' });
    await page.waitForFunction(() => window.sepaxisApp.model.volumes.length === 1);
    await page.setInputFiles('input[type=file]', { name: 'huge.json', mimeType: 'application/json', buffer: Buffer.alloc(2_000_001, 32) });
    await page.locator('#banner').waitFor({ state: 'visible' });
    assert.match(await page.textContent('#banner'), /Could not open huge\.json: the file is too large \(2,000,001 bytes; at most 2,000,000\)/);
    assert.equal(await page.evaluate(() => window.sepaxisApp.model.volumes.length), 1, 'the scene is unchanged');
    assert.deepEqual(page.problems.errors, []);
  });

  test('a link followed while the page writes its own URL still opens', async () => {
    // The page's pending URL write (after an edit or a framing) can replace the hash between a
    // followed link and its hashchange event; the link the event brought must open all the same.
    const page = running;
    await followLink(page, GOOD_LINK);
    await page.waitForFunction(() => window.sepaxisApp.model.volumes.length === 1);
    const two = sceneHash({ volumes: [{ id: 'p', volume: { type: 'sphere', center: [0, 0, 0], radius: 1 } }, { id: 'q', volume: { type: 'sphere', center: [3, 0, 0], radius: 1 } }] });
    await page.evaluate((h) => {
      location.hash = h;
      history.replaceState(null, '', `#${window.sepaxisApp.lastHash}`);
    }, two);
    await page.waitForFunction(() => window.sepaxisApp.model.volumes.length === 2, null, { timeout: 5000 });
    assert.deepEqual(page.problems.errors, []);
  });

  test('a hostile name in a valid scene is shown as text, never as markup', async () => {
    const page = running;
    await followLink(page, sceneHash({ volumes: [{ id: 'a', name: XSS, volume: { type: 'sphere', center: [0, 0, 0], radius: 1 } }, { id: 'b', name: 'ok', volume: { type: 'sphere', center: [1, 0, 0], radius: 1 } }], selection: ['a', 'b'] }));
    await page.waitForFunction(() => window.sepaxisApp.model.volumes.some((v) => v.id === 'b' && v.name === 'ok'));
    await settle(page);
    const shown = await page.textContent('.scene-list .name');
    assert.equal(shown, XSS.slice(0, 60));
    assert.equal(await page.locator('img').count(), 0);
    assert.equal(await page.locator('#scene script, #verdict script').count(), 0);
    assert.equal(await page.evaluate(() => window.__pwned), undefined);
    assert.deepEqual(page.problems.dialogs, []);
    assert.deepEqual(page.problems.errors, []);
  });

  test('prototype keys in the data change nothing', async () => {
    const page = running;
    await followLink(page, sceneHash('{"__proto__":{"polluted":1},"volumes":[{"id":"__proto__","__proto__":{"x":1},"volume":{"type":"sphere","center":[0,0,0],"radius":1,"__proto__":{"y":1},"constructor":{"prototype":{"z":1}}}}]}'));
    await page.waitForFunction(() => window.sepaxisApp.model.volumes.length === 1);
    await settle(page);
    assert.equal(await page.evaluate(() => ({}).polluted ?? ({}).z ?? null), null);
    assert.deepEqual(page.problems.errors, []);
  });

  test('the empty link opens the default scene', async () => {
    const page = await appPage(browser, '#');
    assert.equal(await page.isHidden('#banner'), true);
    assert.ok(await page.evaluate(() => window.sepaxisApp.model.volumes.length) > 0);
  });
  void BASE_URL;
});
