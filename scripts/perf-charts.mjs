#!/usr/bin/env node
// The performance page's charts, drawn at site build time from the measured figures in
// web/site/data/ (written by the benchmarks' `--json file`: scripts/bench-world.mjs (twice:
// world.json for the frame, world-queries.json for rays, contacts, sweeps and a level),
// scripts/bench-js.mjs, scripts/bench-fit.mjs, scripts/demo-bytes.mjs). Each chart is a <figure>
// of hand-written SVG (a <title> and <desc>, text labels, markers and dashes besides colour), its
// data as a table under it, and a caption with the machine, the date and the command that
// measures it again. The colours are classes; web/site/.vitepress/theme/performance.css gives
// them for the light and the dark theme.
//
//   node scripts/perf-charts.mjs [data dir (web/site/data)] [out dir (web/site/.vitepress/charts)]
//
// Writes one HTML fragment per chart (world.html, world-rays.html, world-contacts.html,
// world-sweeps.html, world-level.html, pairs-cache.html, pairs-scattered.html,
// fit.html, demo-bytes.html) that web/site/performance.md includes (<!--@include: …-->). A fragment has
// no blank line, so Markdown keeps it one HTML block, and no style attribute (the site's CSP).

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// ---------------------------------------------------------------------------------------------
// Checking the data: a clear error naming the file's field, never a chart of wrong numbers

/** Thrown for data a chart cannot be drawn from; the message names the field and the value. */
export class ChartDataError extends Error {}

const show = (v) => (v === undefined ? 'nothing' : JSON.stringify(v));

function field(obj, path, name) {
  const v = obj?.[name];
  return { v, where: `${path}.${name}` };
}

function positive(obj, path, name) {
  const { v, where } = field(obj, path, name);
  if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) throw new ChartDataError(`${where} must be a positive number, got ${show(v)}`);
  return v;
}

function text(obj, path, name) {
  const { v, where } = field(obj, path, name);
  if (typeof v !== 'string' || v.trim() === '') throw new ChartDataError(`${where} must be a non-empty string, got ${show(v)}`);
  return v;
}

function list(obj, path, name) {
  const { v, where } = field(obj, path, name);
  if (!Array.isArray(v) || v.length === 0) throw new ChartDataError(`${where} must be a non-empty array, got ${show(v)}`);
  return v;
}

/** Where and how the figures were measured: { cpu, cores, node, date (YYYY-MM-DD), command, load ([start, end] or []) }. */
export function provenance(report, path) {
  if (report === null || typeof report !== 'object') throw new ChartDataError(`${path} must be an object, got ${show(report)}`);
  const machine = report.machine;
  if (machine === null || typeof machine !== 'object') throw new ChartDataError(`${path}.machine must be an object, got ${show(machine)}`);
  const date = text(report, path, 'date');
  if (Number.isNaN(Date.parse(date))) throw new ChartDataError(`${path}.date must be a date, got ${show(date)}`);
  return {
    cpu: text(machine, `${path}.machine`, 'cpu'),
    cores: positive(machine, `${path}.machine`, 'cores'),
    node: text(machine, `${path}.machine`, 'node'),
    date: new Date(date).toISOString().slice(0, 10),
    command: text(report, path, 'command'),
    load: machine.loadAverage ? [machine.loadAverage.start, machine.loadAverage.end].filter(Number.isFinite) : [],
  };
}

// ---------------------------------------------------------------------------------------------
// Scales and formatting

/** A log10 scale: domain [d0, d1] (positive) onto range [r0, r1]. */
export function logScale([d0, d1], [r0, r1]) {
  if (!(d0 > 0 && d1 > d0)) throw new RangeError(`logScale: the domain must be 0 < d0 < d1, got [${d0}, ${d1}]`);
  const l0 = Math.log10(d0), span = Math.log10(d1) - l0;
  return (v) => r0 + ((Math.log10(v) - l0) / span) * (r1 - r0);
}

/** A linear scale: domain [d0, d1] onto range [r0, r1]. */
export function linearScale([d0, d1], [r0, r1]) {
  return (v) => r0 + ((v - d0) / (d1 - d0)) * (r1 - r0);
}

/** Ticks of a log axis over [lo, hi]: 1, 2, 5 × each power of ten (1 and 3 when the range is long). */
export function logTicks(lo, hi) {
  const decades = Math.log10(hi / lo);
  const steps = decades > 2.5 ? [1, 3] : [1, 2, 5];
  const ticks = [];
  for (let p = Math.floor(Math.log10(lo)); p <= Math.ceil(Math.log10(hi)); p++) {
    for (const s of steps) {
      const t = s * 10 ** p;
      if (t >= lo * (1 - 1e-9) && t <= hi * (1 + 1e-9)) ticks.push(Number(t.toPrecision(6)));
    }
  }
  return ticks;
}

const r1 = (v) => Math.round(v * 10) / 10;  // SVG coordinates to 0.1 px
const group = (n) => Math.round(n).toLocaleString('en-US');
/** 1000 -> "1k", 30000 -> "30k", 1500 -> "1.5k". */
export const countLabel = (n) => (n >= 1000 ? `${Number((n / 1000).toPrecision(3))}k` : String(n));
/** Milliseconds or nanoseconds with three significant digits at most: 12.3, 0.456, 123. */
export const figure = (v) => (v >= 100 ? String(Math.round(v)) : String(Number(v.toPrecision(3))));

