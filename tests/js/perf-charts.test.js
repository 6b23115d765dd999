// The performance page's charts (scripts/perf-charts.mjs): from a small report, the SVG has the
// expected series, points at the right places on its log scales, and labels; the table under it
// holds the same figures; bad or missing data gives an error naming the field; the colours of
// web/site/.vitepress/theme/performance.css read on both themes' backgrounds.

import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  ChartDataError, LINE_CHARTS, bytesChart, fitChart, levelChart, lineChart, logScale, logTicks, pairsChart, provenance, worldChart,
  writeCharts,
} from '../../scripts/perf-charts.mjs';

const meta = () => ({
  machine: { cpu: 'Test CPU 3000', cores: 2, node: 'v20.20.0' },
  date: '2026-11-27T16:00:00.000Z',
  command: 'node scripts/bench-world.mjs --sizes 1000,10000,100000 --json web/site/data/world.json',
});
const row = (bodies, name, ms, scene = 'spheres, AABBs, OBBs') => ({ bodies, scene, name, msPerFrame: ms, min: ms * 0.9, max: ms * 1.2, runs: [ms] });
const ONE = 'sepaxis setPoses(ids, Float64Array) + pairs()';
const TWO = 'sepaxis, 2 threads: setPoses + pairs()';
const RAPIER = 'Rapier 0.21 kinematic sensors: step()';
const world = () => ({
  ...meta(), runs: 3,
  results: [
    row(1000, ONE, 0.1), row(10000, ONE, 1), row(100000, ONE, 10),
    row(1000, TWO, 0.1), row(10000, TWO, 0.6), row(100000, TWO, 6),
    row(1000, RAPIER, 1), row(10000, RAPIER, 10), row(100000, RAPIER, 100),
    row(1000, 'sepaxis setPoses alone', 0.01),                 // not charted
    row(1000, ONE, 0.2, '10% 14-DOPs'),                         // another scene: not charted
  ],
});

