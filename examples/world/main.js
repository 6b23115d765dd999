// A few hundred bodies of every type (spheres, AABBs, OBBs, 14-DOPs) moving in a box; each frame
// the sepaxis world takes every body's pose in one call and returns every overlapping pair, which
// are drawn red. The time of the world's two calls and the pair count are shown.
//   npm run example:world   (serves this page; ?bodies=N picks how many, 400 by default)

import { init } from 'sepaxis';
import {
  BoxGeometry, Color, DirectionalLight, HemisphereLight, Mesh, MeshLambertMaterial, PerspectiveCamera, Scene,
  SphereGeometry, Vector3, WebGLRenderer,
} from 'three';
import { ConvexGeometry } from 'three/examples/jsm/geometries/ConvexGeometry.js';

const BOX = 24;  // the bodies move in [-BOX, BOX]^3
const HIT = new Color(0xff5c6c), FREE = new Color(0x35d399);
const n = Math.min(5000, Math.max(1, Number(new URLSearchParams(location.search).get('bodies')) || 400));

const sx = await init();
const world = sx.createWorld();

/** A seeded generator (mulberry32): the same scene on every load. */
let seed = 7;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const between = (lo, hi) => lo + (hi - lo) * random();

/** A body's volume in its own frame, its mesh's geometry, and whether it turns as it moves. */
function bodyShape(i) {
  const s = between(0.6, 1.6);
  switch (i % 4) {
    case 0: return { volume: { type: 'sphere', center: [0, 0, 0], radius: s }, geometry: new SphereGeometry(s, 16, 12), turns: false };
    case 1: return { volume: { type: 'aabb', min: [-s, -s / 2, -s], max: [s, s / 2, s] }, geometry: new BoxGeometry(2 * s, s, 2 * s), turns: true };
    case 2: return { volume: { type: 'obb', center: [0, 0, 0], halfExtents: [1.4 * s, s / 3, s / 2], rotation: [0, 0, 0, 1] }, geometry: new BoxGeometry(2.8 * s, (2 * s) / 3, s), turns: true };
    default: {
      // A 14-DOP moves without turning: its world volume is then its own polytope, drawn exactly.
      const volume = { type: 'kdop', k: 14, min: [-s, -s, -s, -2 * s, -2 * s, -2 * s, -2 * s], max: [s, s, s, 2 * s, 2 * s, 2 * s, 2 * s] };
      return { volume, geometry: new ConvexGeometry(sx.polytope(volume).vertices.map((v) => new Vector3(...v))), turns: false };
    }
  }
}

const scene = new Scene();
scene.background = new Color(0x0e1117);
scene.add(new HemisphereLight(0xdfe8ff, 0x1a1f29, 1.8));
const sun = new DirectionalLight(0xffffff, 1.6);
sun.position.set(4, 10, 6);
scene.add(sun);
const camera = new PerspectiveCamera(50, 1, 0.5, 500);
camera.position.set(0, 22, 70);
camera.lookAt(0, 0, 0);
const canvas = document.getElementById('view');
const renderer = new WebGLRenderer({ canvas, antialias: true });

const ids = new Uint32Array(n);
const poses = new Float64Array(n * 7);
const bodies = [];
for (let i = 0; i < n; i++) {
  const { volume, geometry, turns } = bodyShape(i);
  const p = [between(-BOX, BOX), between(-BOX, BOX), between(-BOX, BOX)];
  ids[i] = world.add(volume, { translation: p });
  const mesh = new Mesh(geometry, new MeshLambertMaterial({ color: FREE }));
  scene.add(mesh);
  const v = [between(-6, 6), between(-6, 6), between(-6, 6)];
  const spin = turns ? [between(-1, 1), between(-1, 1), between(-1, 1)] : [0, 0, 0];
  bodies.push({ mesh, p, v, spin, q: [0, 0, 0, 1] });
}
const index = new Map([...ids].map((id, i) => [id, i]));

/** q turned by the rotation vector w dt (world frame), normalized. */
function turn(q, w, dt) {
  const [wx, wy, wz] = w.map((x) => x * dt * 0.5);
  const [x, y, z, s] = q;
  const r = [s * wx + y * wz - z * wy + x, s * wy + z * wx - x * wz + y, s * wz + x * wy - y * wx + z, s - x * wx - y * wy - z * wz];
  const len = Math.hypot(...r);
  return r.map((c) => c / len);
}

const shown = { bodies: document.getElementById('bodies'), pairs: document.getElementById('pairs'), ms: document.getElementById('world-ms'), frame: document.getElementById('frame') };
shown.bodies.textContent = String(n);
let frame = 0, last = performance.now(), worldMs = 0;
const hit = new Uint8Array(n);

function step(now) {
  const dt = Math.min(0.05, (now - last) / 1000);
  last = now;
  bodies.forEach((b, i) => {
    for (let k = 0; k < 3; k++) {
      b.p[k] += b.v[k] * dt;
      if (Math.abs(b.p[k]) > BOX) {
        b.p[k] = Math.sign(b.p[k]) * BOX;
        b.v[k] = -b.v[k];
      }
    }
    b.q = turn(b.q, b.spin, dt);
    poses.set(b.p, i * 7);
    poses.set(b.q, i * 7 + 3);
  });
  const t0 = performance.now();
  world.setPoses(ids, poses);
  const pairs = world.pairs();
  worldMs = 0.9 * worldMs + 0.1 * (performance.now() - t0);
  hit.fill(0);
  for (let j = 0; j < pairs.length; j++) hit[index.get(pairs[j])] = 1;
  bodies.forEach((b, i) => {
    b.mesh.position.fromArray(b.p);
    b.mesh.quaternion.fromArray(b.q);
    b.mesh.material.color.copy(hit[i] ? HIT : FREE);
  });
  const { clientWidth: w, clientHeight: h } = canvas;
  if (canvas.width !== w || canvas.height !== h) {
    renderer.setSize(w, h, false);
    camera.aspect = w / h;
    camera.updateProjectionMatrix();
  }
  renderer.render(scene, camera);
  frame++;
  shown.pairs.textContent = String(pairs.length / 2);
  shown.ms.textContent = worldMs.toFixed(2);
  shown.frame.textContent = String(frame);
  requestAnimationFrame(step);
}
requestAnimationFrame(step);

// For the browser test (tests/e2e/world.test.mjs): the frame count, the last pair count, and a
// grid of the canvas's pixels read right after a render (proof that WebGL drew).
window.worldExample = {
  get frame() { return frame; },
  get pairs() { return Number(shown.pairs.textContent); },
  samplePixels(stepPx = 16) {
    renderer.render(scene, camera);
    const gl = renderer.getContext();
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
