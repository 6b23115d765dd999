// Every preset loads and gives the verdict its lesson promises (checked on the page's report);
// the ray-meets-triangle preset's Floor under the player card shows the package's answers.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, launch, loadApp, openPage, settle, shot } from './browser.mjs';
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
    assert.equal(await page.isVisible('#floor-card'), !!preset.expect.ray, 'the floor card shows with a triangle pair only where a preset expects it');
    if (preset.expect.ray) assert.match(await page.textContent('.floor-verdict'), preset.expect.ray.hit ? /^Inside all three edges: the ray meets/ : /misses|no floor/);
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

/** The Floor under the player card as shown, and the package's own answers for the same ray. */
const floorState = () => page.evaluate(() => {
  const app = window.sepaxisApp;
  const floor = app.model.get('floor').volume, player = app.model.get('player').volume;
  const hit = app.sx.raycast(floor, player.center, [0, -1, 0]);
  const mesh = app.sx.createMesh({ positions: floor.vertices.flat() });
  const onMesh = mesh.raycast(player.center, [0, -1, 0]);
  mesh.dispose();
  const drawn = app.viewport.scene.getObjectByName('floor-ray');
  return {
    hit, barycentric: onMesh?.barycentric ?? null, shown: app.floor.shown.floor,
    rows: [...document.querySelectorAll('.floor-tests tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent)),
    verdict: document.querySelector('.floor-verdict').textContent,
    weights: document.querySelector('.floor-weights').textContent,
    edgeColors: drawn.children.slice(0, 3).map((e) => e.material.color.getHex()),
    dot: drawn.children[4].visible,
  };
});

test('ray meets triangle: the half-space tests, the floor\'s height and the corners\' weights; past an edge its sign flips and the ray misses', async () => {
  await page.selectOption('.preset-select', 'ray-triangle');
  await settle(page);
  let s = await floorState();
  assert.ok(s.hit, 'the package finds the floor under the player');
  assert.deepEqual(s.shown.hit.point, s.hit.point);
  assert.deepEqual(s.shown.barycentric, s.barycentric);
  assert.equal(s.shown.contains, true);
  // Each weight is the edge function of the edge opposite its corner over the whole triangle's.
  const { area, edges } = s.shown.tests;
  edges.forEach((e) => assert.ok(Math.abs(e.value / area - s.barycentric[3 - e.from - e.to]) < 1e-12, JSON.stringify({ e, area, w: s.barycentric })));
  assert.deepEqual(s.rows.map((r) => [r[0], r[2]]), [['1 → 2', 'inside (as corner 3)'], ['2 → 3', 'inside (as corner 1)'], ['3 → 1', 'inside (as corner 2)']]);
  assert.match(s.rows[0][1], /^\+\d/);
  assert.equal(s.verdict, `Inside all three edges: the ray meets Floor at (${s.hit.point.map((x) => +x.toFixed(2)).join(', ')}), ${+s.hit.distance.toFixed(3)} below the centre. The floor's height there is y = ${+s.hit.point[1].toFixed(3)}.`);
  assert.match(s.weights, new RegExp(`^The corners' weights at the hit \\(barycentric coordinates of 1, 2, 3\\): ${s.barycentric.map((w) => +w.toFixed(3)).join(', ')}, summing to 1;.* sx\\.contains\\(Floor, hit\\) = true\\.$`));
  assert.deepEqual(s.edgeColors, [0x56b4e9, 0x56b4e9, 0x56b4e9]);
  assert.equal(s.dot, true);
  assert.deepEqual(await axeViolations(page, '#floor-card'), []);
  for (const [size, viewport] of [['1280', { width: 1280, height: 800 }], ['390', { width: 390, height: 844 }]]) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => document.getElementById('floor-card').scrollIntoView({ block: 'nearest' }));
    await settle(page);
    await shot(page, `preset-ray-triangle-${size}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  // The player moved past edge 2 → 3: that edge's function changes sign, and the ray misses.
  await page.evaluate(() => { window.sepaxisApp.model.update('player', { type: 'sphere', center: [1.8, 1.2, 1.0], radius: 0.35 }); window.sepaxisApp.flush(); });
  await settle(page);
  s = await floorState();
  assert.equal(s.hit, null);
  assert.equal(s.shown.hit, null);
  assert.deepEqual(s.rows.map((r) => r[2]), ['inside (as corner 3)', 'outside', 'inside (as corner 2)']);
  assert.match(s.rows[1][1], /^−\d/);
  assert.equal(s.verdict, 'Outside edge 2 → 3: Player is not over Floor, and the ray misses it.');
  assert.equal(s.weights, '');
  assert.deepEqual(s.edgeColors, [0x56b4e9, 0xe69f00, 0x56b4e9]);
  assert.equal(s.dot, false);
  await shot(page, 'preset-ray-triangle-outside');
  // No triangle in the pair: no card.
  await page.selectOption('.preset-select', 'welcome');
  await settle(page);
  assert.equal(await page.isVisible('#floor-card'), false);
  assert.equal(await page.evaluate(() => window.sepaxisApp.viewport.scene.getObjectByName('floor-ray').visible), false);
  assert.deepEqual(page.problems.errors, []);
});