const escape = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
/** Text for Vue's template too: "{{" would start an interpolation. */
const safe = (s) => escape(s).replaceAll('{{', '{&#8203;{');

// ---------------------------------------------------------------------------------------------
// The parts every chart has

/** what: text; link: an optional { href, text } after it. */
function caption(prov, what, link) {
  const [lo, hi] = [Math.min(...prov.load), Math.max(...prov.load)].map((v) => v.toFixed(1));
  const load = prov.load.length ? `; load average ${lo === hi ? lo : `${lo}–${hi}`}` : '';
  const more = link ? ` <a href="${safe(link.href)}">${safe(link.text)}</a>.` : '';
  return `<figcaption>${safe(what)}${more} Measured on ${safe(prov.cpu)} (${prov.cores} cores, shared${load}), Node ${safe(prov.node)}, ${prov.date}. ` +
    `Measure again: <code>${safe(prov.command)}</code></figcaption>`;
}

function svgOpen(id, width, height, title, desc) {
  return `<svg class="perf-svg" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="${id}-title ${id}-desc" xmlns="http://www.w3.org/2000/svg">` +
    `<title id="${id}-title">${safe(title)}</title><desc id="${id}-desc">${safe(desc)}</desc>`;
}

/** rows: arrays of cells, the first a row header; or groups: [{ heading, rows }], a body each under its heading row. */
function table(captionText, head, rows) {
  const th = head.map((h, i) => `<th scope="col"${i ? ' class="align-right"' : ''}>${safe(h)}</th>`).join('');
  const tr = (row) => `<tr>${row.map((c, i) => (i ? `<td class="align-right">${safe(c)}</td>` : `<th scope="row">${safe(c)}</th>`)).join('')}</tr>`;
  const body = rows[0]?.heading === undefined ? `<tbody>${rows.map(tr).join('')}</tbody>` :
    rows.map((g) => `<tbody><tr><th scope="rowgroup" colspan="${head.length}" class="row-group">${safe(g.heading)}</th></tr>${g.rows.map(tr).join('')}</tbody>`).join('');
  // On a phone the table may scroll sideways: its box is a named region keyboard users can focus.
  return `<div class="perf-table-wrap" role="region" tabindex="0" aria-label="${safe(captionText)}">` +
    `<table class="perf-table"><caption>${safe(captionText)}</caption><thead><tr>${th}</tr></thead>${body}</table></div>`;
}

/** A series' marker at (x, y): circle, square or triangle, so colour is not the only cue. */
function marker(shape, x, y, cls, label) {
  const t = label ? `<title>${safe(label)}</title>` : '';
  if (shape === 'square') return `<rect class="point ${cls}" x="${r1(x - 4.5)}" y="${r1(y - 4.5)}" width="9" height="9" data-x="${r1(x)}" data-y="${r1(y)}">${t}</rect>`;
  if (shape === 'triangle') return `<path class="point ${cls}" d="M${r1(x)} ${r1(y - 6)}L${r1(x + 5.5)} ${r1(y + 4)}L${r1(x - 5.5)} ${r1(y + 4)}Z" data-x="${r1(x)}" data-y="${r1(y)}">${t}</path>`;
  return `<circle class="point ${cls}" cx="${r1(x)}" cy="${r1(y)}" r="5" data-x="${r1(x)}" data-y="${r1(y)}">${t}</circle>`;
}

/** An SVG of horizontal bars from 0, one row each: bars [{ label, value, cls, title }], value(v) the label after a bar. */
function horizontalBars(id, title, desc, bars, value, axisTitle) {
  const W = 640, left = 168, right = 96, top = 20, bar = 30, gap = 22;
  const H = top + bars.length * (bar + gap) - gap + 48;
  const x = linearScale([0, Math.max(...bars.map((b) => b.value))], [left, W - right]);
  const out = [svgOpen(id, W, H, title, desc)];
  bars.forEach((b, i) => {
    const by = top + i * (bar + gap);
    out.push(`<g class="bar-row" data-label="${safe(b.label)}"><text class="group-label" x="${left - 8}" y="${by + bar / 2 + 5}" text-anchor="end">${safe(b.label)}</text>`);
    out.push(`<rect class="bar ${b.cls}" x="${left}" y="${by}" width="${r1(x(b.value) - left)}" height="${bar}"><title>${safe(b.title)}</title></rect>`);
    out.push(`<text class="value-label" x="${r1(x(b.value) + 6)}" y="${by + bar / 2 + 5}">${safe(value(b.value))}</text></g>`);
  });
  out.push(`<g class="axis" aria-hidden="true"><line x1="${left}" x2="${left}" y1="${top - 6}" y2="${top + bars.length * (bar + gap) - gap + 6}"/>` +
    `<text class="axis-title" x="${r1((left + W - right) / 2)}" y="${H - 10}" text-anchor="middle">${safe(axisTitle)}</text></g>`);
  out.push('</svg>');
  return out.join('');
}

// ---------------------------------------------------------------------------------------------
// 1. The World and its queries: milliseconds against body count, log-log

