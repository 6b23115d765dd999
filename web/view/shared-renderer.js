// One WebGL context for every demo on a page. Browsers keep about 16 WebGL contexts alive per
// page and drop the oldest beyond that, and documentation pages hold more demos than that. So
// every demo draws through this one renderer: it draws a demo's three.js scene into its own
// hidden canvas and copies the picture into the demo's 2D canvas in the same task (the drawing
// buffer is still valid there: no preserveDrawingBuffer needed). model-viewer shares one renderer
// among its elements the same way.
//
// It is also small: three.js's WebGLRenderer brings every material's shaders (about 130 kB
// gzipped); this draws only what the view's objects use (volume-mesh.js, axis-view.js):
// Meshes with MeshBasicMaterial or MeshLambertMaterial (one light fixed to the camera),
// LineSegments and Lines (an arrow's shaft) with LineBasicMaterial, Points (a fitted point cloud)
// with PointsMaterial at a fixed size in pixels, in Groups; opacity, renderOrder (a Group's orders its
// children, as in three.js), depthTest and depthWrite, front or double sides. Colours are linear
// (three.js's working space) and written out as sRGB, as WebGLRenderer does.

import { Matrix3, Matrix4, Vector3 } from 'three';

const VERTEX = `#version 300 es
uniform mat4 modelView;
uniform mat4 projection;
uniform mat3 normalMatrix;
uniform float pointSize;
in vec3 position;
in vec3 normal;
out vec3 viewNormal;
void main() {
  viewNormal = normalMatrix * normal;
  gl_Position = projection * modelView * vec4(position, 1.0);
  gl_PointSize = pointSize;
}`;

const FRAGMENT = `#version 300 es
precision highp float;
uniform vec3 color;
uniform vec3 emissive;
uniform float opacity;
uniform bool lit;
in vec3 viewNormal;
out vec4 fragColor;
vec3 toSrgb(vec3 c) {
  return mix(c * 12.92, 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055, step(vec3(0.0031308), c));
}
void main() {
  vec3 c = color;
  if (lit) {
    vec3 n = normalize(viewNormal) * (gl_FrontFacing ? 1.0 : -1.0);
    // A light above and behind the eye, plus an ambient term: the app's hemisphere, ambient and
    // sun lights, roughly.
    c = color * (0.45 + 0.75 * max(dot(n, normalize(vec3(0.3, 0.7, 0.65))), 0.0)) + emissive;
  }
  fragColor = vec4(toSrgb(clamp(c, 0.0, 1.0)), opacity);
}`;

const _modelView = new Matrix4();
const _normal = new Matrix3();
const _position = new Vector3();

let shared = null;

export class SharedRenderer {
  /** The page's one renderer (made on first use). */
  static get() {
    shared ??= new SharedRenderer();
    return shared;
  }

  /** geometry -> { vao, buffers, count, indexType, versions } */
  #geometries = new WeakMap();

  constructor() {
    this.canvas = document.createElement('canvas');
    const gl = this.canvas.getContext('webgl2', { antialias: true, alpha: false, premultipliedAlpha: false, preserveDrawingBuffer: false });
    if (!gl) throw new Error('WebGL 2 is not available in this browser');
    this.gl = gl;
    this.program = program(gl, VERTEX, FRAGMENT);
    this.uniforms = Object.fromEntries(['modelView', 'projection', 'normalMatrix', 'pointSize', 'color', 'emissive', 'opacity', 'lit']
      .map((name) => [name, gl.getUniformLocation(this.program, name)]));
    this.attributes = { position: gl.getAttribLocation(this.program, 'position'), normal: gl.getAttribLocation(this.program, 'normal') };
    /** Pictures drawn (for the tests: all demos share this one context). */
    this.frames = 0;
    /** Device pixels per CSS pixel of the picture being drawn. */
    this.ratio = 1;
  }

