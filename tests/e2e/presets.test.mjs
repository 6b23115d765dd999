// Every preset loads and gives the verdict its lesson promises (checked on the page's report).

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, loadApp, openPage, settle, shot } from './browser.mjs';
import { PRESETS } from '../../web/app/presets.js';

let browser, page;
before(async () => {
  browser = await launch();
  page = await openPage(browser);
  await loadApp(page);
});
after(async () => { await browser?.close(); });

for (const [i, preset] of PRESETS.entries()) {
  test(`preset "${preset.title}" is ${preset.expect.overlap ? 'overlapping' : 'apart'}${preset.expect.separatingAxis ? ` along ${preset.expect.separatingAxis}` : ''}`, async () => {
    await page.selectOption('.preset-select', preset.id);
    await settle(page);
    const r = await page.evaluate(() => window.sepaxisApp.report);
    assert.equal(r.overlap, preset.expect.overlap);
    const state = await page.getAttribute('.verdict', 'data-verdict');
    assert.equal(state, preset.expect.touching ? 'touching' : preset.expect.overlap ? 'overlap' : 'apart');
    if (preset.expect.separatingAxis) {
      assert.match(r.axes[r.separatingAxis].label, preset.expect.separatingAxis);
      assert.equal(await page.textContent('.axis-row.decisive .label'), r.axes[r.separatingAxis].label);
    }
    if (preset.expect.touching) assert.equal(r.penetration.depth, 0);
    assert.equal(await page.textContent('.lesson'), preset.lesson);
    await shot(page, `preset-${String(i + 1).padStart(2, '0')}-${preset.id}`);
  });
}

test('the edge-edge preset is separated only by an edge-edge axis: every face axis overlaps', async () => {
  await page.selectOption('.preset-select', 'edge-edge');
  await settle(page);
  const r = await page.evaluate(() => window.sepaxisApp.report);
  const separating = r.axes.filter((a) => a.separating).map((a) => a.label);
  assert.ok(separating.length > 0 && separating.every((l) => l.includes('×')), separating.join(', '));
});

test('in the k-DOP preset the bounding boxes overlap though the volumes are apart', async () => {
  await page.selectOption('.preset-select', 'kdop-diagonal');
  await settle(page);
  const boxes = await page.evaluate(() => {
    const app = window.sepaxisApp;
    return app.model.volumes.map((e) => app.collision.bounds(e.id));
  });
  const overlap = [0, 1, 2].every((i) => boxes[0].min[i] <= boxes[1].max[i] && boxes[1].min[i] <= boxes[0].max[i]);
  assert.ok(overlap);
  assert.deepEqual(page.problems.errors, []);
});
