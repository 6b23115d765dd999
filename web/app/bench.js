// ?bench=N: the frame-time check. Builds a scene of N volumes (mixed types, fixed seed), then
// measures two phases with requestAnimationFrame: the camera orbiting (drawing only), and one
// volume dragged along a circle through the others (every frame: model update, overlap colouring,
// the pair's report, panels and drawing, as during a gizmo drag). The draw is waited for with a
// one-pixel read-back, so the full frame time includes the GPU's (or SwiftShader's) share.
// Results go to window.__sepaxisBench and an overlay. ?bench=mesh measures the same phases over a
// mesh and its tree's level (bench-mesh.js).

import { h } from '../view/dom.js';
import { template } from '../view/defaults.js';
import { translated } from '../view/edit.js';
import { mulberry32 as random } from '../view/random.js';

/** Frames measured per phase (?frames=N overrides the drag phase; orbit gets two thirds). */
const FRAMES = { orbit: 120, drag: 180 };
/** Untimed frames before the drag is measured. */
const WARM_UP = 5;

function benchScene(sx, n, seed = 12345) {
  const rnd = random(seed);
  const kinds = [['sphere'], ['aabb'], ['obb'], ['obb'], ['kdop', 6], ['kdop', 14], ['kdop', 18], ['kdop', 26]];
  const side = Math.ceil(Math.sqrt(n));
  const volumes = [];
  for (let i = 0; i < n; i++) {
    const [type, k] = kinds[i % kinds.length];
    const at = [((i % side) - side / 2) * 2.1 + rnd() * 0.8, rnd() * 1.5 - 0.75, (Math.floor(i / side) - side / 2) * 2.1 + rnd() * 0.8];
    let v = translated(sx, template(type, k), at);
    if (type === 'obb') {
      const a = rnd() * Math.PI, b = rnd() * Math.PI;
      v = { ...v, rotation: [Math.sin(a / 2) * Math.cos(b), Math.sin(a / 2) * Math.sin(b), 0, Math.cos(a / 2)] };
    }
    volumes.push({ id: `b${i + 1}`, name: `${type === 'kdop' ? `${k}-DOP` : type} ${i + 1}`, volume: v });
  }
  // The compared pair, and the dragged volume (B): an OBB and a 26-DOP, the costliest pair
  // (91 candidate axes) and the costliest volume to test against the others.
  return { volumes, selection: n > 7 ? [volumes[2].id, volumes[7].id] : n > 1 ? [volumes[0].id, volumes[1].id] : [] };
}

export const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { median: q(0.5), p95: q(0.95), max: s[s.length - 1], mean: s.reduce((a, b) => a + b, 0) / s.length };
};

/** The next animation frame's time. */
export const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

export async function runBench(app, n, frames = FRAMES.drag) {
  const overlay = h('pre', { class: 'bench-overlay', role: 'status' }, `Benchmark: ${n} volumes…`);
  document.body.append(overlay);
  app.load(benchScene(app.sx, n));
  await frame();
  await frame();
  // B of the pair goes along a circle through the others.
  const result = { volumes: n, ...await measurePhases(app, frames, (a) => [Math.cos(a) * 3 - 3, 0, Math.sin(a) * 3]) };
  overlay.textContent = [`sepaxis frame time — ${n} volumes, ${canvasText(result)}`, ...phaseLines(result)].join('\n');
  window.__sepaxisBench = result;
  document.body.dataset.bench = 'done';
  return result;
}

/** The canvas's size, still and moving, and the antialiasing, in words. */
export const canvasText = (result) => `canvas ${result.canvas.join('×')} (${result.interactionCanvas.join('×')} while moving), MSAA ${result.quality.antialias ? 'on' : 'off'}`;

/** The drag, orbit and still figures (measurePhases's), one line each. */
export function phaseLines(result) {
  const f = (x) => x.toFixed(2).padStart(6);
  const { fullFrame, updateCpu, renderCpu, drawWait, frameInterval } = result.drag;
  return [
    `drag   full frame median ${f(fullFrame.median)} ms  p95 ${f(fullFrame.p95)}  (update ${f(updateCpu.median)} + render CPU ${f(renderCpu.median)} + draw wait ${f(drawWait.median)}, medians)  rAF interval median ${f(frameInterval.median)}`,
    `orbit  render + draw median ${f(result.orbit.drawFinished.median)} ms  p95 ${f(result.orbit.drawFinished.p95)}  rAF interval median ${f(result.orbit.frameInterval.median)}`,
    `still  render + draw at full resolution median ${f(result.still.drawFinished.median)} ms  p95 ${f(result.still.drawFinished.p95)}`,
  ];
}