/** The series of the world chart: the benchmark's row names, and how each is drawn. */
export const WORLD_SERIES = [
  { key: 'one', label: 'sepaxis, 1 thread', name: 'sepaxis setPoses(ids, Float64Array) + pairs()', cls: 's1', shape: 'circle', dash: '' },
  { key: 'two', label: 'sepaxis, 2 threads', name: 'sepaxis, 2 threads: setPoses + pairs()', cls: 's2', shape: 'square', dash: '7 4' },
  { key: 'rapier', label: 'Rapier 0.21', name: 'Rapier 0.21 kinematic sensors: step()', cls: 's3', shape: 'triangle', dash: '2 4' },
];
const WORLD_SCENE = 'spheres, AABBs, OBBs';

/**
 * The log-log charts drawn from scripts/bench-world.mjs's rows: each one's series (the rows'
 * names), its ids, its titles and its unit. world: world.json; the others: world-queries.json.
 */
export const LINE_CHARTS = {
  world: {
    id: 'chart-world', figureId: 'world-chart', series: WORLD_SERIES, unit: 'ms per frame',
    title: 'The World: milliseconds per frame against the number of bodies',
    tableCaption: 'Milliseconds per frame: the median of the runs (fastest–slowest run)',
    what: (runs) => `A frame: every body moved and turned, then every overlapping pair found (spheres, AABBs and OBBs; ${runs} runs per point, whiskers from the fastest to the slowest).`,
  },
  rays: {
    id: 'chart-rays', figureId: 'rays-chart', unit: 'ms per 2,000 rays',
    series: [
      { key: 'raycast', label: 'sepaxis world.raycast', name: 'sepaxis world.raycast x 2000 (first hits)', cls: 's1', shape: 'circle', dash: '' },
      { key: 'rapier', label: 'Rapier 0.21 castRay', name: 'Rapier 0.21 castRay x 2000', cls: 's3', shape: 'triangle', dash: '2 4' },
    ],
    title: 'Rays through the World: milliseconds per 2,000 rays against the number of bodies',
    tableCaption: 'Milliseconds per 2,000 rays (first hits): the median of the runs (fastest–slowest run)',
    what: (runs) => `2,000 rays from anywhere among the bodies in random directions, the first hit of each, checked to be the same on both sides, the two sides' runs interleaved (${runs} runs per point).`,
  },
  contacts: {
    id: 'chart-contacts', figureId: 'contacts-chart', unit: 'ms per frame',
    series: [
      { key: 'pairs', label: 'setPoses + pairs()', name: 'sepaxis setPoses + pairs(), beside contacts()', cls: 's1', shape: 'circle', dash: '' },
      { key: 'contacts', label: 'setPoses + contacts()', name: 'sepaxis setPoses + contacts()', cls: 's2', shape: 'square', dash: '7 4' },
    ],
    title: 'The World\'s pairs against its contacts: milliseconds per frame against the number of bodies',
    tableCaption: 'Milliseconds per frame: the median of the runs (fastest–slowest run)',
    what: (runs) => `The frame of the first chart listing each overlapping pair alone (pairs()) or with its normal and depth (contacts()), the two frames' runs interleaved (${runs} runs per point).`,
  },
  sweeps: {
    id: 'chart-sweeps', figureId: 'sweeps-chart', unit: 'ms per 1,000 sweeps',
    series: [
      { key: 'sweep', label: 'sepaxis world.sweep', name: 'sepaxis world.sweep x 1000 (first contacts)', cls: 's1', shape: 'circle', dash: '' },
      { key: 'rapier', label: 'Rapier 0.21 castShape', name: 'Rapier 0.21 castShape x 1000', cls: 's3', shape: 'triangle', dash: '2 4' },
    ],
    title: 'Shape casts through the World: milliseconds per 1,000 sweeps against the number of bodies',
    tableCaption: 'Milliseconds per 1,000 sweeps (first contacts): the median of the runs (fastest–slowest run)',
    what: (runs) => `1,000 spheres of radius 0.25 moving from anywhere among the bodies in random directions, the first body each touches, checked to be the same on both sides, the two sides' runs interleaved (${runs} runs per point).`,
  },
};

/** A report's rows of the scene without k-DOPs named as `defs`' series: series of { bodies, ms, min, max }. */
export function chartSeries(report, path, defs) {
  const results = list(report, path, 'results');
  const series = defs.map((s) => ({ ...s, points: [] }));
  results.forEach((row, i) => {
    const at = `${path}.results[${i}]`;
    if (row === null || typeof row !== 'object') throw new ChartDataError(`${at} must be an object, got ${show(row)}`);
    if (text(row, at, 'scene') !== WORLD_SCENE) return;
    const s = series.find((x) => x.name === text(row, at, 'name'));
    if (!s) return;
    const ms = positive(row, at, 'msPerFrame');
    const min = positive(row, at, 'min'), max = positive(row, at, 'max');
    if (!(min <= ms && ms <= max)) throw new ChartDataError(`${at}: min <= msPerFrame <= max must hold, got ${min}, ${ms}, ${max}`);
    s.points.push({ bodies: positive(row, at, 'bodies'), ms, min, max });
  });
  for (const s of series) {
    if (s.points.length === 0) throw new ChartDataError(`${path}.results has no row named ${show(s.name)} for the scene ${show(WORLD_SCENE)}`);
    s.points.sort((a, b) => a.bodies - b.bodies);
  }
  return series;
}

/** The world report's rows of the world chart. */
export const worldSeries = (report, path = 'world') => chartSeries(report, path, WORLD_SERIES);

