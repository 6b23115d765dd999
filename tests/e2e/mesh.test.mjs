// Meshes in the visualizer's scene: the built-in models (the bunny loaded on demand), a user's
// file dropped on the view or opened (glTF too), a file the loaders reject said in the Mesh card;
// the mesh picked, moved with the keys and the gizmo's stand-in, tested against the volumes with
// mesh.overlaps; links keep a built-in model by name and say when a user's file is left out; the
// descent drawn and stepped, node tests and triangle tests; a second mesh, moved on its own.
// One page for the whole file (the app loads once); each test goes on from the last one's state.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { ARTIFACTS, axeViolations, launch, loadApp, openPage, settle, shot } from './browser.mjs';
import { timelineProblems as timelineProblemsOf } from '../js/descent-problems.js';

const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

let browser, page;
/** What the page fetched while it opened. */
const firstLoad = [];
before(async () => {
  browser = await launch();
  page = await openPage(browser, { viewport: WIDE });
  const record = (r) => firstLoad.push(new URL(r.url()).pathname);
  page.on('request', record);
  await loadApp(page);
  page.off('request', record);
});
/** Figures written to test-results/e2e/mesh.json. */
const measured = {};
after(async () => {
  writeFileSync(`${ARTIFACTS}mesh.json`, `${JSON.stringify(measured, null, 2)}\n`);
  await browser?.close();
});

/** Screenshots at the wide and the phone size, with the Mesh card in view. */
async function shots(name) {
  for (const [size, viewport] of [['1280', WIDE], ['390', PHONE]]) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => document.getElementById('mesh-card').scrollIntoView({ block: 'nearest' }));
    await settle(page);
    await shot(page, `mesh-${name}-${size}`);
  }
  await page.setViewportSize(WIDE);
  await settle(page);
}

/** Drops a file (name, bytes: an array or a string) on the 3D view and waits for its load. */
async function dropOnView(name, bytes) {
  await page.evaluate(async ({ name, bytes }) => {
    const dt = new DataTransfer();
    dt.items.add(new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name));
    document.getElementById('viewport').dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    await window.sepaxisApp.mesh.panel.lastLoad;
  }, { name, bytes });
  await settle(page);
}

/** The mesh's state as the app holds it. */
const meshState = () => page.evaluate(() => {
  const { mesh, ui } = window.sepaxisApp;
  const c = mesh.current;
  return c && {
    name: c.name, model: c.model, triangles: c.mesh.triangleCount, pose: mesh.sceneMesh.pose,
    hits: [...mesh.hits], selected: ui.meshActive === 'mesh',
    verdicts: document.querySelector('#mesh .mesh-verdicts').textContent,
    status: document.querySelector('#mesh [role=status]').textContent,
  };
});

/** A scene of two volumes: a sphere at the origin (inside the model) and a box far off. */
async function loadVolumes() {
  await page.evaluate(() => window.sepaxisApp.load({
    volumes: [
      { id: 'v1', name: 'Core', volume: { type: 'sphere', center: [0, 0, 0], radius: 0.2 } },
      { id: 'v2', name: 'Far box', volume: { type: 'aabb', min: [5, 5, 5], max: [6, 6, 6] } },
    ],
    selection: [],
  }));
  await settle(page);
}

test('the page opens without the mesh code, models and loaders; a built-in model then joins the scene', async () => {
  // Only the Mesh card comes with the page: the drawing, the models, the glTF reader and the bunny come with a mesh.
  assert.ok(firstLoad.some((p) => p.endsWith('.js')), firstLoad.join(' '));
  assert.deepEqual(firstLoad.filter((p) => /scene-mesh|mesh-models|mesh-file|mesh-placement|Loader|bunny|mesh-tree-worker|mesh-descent/.test(p)), []);
  await loadVolumes();
  await page.selectOption('#mesh select[aria-label="Built-in model"]', 'torus-knot');
  await page.click('#mesh button:text-is("Add model")');
  await page.evaluate(() => window.sepaxisApp.mesh.panel.lastLoad);
  await settle(page);
  let s = await meshState();
  assert.equal(s.model, 'torus-knot');
  assert.ok(s.triangles > 1000, `triangles ${s.triangles}`);
  // The verdicts are those of testing every triangle with sx.overlaps.
  const bruteForce = () => page.evaluate(() => {
    const { sx, mesh, model } = window.sepaxisApp;
    const { positions, indices } = mesh.current.triangles;
    const { translation } = mesh.sceneMesh.pose;
    const corner = (v) => [0, 1, 2].map((i) => positions[3 * v + i] + translation[i]);
    return model.volumes.filter((e) => {
      for (let t = 0; t < indices.length; t += 3) {
        if (sx.overlaps({ type: 'triangle', vertices: [corner(indices[t]), corner(indices[t + 1]), corner(indices[t + 2])] }, e.volume)) return true;
      }
      return false;
    }).map((e) => e.id);
  });
  assert.deepEqual(s.hits, await bruteForce());
  // Move the core sphere into the knot's hole, apart from the tube.
  await page.evaluate(() => {
    const app = window.sepaxisApp;
    app.model.update('v1', { type: 'sphere', center: [0, 0, 2], radius: 0.2 });
    app.flush();
  });
  await settle(page);
  s = await meshState();
  assert.deepEqual(s.hits, []);
  assert.deepEqual(await bruteForce(), []);
  assert.match(s.verdicts, /overlaps no volume \(2 tested\)/);

  // Move the sphere onto the tube: the verdict and the colours follow.
  await page.evaluate(() => {
    const app = window.sepaxisApp;
    const p = app.mesh.current.triangles.positions;
    app.model.update('v1', { type: 'sphere', center: [p[0], p[1], p[2]], radius: 0.2 });
    app.flush();
  });
  await settle(page);
  s = await meshState();
  assert.deepEqual(s.hits, ['v1']);
  assert.match(s.verdicts, /Torus knot overlaps Core; apart from the 1 other\./);
  // A volume inside the mesh, red on red, stays in sight: the mesh, drawn before the volumes,
  // turns translucent and leaves them the depth, so none of their pixels is hidden by it.
  const look = await page.evaluate(() => {
    const { mesh, viewport } = window.sepaxisApp;
    const volumeOrders = viewport.scene.children.filter((o) => o.isGroup && o !== mesh.sceneMesh.object && o.renderOrder > 0).map((o) => o.renderOrder);
    const { depthWrite, opacity } = mesh.sceneMesh.material;
    return { depthWrite, opacity, meshOrder: mesh.sceneMesh.object.renderOrder, volumeOrders };
  });
  assert.equal(look.depthWrite, false, 'the overlapping mesh leaves the depth to the volumes');
  assert.ok(look.opacity <= 0.4, `the overlapping mesh is translucent (opacity ${look.opacity})`);
  assert.ok(look.volumeOrders.length > 0 && look.volumeOrders.every((o) => o > look.meshOrder), JSON.stringify(look));
  // The list marks the volume the mesh meets as overlapping, as the view draws it.
  assert.deepEqual(await page.$$eval('#scene li .dot', (dots) => dots.map((d) => d.className)), ['dot overlap', 'dot apart']);
  await shots('torus-knot');
  assert.deepEqual(await axeViolations(page), []);
});

