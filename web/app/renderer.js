// The 3D view: renderer, camera, orbit controls, lights, floor grid and the label layer. It draws
// on demand (invalidate) rather than every frame, so an idle app costs nothing.

import {
  AmbientLight, Color, DirectionalLight, GridHelper, HemisphereLight, PerspectiveCamera, Raycaster,
  Scene, Vector2, WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { CSS2DRenderer } from 'three/examples/jsm/renderers/CSS2DRenderer.js';
import { COLORS } from './theme.js';

const FLOOR_Y = -2.5;

export class Viewport {
  scene = new Scene();
  camera = new PerspectiveCamera(45, 1, 0.05, 500);
  /** Called before each render (e.g. to face marks to the camera). */
  beforeRender = [];
  /** Duration of the last render() call in ms (CPU side), for the frame-time report. */
  lastRenderMs = 0;
  #pending = 0;
  #raycaster = new Raycaster();
  #ndc = new Vector2();

  constructor(container) {
    this.container = container;
    this.renderer = new WebGLRenderer({ antialias: true, powerPreference: 'high-performance' });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
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
    this.controls.update();

    this.scene.add(new HemisphereLight(0xdfe8ff, 0x1a1f29, 1.6));
    this.scene.add(new AmbientLight(0xffffff, 0.35));
    const sun = new DirectionalLight(0xffffff, 1.8);
    sun.position.set(4, 10, 6);
    this.scene.add(sun);

    const grid = new GridHelper(40, 40, COLORS.gridCenter, COLORS.grid);
    grid.position.y = FLOOR_Y;
    grid.material.transparent = true;
    grid.material.opacity = 0.8;
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

  /** Asks for a render at the next animation frame (many calls, one render). */
  invalidate() {
    if (!this.#pending) this.#pending = requestAnimationFrame(() => this.render());
  }

  render() {
    if (this.#pending) cancelAnimationFrame(this.#pending);
    this.#pending = 0;
    const t0 = performance.now();
    for (const f of this.beforeRender) f(this.camera);
    this.renderer.render(this.scene, this.camera);
    this.labels.render(this.scene, this.camera);
    this.lastRenderMs = performance.now() - t0;
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
