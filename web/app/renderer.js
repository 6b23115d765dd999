// The 3D view: renderer, camera, orbit controls, lights, floor grid and the label layer. It draws
// on demand (invalidate) rather than every frame, so an idle app costs nothing; on a software
// renderer it draws without MSAA, and at a lower resolution while the view moves (renderQuality).

import {
  AmbientLight, Color, DirectionalLight, GridHelper, HemisphereLight, MathUtils, PerspectiveCamera, Raycaster,
  Scene, Spherical, Vector2, Vector3, WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { CSS2DRenderer } from 'three/examples/jsm/renderers/CSS2DRenderer.js';
import { COLORS } from '../view/theme.js';
import { alongAxis, framed, glide, prefersReducedMotion } from '../view/camera-moves.js';

const FLOOR_Y = -2.5;

/**
 * How to draw on this device: { software, antialias, interactionScale }.
 *
 * A GPU does multisampled antialiasing almost for free at a device pixel ratio of 1 (above it,
 * pixels are small enough without, and there are 4× as many), and draws at full resolution at
 * all times. A software rasterizer (SwiftShader, llvmpipe: no GPU, or a blocked driver) pays for
 * every sample and every pixel on the CPU. Measured with 50 volumes at 760×852 in SwiftShader
 * (2 cores): 4× MSAA more than doubled the draw (~90 -> ~40 ms), and half the resolution halves
 * it again (~13 ms). So there, MSAA is off, and while the view moves (orbiting, a gizmo drag) it
 * draws at half resolution (a quarter of the pixels, scaled up by the browser); once the view
 * stops, the frame is drawn again at full resolution.
 * `?antialias=on|off` and `?interaction-scale=0.25..1` override, for measuring.
 */
function renderQuality() {
  const params = new URLSearchParams(location.search);
  const software = isSoftwareRenderer();
  let antialias = window.devicePixelRatio < 2 && !software;
  const aa = params.get('antialias');
  if (aa === 'on' || aa === 'off') antialias = aa === 'on';
  let interactionScale = software ? 0.5 : 1;
  const scale = Number(params.get('interaction-scale'));
  if (scale >= 0.25 && scale <= 1) interactionScale = scale;
  return { software, antialias, interactionScale };
}

/** True when WebGL is rasterized on the CPU (read from a throwaway context, then released). */
function isSoftwareRenderer() {
  const gl = document.createElement('canvas').getContext('webgl2');
  if (!gl) return false;
  // Firefox names the renderer in RENDERER (and warns about the debug extension); Chromium says
  // "WebKit WebGL" there and names it through WEBGL_debug_renderer_info.
  let name = String(gl.getParameter(gl.RENDERER));
  const info = /^webkit webgl$/i.test(name) ? gl.getExtension('WEBGL_debug_renderer_info') : null;
  if (info) name = String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL));
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return /swiftshader|llvmpipe|softpipe|software/i.test(name);
}

/** a + (b - a) t per 8-bit sRGB channel, as blending does in the (sRGB) drawing buffer. */
function mix(a, b, t) {
  let out = 0;
  for (const shift of [16, 8, 0]) {
    const x = (a >> shift) & 255, y = (b >> shift) & 255;
    out |= Math.round(x + (y - x) * t) << shift;
  }
  return out;
}

/** Radians kept between the camera and the poles when orbiting by keys. */
const POLE_MARGIN = 0.01;
export class Viewport {
  scene = new Scene();
  camera = new PerspectiveCamera(45, 1, 0.05, 500);
  /** Called before each render (e.g. to face marks to the camera). */
  beforeRender = [];
  /** Elements drawn over the view (the legend) that labels in the view keep clear of. */
  keepClear = [];
  /** Called when the user has moved the camera (a drag or wheel ended, a key, a look along an axis). */
  onUserMove = [];
  #pending = 0;
  /** Interactions under way (orbiting, gizmo drags): while any, the view draws at interactionScale. */
  #interactions = 0;
  #raycaster = new Raycaster();
  #ndc = new Vector2();