test('the mesh is picked, moved with Shift+arrows and turned like a volume', async () => {
  // Keyboard: the card's Select button, then Shift+arrows on the view.
  await page.click('#mesh button:text-is("Select mesh")');
  await settle(page);
  let s = await meshState();
  assert.equal(s.selected, true);
  assert.equal(await page.evaluate(() => window.sepaxisApp.gizmo.controls.object !== undefined && window.sepaxisApp.gizmo.entry?.id), 'mesh');
  const before = s.pose.translation;
  await page.focus('#viewport canvas');
  await page.keyboard.press('Shift+ArrowRight');
  await settle(page);
  s = await meshState();
  assert.notDeepEqual(s.pose.translation, before);
  // The gizmo's stand-in turned: the mesh turns with it, and the verdict is tested again.
  const turned = await page.evaluate(() => {
    const app = window.sepaxisApp;
    const standIn = app.mesh.sceneMesh.standIn().volume;
    app.gizmo.onChange('mesh', { ...standIn, rotation: [0, Math.SQRT1_2, 0, Math.SQRT1_2] }, { transient: false });
    app.flush();
    return app.mesh.sceneMesh.pose.rotation;
  });
  assert.deepEqual(turned, [0, Math.SQRT1_2, 0, Math.SQRT1_2]);
  // Clicking the mesh in the view picks it; clicking empty space deselects it.
  await page.keyboard.press('Escape');
  await settle(page);
  assert.equal((await meshState()).selected, false);
  // A click where the view ray meets the mesh and no volume picks the mesh.
  const at = await page.evaluate(() => {
    const app = window.sepaxisApp;
    const r = app.viewport.canvas.getBoundingClientRect();
    for (let y = r.top + 10; y < r.bottom; y += 6) {
      for (let x = r.left + 10; x < r.right; x += 6) {
        const ids = app.volumesAt(x, y);
        if (ids.length === 1 && ids[0] === 'mesh') return { x, y };
      }
    }
    return null;
  });
  assert.ok(at, 'some pixel shows the mesh alone');
  await page.mouse.click(at.x, at.y);
  await settle(page);
  assert.equal((await meshState()).selected, true);
  // A volume picked takes the gizmo from the mesh.
  await page.evaluate(() => { window.sepaxisApp.model.select('v2'); window.sepaxisApp.flush(); });
  assert.equal((await meshState()).selected, false);
  assert.equal(await page.evaluate(() => window.sepaxisApp.gizmo.entry?.id), 'v2');
  await page.evaluate(() => window.sepaxisApp.selectMesh());
  await settle(page);
  // The gizmo's X handle drags the mesh along x, as it drags a volume.
  const h = await page.evaluate(() => {
    const app = window.sepaxisApp;
    const c = app.mesh.sceneMesh.pose.translation;
    const d = app.viewport.camera.position.distanceTo(app.viewport.controls.target);
    const p0 = app.project(c), p1 = app.project([c[0] + 0.05 * d, c[1], c[2]]);
    const len = Math.hypot(p1.x - p0.x, p1.y - p0.y);
    return { x: p0.x, y: p0.y, dx: (p1.x - p0.x) / len, dy: (p1.y - p0.y) / len };
  });
  const start = (await meshState()).pose;
  await page.mouse.move(h.x + h.dx * 50, h.y + h.dy * 50);
  await page.mouse.down();
  for (let i = 1; i <= 5; i++) await page.mouse.move(h.x + h.dx * (50 + 24 * i), h.y + h.dy * (50 + 24 * i));
  await page.mouse.up();
  await settle(page);
  const dragged = await meshState();
  assert.ok(dragged.pose.translation[0] > start.translation[0] + 0.3, `x: ${start.translation[0]} -> ${dragged.pose.translation[0]}`);
  assert.deepEqual(dragged.pose.translation.slice(1), start.translation.slice(1));
  assert.deepEqual(dragged.pose.rotation, start.rotation);
  assert.equal(dragged.selected, true);
  // The drag is one step of the history: Ctrl+Z puts the mesh back, Ctrl+Y moves it again.
  await page.keyboard.press('Control+z');
  await settle(page);
  assert.deepEqual((await meshState()).pose, start);
  await page.keyboard.press('Control+y');
  await settle(page);
  assert.deepEqual((await meshState()).pose, dragged.pose);
  // Scale mode: a mesh keeps its size, and says so.
  await page.keyboard.press('r');
  await settle(page);
  assert.equal(await page.textContent('#gizmo-note'), 'A mesh keeps its size here: it can move and turn.');
  assert.equal(await page.evaluate(() => window.sepaxisApp.gizmo.controls.object ?? null), null);
  await page.keyboard.press('w');
  await settle(page);
  assert.equal(await page.isHidden('#gizmo-note'), true);
  await shots('selected');
  assert.deepEqual(page.problems.errors, []);
});

