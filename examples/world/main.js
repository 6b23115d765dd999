// A small playable scene of what a sepaxis World is for: a character walks a level of triangles
// among wandering crates and balls and knocks them away with a ray.
//   - the level (level.js) is one mesh body: the floor under the character and under every crate
//     is a ray straight down that meets one of its triangles (ground.js);
//   - the character (character.js) walks by sweeping its sphere through the bodies, sliding
//     along the walls and crates it meets;
//   - the crowd (crowd.js) is kept apart by world.contacts(): each overlapping pair with the
//     direction and depth that separate it;
//   - the weapon (weapon.js) is world.raycast from the character the way it faces.
// The frame's figures (figures.js) show what each kind of call costs. The world runs on two
// threads where the page is cross-origin isolated (the server sends Cross-Origin-Opener-Policy:
// same-origin and Cross-Origin-Embedder-Policy: require-corp), else on one, and the package says
// in the console which headers are missing.
//   npm run example:world   (serves this page; ?bodies=N crates and balls, 300 by default;
//                            ?threads=T how many threads, 2 by default)

import { init } from 'sepaxis';
import { WALLS, terrainGeometry, wallVolume } from './level.js';
import { floorBelow } from './ground.js';
import { characterPose, characterVolume, createCharacter, facing, moveCharacter } from './character.js';
import { createCrowd, knock, moveCrowd, placeOnFloor, pushApart, writePose } from './crowd.js';
import { fire } from './weapon.js';
import { createControls } from './controls.js';
import { createView } from './view.js';
import { createFigures, show } from './figures.js';

const params = new URLSearchParams(location.search);
const n = Math.min(3000, Math.max(1, Math.floor(Number(params.get('bodies'))) || 300));
const threads = Math.min(8, Math.max(1, Math.floor(Number(params.get('threads'))) || 2));
/** Where the character starts, facing -z: a row of crates stands ahead of it. */
const START = [0, 24], TARGETS = [0, 15];

/** How long a shot's ray stays on screen. */
const RAY_SHOWN_MS = 500;

/** A seeded generator (mulberry32): the same scene on every load. */
let seed = 7;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const sx = await init({ threads });
const world = sx.createWorld({ threads, capacity: n + WALLS.length + 2 });
const level = sx.createWorld();
const terrain = terrainGeometry();
const levelMesh = sx.createMesh(terrain);
const LEVEL_POSE = { translation: [0, 0, 0] };
level.add(levelMesh, LEVEL_POSE);
// The same mesh stands in the bodies' world too: the character's sweeps stop at its triangles
// and the weapon's ray meets them. The floor rays ask the level's world, where nothing else stands.
world.add(levelMesh, LEVEL_POSE);

// The frame's timings: each world call the modules make goes through these, which time it.
const figures = createFigures(['pairs', 'contacts', 'rays', 'sweeps']);
const bodies = {
  sweep: (...args) => figures.time('sweeps', () => world.sweep(...args)),
  raycast: (...args) => figures.time('rays', () => world.raycast(...args)),
};
const ground = { raycast: (...args) => figures.time('rays', () => level.raycast(...args)) };

/** Each body of the world by id: the crowd's bodies, and what does not give way when pushed. */
const byId = new Map();
const walls = WALLS.map((w) => {
  const y = (floorBelow(level, w.center[0], w.center[1], 20)?.y ?? 0) + w.halfExtents[1] - 0.5;
  const placed = { center: [w.center[0], y, w.center[1]], halfExtents: w.halfExtents, rotation: w.rotation };
  byId.set(world.add(wallVolume(w), { translation: placed.center, rotation: w.rotation }), { fixed: true });
  return placed;
});
const character = createCharacter(START[0], floorBelow(level, START[0], START[1], 20).y, START[1], 0);
character.id = world.add(characterVolume, characterPose(character));
byId.set(character.id, { fixed: true });
const crowd = createCrowd(n, random, TARGETS, [START[0], (START[1] + TARGETS[1]) / 2, 10]);
placeOnFloor(crowd, level);
for (const b of crowd) {
  const pose = new Float64Array(7);
  writePose(b, pose, 0);
  b.id = world.add(b.volume, pose);
  byId.set(b.id, b);
}