/** One of LINE_CHARTS drawn from a world report: the SVG, the table of its figures, the caption. */
export function lineChart(report, path, chart) {
  const prov = provenance(report, path);
  const series = chartSeries(report, path, chart.series);
  const all = series.flatMap((s) => s.points);
  const W = 640, H = 420, left = 64, right = 20, top = 56, bottom = 56;
  const xs = [...new Set(all.map((p) => p.bodies))].sort((a, b) => a - b);
  const xLo = xs[0] / 1.25, xHi = xs.at(-1) * 1.25;
  const yLo = 10 ** Math.floor(Math.log10(Math.min(...all.map((p) => p.min)))), yHi = 10 ** Math.ceil(Math.log10(Math.max(...all.map((p) => p.max))));
  const x = logScale([xLo, xHi], [left, W - right]);
  const y = logScale([yLo, yHi], [H - bottom, top]);
  const out = [svgOpen(chart.id, W, H, chart.title,
    `Log-log chart. ${series.map((s) => `${s.label}: ${s.points.map((p) => `${countLabel(p.bodies)} bodies ${figure(p.ms)} ms`).join(', ')}`).join('. ')}. Lower is better.`)];
  // Grid and axes.
  out.push('<g class="grid" aria-hidden="true">');
  for (const t of logTicks(yLo, yHi)) out.push(`<line x1="${left}" x2="${W - right}" y1="${r1(y(t))}" y2="${r1(y(t))}"/>`);
  for (const t of xs) out.push(`<line x1="${r1(x(t))}" x2="${r1(x(t))}" y1="${top}" y2="${H - bottom}"/>`);
  out.push('</g><g class="axis" aria-hidden="true">');
  out.push(`<line x1="${left}" x2="${left}" y1="${top}" y2="${H - bottom}"/><line x1="${left}" x2="${W - right}" y1="${H - bottom}" y2="${H - bottom}"/>`);
  for (const t of logTicks(yLo, yHi)) out.push(`<text class="tick y-tick" x="${left - 8}" y="${r1(y(t) + 4)}" text-anchor="end">${figure(t)}</text>`);
  for (const t of xs) out.push(`<text class="tick x-tick" x="${r1(x(t))}" y="${H - bottom + 20}" text-anchor="middle">${countLabel(t)}</text>`);
  out.push(`<text class="axis-title" x="${r1((left + W - right) / 2)}" y="${H - 12}" text-anchor="middle">bodies (log scale)</text>`);
  out.push(`<text class="axis-title" x="14" y="${r1((top + H - bottom) / 2)}" text-anchor="middle" transform="rotate(-90 14 ${r1((top + H - bottom) / 2)})">${safe(chart.unit)} (log scale)</text>`);
  out.push('</g>');
  // Legend: marker, dash and name of each series.
  out.push('<g class="legend">');
  series.forEach((s, i) => {
    const lx = left + i * 190, ly = 22;
    out.push(`<line class="series-line ${s.cls}" x1="${lx}" x2="${lx + 30}" y1="${ly}" y2="${ly}"${s.dash ? ` stroke-dasharray="${s.dash}"` : ''}/>`);
    out.push(marker(s.shape, lx + 15, ly, s.cls));
    out.push(`<text class="legend-label" x="${lx + 38}" y="${ly + 4}">${safe(s.label)}</text>`);
  });
  out.push('</g>');
  // The series: the line through the medians, whiskers from the fastest to the slowest run.
  for (const s of series) {
    out.push(`<g class="series ${s.cls}" data-series="${s.key}">`);
    out.push(`<polyline class="series-line ${s.cls}" points="${s.points.map((p) => `${r1(x(p.bodies))},${r1(y(p.ms))}`).join(' ')}"${s.dash ? ` stroke-dasharray="${s.dash}"` : ''}/>`);
    for (const p of s.points) {
      if (y(p.min) - y(p.max) > 2) out.push(`<line class="whisker ${s.cls}" x1="${r1(x(p.bodies))}" x2="${r1(x(p.bodies))}" y1="${r1(y(p.min))}" y2="${r1(y(p.max))}"/>`);
      out.push(marker(s.shape, x(p.bodies), y(p.ms), s.cls, `${s.label}: ${group(p.bodies)} bodies, ${figure(p.ms)} ${chart.unit} (runs ${figure(p.min)}–${figure(p.max)})`));
    }
    out.push('</g>');
  }
  out.push('</svg>');
  const rows = xs.map((n) => [group(n), ...series.map((s) => {
    const p = s.points.find((q) => q.bodies === n);
    return p ? `${figure(p.ms)} (${figure(p.min)}–${figure(p.max)})` : '—';
  })]);
  return `<figure class="perf-chart" id="${chart.figureId}">${out.join('')}` +
    table(chart.tableCaption, ['bodies', ...series.map((s) => s.label)], rows) +
    caption(prov, chart.what(report.runs ?? '?')) +
    '</figure>';
}

export const worldChart = (report, path = 'world') => lineChart(report, path, LINE_CHARTS.world);

// ---------------------------------------------------------------------------------------------
// 1b. A frame over a level: the same bodies with and without a static mesh body, as bars

const LEVEL_SCENE = 'on a ground over a level';
const LEVEL_PREFIX = 'sepaxis setPoses + pairs(), over ';