  /**
   * Draws `scene` through `camera` at width × height CSS pixels times `ratio`, into the 2D
   * canvas context `target` (its canvas is sized to match).
   */
  render(scene, camera, width, height, ratio, target) {
    const { gl } = this;
    const w = Math.max(1, Math.round(width * ratio)), h = Math.max(1, Math.round(height * ratio));
    if (this.canvas.width < w || this.canvas.height < h) {
      this.canvas.width = Math.max(this.canvas.width, w);
      this.canvas.height = Math.max(this.canvas.height, h);
    }
    scene.updateMatrixWorld();
    if (camera.parent === null) camera.updateMatrixWorld();
    this.ratio = ratio;
    gl.viewport(0, 0, w, h);
    gl.enable(gl.SCISSOR_TEST);
    gl.scissor(0, 0, w, h);
    const bg = scene.background;
    const srgb = (x) => (x <= 0.0031308 ? x * 12.92 : 1.055 * x ** (1 / 2.4) - 0.055);
    gl.clearColor(bg ? srgb(bg.r) : 0, bg ? srgb(bg.g) : 0, bg ? srgb(bg.b) : 0, 1);
    gl.depthMask(true);
    gl.clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT);
    gl.useProgram(this.program);
    gl.uniformMatrix4fv(this.uniforms.projection, false, camera.projectionMatrix.elements);
    gl.enable(gl.BLEND);
    gl.blendFuncSeparate(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
    for (const item of drawList(scene, camera)) this.#draw(item.object, camera);
    gl.disable(gl.SCISSOR_TEST);
    if (target.canvas.width !== w || target.canvas.height !== h) {
      target.canvas.width = w;
      target.canvas.height = h;
    }
    // WebGL's rows start at the bottom: the picture is the bottom-left w × h of the canvas.
    target.drawImage(this.canvas, 0, this.canvas.height - h, w, h, 0, 0, w, h);
    this.frames++;
  }

  #draw(object, camera) {
    const { gl, uniforms } = this;
    const material = object.material;
    const mesh = object.isMesh;
    const g = this.#buffers(object.geometry);
    if (!g) return;
    // In doubles, then handed over as floats: what reaches WebGL is the scene seen from the
    // camera (view-range.js).
    _modelView.multiplyMatrices(camera.matrixWorldInverse, object.matrixWorld);
    _normal.getNormalMatrix(_modelView);
    gl.uniformMatrix4fv(uniforms.modelView, false, _modelView.elements);
    gl.uniformMatrix3fv(uniforms.normalMatrix, false, _normal.elements);
    gl.uniform3f(uniforms.color, material.color.r, material.color.g, material.color.b);
    const e = material.emissive;
    gl.uniform3f(uniforms.emissive, e ? e.r : 0, e ? e.g : 0, e ? e.b : 0);
    gl.uniform1f(uniforms.opacity, material.transparent ? material.opacity : 1);
    gl.uniform1i(uniforms.lit, mesh && material.isMeshLambertMaterial && g.normals ? 1 : 0);
    // The canvas's pixels are CSS pixels times its ratio: a point keeps its size in CSS pixels.
    if (object.isPoints) gl.uniform1f(uniforms.pointSize, material.size * this.ratio);
    if (material.depthTest) gl.enable(gl.DEPTH_TEST);
    else gl.disable(gl.DEPTH_TEST);
    gl.depthFunc(gl.LEQUAL);
    gl.depthMask(material.depthWrite);
    if (mesh && material.side === 0) {
      gl.enable(gl.CULL_FACE);
      gl.cullFace(gl.BACK);
    } else gl.disable(gl.CULL_FACE);
    gl.bindVertexArray(g.vao);
    const mode = mesh ? gl.TRIANGLES : object.isPoints ? gl.POINTS : object.isLineSegments ? gl.LINES : gl.LINE_STRIP;
    if (g.indexType) gl.drawElements(mode, g.count, g.indexType, 0);
    else gl.drawArrays(mode, 0, g.count);
    gl.bindVertexArray(null);
  }

  /** The geometry's buffers in this context, uploaded on first use and again when it changed. */
  #buffers(geometry) {
    const position = geometry.attributes.position;
    if (!position || position.count === 0) return null;
    const normal = geometry.attributes.normal;
    const index = geometry.index;
    const versions = `${position.version}|${normal?.version}|${index?.version}`;
    let g = this.#geometries.get(geometry);
    if (g && g.versions === versions) return g;
    const { gl } = this;
    if (g) this.#release(g);
    else geometry.addEventListener('dispose', () => {
      const old = this.#geometries.get(geometry);
      if (old) this.#release(old);
      this.#geometries.delete(geometry);
    });
    const vao = gl.createVertexArray();
    gl.bindVertexArray(vao);
    const buffers = [];
    const attribute = (location, data) => {
      const buffer = gl.createBuffer();
      buffers.push(buffer);
      gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
      gl.bufferData(gl.ARRAY_BUFFER, data.array instanceof Float32Array ? data.array : new Float32Array(data.array), gl.STATIC_DRAW);
      gl.enableVertexAttribArray(location);
      gl.vertexAttribPointer(location, data.itemSize, gl.FLOAT, false, 0, 0);
    };
    attribute(this.attributes.position, position);
    if (normal && this.attributes.normal >= 0) attribute(this.attributes.normal, normal);
    else if (this.attributes.normal >= 0) gl.disableVertexAttribArray(this.attributes.normal);
    let indexType = 0, count = position.count;
    if (index) {
      const buffer = gl.createBuffer();
      buffers.push(buffer);
      gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, buffer);
      const array = index.array instanceof Uint16Array || index.array instanceof Uint32Array ? index.array : new Uint32Array(index.array);
      gl.bufferData(gl.ELEMENT_ARRAY_BUFFER, array, gl.STATIC_DRAW);
      indexType = array instanceof Uint16Array ? gl.UNSIGNED_SHORT : gl.UNSIGNED_INT;
      count = index.count;
    }
    gl.bindVertexArray(null);
    g = { vao, buffers, count, indexType, normals: !!normal, versions };
    this.#geometries.set(geometry, g);
    return g;
  }

  #release(g) {
    this.gl.deleteVertexArray(g.vao);
    for (const b of g.buffers) this.gl.deleteBuffer(b);
  }
}