/** The markers of one series of the world chart: [{ x, y, title }]. */
function points(svg, key) {
  const series = svg.match(new RegExp(`<g class="series [^"]*" data-series="${key}">([\\s\\S]*?)</g>`))[1];
  return [...series.matchAll(/class="point [^"]*"[^>]*data-x="([\d.]+)" data-y="([\d.]+)"><title>([^<]*)<\/title>/g)]
    .map(([, x, y, title]) => ({ x: Number(x), y: Number(y), title }));
}

describe('the world chart', () => {
  test('has the three series, each point at its place on the log-log axes, labels and a table', () => {
    const html = worldChart(world());
    expect(html).toMatch(/<svg class="perf-svg"[^>]*role="img" aria-labelledby="chart-world-title chart-world-desc"/);
    expect(html).toContain('<title id="chart-world-title">The World: milliseconds per frame against the number of bodies</title>');
    for (const label of ['sepaxis, 1 thread', 'sepaxis, 2 threads', 'Rapier 0.21']) expect(html).toContain(`>${label}</text>`);
    const one = points(html, 'one'), two = points(html, 'two'), rapier = points(html, 'rapier');
    expect([one.length, two.length, rapier.length]).toEqual([3, 3, 3]);
    // Log x: 1k, 10k, 100k are equally spaced; log y: each tenfold step is the same height,
    // and Rapier's points (ten times sepaxis's on one thread) sit exactly one step higher.
    const dx = one[1].x - one[0].x;
    expect(dx).toBeGreaterThan(100);
    expect(one[2].x - one[1].x).toBeCloseTo(dx, 0);
    const decade = one[0].y - one[1].y;
    expect(decade).toBeGreaterThan(40);
    expect(one[1].y - one[2].y).toBeCloseTo(decade, 0);
    rapier.forEach((p, i) => expect(one[i].y - p.y).toBeCloseTo(decade, 0));
    expect(rapier[0].y).toBeCloseTo(one[1].y, 0);
    expect(two[1].y).toBeGreaterThan(one[1].y);  // 0.6 ms is below 1 ms: lower on the chart is larger y
    // Points carry their figures; the axes their ticks; the 14-DOP scene's row is not drawn.
    expect(one[1].title).toBe('sepaxis, 1 thread: 10,000 bodies, 1 ms per frame (runs 0.9–1.2)');
    for (const tick of ['1k', '10k', '100k']) expect(html).toContain(`>${tick}</text>`);
    for (const tick of ['0.1', '1', '10', '100']) expect(html).toMatch(new RegExp(`class="tick y-tick"[^>]*>${tick.replace('.', '\\.')}</text>`));
    expect(html).not.toContain('0.2 ms');
    // The table: one row per body count, the median and the spread of each series.
    expect(html).toContain('<th scope="row">100,000</th><td class="align-right">10 (9–12)</td><td class="align-right">6 (5.4–7.2)</td><td class="align-right">100 (90–120)</td>');
    // The caption: the machine, the date and the command.
    expect(html).toMatch(/<figcaption>.*Test CPU 3000 \(2 cores, shared\), Node v20\.20\.0, 2026-11-27\..*<code>node scripts\/bench-world\.mjs --sizes 1000,10000,100000 --json web\/site\/data\/world\.json<\/code><\/figcaption>/);
    const loaded = world();
    loaded.machine.loadAverage = { start: 3.25, end: 17.5 };
    expect(worldChart(loaded)).toContain('(2 cores, shared; load average 3.3–17.5), Node v20.20.0');
    expect(html).not.toMatch(/\sstyle=|\n\s*\n/);  // no style attribute (the CSP), no blank line (one Markdown HTML block)
  });

  test('bad or missing data: an error naming the field and the value', () => {
    const cases = [
      [(w) => { w.results[4].msPerFrame = 'fast'; }, 'world.results[4].msPerFrame must be a positive number, got "fast"'],
      [(w) => { w.results[4].msPerFrame = -1; }, 'world.results[4].msPerFrame must be a positive number, got -1'],
      [(w) => { delete w.results[0].bodies; }, 'world.results[0].bodies must be a positive number, got nothing'],
      [(w) => { w.results[1].min = 5; }, 'world.results[1]: min <= msPerFrame <= max must hold, got 5, 1, 1.2'],
      [(w) => { w.results = w.results.filter((r) => r.name !== RAPIER); }, 'world.results has no row named "Rapier 0.21 kinematic sensors: step()"'],
      [(w) => { delete w.results; }, 'world.results must be a non-empty array, got nothing'],
      [(w) => { delete w.machine.cpu; }, 'world.machine.cpu must be a non-empty string, got nothing'],
      [(w) => { w.date = 'yesterday'; }, 'world.date must be a date, got "yesterday"'],
      [(w) => { delete w.command; }, 'world.command must be a non-empty string, got nothing'],
    ];
    for (const [spoil, message] of cases) {
      const w = world();
      spoil(w);
      expect(() => worldChart(w), message).toThrow(ChartDataError);
      expect(() => worldChart(w)).toThrow(message);
    }
    expect(() => provenance(null, 'world.json')).toThrow('world.json must be an object, got null');
  });
});

describe('the World\'s query charts', () => {
  const LEVEL = 'on a ground over a level';
  const queries = () => ({
    ...meta(), runs: 5,
    results: [1000, 10000, 100000].flatMap((n, i) => [
      row(n, 'sepaxis setPoses + pairs(), beside contacts()', 0.1 * 10 ** i),
      row(n, ONE, 0.05 * 10 ** i),  // the frame timed alone: not on the contacts chart
      row(n, 'sepaxis setPoses + contacts()', 0.2 * 10 ** i),
      row(n, 'sepaxis world.raycast x 2000 (first hits)', 1 * 10 ** i),
      row(n, 'sepaxis world.sweep x 1000 (first contacts)', 2 * 10 ** i),
      row(n, 'Rapier 0.21 castRay x 2000', 10 * 10 ** i),
      row(n, 'Rapier 0.21 castShape x 1000', 4 * 10 ** i),
    ]).concat([
      { ...row(10000, 'sepaxis setPoses + pairs(), over 199712 triangles', 3, LEVEL), onLevelPerBody: 0.3 },
      row(10000, 'sepaxis setPoses + pairs(), no level', 2, LEVEL),
    ]),
  });
  const CASES = [
    ['rays', ['raycast', 'rapier'], 'ms per 2,000 rays', 'Rapier 0.21 castRay x 2000', '1'],
    ['contacts', ['pairs', 'contacts'], 'ms per frame', 'sepaxis setPoses + contacts()', '0.1'],
    ['sweeps', ['sweep', 'rapier'], 'ms per 1,000 sweeps', 'Rapier 0.21 castShape x 1000', '2'],
  ];

  test.each(CASES)('%s: both series on the log-log axes, the unit on the axis and in the table; a missing series throws', (key, [a, b], unit, missing, firstMs) => {
    const html = lineChart(queries(), 'world-queries.json', LINE_CHARTS[key]);
    expect(html).toContain(`id="${key}-chart"`);
    expect(html).toMatch(new RegExp(`aria-labelledby="chart-${key}-title chart-${key}-desc"`));
    expect(html).toContain(`>${unit} (log scale)</text>`);
    const first = points(html, a), second = points(html, b);
    expect([first.length, second.length]).toEqual([3, 3]);
    const decade = first[0].y - first[1].y;
    expect(decade).toBeGreaterThan(40);
    // The second series is a fixed multiple of the first: the same height above it at each size.
    const gap = first[0].y - second[0].y;
    second.forEach((p, i) => expect(first[i].y - p.y).toBeCloseTo(gap, 0));
    expect(first[0].title).toContain(`: 1,000 bodies, ${firstMs} ${unit} (runs `);
    expect(first[1].title).toMatch(new RegExp(`: 10,000 bodies, [\\d.]+ ${unit} \\(runs `));
    expect(html).toMatch(/Measured on Test CPU 3000 \(2 cores, shared\), Node v20\.20\.0, 2026-11-27\..*<code>node scripts\/bench-world\.mjs/);
    expect(html).not.toMatch(/\sstyle=|\n\s*\n/);
    const spoilt = queries();
    spoilt.results = spoilt.results.filter((r) => r.name !== missing);
    expect(() => lineChart(spoilt, 'world-queries.json', LINE_CHARTS[key])).toThrow(`world-queries.json.results has no row named "${missing}" for the scene "spheres, AABBs, OBBs"`);
  });

  test('the level: a bar each with and without it, as long as its time; a table; missing rows throw', () => {
    const html = levelChart(queries(), 'world-queries.json');
    expect(html).toContain('<title id="chart-level-title">A frame of 10,000 bodies over a level of 199,712 triangles: milliseconds per frame</title>');
    const width = (label) => Number(html.match(new RegExp(`data-label="${label}">.*?<rect class="bar [^"]*" x="[\\d.]+" y="[\\d.]+" width="([\\d.]+)"`))[1]);
    expect(width('over 200k triangles') / width('no level')).toBeCloseTo(3 / 2, 2);
    expect(html).toContain('<th scope="row">over 199,712 triangles</th><td class="align-right">3 (2.7–3.6)</td>');
    expect(html).toMatch(/Measured on Test CPU 3000 .*<code>node scripts\/bench-world\.mjs/);
    const noBare = queries();
    noBare.results.pop();
    expect(() => levelChart(noBare, 'world-queries.json')).toThrow('world-queries.json.results has no "sepaxis setPoses + pairs(), no level" row for the scene "on a ground over a level"');
    const noLevel = queries();
    noLevel.results = noLevel.results.filter((r) => r.scene !== LEVEL);
    expect(() => levelChart(noLevel, 'world-queries.json')).toThrow(ChartDataError);
  });

  test('the site\'s build draws every chart from the data files, and stops, naming the file, when one is missing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'perf-charts-'));
    try {
      const data = new URL('../../web/site/data/', import.meta.url).pathname;
      cpSync(data, join(dir, 'data'), { recursive: true });
      const written = writeCharts(join(dir, 'data'), join(dir, 'charts')).map((f) => f.slice(join(dir, 'charts').length + 1));
      expect(written).toEqual(expect.arrayContaining(['world.html', 'world-rays.html', 'world-contacts.html', 'world-sweeps.html', 'world-level.html']));
      // The page includes each fragment written.
      const page = readFileSync(new URL('../../web/site/performance.md', import.meta.url), 'utf8');
      for (const name of readdirSync(join(dir, 'charts'))) expect(page).toContain(`<!--@include: ./.vitepress/charts/${name}-->`);
      rmSync(join(dir, 'data', 'world-queries.json'));
      expect(() => writeCharts(join(dir, 'data'), join(dir, 'charts'))).toThrow(/world-queries\.json cannot be read/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the pair chart', () => {
  const pairs = () => ({
    ...meta(), environment: { pairs: 4096, largePairs: 262144, repeats: 7 },
    rows: [
      { pair: 'sphere–sphere', threeNs: 8, singleNs: 6, batch_f64Ns: 0.5 },
      { pair: 'obb–obb', threeNs: 40, singleNs: 20, batch_f64Ns: 4 },
      { pair: 'sphere–kdop14', singleNs: 30, batch_f64Ns: 10 },  // no three.js test: not charted
    ],
    largeRows: [{ pair: 'obb–obb', threeNs: 80, singleNs: 30, batch_f64Ns: 5 }],
  });

  test('draws three bars per pair three.js can test, lengths in proportion, with labels and a table', () => {
    const html = pairsChart(pairs(), 'rows');
    const bars = [...html.matchAll(/<rect class="bar [^"]*" data-series="(\w+)" x="([\d.]+)" y="[\d.]+" width="([\d.]+)"/g)].map(([, key, x, w]) => ({ key, x: Number(x), w: Number(w) }));
    expect(bars.map((b) => b.key)).toEqual(['threeNs', 'singleNs', 'batch_f64Ns', 'threeNs', 'singleNs', 'batch_f64Ns']);
    const longest = bars[3].w;  // three.js's OBB test, 40 ns
    expect(bars[4].w / longest).toBeCloseTo(20 / 40, 2);
    expect(bars[0].w / longest).toBeCloseTo(8 / 40, 2);
    expect(html).toContain('data-pair="sphere–sphere"');
    expect(html).not.toContain('kdop14');
    expect(html).toContain('<th scope="row">obb–obb</th><td class="align-right">40</td><td class="align-right">20</td><td class="align-right">4</td><td class="align-right">10×</td>');
    expect(html).toContain('4,096 pairs of each type');
    const scattered = pairsChart(pairs(), 'largeRows');
    expect(scattered).toContain('id="pairs-scattered"');
    expect(scattered).toContain('262,144 pairs of each type');
  });

  test('bad data names the field', () => {
    const p = pairs();
    p.rows[1].batch_f64Ns = null;
    expect(() => pairsChart(p, 'rows')).toThrow('pairs.rows[1].batch_f64Ns must be a positive number, got null');
    expect(() => pairsChart({ ...pairs(), largeRows: [] }, 'largeRows')).toThrow('pairs.largeRows must be a non-empty array, got []');
  });
});

describe('the bytes chart', () => {
  const bytes = () => ({
    ...meta(), browser: 'Chromium 156', files: [{ file: 'demo.js', gzip: 100_000 }, { file: 'sepaxis-core.wasm', gzip: 50_000 }], gzipTotal: 150_000,
    modelViewer: { name: "Google's <model-viewer>", gzipBytes: 213_000, source: 'a comment of its maintainers' },
  });

  test('draws the demo against model-viewer, in proportion, with the source of the second figure', () => {
    const html = bytesChart(bytes());
    const widths = [...html.matchAll(/<rect class="bar [^"]*" x="[\d.]+" y="[\d.]+" width="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(widths[0] / widths[1]).toBeCloseTo(150 / 213, 2);
    expect(html).toContain('>150 kB</text>');
    expect(html).toContain('>213 kB</text>');
    expect(html).toContain('Google&#39;s &lt;model-viewer&gt;');  // escaped, not an element
    expect(html).toContain('a comment of its maintainers');
    expect(bytesChart({ ...bytes(), modelViewer: { ...bytes().modelViewer, url: 'https://github.com/google/model-viewer/pull/1480' } }))
      .toContain('<a href="https://github.com/google/model-viewer/pull/1480">The source</a>.');
    expect(() => bytesChart({ ...bytes(), modelViewer: { ...bytes().modelViewer, url: 'javascript:alert(1)' } }))
      .toThrow('demoBytes.modelViewer.url must be an https address, got "javascript:alert(1)"');
  });

  test('a total that is not the files\' sum is an error', () => {
    expect(() => bytesChart({ ...bytes(), gzipTotal: 1 })).toThrow('demoBytes.gzipTotal must be the sum of files[].gzip (150000), got 1');
    expect(() => bytesChart({ ...bytes(), modelViewer: undefined })).toThrow('demoBytes.modelViewer must be an object, got nothing');
  });
});

describe('the fit chart', () => {
  const fitRow = (type, label, ratio, median, min, max, ms) => ({ type, label, ratio, median, min, max, ms });
  const fit = () => ({
    ...meta(), environment: { rotations: 8, runs: 7 },
    models: [
      { name: 'bunny', label: 'bunny', vertices: 34834, fits: [fitRow('sphere', 'sphere, smallest', 3.37, 3.37, 3.37, 3.37, 0.9), fitRow('aabb', 'AABB', 1, 2, 1.5, 4, 0.2)] },
      { name: 'knot', label: 'torus knot', vertices: 8192, fits: [fitRow('sphere', 'sphere, smallest', 2, 2, 2, 2, 0.2), fitRow('aabb', 'AABB', 1.7, 2.4, 1.8, 3, 0.04)] },
    ],
  });
  /** The marks of one model's panel: { circle: [x], square: [x], whisker: [[x1, x2]] } per type. */
  function panel(html, model) {
    const body = html.match(new RegExp(`<g class="panel" data-model="${model}">([\\s\\S]*?</g>)</g>(?=<g class="panel"|<text class="axis-title")`))[1];
    return Object.fromEntries([...body.matchAll(/<g class="fit" data-type="(\w+)">(.*?)<\/g>/g)].map(([, type, marks]) => [type, {
      circle: Number(marks.match(/<circle [^>]*cx="([\d.]+)"/)[1]),
      square: Number(marks.match(/<rect [^>]*data-x="([\d.]+)"/)[1]),
      whisker: marks.match(/<line class="whisker s3" x1="([\d.]+)" x2="([\d.]+)"/).slice(1).map(Number),
    }]));
  }

  test('a panel per model, a row per type: the modelled ratio, the rotations\' median and range on a log axis; a table', () => {
    const html = fitChart(fit());
    expect(html).toContain('id="fit-chart"');
    expect(html).toMatch(/<svg class="perf-svg"[^>]*aria-labelledby="chart-fit-title chart-fit-desc"/);
    for (const label of ['bunny', 'torus knot', '34.8k vertices', 'sphere, smallest', 'AABB', 'median of 8 random rotations; line: best to worst']) expect(html).toContain(`>${label}</text>`);
    const bunny = panel(html, 'bunny'), knot = panel(html, 'torus knot');
    // Log axis: 1 → 2 → 4 are equal steps (the AABB's modelled ratio, median, worst).
    const step = bunny.aabb.square - bunny.aabb.circle;
    expect(step).toBeGreaterThan(20);
    expect(bunny.aabb.whisker[1] - bunny.aabb.square).toBeCloseTo(step, 0);
    expect(bunny.aabb.whisker[0]).toBeCloseTo(bunny.aabb.circle + step * Math.log2(1.5), 0);
    // A sphere does not care how the model is turned: its marks coincide.
    expect(bunny.sphere.circle).toBe(bunny.sphere.square);
    // The panels share the scale, a panel further right: the knot's sphere (2) is as far from its
    // AABB's worst (3) as 2 is from 3 in the bunny's panel.
    const offset = knot.sphere.circle - bunny.aabb.square;  // both at 2
    expect(offset).toBeGreaterThan(100);
    expect(knot.aabb.whisker[1] - offset).toBeCloseTo(bunny.aabb.circle + step * Math.log2(3), 0);
    expect(html).toContain('<th scope="rowgroup" colspan="5" class="row-group">torus knot, 8,192 vertices</th></tr>' +
      '<tr><th scope="row">sphere, smallest</th><td class="align-right">2</td><td class="align-right">2</td><td class="align-right">2</td><td class="align-right">0.2</td></tr>' +
      '<tr><th scope="row">AABB</th><td class="align-right">1.7</td><td class="align-right">2.4</td><td class="align-right">3</td><td class="align-right">0.04</td></tr></tbody>');
    expect(html).toContain('the median of 7 fits');
    expect(html).toMatch(/Measured on Test CPU 3000 \(2 cores, shared\), Node v20\.20\.0, 2026-11-27\. Measure again: <code>node scripts\//);
  });

  test('bad data names the field: a ratio below 1, an unordered range, a model with other types', () => {
    const below = fit();
    below.models[1].fits[0].ratio = 0.9;
    expect(() => fitChart(below)).toThrow('fit.models[1].fits[0].ratio must be at least 1 (a volume over the convex hull\'s), got 0.9');
    const unordered = fit();
    unordered.models[0].fits[1].min = 2.5;
    expect(() => fitChart(unordered)).toThrow('fit.models[0].fits[1]: min <= median <= max must hold, got 2.5, 2, 4');
    const other = fit();
    other.models[1].fits.reverse();
    expect(() => fitChart(other)).toThrow('fit.models[1].fits must have the types of models[0] in its order (sphere, aabb), got aabb, sphere');
    expect(() => fitChart({ ...fit(), models: [] })).toThrow('fit.models must be a non-empty array, got []');
    const noTime = fit();
    delete noTime.models[0].fits[0].ms;
    expect(() => fitChart(noTime)).toThrow('fit.models[0].fits[0].ms must be a positive number, got nothing');
  });
});

describe('scales', () => {
  test('logScale maps decades to equal lengths and refuses a non-positive domain', () => {
    const s = logScale([1, 1000], [0, 300]);
    expect([s(1), s(10), s(100), s(1000)]).toEqual([0, 100, 200, 300]);
    expect(s(Math.sqrt(10))).toBeCloseTo(50, 10);
    expect(() => logScale([0, 10], [0, 1])).toThrow('logScale: the domain must be 0 < d0 < d1, got [0, 10]');
  });

  test('logTicks: 1-2-5 in a short range, 1-3 in a long one', () => {
    expect(logTicks(1, 100)).toEqual([1, 2, 5, 10, 20, 50, 100]);
    expect(logTicks(0.01, 100)).toEqual([0.01, 0.03, 0.1, 0.3, 1, 3, 10, 30, 100]);
  });
});

describe('the charts\' colours', () => {
  // WCAG 2 relative luminance and contrast ratio.
  const luminance = (hex) => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const contrast = (a, b) => { const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x); return (hi + 0.05) / (lo + 0.05); };
  const css = readFileSync(new URL('../../web/site/.vitepress/theme/performance.css', import.meta.url), 'utf8');
  const palette = (selector) => {
    const block = css.match(new RegExp(`${selector.replace('.', '\\.')}\\s*\\{([^}]*)\\}`))[1];
    return Object.fromEntries([...block.matchAll(/--perf-(s\d|bg):\s*(#[0-9a-f]{6})/gi)].map(([, k, v]) => [k, v]));
  };

  test('every series colour has 4.5:1 against the page in the light and the dark theme', () => {
    for (const selector of [':root', '.dark']) {
      const p = palette(selector);
      expect(Object.keys(p).sort()).toEqual(['bg', 's1', 's2', 's3']);
      for (const s of ['s1', 's2', 's3']) expect(contrast(p[s], p.bg), `${selector} ${s} ${p[s]} on ${p.bg}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