/** The level rows of a world report: { bodies, triangles, over: { ms, min, max, perBody }, bare: { ms, min, max } }. */
export function levelRows(report, path = 'worldQueries') {
  let over = null, bare = null;
  list(report, path, 'results').forEach((row, i) => {
    const at = `${path}.results[${i}]`;
    if (row === null || typeof row !== 'object') throw new ChartDataError(`${at} must be an object, got ${show(row)}`);
    if (text(row, at, 'scene') !== LEVEL_SCENE) return;
    const name = text(row, at, 'name');
    const figures = () => {
      const ms = positive(row, at, 'msPerFrame'), min = positive(row, at, 'min'), max = positive(row, at, 'max');
      if (!(min <= ms && ms <= max)) throw new ChartDataError(`${at}: min <= msPerFrame <= max must hold, got ${min}, ${ms}, ${max}`);
      return { bodies: positive(row, at, 'bodies'), ms, min, max };
    };
    if (name === 'sepaxis setPoses + pairs(), no level') bare = figures();
    else if (name.startsWith(LEVEL_PREFIX)) {
      const triangles = Number(name.slice(LEVEL_PREFIX.length).split(' ')[0]);
      if (!(triangles > 0)) throw new ChartDataError(`${at}.name must give the level's triangle count, got ${show(name)}`);
      over = { ...figures(), triangles, perBody: row.onLevelPerBody };
    }
  });
  if (!over || !bare) throw new ChartDataError(`${path}.results has no ${over ? '"sepaxis setPoses + pairs(), no level"' : `"${LEVEL_PREFIX}… triangles"`} row for the scene ${show(LEVEL_SCENE)}`);
  if (over.bodies !== bare.bodies) throw new ChartDataError(`${path}: the level's rows must have the same bodies, got ${over.bodies} and ${bare.bodies}`);
  return { bodies: over.bodies, triangles: over.triangles, over, bare };
}

export function levelChart(report, path = 'worldQueries') {
  const prov = provenance(report, path);
  const { bodies, triangles, over, bare } = levelRows(report, path);
  const bars = [
    { label: 'no level', value: bare.ms, cls: 's1', title: `no level: ${figure(bare.ms)} ms per frame (runs ${figure(bare.min)}–${figure(bare.max)})` },
    { label: `over ${countLabel(triangles)} triangles`, value: over.ms, cls: 's2', title: `over ${group(triangles)} triangles: ${figure(over.ms)} ms per frame (runs ${figure(over.min)}–${figure(over.max)})` },
  ];
  const title = `A frame of ${group(bodies)} bodies over a level of ${group(triangles)} triangles: milliseconds per frame`;
  const svg = horizontalBars('chart-level', title, `Bar chart, lower is better. ${bars.map((b) => `${b.label}: ${figure(b.value)} ms`).join('; ')}.`,
    bars, (v) => `${figure(v)} ms`, 'ms per frame');
  const rows = [['no level', `${figure(bare.ms)} (${figure(bare.min)}–${figure(bare.max)})`],
    [`over ${group(triangles)} triangles`, `${figure(over.ms)} (${figure(over.min)}–${figure(over.max)})`]];
  return `<figure class="perf-chart" id="level-chart">${svg}` +
    table('Milliseconds per frame: the median of the runs (fastest–slowest run)', [`${group(bodies)} bodies`, 'ms per frame'], rows) +
    caption(prov, `${group(bodies)} bodies in a layer on a ground, moved and turned, then every overlapping pair found, in a world with the level (one static mesh body, world.add(mesh)) and in one without, the two worlds' runs interleaved (${report.runs ?? '?'} runs per bar).`) +
    '</figure>';
}

// ---------------------------------------------------------------------------------------------
// 2. Pair tests against three.js: ns per test, in cache and scattered

export const PAIR_SERIES = [
  { key: 'threeNs', label: 'three.js', cls: 's3' },
  { key: 'singleNs', label: 'sepaxis overlaps()', cls: 's1' },
  { key: 'batch_f64Ns', label: 'sepaxis batch (f64)', cls: 's2' },
];

/** Rows with a three.js test, as { pair, values: { threeNs, singleNs, batch_f64Ns } }. */
export function pairRows(report, setName, path = 'pairs') {
  const rows = list(report, path, setName);
  const chosen = [];
  rows.forEach((row, i) => {
    const at = `${path}.${setName}[${i}]`;
    if (row === null || typeof row !== 'object') throw new ChartDataError(`${at} must be an object, got ${show(row)}`);
    const pair = text(row, at, 'pair');
    if (row.threeNs === undefined) return;  // a pair three.js has no test for
    chosen.push({ pair, values: Object.fromEntries(PAIR_SERIES.map((s) => [s.key, positive(row, at, s.key)])) });
  });
  if (chosen.length === 0) throw new ChartDataError(`${path}.${setName} has no row with threeNs (a pair three.js can test)`);
  return chosen;
}

