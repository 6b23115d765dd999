// Bodies of every type (spheres, AABBs, OBBs, 14-DOPs) moving in a box; each frame the sepaxis
// world takes every body's pose in one call and returns every overlapping pair, which are drawn
// red. The time of the world's two calls and the pair count are shown. The box grows with the
// count (the same density at any count: about the same share of bodies overlaps) and the camera
// frames it; each shape type is one instanced mesh, so thousands of bodies are four draw calls.
// The world runs on two threads where the page is cross-origin isolated (the server sends
// Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp), else
// on one, and the package says in the console which headers are missing.
//   npm run example:world   (serves this page; ?bodies=N picks how many, 400 by default;
//                            ?threads=T how many threads, 2 by default)

import { init } from 'sepaxis';
import {
  BoxGeometry, Color, DirectionalLight, HemisphereLight, InstancedMesh, Matrix4, MeshLambertMaterial, PerspectiveCamera,
  Quaternion, Scene, SphereGeometry, Vector3, WebGLRenderer,
} from 'three';
import { ConvexGeometry } from 'three/examples/jsm/geometries/ConvexGeometry.js';

const HIT = new Color(0xff5c6c), FREE = new Color(0x35d399);
const params = new URLSearchParams(location.search);
const n = Math.min(5000, Math.max(1, Number(params.get('bodies')) || 400));
const threads = Math.min(8, Math.max(1, Math.floor(Number(params.get('threads'))) || 2));
/** The bodies move in [-BOX, BOX]^3: 24 for 400 bodies, and the same density at any count. */
const BOX = 24 * Math.cbrt(n / 400);
/** The farthest a body reaches from its centre: a 14-DOP's corner at size 1.6, √3 × 1.6. */
const LARGEST_BODY = 2.8;

const sx = await init({ threads });
const world = sx.createWorld({ threads });

/** A seeded generator (mulberry32): the same scene on every load. */
let seed = 7;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const between = (lo, hi) => lo + (hi - lo) * random();

/**
 * A body's volume in its own frame for a size s, and whether it turns as it moves. Each type's
 * drawing is one unit shape scaled by s (its instanced mesh: SHAPES).
 */
function bodyShape(i, s) {
  switch (i % 4) {
    case 0: return { volume: { type: 'sphere', center: [0, 0, 0], radius: s }, turns: false };
    case 1: return { volume: { type: 'aabb', min: [-s, -s / 2, -s], max: [s, s / 2, s] }, turns: true };
    case 2: return { volume: { type: 'obb', center: [0, 0, 0], halfExtents: [1.4 * s, s / 3, s / 2], rotation: [0, 0, 0, 1] }, turns: true };
    // A 14-DOP moves without turning: its world volume is then its own polytope, drawn exactly.
    default: return { volume: { type: 'kdop', k: 14, min: [-s, -s, -s, -2 * s, -2 * s, -2 * s, -2 * s], max: [s, s, s, 2 * s, 2 * s, 2 * s, 2 * s] }, turns: false };
  }
}
const unitKdop = bodyShape(3, 1).volume;
// Spheres are a few dozen pixels across at most, and most of the triangles drawn: 12 x 8 segments
// still look round at that size.
const SHAPES = [
  new SphereGeometry(1, 12, 8), new BoxGeometry(2, 1, 2), new BoxGeometry(2.8, 2 / 3, 1),
  new ConvexGeometry(sx.polytope(unitKdop).vertices.map((v) => new Vector3(...v))),
];

const scene = new Scene();
scene.background = new Color(0x0e1117);
scene.add(new HemisphereLight(0xdfe8ff, 0x1a1f29, 1.8));
const sun = new DirectionalLight(0xffffff, 1.6);
sun.position.set(4, 10, 6);
scene.add(sun);
const camera = new PerspectiveCamera(50, 1, 0.5, 500);
/** The camera looks at the middle from this direction, from as far as the box needs (frameBox()). */
const VIEW_DIRECTION = new Vector3(0, 22, 70).normalize();
const canvas = document.getElementById('view');
const renderer = new WebGLRenderer({ canvas, antialias: true });

/** How far the box's corners may fall from the middle of the view (1: the edge). */
const FILL = 0.92;

/**
 * Places the camera as near as it can be with the whole box on screen (grown by the largest
 * body, which may reach out of it), within FILL of the view's edges: the bisection of the
 * distance, as every corner moves in on screen as the camera moves back.
 */