  constructor(container) {
    this.container = container;
    this.quality = renderQuality();
    this.renderer = new WebGLRenderer({ antialias: this.quality.antialias, powerPreference: 'high-performance' });
    this.renderer.setPixelRatio(this.#pixelRatio());
    this.renderer.setClearColor(COLORS.background);
    this.canvas = this.renderer.domElement;
    this.canvas.setAttribute('aria-label', '3D view of the volumes');
    this.canvas.tabIndex = 0;
    container.append(this.canvas);

    this.labels = new CSS2DRenderer();
    this.labels.domElement.className = 'labels';
    container.append(this.labels.domElement);

    this.scene.background = new Color(COLORS.background);
    this.camera.position.set(5.5, 4.2, 7.5);
    this.controls = new OrbitControls(this.camera, this.canvas);
    this.controls.enableDamping = false;
    this.controls.target.set(0, 0, 0);
    this.controls.addEventListener('change', () => this.invalidate());
    this.controls.addEventListener('start', () => {
      this.#cancelMove();
      this.beginInteraction();
    });
    this.controls.addEventListener('end', () => {
      this.endInteraction();
      this.#userMoved();
    });
    this.controls.update();

    this.scene.add(new HemisphereLight(0xdfe8ff, 0x1a1f29, 1.6));
    this.scene.add(new AmbientLight(0xffffff, 0.35));
    const sun = new DirectionalLight(0xffffff, 1.8);
    sun.position.set(4, 10, 6);
    this.scene.add(sun);

    // The grid's 80% opacity over the background, mixed once: an opaque grid is drawn first and
    // never blended (a fifth cheaper on a software renderer), and looks the same on the floor.
    const grid = new GridHelper(40, 40, mix(COLORS.gridCenter, COLORS.background, 0.2), mix(COLORS.grid, COLORS.background, 0.2));
    grid.position.y = FLOOR_Y;
    this.scene.add(grid);

    new ResizeObserver(() => this.resize()).observe(container);
    this.resize();
  }

  resize() {
    const { clientWidth: w, clientHeight: h } = this.container;
    if (w === 0 || h === 0) return;
    this.renderer.setSize(w, h, false);
    this.canvas.style.width = '100%';
    this.canvas.style.height = '100%';
    this.labels.setSize(w, h);
    this.camera.aspect = w / h;
    this.camera.updateProjectionMatrix();
    this.render();
  }

  /** The view starts moving (a drag begins): draw at the interaction scale until it ends. */
  beginInteraction() {
    this.#interactions++;
    this.invalidate();
  }

  /** The view stops moving: back to full resolution, drawn at the next frame. */
  endInteraction() {
    if (this.#interactions === 0) return;
    this.#interactions--;
    this.invalidate();
  }

  /** Whether the view draws coarser now: while it moves on a renderer with an interaction scale (a software one). */
  get drawsCoarse() {
    return this.#interactions > 0 && this.quality.interactionScale < 1;
  }

  #pixelRatio() {
    return Math.min(window.devicePixelRatio, 2) * (this.#interactions > 0 ? this.quality.interactionScale : 1);
  }


  /** Asks for a render at the next animation frame (many calls, one render). */
  invalidate() {
    if (!this.#pending) this.#pending = requestAnimationFrame(() => this.render());
  }

  render() {
    if (this.#pending) cancelAnimationFrame(this.#pending);
    this.#pending = 0;
    // The resolution follows the interactions when a frame is drawn (resizing the drawing buffer
    // clears it, so only right before drawing; a wheel step begins and ends in one event and
    // changes nothing).
    const ratio = this.#pixelRatio();
    if (ratio !== this.renderer.getPixelRatio()) this.renderer.setPixelRatio(ratio);
    for (const f of this.beforeRender) f(this.camera);
    this.renderer.render(this.scene, this.camera);
    this.labels.render(this.scene, this.camera);
  }

  /** The picking ray under a pointer, as { origin, direction } arrays (world space). */
  ray(clientX, clientY) {
    const r = this.canvas.getBoundingClientRect();
    this.#ndc.set(((clientX - r.left) / r.width) * 2 - 1, -((clientY - r.top) / r.height) * 2 + 1);
    this.#raycaster.setFromCamera(this.#ndc, this.camera);
    const { origin, direction } = this.#raycaster.ray;
    return { origin: origin.toArray(), direction: direction.toArray() };
  }

  /**
   * Points the camera at bounding boxes (AABB volumes), keeping its direction: they fill the
   * view, with `margin` (1: touching the edges) around them.
   */
  frameBoxes(boxes, margin = 1.2) {
    this.#cancelMove();
    const { position, target } = framed(this.camera, this.controls.target, boxes, margin);
    this.#place(position, target);
  }

  /**
   * Turns the camera so that `direction` (a unit vector) runs across the screen and the plane
   * {x : x · direction = planeAt} is seen edge-on, and frames `boxes` (camera-moves.js); glides
   * unless the user prefers reduced motion; a drag of the view stops it where it is.
   */
  lookAlong(direction, boxes, planeAt, margin = 1.2) {
    const { position, target } = alongAxis(this.camera, this.controls.target, direction, boxes, planeAt, margin);
    this.moveCamera(position, target);
  }

  /**
   * Moves the camera to `position` looking at `target`: a glide, or at once when the user prefers
   * reduced motion. The move counts as the user's (the link follows).
   */
  moveCamera(position, target) {
    this.#cancelMove();
    if (prefersReducedMotion()) {
      this.#place(position, target);
      this.#userMoved();
      return;
    }
    this.beginInteraction();
    const from = { position: this.camera.position.clone(), target: this.controls.target.clone() };
    this.#stopGlide = glide(from, { position, target }, (p, t) => this.#place(p, t), () => this.#endMove());
  }

  /** True while the camera glides (moveCamera). */
  get moving() {
    return this.#stopGlide !== null;
  }

  /** Stops the glide under way, or null. */
  #stopGlide = null;

  #endMove() {
    this.#stopGlide = null;
    this.endInteraction();
    this.#userMoved();
  }

  #cancelMove() {
    if (!this.#stopGlide) return;
    this.#stopGlide();
    this.#endMove();
  }

  /** Puts the camera at `position` looking at `target`, clipping planes to match, and draws. */
  #place(position, target) {
    this.controls.target.copy(target);
    this.camera.position.copy(position);
    this.#fitClipping(position.distanceTo(target));
    this.controls.update();
    this.invalidate();
  }

  /**
   * Turns the camera about the orbit target by `left` radians around the vertical and `up`
   * radians towards the top (the keyboard's orbit; OrbitControls' own keys pan instead). The
   * tilt stays inside the controls' polar limits, a little off the poles, where the view would flip.
   */
  orbitBy(left, up) {
    const { camera, controls } = this;
    const offset = camera.position.clone().sub(controls.target);
    const s = new Spherical().setFromVector3(offset);
    s.theta -= left;
    s.phi = MathUtils.clamp(s.phi - up, Math.max(controls.minPolarAngle, POLE_MARGIN), Math.min(controls.maxPolarAngle, Math.PI - POLE_MARGIN));
    camera.position.copy(controls.target).add(offset.setFromSpherical(s));
    controls.update();
    this.#userMoved();
  }

  /** Moves the camera towards the orbit target (factor < 1) or away from it (> 1). */
  zoomBy(factor) {
    const { camera, controls } = this;
    const offset = camera.position.clone().sub(controls.target);
    const d = MathUtils.clamp(offset.length() * factor, controls.minDistance, controls.maxDistance);
    camera.position.copy(controls.target).add(offset.setLength(d));
    controls.update();
    this.#userMoved();
  }

  /**
   * The camera as a scene keeps it: { position, target } (where the eye is and what it looks at),
   * to 6 significant digits, so that a link does not change with every last bit of an orbit.
   */
  cameraState() {
    const round = (v) => v.toArray().map((x) => Number(x.toPrecision(6)));
    return { position: round(this.camera.position), target: round(this.controls.target) };
  }

  /** Puts the camera at `position` looking at `target` (a scene's camera, checked by share.js). */
  setCamera({ position, target }) {
    this.#cancelMove();
    this.#place(new Vector3().fromArray(position), new Vector3().fromArray(target));
  }

  /** Clipping planes for a camera `distance` from what it looks at (a scene may be tiny or huge). */
  #fitClipping(distance) {
    this.camera.near = distance / 500;
    this.camera.far = distance * 50;
    this.camera.updateProjectionMatrix();
  }

  #userMoved() {
    for (const f of this.onUserMove) f();
  }

  /** Client (CSS pixel) coordinates of a world point [x, y, z]. */
  project(point) {
    const r = this.canvas.getBoundingClientRect();
    const v = new Vector3(...point).project(this.camera);
    return { x: r.left + ((v.x + 1) / 2) * r.width, y: r.top + ((1 - v.y) / 2) * r.height };
  }

  /**
   * Renders now and reads a grid of pixels (valid without preserveDrawingBuffer because it
   * happens in the same task as the draw). For the tests: proves WebGL actually rendered.
   */
  samplePixels(step = 16) {
    this.render();
    const gl = this.renderer.getContext();
    const w = gl.drawingBufferWidth, h = gl.drawingBufferHeight;
    const pixels = new Uint8Array(w * h * 4);
    gl.readPixels(0, 0, w, h, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
    const samples = [];
    for (let y = 0; y < h; y += step) for (let x = 0; x < w; x += step) {
      const i = (y * w + x) * 4;
      samples.push((pixels[i] << 16) | (pixels[i + 1] << 8) | pixels[i + 2]);
    }
    return { width: w, height: h, samples };
  }
}