export function pairsChart(report, setName, path = 'pairs') {
  const prov = provenance(report, path);
  const rows = pairRows(report, setName, path);
  const count = setName === 'largeRows' ? report.environment?.largePairs : report.environment?.pairs;
  const where = setName === 'largeRows' ? 'scattered' : 'in cache';
  const id = `chart-pairs-${setName === 'largeRows' ? 'scattered' : 'cache'}`;
  const W = 640, left = 118, right = 64, top = 44, bar = 14, gap = 3, groupGap = 18;
  const groupH = PAIR_SERIES.length * (bar + gap) - gap;
  const H = top + rows.length * (groupH + groupGap) - groupGap + 44;
  const max = Math.max(...rows.flatMap((r) => Object.values(r.values)));
  const x = linearScale([0, max], [left, W - right]);
  const title = `Pair tests against three.js, ${where}: nanoseconds per test`;
  const out = [svgOpen(id, W, H, title,
    `Bar chart, lower is better. ${rows.map((r) => `${r.pair}: ${PAIR_SERIES.map((s) => `${s.label} ${figure(r.values[s.key])} ns`).join(', ')}`).join('. ')}.`)];
  out.push('<g class="legend">');
  PAIR_SERIES.forEach((s, i) => {
    const lx = left + i * 160;
    out.push(`<rect class="bar ${s.cls}" x="${lx}" y="12" width="14" height="14"/><text class="legend-label" x="${lx + 20}" y="24">${safe(s.label)}</text>`);
  });
  out.push('</g>');
  const step = [0.5, 1, 2, 5, 10, 20, 50, 100].find((s) => max / s <= 6) ?? 200;
  const ticks = Array.from({ length: Math.floor(max / step) + 1 }, (_, i) => i * step);
  out.push(`<g class="grid" aria-hidden="true">${ticks.map((t) => `<line x1="${r1(x(t))}" x2="${r1(x(t))}" y1="${top - 6}" y2="${H - 38}"/>`).join('')}</g>`);
  out.push(`<g class="axis" aria-hidden="true"><line x1="${left}" x2="${left}" y1="${top - 6}" y2="${H - 38}"/>`);
  for (const t of ticks) out.push(`<text class="tick x-tick" x="${r1(x(t))}" y="${H - 22}" text-anchor="middle">${figure(t)}</text>`);
  out.push(`<text class="axis-title" x="${r1((left + W - right) / 2)}" y="${H - 4}" text-anchor="middle">ns per pair test</text></g>`);
  rows.forEach((r, g) => {
    const gy = top + g * (groupH + groupGap);
    out.push(`<g class="pair" data-pair="${safe(r.pair)}"><text class="group-label" x="${left - 8}" y="${r1(gy + groupH / 2 + 5)}" text-anchor="end">${safe(r.pair)}</text>`);
    PAIR_SERIES.forEach((s, i) => {
      const by = gy + i * (bar + gap), v = r.values[s.key];
      out.push(`<rect class="bar ${s.cls}" data-series="${s.key}" x="${left}" y="${r1(by)}" width="${r1(Math.max(x(v) - left, 1))}" height="${bar}"><title>${safe(`${r.pair}, ${s.label}: ${figure(v)} ns`)}</title></rect>`);
      out.push(`<text class="value-label" x="${r1(x(v) + 5)}" y="${r1(by + bar - 3)}">${figure(v)}</text>`);
    });
    out.push('</g>');
  });
  out.push('</svg>');
  const rowsOut = rows.map((r) => [r.pair, ...PAIR_SERIES.map((s) => figure(r.values[s.key])), `${figure(r.values.threeNs / r.values.batch_f64Ns)}×`]);
  const setText = count ? `${group(count)} pairs of each type` : 'the pairs';
  return `<figure class="perf-chart" id="pairs-${where === 'in cache' ? 'cache' : 'scattered'}">${out.join('')}` +
    table(`Nanoseconds per pair test, ${where} (${setText}); the last column: three.js's time over the batch's`, ['pair', ...PAIR_SERIES.map((s) => s.label), 'batch speed-up'], rowsOut) +
    caption(prov, `The best of ${report.environment?.repeats ?? '?'} samples per bar, ${setText}, ${where === 'in cache' ? 'small enough to stay in the CPU\'s caches' : 'too many for the CPU\'s caches, as in a big scene'}.`) +
    '</figure>';
}

// ---------------------------------------------------------------------------------------------
// 3. What the first demo downloads, against model-viewer