/** The bodies that move, in the order of `poses`: the character, then the crowd. */
const ids = new Uint32Array([character.id, ...crowd.map((b) => b.id)]);
const poses = new Float64Array(ids.length * 7);
const inPair = new Set();

const canvas = document.getElementById('view');
const view = createView(canvas, { terrain, walls, crowd });
const controls = createControls(canvas, document.querySelectorAll('.pad button'));
show('bodies', String(n));
show('threads', world.threads === 1 ? 'one thread' : `${world.threads} threads`);

let frame = 0, last = performance.now(), hits = 0, pairCount = 0;
const shots = [];

function step(now) {
  const dt = Math.min(0.05, (now - last) / 1000);
  last = now;
  const input = controls.read(now);
  moveCharacter(character, input, dt, bodies, ground);
  moveCrowd(crowd, dt, ground);

  poses.set(characterPose(character), 0);
  crowd.forEach((b, i) => writePose(b, poses, 7 * (i + 1)));
  const pairs = figures.time('pairs', () => {
    world.setPoses(ids, poses);
    return world.pairs();
  });
  // pairs() is a view valid until the next call on the world: read it before contacts().
  pairCount = 0;
  inPair.clear();
  // Pairs with the level are every body on the ground: counted and tinted are the others.
  for (let i = 0; i < pairs.length; i += 2) {
    if (!byId.has(pairs[i]) || !byId.has(pairs[i + 1])) continue;
    pairCount++;
    inPair.add(pairs[i]);
    inPair.add(pairs[i + 1]);
  }
  pushApart(figures.time('contacts', () => world.contacts()), byId);

  if (input.fire) {
    const shot = fire(character, bodies);
    const target = shot.hit && byId.get(shot.hit.id);
    if (target && !target.fixed) {
      knock(target, shot.direction, now);
      hits++;
    }
    shots.push({
      id: shot.hit?.id ?? null, triangle: shot.hit?.triangle ?? null, knocked: Boolean(target && !target.fixed),
      at: target && !target.fixed ? { x: target.x, z: target.z } : null,
    });
    view.showRay(shot.origin, shot.end, now + RAY_SHOWN_MS);
  }

  view.draw(character, facing(character), (b) => inPair.has(b.id), now);
  frame++;
  figures.show();
  show('pairs', String(pairCount));
  show('hits', String(hits));
  requestAnimationFrame(step);
}
requestAnimationFrame(step);
document.body.dataset.ready = 'true';

// For the browser test (tests/e2e/world.test.mjs): the frame count, the world's threads, the
// last pair count, the character, the floor under a point as a fresh ray finds it, the shots
// fired, where a body is, and a count of the colours in a grid of the canvas's pixels read right
// after a render (proof that WebGL drew).
window.worldExample = {
  get frame() { return frame; },
  get threads() { return world.threads; },
  get pairs() { return pairCount; },
  get character() { return { x: character.x, y: character.y, z: character.z, yaw: character.yaw }; },
  floorAt(x, z) { return floorBelow(level, x, z, 20); },
  get shots() { return shots.slice(); },
  bodyAt(id) {
    const b = byId.get(id);
    return b && !b.fixed ? { x: b.x, y: b.y, z: b.z } : null;
  },
  samplePixels(stepPx = 16) {
    view.draw(character, facing(character), (b) => inPair.has(b.id), performance.now());
    const gl = view.renderer.getContext();
    const w = gl.drawingBufferWidth, h = gl.drawingBufferHeight;
    const px = new Uint8Array(w * h * 4);
    gl.readPixels(0, 0, w, h, gl.RGBA, gl.UNSIGNED_BYTE, px);
    const colours = new Set();
    for (let y = 0; y < h; y += stepPx) for (let x = 0; x < w; x += stepPx) {
      const i = (y * w + x) * 4;
      colours.add((px[i] << 16) | (px[i + 1] << 8) | px[i + 2]);
    }
    return colours.size;
  },
};