test('the bunny loads on demand; links keep a built-in model by name', async () => {
  const bunnyRequests = [];
  page.on('request', (r) => { if (r.url().includes('bunny')) bunnyRequests.push(r.url()); });
  await page.selectOption('#mesh select[aria-label="Built-in model"]', 'bunny');
  // How long adding the bunny holds the page's thread (fetching, reading, its AABB tree for the
  // verdicts and picking, its first drawing): a figure for the record.
  measured.bunnyAdd = await page.evaluate(async () => {
    let longest = 0, last = performance.now();
    const timer = setInterval(() => { longest = Math.max(longest, performance.now() - last); last = performance.now(); }, 5);
    const start = performance.now();
    window.sepaxisApp.mesh.panel.addButton.click();
    await window.sepaxisApp.mesh.panel.lastLoad;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    clearInterval(timer);
    return { longestHoldMs: Math.max(longest, performance.now() - last), totalMs: performance.now() - start };
  });
  await settle(page);
  const s = await meshState();
  assert.equal(s.model, 'bunny');
  assert.equal(s.triangles, 69451);
  assert.equal(bunnyRequests.length, 1);
  await page.evaluate(() => { window.sepaxisApp.mesh.setPose({ translation: [1, 0.5, 0], rotation: [0, 0, 0, 1] }); window.sepaxisApp.flush(); });
  // The link: the model by name, the pose with it; opened again, the same mesh where it was.
  await page.evaluate(() => window.sepaxisApp.share());
  const hash = await page.evaluate(() => location.hash);
  await page.evaluate(() => window.sepaxisApp.mesh.remove());
  // The removal schedules the URL's update, which may already have written a hash without the
  // mesh: the link is put back and opened in one task, before that write can come between.
  await page.evaluate((h) => {
    history.replaceState(null, '', h);
    return window.sepaxisApp.link.loadFromHash().then(() => window.sepaxisApp.meshLoad);
  }, hash);
  await settle(page);
  const back = await meshState();
  assert.equal(back.model, 'bunny');
  assert.deepEqual(back.pose.translation, [1, 0.5, 0]);
  await shots('bunny');
});

test('a scene file naming an unknown model is said, and the mesh stays', async () => {
  const message = await page.evaluate(async () => {
    const app = window.sepaxisApp;
    const file = new File([JSON.stringify({ volumes: [], mesh: { model: 'teapot' } })], 'bad.json');
    await app.importFile(file);
    return document.getElementById('banner').textContent;
  });
  assert.match(message, /mesh\.model must be one of "bunny", "torus-knot", "terrain", "wall", got "teapot"/);
  assert.equal((await meshState()).model, 'bunny');  // unchanged
});

test('a dropped file becomes the mesh; a link then says it leaves the file out', async () => {
  // A tetrahedron as a GLB (its buffer in the file's binary chunk).
  const positions = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]);
  const indices = new Uint16Array([0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3]);
  const bin = Buffer.concat([Buffer.from(positions.buffer), Buffer.from(indices.buffer)]);
  const gltf = {
    asset: { version: '2.0' }, scene: 0, scenes: [{ nodes: [0] }], nodes: [{ mesh: 0, translation: [5, 0, 0] }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 }, indices: 1 }] }],
    buffers: [{ byteLength: bin.length }],
    bufferViews: [{ buffer: 0, byteOffset: 0, byteLength: 48 }, { buffer: 0, byteOffset: 48, byteLength: 24 }],
    accessors: [
      { bufferView: 0, componentType: 5126, count: 4, type: 'VEC3', min: [0, 0, 0], max: [1, 1, 1] },
      { bufferView: 1, componentType: 5123, count: 12, type: 'SCALAR' },
    ],
  };
  const json = Buffer.from(JSON.stringify(gltf).padEnd(Math.ceil(JSON.stringify(gltf).length / 4) * 4, ' '));
  const chunk = (type, data) => { const head = Buffer.alloc(8); head.writeUInt32LE(data.length, 0); head.writeUInt32LE(type, 4); return Buffer.concat([head, data]); };
  const body = Buffer.concat([chunk(0x4e4f534a, json), chunk(0x004e4942, bin)]);
  const header = Buffer.alloc(12);
  header.writeUInt32LE(0x46546c67, 0);
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(12 + body.length, 8);
  await dropOnView('tetra.glb', [...Buffer.concat([header, body])]);
  const s = await meshState();
  assert.equal(s.name, 'tetra.glb');
  assert.equal(s.model, null);
  assert.equal(s.triangles, 4);
  await page.evaluate(() => window.sepaxisApp.share());
  await settle(page);
  assert.match(await page.textContent('#banner'), /The link leaves the mesh out:.*tetra\.glb is a file of yours: a link or a scene file cannot carry it/);
  await page.evaluate(() => window.sepaxisApp.messages.clear());
  assert.deepEqual(page.problems.errors, []);
});