export function bytesChart(report, path = 'demoBytes') {
  const prov = provenance(report, path);
  const total = positive(report, path, 'gzipTotal');
  const files = list(report, path, 'files').map((f, i) => {
    const at = `${path}.files[${i}]`;
    if (f === null || typeof f !== 'object') throw new ChartDataError(`${at} must be an object, got ${show(f)}`);
    return { file: text(f, at, 'file'), gzip: positive(f, at, 'gzip') };
  });
  const sum = files.reduce((t, f) => t + f.gzip, 0);
  if (sum !== total) throw new ChartDataError(`${path}.gzipTotal must be the sum of files[].gzip (${sum}), got ${total}`);
  const mv = report.modelViewer;
  if (mv === null || typeof mv !== 'object') throw new ChartDataError(`${path}.modelViewer must be an object, got ${show(mv)}`);
  const other = { name: text(mv, `${path}.modelViewer`, 'name'), gzip: positive(mv, `${path}.modelViewer`, 'gzipBytes'), source: text(mv, `${path}.modelViewer`, 'source') };
  if (mv.url !== undefined && !/^https:\/\/[^\s"'<>]+$/.test(mv.url)) throw new ChartDataError(`${path}.modelViewer.url must be an https address, got ${show(mv.url)}`);
  const bars = [{ label: 'sepaxis, first demo', value: total, cls: 's1' }, { label: other.name, value: other.gzip, cls: 's3' }];
  const svg = horizontalBars('chart-bytes', 'What the first demo downloads, gzipped, against model-viewer',
    `Bar chart, lower is better. ${bars.map((b) => `${b.label}: ${group(b.value)} bytes`).join('; ')}.`,
    bars.map((b) => ({ ...b, title: `${b.label}: ${group(b.value)} bytes gzipped` })), (b) => `${figure(b / 1000)} kB`, 'kB gzipped (1 kB = 1,000 bytes)');
  const rows = [...files.map((f) => [f.file, group(f.gzip)]), ['sepaxis, first demo (all of the above)', group(total)], [other.name, group(other.gzip)]];
  return '<figure class="perf-chart" id="bytes-chart">' + svg +
    table('Bytes gzipped (gzip -9), per file the first demo downloads', ['file', 'bytes gzipped'], rows) +
    caption(prov, `${report.browser ? `${report.browser} loading` : 'Loading'} a page with two demos; later demos download nothing. ${other.name}'s figure: ${other.source}.`,
      mv.url && { href: mv.url, text: 'The source' }) +
    '</figure>';
}

// ---------------------------------------------------------------------------------------------
// 4. How tight each volume type fits real models: a dot plot, one panel per model

/** The fit report's models: [{ label, vertices, fits: [{ type, label, ratio, median, min, max, ms }] }], one type list for all. */
export function fitModels(report, path = 'fit') {
  const models = list(report, path, 'models').map((m, i) => {
    const at = `${path}.models[${i}]`;
    if (m === null || typeof m !== 'object') throw new ChartDataError(`${at} must be an object, got ${show(m)}`);
    const fits = list(m, at, 'fits').map((f, j) => {
      const fat = `${at}.fits[${j}]`;
      if (f === null || typeof f !== 'object') throw new ChartDataError(`${fat} must be an object, got ${show(f)}`);
      const fit = { type: text(f, fat, 'type'), label: text(f, fat, 'label'), ms: positive(f, fat, 'ms') };
      for (const key of ['ratio', 'median', 'min', 'max']) {
        fit[key] = positive(f, fat, key);
        // No convex volume around the points is smaller than their convex hull.
        if (fit[key] < 1 - 1e-6) throw new ChartDataError(`${fat}.${key} must be at least 1 (a volume over the convex hull's), got ${fit[key]}`);
      }
      if (!(fit.min <= fit.median && fit.median <= fit.max)) throw new ChartDataError(`${fat}: min <= median <= max must hold, got ${fit.min}, ${fit.median}, ${fit.max}`);
      return fit;
    });
    return { label: text(m, at, 'label'), vertices: positive(m, at, 'vertices'), fits };
  });
  const types = models[0].fits.map((f) => f.type);
  models.forEach((m, i) => {
    const these = m.fits.map((f) => f.type);
    if (these.join() !== types.join()) throw new ChartDataError(`${path}.models[${i}].fits must have the types of models[0] in its order (${types.join(', ')}), got ${these.join(', ')}`);
  });
  return models;
}

export function fitChart(report, path = 'fit') {
  const prov = provenance(report, path);
  const models = fitModels(report, path);
  const rotations = report.environment?.rotations ?? '?';
  const types = models[0].fits.map((f) => ({ type: f.type, label: f.label }));
  const W = 640, labelW = 122, right = 12, gap = 14, top = 78, row = 22, bottom = 48;
  const panelW = (W - labelW - right - gap * (models.length - 1)) / models.length;
  const H = top + types.length * row + bottom;
  const all = models.flatMap((m) => m.fits.flatMap((f) => [f.ratio, f.max]));
  const hi = Math.max(...all) * 1.08;
  const ticks = logTicks(1, hi);
  const title = 'How tight each volume type fits: its volume over the convex hull\'s, per model';
  const out = [svgOpen('chart-fit', W, H, title,
    `Dot plot on a log scale, lower is tighter, 1 is the convex hull itself. ${models.map((m) => `${m.label}: ${m.fits.map((f) => `${f.label} ${figure(f.ratio)} as modelled, worst rotation ${figure(f.max)}`).join(', ')}`).join('. ')}.`)];
  // Legend: the model as modelled, and the rotations' median with the line from the best to the worst.
  out.push('<g class="legend">');
  out.push(marker('circle', labelW + 8, 16, 's1'), `<text class="legend-label" x="${labelW + 20}" y="20">as modelled</text>`);
  const lx = labelW + 130;
  out.push(`<line class="whisker s3" x1="${lx - 6}" x2="${lx + 24}" y1="16" y2="16"/>`, marker('square', lx + 9, 16, 's3'));
  out.push(`<text class="legend-label" x="${lx + 32}" y="20">median of ${rotations} random rotations; line: best to worst</text>`);
  out.push('</g>');
  // Row labels, then a panel per model: its name, grid, axis and the marks.
  out.push('<g class="row-labels">');
  types.forEach((t, i) => out.push(`<text class="group-label" x="${labelW - 8}" y="${r1(top + i * row + row / 2 + 4.5)}" text-anchor="end">${safe(t.label)}</text>`));
  out.push('</g>');
  models.forEach((m, k) => {
    const x0 = labelW + k * (panelW + gap), x1 = x0 + panelW;
    const x = logScale([1 / 1.04, hi], [x0 + 4, x1]);
    out.push(`<g class="panel" data-model="${safe(m.label)}">`);
    out.push(`<text class="panel-title" x="${r1((x0 + x1) / 2)}" y="${top - 22}" text-anchor="middle">${safe(m.label)}</text>`);
    out.push(`<text class="tick" x="${r1((x0 + x1) / 2)}" y="${top - 8}" text-anchor="middle">${countLabel(m.vertices)} vertices</text>`);
    out.push('<g class="grid" aria-hidden="true">');
    for (const t of ticks) out.push(`<line x1="${r1(x(t))}" x2="${r1(x(t))}" y1="${top}" y2="${top + types.length * row}"/>`);
    types.forEach((_, i) => { if (i) out.push(`<line x1="${r1(x0)}" x2="${r1(x1)}" y1="${top + i * row}" y2="${top + i * row}"/>`); });
    out.push('</g><g class="axis" aria-hidden="true">');
    out.push(`<line x1="${r1(x0)}" x2="${r1(x1)}" y1="${top + types.length * row}" y2="${top + types.length * row}"/>`);
    for (const t of ticks) out.push(`<text class="tick x-tick" x="${r1(x(t))}" y="${top + types.length * row + 18}" text-anchor="middle">${figure(t)}</text>`);
    out.push('</g>');
    m.fits.forEach((f, i) => {
      const cy = top + i * row + row / 2;
      out.push(`<g class="fit" data-type="${safe(f.type)}">`);
      out.push(`<line class="whisker s3" x1="${r1(x(f.min))}" x2="${r1(x(f.max))}" y1="${r1(cy + 4)}" y2="${r1(cy + 4)}"/>`);
      out.push(marker('square', x(f.median), cy + 4, 's3', `${m.label}, ${f.label}, over ${rotations} rotations: median ${figure(f.median)}, best ${figure(f.min)}, worst ${figure(f.max)}`));
      out.push(marker('circle', x(f.ratio), cy - 3, 's1', `${m.label}, ${f.label}, as modelled: ${figure(f.ratio)} times the hull`));
      out.push('</g>');
    });
    out.push('</g>');
  });
  out.push(`<text class="axis-title" x="${r1((labelW + W - right) / 2)}" y="${H - 8}" text-anchor="middle">volume over the convex hull's (log scale; 1 = the hull)</text>`);
  out.push('</svg>');
  const groups = models.map((m) => ({
    heading: `${m.label}, ${group(m.vertices)} vertices`,
    rows: m.fits.map((f) => [f.label, figure(f.ratio), figure(f.median), figure(f.max), figure(f.ms)]),
  }));
  // 66 marks in three panels would shrink to unreadable on a phone: there the chart keeps a
  // readable width and its box scrolls sideways, a named region keyboard users can focus.
  return '<figure class="perf-chart" id="fit-chart">' +
    `<div class="perf-svg-scroll" role="region" tabindex="0" aria-label="${safe(title)}">${out.join('')}</div>` +
    table(`Volume over the convex hull's, as modelled and over ${rotations} random rotations; each fit's time`,
      ['volume type', 'as modelled', 'median', 'worst', 'fit, ms'], groups) +
    caption(prov, `Each model's distinct vertices fitted by sx.fit (the PCA OBB: the points' covariance axes, the usual comparator); a fit's time is the median of ${report.environment?.runs ?? '?'} fits of the model as modelled.`) +
    '</figure>';
}

// ---------------------------------------------------------------------------------------------

/** Reads a report from `file`, with an error naming the file when it is missing or not JSON. */
export function readReport(file) {
  let textOf;
  try {
    textOf = readFileSync(file, 'utf8');
  } catch (e) {
    throw new ChartDataError(`${file} cannot be read (${e.code ?? e.message}): \`npm run bench -- --json\` measures it`);
  }
  try {
    return JSON.parse(textOf);
  } catch (e) {
    throw new ChartDataError(`${file} is not JSON: ${e.message}`);
  }
}

/** Draws every chart from dataDir's files into outDir; returns the files written. */
export function writeCharts(dataDir, outDir) {
  const world = readReport(join(dataDir, 'world.json'));
  const pairs = readReport(join(dataDir, 'pairs.json'));
  const bytes = readReport(join(dataDir, 'demo-bytes.json'));
  const fit = readReport(join(dataDir, 'fit.json'));
  const queries = readReport(join(dataDir, 'world-queries.json'));
  const charts = {
    'world.html': worldChart(world, 'world.json'),
    'world-rays.html': lineChart(queries, 'world-queries.json', LINE_CHARTS.rays),
    'world-contacts.html': lineChart(queries, 'world-queries.json', LINE_CHARTS.contacts),
    'world-sweeps.html': lineChart(queries, 'world-queries.json', LINE_CHARTS.sweeps),
    'world-level.html': levelChart(queries, 'world-queries.json'),
    'pairs-cache.html': pairsChart(pairs, 'rows', 'pairs.json'),
    'pairs-scattered.html': pairsChart(pairs, 'largeRows', 'pairs.json'),
    'fit.html': fitChart(fit, 'fit.json'),
    'demo-bytes.html': bytesChart(bytes, 'demo-bytes.json'),
  };
  mkdirSync(outDir, { recursive: true });
  for (const [name, html] of Object.entries(charts)) writeFileSync(join(outDir, name), html + '\n');
  return Object.keys(charts).map((name) => join(outDir, name));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = fileURLToPath(new URL('../', import.meta.url));
  const [dataDir = join(root, 'web/site/data'), outDir = join(root, 'web/site/.vitepress/charts')] = process.argv.slice(2);
  try {
    writeCharts(dataDir, outDir);
  } catch (e) {
    if (!(e instanceof ChartDataError)) throw e;
    console.error(`perf-charts: ${e.message}`);
    process.exit(1);
  }
}