/**
 * The three phases over the scene loaded: the orbit, the still frame, and the drag of the
 * selection's last volume, moved each frame by path(angle) (an offset from where it started,
 * angle going once round 0..2π). Returns { quality, canvas, interactionCanvas, orbit, still, drag }.
 */
export async function measurePhases(app, frames, path) {
  const counts = { orbit: Math.max(10, Math.round((frames * 2) / 3)), drag: Math.max(10, frames) };
  const { viewport, model } = app;
  const camera = viewport.camera, target = viewport.controls.target;
  const radius = camera.position.distanceTo(target);

  const gl = viewport.renderer.getContext();
  const pixel = new Uint8Array(4);
  // Reading back one pixel can only return once the GPU (or SwiftShader, in headless tests) has
  // drawn the frame. (gl.finish does not wait in Chromium.)
  const drawn = () => gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
  const result = {
    quality: viewport.quality,
    canvas: [viewport.canvas.width, viewport.canvas.height],
  };
  // Phase 1: orbit, as an OrbitControls drag does it (an interaction: on a software renderer, at
  // the interaction scale) — drawing only. Each frame: render, then its draw waited for.
  viewport.beginInteraction();
  await frame();
  result.interactionCanvas = [viewport.canvas.width, viewport.canvas.height];
  {
    const intervals = [], work = [], draw = [];
    let last = await frame();
    for (let i = 0; i < counts.orbit; i++) {
      const a = (i / counts.orbit) * Math.PI * 2;
      camera.position.set(target.x + radius * Math.cos(a) * 0.8, target.y + radius * 0.45, target.z + radius * Math.sin(a) * 0.8);
      camera.lookAt(target);
      const t0 = performance.now();
      viewport.render();
      const t1 = performance.now();
      drawn();
      work.push(t1 - t0);
      draw.push(performance.now() - t0);
      const now = await frame();
      intervals.push(now - last);
      last = now;
    }
    result.orbit = { frameInterval: stats(intervals), renderCpu: stats(work), drawFinished: stats(draw) };
  }
  viewport.endInteraction();
  await frame();
  // Phase 1b: a still frame (the one drawn when the view stops: full resolution), waited for.
  {
    const draw = [];
    for (let i = 0; i < Math.min(30, counts.orbit); i++) {
      const t0 = performance.now();
      viewport.render();
      drawn();
      draw.push(performance.now() - t0);
      await frame();
    }
    result.still = { drawFinished: stats(draw) };
  }
  // Phase 2: drag one volume (B of the pair) along the path. Each frame is timed from the
  // model update to the finished draw (the one-pixel read-back waits for it): app work (model,
  // collision, report, panels), render (three.js and label CPU) and the draw itself. The first
  // frames warm up (shaders, buffers) and are not counted.
  viewport.beginInteraction();  // as the gizmo does while it drags
  {
    const intervals = [], work = [], update = [], render = [], draw = [], full = [];
    const id = model.selection.at(-1);
    const start = structuredClone(model.get(id).volume);
    let last = 0;
    for (let i = -WARM_UP; i < counts.drag; i++) {
      const a = (i / counts.drag) * Math.PI * 2;
      const t0 = performance.now();
      model.update(id, translated(app.sx, start, path(a)), { transient: true });
      app.flush();
      const t1 = performance.now();
      viewport.render();
      const t2 = performance.now();
      drawn();
      const t3 = performance.now();
      const now = await frame();
      if (i < 0) {
        last = now;
        continue;
      }
      update.push(t1 - t0);
      render.push(t2 - t1);
      work.push(t2 - t0);
      draw.push(t3 - t2);
      full.push(t3 - t0);
      intervals.push(now - last);
      last = now;
    }
    result.drag = {
      fullFrame: stats(full), updateCpu: stats(update), renderCpu: stats(render), drawWait: stats(draw),
      frameCpu: stats(work), frameInterval: stats(intervals),
    };
  }
  viewport.endInteraction();
  await frame();
  return result;
}