test('a file the loaders reject is said in the card, and the scene is unchanged', async () => {
  await dropOnView('broken.glb', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
  let error = await page.textContent('#mesh .fit-error');
  assert.match(error, /Could not put broken\.glb in the scene: three\.js's GLTFLoader could not read it \(.+\)\. Nothing was changed\./);
  assert.equal((await meshState()).name, 'tetra.glb');
  await dropOnView('notes.txt', 'hello');
  error = await page.textContent('#mesh .fit-error');
  assert.match(error, /only STL, OBJ, PLY, glTF and GLB files can be read here/);
  await dropOnView('empty.stl', []);
  assert.match(await page.textContent('#mesh .fit-error'), /the file is empty/);
  await shots('rejected');
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(page.problems.errors, []);
  assert.deepEqual(page.problems.console, []);
});

/** The level the card shows now, and the package's own answer for it (a tree built in the page). */
async function levelAgainstPackage() {
  await page.evaluate(() => window.sepaxisApp.mesh.panel.lastLevel);
  await settle(page);
  return page.evaluate(() => {
    const { sx, mesh } = window.sepaxisApp;
    const { level } = mesh.panel;
    const tree = sx.createMesh(mesh.current.triangles, { node: level.node });
    const nodes = tree.nodesAtDepth(level.depth);
    const total = nodes.reduce((sum, i) => sum + sx.volumeOf(tree.nodeVolume(i)), 0);
    // The convex hull's volume: the signed tetrahedra from its first vertex (divergence theorem).
    const { vertices: v, faces } = sx.convexHull(mesh.current.triangles.positions);
    let six = 0;
    for (const [i, j, k] of faces) {
      const [a, b, c] = [v[i], v[j], v[k]].map((p) => p.map((x, n) => x - v[0][n]));
      six += a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) + a[2] * (b[0] * c[1] - b[1] * c[0]);
    }
    const result = {
      shown: { node: level.node, depth: level.depth, levels: level.levels, count: level.count, total: level.total },
      expected: { node: level.node, depth: level.depth, levels: tree.depth, count: nodes.length, total },
      ratio: total / (six / 6), drawn: mesh.sceneMesh.drawnNodes, text: document.querySelector('#mesh .mesh-level').textContent,
    };
    tree.dispose();
    return result;
  });
}

test('the tree, level by level: node type and depth, counts and volume against the hull', async () => {
  await page.selectOption('#mesh select[aria-label="Built-in model"]', 'torus-knot');
  await page.click('#mesh button:text-is("Add model")');
  await page.evaluate(() => window.sepaxisApp.mesh.panel.lastLoad);
  let level = await levelAgainstPackage();
  assert.deepEqual(level.shown, level.expected);
  assert.equal(level.shown.count, 1);
  assert.equal(level.drawn, 1);
  // Keyboard: the node type, then the depth slider.
  await page.selectOption('#mesh select[aria-label="Node type"]', 'sphere');
  await page.focus('#mesh input[aria-label="Tree depth"]');
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  level = await levelAgainstPackage();
  assert.deepEqual(level.shown, level.expected);
  assert.equal(level.shown.depth, 4);
  assert.equal(level.shown.count, 16);
  assert.equal(level.drawn, 16);
  assert.match(level.text, new RegExp(`At depth 4 of ${level.expected.levels}: 16 Spheres, together ${level.ratio.toFixed(3).replace('.', '\\.')} × the convex hull's volume\\.`));
  await shots('tree-spheres');
  await page.selectOption('#mesh select[aria-label="Node type"]', 'kdop14');
  level = await levelAgainstPackage();
  assert.deepEqual(level.shown, level.expected);
  assert.equal(level.drawn, 16);
  await shots('tree-kdop14');
  // The leaves: too many to draw; counted and measured all the same.
  await page.focus('#mesh input[aria-label="Tree depth"]');
  await page.keyboard.press('End');
  level = await levelAgainstPackage();
  assert.deepEqual(level.shown, level.expected);
  assert.equal(level.shown.depth, level.shown.levels);
  assert.ok(level.shown.count > 512, `leaves ${level.shown.count}`);
  assert.equal(level.drawn, 0);
  assert.match(level.text, /the leaves: .* Too many to draw \(more than 512\): pick a shallower depth to see them\./);
  assert.deepEqual(await axeViolations(page), []);
});

test('a flat mesh has no ratio; the bunny\'s trees are built off the page\'s thread', async () => {
  await page.selectOption('#mesh select[aria-label="Built-in model"]', 'wall');
  await page.click('#mesh button:text-is("Add model")');
  await page.evaluate(() => window.sepaxisApp.mesh.panel.lastLoad);
  await page.selectOption('#mesh select[aria-label="Node type"]', 'aabb');
  await page.fill('#mesh input[aria-label="Tree depth"]', '3');
  await page.dispatchEvent('#mesh input[aria-label="Tree depth"]', 'input');
  const level = await levelAgainstPackage();
  assert.deepEqual(level.shown, level.expected);
  assert.match(level.text, /the mesh is flat: its hull encloses nothing, so there is no ratio/);
  await shots('tree-wall');

  await page.selectOption('#mesh select[aria-label="Built-in model"]', 'bunny');
  await page.click('#mesh button:text-is("Add model")');
  await page.evaluate(() => window.sepaxisApp.mesh.panel.lastLoad.then(() => window.sepaxisApp.mesh.panel.lastLevel));
  // The bunny's first drawing (its buffers, its shader) is done before the measurement.
  await settle(page);
  // The bunny's tree of OBBs, built and a deep level measured (4,096 nodes: counted, not drawn),
  // is asked of the worker: the page's own package builds no tree meanwhile, so its thread stays
  // free. How long the page's thread waited at most is kept as a figure (bench.json), beside the
  // same tree built on the page's thread, not asserted: how long a build takes is the machine's.
  const gaps = await page.evaluate(async () => {
    const { panel } = window.sepaxisApp.mesh, { sx } = window.sepaxisApp;
    await panel.lastLevel;
    panel.nodeSelect.value = 'obb';
    panel.depthInput.max = 12;
    panel.depthInput.value = 12;
    const asked = [], built = [];
    const post = Worker.prototype.postMessage, create = sx.createMesh;
    Worker.prototype.postMessage = function (message, ...rest) {
      asked.push({ node: message?.node, depth: message?.depth });
      return post.call(this, message, ...rest);
    };
    sx.createMesh = function (...args) {
      built.push(args[1]?.node);
      return create.apply(this, args);
    };
    // The page's thread is free when timers run on time: the longest wait between them (and
    // from the last to the end) is how long it was held.
    let longest = 0, last = performance.now(), ticks = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
      ticks++;
    }, 5);
    const start = performance.now();
    try {
      await panel.showLevel();
    } finally {
      clearInterval(timer);
      Worker.prototype.postMessage = post;
      sx.createMesh = create;
    }
    longest = Math.max(longest, performance.now() - last);
    const result = { asked, built, longest, ticks, ms: performance.now() - start, level: panel.level.count, drawn: window.sepaxisApp.mesh.sceneMesh.drawnNodes };
    // For the figure: the same tree built on the page's thread holds it the whole time.
    const held = { longest: 0 };
    let before = performance.now();
    const control = setInterval(() => { held.longest = Math.max(held.longest, performance.now() - before); before = performance.now(); }, 5);
    const t0 = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 20));
    sx.createMesh(window.sepaxisApp.mesh.current.triangles, { node: 'obb' }).dispose();
    await new Promise((resolve) => setTimeout(resolve, 20));
    clearInterval(control);
    held.ms = performance.now() - t0;
    return { ...result, onPageThread: held };
  });
  const { asked, built, ...figures } = gaps;
  measured.bunnyObbLevel12 = figures;
  assert.deepEqual(asked, [{ node: 'obb', depth: 12 }], 'the level is asked of the worker, once');
  assert.deepEqual(built, [], 'the page builds no tree while the worker does');
  assert.equal(gaps.level, 4096);
  assert.equal(gaps.drawn, 0);
  // A level of 256 OBBs is drawn.
  await page.evaluate(() => {
    const panel = window.sepaxisApp.mesh.panel;
    panel.depthInput.value = 8;
    return panel.showLevel();
  });
  assert.equal(await page.evaluate(() => window.sepaxisApp.mesh.sceneMesh.drawnNodes), 256);
  await shots('tree-bunny');
  assert.deepEqual(page.problems.errors, []);
  assert.deepEqual(page.problems.console, []);
});