function frameBox(aspect) {
  camera.aspect = aspect;
  camera.updateProjectionMatrix();
  const reach = BOX + LARGEST_BODY;
  const corner = new Vector3();
  const fits = (distance) => {
    camera.position.copy(VIEW_DIRECTION).multiplyScalar(distance);
    camera.lookAt(0, 0, 0);
    camera.updateMatrixWorld();
    for (let i = 0; i < 8; i++) {
      corner.set(i & 1 ? reach : -reach, i & 2 ? reach : -reach, i & 4 ? reach : -reach).project(camera);
      if (Math.abs(corner.x) > FILL || Math.abs(corner.y) > FILL) return false;
    }
    return true;
  };
  // From inside the box's bounding sphere (too near) to twice the distance that fits it all.
  const halfFov = Math.min((camera.fov * Math.PI) / 360, Math.atan(Math.tan((camera.fov * Math.PI) / 360) * aspect));
  let near = Math.sqrt(3) * reach, far = (2 * Math.sqrt(3) * reach) / Math.sin(halfFov);
  for (let i = 0; i < 40; i++) {
    const mid = (near + far) / 2;
    if (fits(mid)) far = mid;
    else near = mid;
  }
  fits(far);
  camera.near = Math.max(0.1, far - Math.sqrt(3) * reach * 1.1);
  camera.far = far + Math.sqrt(3) * reach * 1.1;
  camera.updateProjectionMatrix();
}
frameBox(1);

const meshes = SHAPES.map((geometry, type) => {
  const mesh = new InstancedMesh(geometry, new MeshLambertMaterial(), Math.max(0, Math.ceil((n - type) / 4)));
  // The instances are all over the box, which the camera frames: nothing to cull.
  mesh.frustumCulled = false;
  scene.add(mesh);
  return mesh;
});
const ids = new Uint32Array(n);
const poses = new Float64Array(n * 7);
const bodies = [];
for (let i = 0; i < n; i++) {
  const size = between(0.6, 1.6);
  const { volume, turns } = bodyShape(i, size);
  const p = [between(-BOX, BOX), between(-BOX, BOX), between(-BOX, BOX)];
  ids[i] = world.add(volume, { translation: p });
  const v = [between(-6, 6), between(-6, 6), between(-6, 6)];
  const spin = turns ? [between(-1, 1), between(-1, 1), between(-1, 1)] : [0, 0, 0];
  bodies.push({ mesh: meshes[i % 4], slot: Math.floor(i / 4), size, p, v, spin, q: [0, 0, 0, 1] });
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

const _matrix = new Matrix4(), _position = new Vector3(), _turn = new Quaternion(), _scale = new Vector3();
const shown = { bodies: document.getElementById('bodies'), pairs: document.getElementById('pairs'), ms: document.getElementById('world-ms'), frame: document.getElementById('frame'), box: document.getElementById('box') };
shown.bodies.textContent = String(n);
document.getElementById('threads').textContent = world.threads === 1 ? 'one thread' : `${world.threads} threads`;
shown.box.textContent = String(Math.round(2 * BOX));
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
    _matrix.compose(_position.fromArray(b.p), _turn.fromArray(b.q), _scale.setScalar(b.size));
    b.mesh.setMatrixAt(b.slot, _matrix);
    b.mesh.setColorAt(b.slot, hit[i] ? HIT : FREE);
  });
  for (const mesh of meshes) {
    mesh.instanceMatrix.needsUpdate = true;
    if (mesh.instanceColor) mesh.instanceColor.needsUpdate = true;
  }
  const { clientWidth: w, clientHeight: h } = canvas;
  if (canvas.width !== w || canvas.height !== h) {
    renderer.setSize(w, h, false);
    frameBox(w / h);
  }
  renderer.render(scene, camera);
  frame++;
  shown.pairs.textContent = String(pairs.length / 2);
  shown.ms.textContent = worldMs.toFixed(2);
  shown.frame.textContent = String(frame);
  requestAnimationFrame(step);
}
requestAnimationFrame(step);

// For the browser test (tests/e2e/world.test.mjs): the frame count, the world's threads, the
// last pair count, the share of bodies in a pair, where the box's corners fall on screen, and a
// grid of the canvas's pixels read right after a render (proof that WebGL drew).
window.worldExample = {
  get frame() { return frame; },
  get threads() { return world.threads; },
  get pairs() { return Number(shown.pairs.textContent); },
  get overlapping() { return hit.reduce((sum, h) => sum + h, 0) / n; },
  /** The box's eight corners in normalized device coordinates (x, y in [-1, 1] are on screen). */
  corners() {
    return [-1, 1].flatMap((x) => [-1, 1].flatMap((y) => [-1, 1].map((z) => {
      const c = new Vector3(x * BOX, y * BOX, z * BOX).project(camera);
      return [c.x, c.y];
    })));
  },
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