/**
 * What to draw, in order: opaque objects front to back, then transparent ones back to front, each
 * group by renderOrder first (a Group's renderOrder orders everything in it, as in three.js).
 */
function drawList(scene, camera) {
  const opaque = [], transparent = [];
  const walk = (object, groupOrder) => {
    if (!object.visible) return;
    const order = object.isGroup && object.renderOrder !== 0 ? object.renderOrder : groupOrder;
    if ((object.isMesh || object.isLine || object.isPoints) && object.material?.visible !== false) {
      _position.setFromMatrixPosition(object.matrixWorld).applyMatrix4(camera.matrixWorldInverse);
      const item = { object, groupOrder: order, renderOrder: object.renderOrder, z: -_position.z };
      (object.material.transparent ? transparent : opaque).push(item);
    }
    for (const child of object.children) walk(child, order);
  };
  walk(scene, 0);
  const by = (sign) => (p, q) => p.groupOrder - q.groupOrder || p.renderOrder - q.renderOrder || sign * (p.z - q.z);
  return [...opaque.sort(by(1)), ...transparent.sort(by(-1))];
}

function program(gl, vertex, fragment) {
  const compile = (type, source) => {
    const shader = gl.createShader(type);
    gl.shaderSource(shader, source);
    gl.compileShader(shader);
    if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS)) throw new Error(gl.getShaderInfoLog(shader));
    return shader;
  };
  const p = gl.createProgram();
  gl.attachShader(p, compile(gl.VERTEX_SHADER, vertex));
  gl.attachShader(p, compile(gl.FRAGMENT_SHADER, fragment));
  gl.linkProgram(p);
  if (!gl.getProgramParameter(p, gl.LINK_STATUS)) throw new Error(gl.getProgramInfoLog(p));
  return p;
}