test('the descent for the selected volume: what mesh.lastQuery counted', async () => {
  const { text, expected } = await page.evaluate(() => {
    const app = window.sepaxisApp;
    app.model.update('v1', { type: 'sphere', center: [0.2, 0.3, 0], radius: 0.3 });
    app.model.select('v1');
    app.flush();
    const mesh = app.mesh.current.mesh;
    const overlap = mesh.overlaps(app.model.get('v1').volume, app.mesh.sceneMesh.pose);
    return { text: document.querySelector('#mesh .mesh-descent').textContent, expected: { ...mesh.lastQuery, overlap, triangles: mesh.triangleCount } };
  });
  const n = (x) => x.toLocaleString('en');
  assert.ok(expected.volumeTests > 0);
  assert.equal(text, `Against Core, the descent tested ${n(expected.volumeTests)} node volumes and ${n(expected.triangleTests)} of the ${n(expected.triangles)} triangles.`);
  await shots('descent');
  assert.deepEqual(page.problems.errors, []);
});

test('the descent drawn and stepped through: nodes by verdict, a legend, each step\'s axis-by-axis test', async () => {
  const expected = await page.evaluate(() => {
    const app = window.sepaxisApp;
    const mesh = app.mesh.current.mesh;
    const trace = mesh.traceOverlaps(app.model.get('v1').volume, app.mesh.sceneMesh.pose);
    const tested = new Set();
    for (let s = 0; s < trace.steps.length; s += 3) tested.add(trace.steps[s]);
    // Never reached: every node not tested, at every depth down to the leaves.
    const unreached = mesh.nodeCount - tested.size;
    const meets = [];
    for (let s = 0; s < trace.steps.length; s += 3) meets.push(trace.steps[s + 2]);
    return { steps: trace.steps.length / 3, tests: (trace.steps.length + trace.triangles.length) / 3, unreached, overlaps: trace.overlaps, meets, ...mesh.lastQuery };
  });
  assert.equal(expected.steps, expected.volumeTests);
  const show = page.getByRole('button', { name: 'Show the descent' });
  await show.click();
  await settle(page);
  const drawn = () => page.evaluate(() => ({ nodes: window.sepaxisApp.mesh.sceneMesh.drawnNodes, marked: window.sepaxisApp.mesh.sceneMesh.markedTriangles }));
  assert.equal(await show.getAttribute('aria-pressed'), 'true');
  assert.deepEqual(await drawn(), { nodes: Math.min(512, expected.steps + expected.unreached), marked: expected.overlaps ? 1 : 0 });
  assert.equal(await page.locator('#mesh .descent-legend li').count(), 3);
  assert.equal(await page.isVisible('#mesh .descent-stepper'), false, 'no steps to walk while the whole descent is drawn');
  assert.match(await page.textContent('#mesh .mesh-descent-step'), new RegExp(`^Against Core: ${expected.volumeTests.toLocaleString('en')} node tests .*, ${expected.unreached.toLocaleString('en')} nodes never reached below them \\(down to the leaves\\)`));
  await shots('descent-drawn');
  // Step by step, from the keyboard.
  const stepper = page.getByRole('button', { name: 'Step through the descent' });
  await stepper.focus();
  await page.keyboard.press('Enter');
  await settle(page);
  const counter = () => page.textContent('#mesh .descent-counter');
  const of = expected.tests.toLocaleString('en');
  assert.equal(await counter(), `step 1 of ${of}`);
  await page.getByRole('button', { name: 'Next step' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowRight');
  assert.equal(await counter(), `step 3 of ${of}`);
  const step = await page.evaluate(() => ({
    status: document.querySelector('#mesh .mesh-descent-step').textContent,
    rows: document.querySelectorAll('#mesh .descent-axes .axis-list > li').length,
    summary: document.querySelector('#mesh .descent-axes .axis-summary').textContent,
    nodes: window.sepaxisApp.mesh.sceneMesh.drawnNodes,
  }));
  assert.match(step.status, new RegExp(`^Step 3 of ${of}: node \\d+ ${expected.meets[2] ? 'may meet Core' : 'is apart from Core'}`));
  assert.ok(step.rows > 0, 'the node\'s axes are listed');
  assert.equal(step.nodes, 3, 'the nodes tested so far');
  assert.equal(await page.textContent('#mesh .descent-axes > .hint'), `Node ${await page.evaluate(() => window.sepaxisApp.mesh.descent.trace.steps[6])} (A) against Core (B), axis by axis:`);
  assert.deepEqual(await axeViolations(page, '#mesh-card'), []);
  await shots('descent-step');
  await stepper.click();
  await settle(page);
  assert.equal(await page.isVisible('#mesh .descent-legend'), false);
  assert.deepEqual(page.problems.errors, []);
});

/**
 * The stepper's timeline checked against the trace: every node test and triangle test once, each
 * kind in the trace's order, a triangle test after its leaf's (leaves: of the mesh, and of the
 * other mesh's for two meshes) and in that leaf.
 */
const timelineProblems = async () => {
  const { trace, timeline, leaves, otherLeaves } = await page.evaluate(() => {
    const { mesh } = window.sepaxisApp;
    const { trace, timeline } = mesh.descent;
    const a = mesh.current.mesh, b = mesh.second?.current?.mesh;
    const leaves = {}, otherLeaves = b ? {} : null;
    for (const e of timeline) {
      if (e.triangle === undefined) continue;
      leaves[e.leaf] ??= [...a.leafTriangles(e.leaf)];
      if (b) otherLeaves[e.otherLeaf] ??= [...b.leafTriangles(e.otherLeaf)];
    }
    return { trace: { steps: [...trace.steps], triangles: [...trace.triangles] }, timeline, leaves, otherLeaves };
  });
  const meshOf = (leafTriangles) => leafTriangles && { leafTriangles: (leaf) => leafTriangles[leaf] };
  return timelineProblemsOf(meshOf(leaves), meshOf(otherLeaves), trace, timeline);
};

/** What the descent card shows for the step shown. */
const stepState = () => page.evaluate(() => {
  const { mesh } = window.sepaxisApp;
  return {
    counter: document.querySelector('#mesh .descent-counter').textContent,
    status: document.querySelector('#mesh .mesh-descent-step').textContent,
    caption: document.querySelector('#mesh .descent-axes > .hint').textContent,
    rows: document.querySelectorAll('#mesh .descent-axes .axis-list > li').length,
    nodes: [mesh.sceneMesh.drawnNodes, mesh.second?.current ? mesh.second.drawnNodes : 0],
    marked: [mesh.sceneMesh.markedTriangles, mesh.second?.current ? mesh.second.markedTriangles : 0],
  };
});

test('the stepper steps the triangle tests at the leaves too, in the order made: a triangle against a box on its 13 axes', async () => {
  // A box from inside the bunny out through its surface: the descent ends at the first triangle that meets it.
  const expected = await page.evaluate(() => {
    const app = window.sepaxisApp;
    app.model.update('v2', { type: 'aabb', min: [0, 0, 0], max: [1.5, 1.5, 1.5] });
    app.model.select('v2');
    app.flush();
    const mesh = app.mesh.current.mesh;
    const trace = mesh.traceOverlaps(app.model.get('v2').volume, app.mesh.sceneMesh.pose);
    return { overlaps: trace.overlaps, tests: (trace.steps.length + trace.triangles.length) / 3, last: trace.triangles[trace.triangles.length - 3], triangleTests: trace.triangles.length / 3 };
  });
  assert.equal(expected.overlaps, true);
  const stepper = page.getByRole('button', { name: 'Step through the descent' });
  await stepper.click();
  await settle(page);
  assert.deepEqual(await timelineProblems(), []);
  const of = expected.tests.toLocaleString('en');
  // The first triangle test: after the leaf holding it was tested; from the keyboard, back and on.
  const first = await page.evaluate(() => window.sepaxisApp.mesh.descent.timeline.findIndex((e) => e.triangle !== undefined));
  assert.ok(first > 0);
  await page.evaluate((i) => window.sepaxisApp.mesh.descent.go(i + 1), first);
  await page.getByRole('button', { name: 'Previous step' }).focus();
  await page.keyboard.press('ArrowLeft');
  await settle(page);
  let s = await stepState();
  const t = await page.evaluate((i) => {
    const { trace, timeline } = window.sepaxisApp.mesh.descent;
    return { triangle: trace.triangles[3 * timeline[i].triangle], leaf: timeline[i].leaf, meets: trace.triangles[3 * timeline[i].triangle + 2] };
  }, first);
  assert.equal(s.counter, `step ${first + 1} of ${of}`);
  assert.equal(s.status, `Step ${(first + 1).toLocaleString('en')} of ${of}: triangle ${t.triangle.toLocaleString('en')} of leaf ${t.leaf.toLocaleString('en')} ${t.meets ? 'meets Far box: the mesh overlaps it, and the query stops there' : 'is apart from Far box'}.`);
  assert.equal(s.caption, `Triangle ${t.triangle.toLocaleString('en')} (A) against Far box (B), axis by axis:`);
  assert.equal(s.rows, 13, 'a triangle and a box: its normal, the box\'s 3 faces, 9 edge cross products');
  assert.deepEqual(s.nodes, [1, 0], 'the leaf drawn');
  assert.deepEqual(s.marked, [1, 0], 'the triangle marked');
  await shots('descent-triangle');
  // The last step: the triangle that meets the box, where the query stops.
  await page.evaluate(() => window.sepaxisApp.mesh.descent.go(Infinity));
  s = await stepState();
  assert.equal(s.counter, `step ${of} of ${of}`);
  assert.match(s.status, new RegExp(`: triangle ${expected.last.toLocaleString('en')} of leaf [\\d,]+ meets Far box: the mesh overlaps it, and the query stops there\\.$`));
  assert.equal(s.rows, 13);
  assert.equal(await page.isDisabled('#mesh button[aria-label="Next step"]'), true);
  assert.deepEqual(await axeViolations(page, '#mesh-card'), []);
  await stepper.click();
  await settle(page);
  assert.deepEqual(page.problems.errors, []);
});

test('two meshes, each moved and turned on its own: the triangle pairs that meet marked on both, their descent stepped; links keep both', async () => {
  await page.selectOption('#mesh select[aria-label="Built-in model"]', 'torus-knot');
  await page.click('#mesh button:text-is("Add model")');
  await page.evaluate(() => window.sepaxisApp.mesh.panel.lastLoad);
  const second = '#mesh select[aria-label="Second mesh"]';
  await page.selectOption(second, 'torus-knot');
  await page.evaluate(() => window.sepaxisApp.mesh.panel.lastLoad);
  await settle(page);
  // Once the second mesh is in, the card says the first mesh again, not that it is reading.
  assert.match(await page.textContent('#mesh p.hint[role=status]'), /^Torus knot: 5,120 triangles, [\d,]+ vertices, in a tree of AABBs, scaled to the view\./);
  // What the package says of the two placed meshes, and what the view marks.
  const state = () => page.evaluate(() => {
    const { mesh } = window.sepaxisApp;
    const a = mesh.current.mesh, b = mesh.second.current.mesh;
    const meets = a.overlapsMesh(mesh.sceneMesh.pose, b, mesh.second.pose);
    const tested = { ...a.lastQuery };
    const pairs = a.trianglePairs(mesh.sceneMesh.pose, b, mesh.second.pose);
    return {
      meets, tested, pairs: pairs.length / 2, poses: [mesh.sceneMesh.pose, mesh.second.pose], models: [mesh.current.model, mesh.second.current.model],
      triangles: [a.triangleCount, b.triangleCount],
      ofA: new Set(pairs.filter((_, i) => i % 2 === 0)).size, ofB: new Set(pairs.filter((_, i) => i % 2 === 1)).size,
      marked: [mesh.sceneMesh.markedTriangles, mesh.second.markedTriangles],
      colors: [mesh.sceneMesh.material.color.getHex(), mesh.second.material.color.getHex()],
      text: document.querySelector('#mesh .mesh-second').textContent,
    };
  });
  let s = await state();
  const n = (x) => x.toLocaleString('en');
  assert.ok(s.meets && s.pairs > 0, JSON.stringify(s));
  assert.deepEqual(s.marked, [s.ofA, s.ofB]);
  assert.equal(s.text, `Torus knot meets the second Torus knot: ${n(s.pairs)} triangle pairs overlap (marked). The descent tested ${n(s.tested.volumeTests)} node pairs and ${n(s.tested.triangleTests)} triangle pairs.`);
  assert.equal(s.colors[0], s.colors[1], 'both drawn red');
  // Another model as the second mesh: the bunny, where the second was.
  await page.selectOption(second, 'bunny');
  await page.evaluate(() => window.sepaxisApp.mesh.panel.lastLoad);
  await settle(page);
  s = await state();
  assert.deepEqual(s.models, ['torus-knot', 'bunny']);
  assert.deepEqual(await page.evaluate(() => [window.sepaxisApp.mesh.current.mesh.triangleCount, window.sepaxisApp.mesh.second.current.mesh.triangleCount]), [s.triangles[0], 69451]);
  assert.match(s.text, s.meets ? /^Torus knot meets Stanford bunny: [\d,]+ triangle pairs? overlaps? \(marked\)\./ : /^Torus knot is apart from Stanford bunny:/);
  await shots('two-meshes');
  // The second moved and turned on its own: selected, Shift+arrows, then its rotation; the first stays.
  const firstPose = s.poses[0];
  await page.click('#mesh button:text-is("Select second mesh")');
  assert.equal(await page.evaluate(() => window.sepaxisApp.ui.meshActive), 'mesh-2');
  assert.equal(await page.evaluate(() => window.sepaxisApp.gizmo.entry?.id), 'mesh-2', 'the gizmo holds the second mesh');
  await page.focus('#viewport canvas');
  await page.keyboard.press('Shift+ArrowRight');
  await settle(page);
  const moved = await page.evaluate(() => window.sepaxisApp.mesh.second.pose.translation);
  assert.notDeepEqual(moved, s.poses[1].translation);
  // Undo and redo take the second mesh's move back and again.
  await page.keyboard.press('Control+z');
  await settle(page);
  assert.deepEqual(await page.evaluate(() => window.sepaxisApp.mesh.second.pose.translation), s.poses[1].translation);
  await page.keyboard.press('Control+y');
  await settle(page);
  assert.deepEqual(await page.evaluate(() => window.sepaxisApp.mesh.second.pose.translation), moved);
  // A click on it picks it: it is among what the pointer meets there.
  assert.ok(await page.evaluate(() => {
    const app = window.sepaxisApp;
    const p = app.project(app.mesh.second.pose.translation);
    return app.volumesAt(p.x, p.y).includes('mesh-2');
  }));
  await page.evaluate(() => {
    const { mesh } = window.sepaxisApp;
    mesh.setPose({ translation: mesh.second.pose.translation, rotation: [0, 0, Math.SQRT1_2, Math.SQRT1_2] }, { id: 'mesh-2' });
    window.sepaxisApp.flush();
  });
  s = await state();
  assert.deepEqual(s.poses[0], firstPose);
  assert.notDeepEqual(s.poses[1].translation, [1.5, 0, 0]);
  assert.deepEqual(s.poses[1].rotation, [0, 0, Math.SQRT1_2, Math.SQRT1_2]);
  // Put where they meet, and stepped: node pairs, then a pair of triangles at two leaves.
  await page.evaluate(() => {
    const { mesh } = window.sepaxisApp;
    mesh.setPose({ translation: [0.35, 0, 0], rotation: [0, 0, Math.SQRT1_2, Math.SQRT1_2] }, { id: 'mesh-2' });
    window.sepaxisApp.flush();
  });
  s = await state();
  assert.ok(s.meets, 'the bunny put through the knot meets it');
  const stepper = page.getByRole('button', { name: 'Step through the descent' });
  await stepper.click();
  await page.getByRole('button', { name: 'Next step' }).click();
  await settle(page);
  assert.deepEqual(await timelineProblems(), []);
  const of = n(s.tested.volumeTests + s.tested.triangleTests);
  let pair = await stepState();
  assert.equal(pair.counter, `step 2 of ${of}`);
  assert.match(pair.status, /^Step 2 of [\d,]+: node \d+ and node \d+ of Stanford bunny (may meet|are apart)/);
  assert.equal(pair.rows, 15);
  assert.deepEqual(pair.nodes, [1, 1]);
  await shots('two-meshes-descent');
  assert.deepEqual(await axeViolations(page, '#mesh-card'), []);
  const first = await page.evaluate(() => window.sepaxisApp.mesh.descent.timeline.findIndex((e) => e.triangle !== undefined));
  await page.evaluate((i) => window.sepaxisApp.mesh.descent.go(i), first);
  pair = await stepState();
  const axes = await page.evaluate((i) => {
    const { mesh, sx } = window.sepaxisApp;
    const { trace, timeline } = mesh.descent;
    const [ta, tb] = [trace.triangles[3 * timeline[i].triangle], trace.triangles[3 * timeline[i].triangle + 1]];
    const a = sx.transform(mesh.sceneMesh.triangle(ta), mesh.sceneMesh.pose), b = sx.transform(mesh.second.triangle(tb), mesh.second.pose);
    return { ta, tb, count: sx.collide(a, b).axes.length };
  }, first);
  assert.equal(pair.caption, `Triangle ${n(axes.ta)} (A) against triangle ${n(axes.tb)} of Stanford bunny (B), axis by axis:`);
  assert.match(pair.status, new RegExp(`^Step ${n(first + 1)} of ${of}: triangle ${n(axes.ta)} of leaf [\\d,]+ and triangle ${n(axes.tb)} of Stanford bunny (meet|are apart)`));
  assert.equal(pair.rows, axes.count);
  assert.ok(axes.count >= 11);
  assert.deepEqual(pair.marked, [1, 1]);
  await shots('two-meshes-triangles');
  // The whole descent drawn: each mesh's nodes never reached, at every depth, too.
  await page.getByRole('button', { name: 'Show the descent' }).click();
  await settle(page);
  const never = await page.evaluate(() => {
    const { mesh } = window.sepaxisApp;
    const { steps } = mesh.descent.trace;
    const a = new Set(), b = new Set();
    for (let i = 0; i < steps.length; i += 3) { a.add(steps[i]); b.add(steps[i + 1]); }
    return [mesh.current.mesh.nodeCount - a.size, mesh.second.current.mesh.nodeCount - b.size];
  });
  assert.ok(never[1] > 0);
  assert.match(await page.textContent('#mesh .mesh-descent-step'), new RegExp(`and those in no pair tested, below them \\(${n(never[0])} and ${n(never[1])}\\)\\.$`));
  await page.getByRole('button', { name: 'Show the descent' }).click();
  await settle(page);
  assert.deepEqual((await state()).marked, [s.ofA, s.ofB], 'the pairs that meet marked again');
  // The link keeps both meshes by name and pose; opened again, both come back where they were.
  s = await state();
  await page.evaluate(() => window.sepaxisApp.share());
  const hash = await page.evaluate(() => location.hash);
  await page.selectOption(second, '');
  await settle(page);
  assert.equal(await page.evaluate(() => window.sepaxisApp.mesh.second.current), null);
  assert.equal(await page.textContent('#mesh .mesh-second'), '');
  await page.evaluate((h) => {
    history.replaceState(null, '', h);
    return window.sepaxisApp.link.loadFromHash().then(() => window.sepaxisApp.meshLoad);
  }, hash);
  await settle(page);
  const back = await state();
  assert.deepEqual(back.models, s.models);
  // The rotations as the link checks them: normalized again, within an ulp or two.
  back.poses.forEach((pose, i) => {
    assert.deepEqual(pose.translation, s.poses[i].translation);
    pose.rotation.forEach((x, k) => assert.ok(Math.abs(x - s.poses[i].rotation[k]) < 1e-15, `${x} ${s.poses[i].rotation[k]}`));
  });
  assert.equal(await page.inputValue(second), 'bunny');
  // Moved far off: apart, nothing marked.
  await page.evaluate(() => { window.sepaxisApp.mesh.setPose({ translation: [0, 6, 0], rotation: [0, 0, 0, 1] }); window.sepaxisApp.flush(); });
  s = await state();
  assert.equal(s.meets, false);
  assert.deepEqual(s.marked, [0, 0]);
  assert.match(s.text, /^Torus knot is apart from Stanford bunny: the descent tested 1 node pair and 0 triangle pairs\.$/);
  await page.selectOption(second, '');
  await settle(page);
  assert.deepEqual(page.problems.errors, []);
});

test('Delete takes the selected mesh out of the scene; the card says so', async () => {
  await page.click('#mesh button:text-is("Select mesh")');
  await page.focus('#viewport canvas');
  await page.keyboard.press('Delete');
  await settle(page);
  assert.equal(await meshState(), null);
  assert.equal(await page.textContent('#mesh [role=status]'), 'No mesh in the scene.');
  assert.equal(await page.evaluate(() => window.sepaxisApp.model.volumes.length), 2);  // the volumes stay
  assert.equal(await page.isDisabled('#mesh button:text-is("Select mesh")'), true);
  // After the models, files and volumes this page added and removed, the label layer holds only
  // the view's own labels (the axis's, the A and B badges, the two time labels): none is left
  // behind by a drawing taken out of the scene.
  const labels = await page.$$eval('#viewport .labels > *', (els) => els.map((e) => e.className.split(' ')[0]));
  assert.ok(labels.length <= 5 && labels.every((c) => ['axis-label', 'badge', 'time-label'].includes(c)), labels.join(' '));
  assert.deepEqual(page.problems.errors, []);
});
