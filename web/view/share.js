// Sharing: the scene in the URL hash (JSON, deflate-raw, base64url) and as a JSON file. Everything
// read from a link or a file is untrusted: sizes are bounded before work is done, every volume is
// checked with sx.validate and copied field by field, and nothing is ever parsed as HTML. Any
// problem gives a message and no scene, never an exception.

import { copyFit, fitProblem } from './fit-scene.js';
import { NODE_TYPES } from './mesh-ids.js';
import { isMoving, maxTimeProblem, velocityProblem } from './motion.js';

/** Longest hash accepted (characters). A scene of 1,000 volumes compresses to well under this. */
const MAX_HASH_CHARS = 200_000;
/** Largest JSON text accepted after decompression or from a file (bytes): stops zip bombs. */
export const MAX_JSON_BYTES = 2_000_000;
/** Most volumes in a scene: the overlap colouring tests every pair. */
const MAX_VOLUMES = 500;
/** Longest volume name kept (characters). */
export const MAX_NAME = 60;

const HASH_KEY = 'scene=';
const ID = /^[A-Za-z0-9_-]{1,40}$/;

export class SceneError extends Error {}

/** The hash (without '#') that encodes a scene. */
export async function encodeScene(scene) {
  const bytes = new TextEncoder().encode(JSON.stringify(scene));
  const packed = await pipe(bytes, new CompressionStream('deflate-raw'), Infinity);
  return HASH_KEY + toBase64Url(packed);
}

/**
 * The scene a hash encodes, checked: { volumes, selection, camera? , cameraProblem? }. Throws SceneError with a message
 * for people. An empty hash gives null (no scene in the link).
 */
export async function decodeScene(hash, sx, options) {
  const text = await decodeSceneText(hash);
  return text === null ? null : parseScene(text, sx, options);
}

/**
 * The JSON text a hash encodes, not yet checked (embed.html hands it to the demo element, which
 * checks it and shows what the package says of it). Throws SceneError when the link itself is
 * damaged; an empty hash gives null.
 */
export async function decodeSceneText(hash) {
  const h = hash.startsWith('#') ? hash.slice(1) : hash;
  if (h === '') return null;
  if (h.length > MAX_HASH_CHARS) throw new SceneError(`the link is too long (${h.length.toLocaleString('en')} characters; at most ${MAX_HASH_CHARS.toLocaleString('en')})`);
  if (!h.startsWith(HASH_KEY)) throw new SceneError('the link does not contain a sepaxis scene (it should end in #scene=…)');
  const data = h.slice(HASH_KEY.length);
  if (!/^[A-Za-z0-9_-]*$/.test(data)) throw new SceneError('the scene data in the link is damaged (characters outside base64url)');
  let bytes;
  try {
    bytes = fromBase64Url(data);
  } catch {
    throw new SceneError('the scene data in the link is damaged (not base64url)');
  }
  let json;
  try {
    json = await pipe(bytes, new DecompressionStream('deflate-raw'), MAX_JSON_BYTES);
  } catch (e) {
    if (e instanceof SceneError) throw e;
    throw new SceneError('the scene data in the link is damaged (it does not decompress)');
  }
  return new TextDecoder().decode(json);
}

/** The scene in a JSON text (a file): { volumes, selection }, checked (options: checkScene's). Throws SceneError. */
export function parseScene(text, sx, options) {
  return checkScene(readSceneText(text), sx, options);
}

/** The data of a scene's JSON text, not yet checked (checkScene does). Throws SceneError: too large, or not JSON. */
export function readSceneText(text) {
  if (text.length > MAX_JSON_BYTES) throw new SceneError(`the scene is too large (${text.length.toLocaleString('en')} characters; at most ${MAX_JSON_BYTES.toLocaleString('en')})`);
  try {
    return JSON.parse(text);
  } catch {
    throw new SceneError('the scene is not valid JSON');
  }
}

/**
 * A clean copy of untrusted scene data. Accepts {volumes: [{id, name?, volume, velocity?}],
 * selection?, maxTime?}, an array of such entries or of bare volumes, or one bare volume. A
 * velocity ([vx, vy, vz], units per unit of time) is kept when it is not zero; maxTime is the end
 * of the time range the motion is shown over. motion: false refuses a
 * moving volume with a message (for a view that shows still scenes only). fit: true accepts a
 * fit scene, {fit, camera?} (fit-scene.js), returned as { volumes: [], selection: [], fit }.
 * meshModels: the built-in mesh models' ids a scene's mesh, {model, translation, rotation}, may
 * name; without it a scene with a mesh is refused with a message. meshSrc: true lets the mesh name
 * a model file instead, {src, translation, rotation} (a URL of an STL, OBJ, PLY, glTF or GLB file).
 * A mesh may name the node type of its tree, node (NODE_TYPES: "aabb" when absent). A second
 * mesh may stand beside the first, otherMesh (the same fields), tested against it.
 */
export function checkScene(data, sx, { motion = true, fit = false, meshModels = null, meshSrc = false } = {}) {
  if (isObject(data) && data.fit !== undefined) {
    if (!fit) throw new SceneError('this is a fit scene (its points are fitted by the <sepaxis-demo> element); the visualizer fits points in its Fit panel');
    if (data.volumes !== undefined) throw new SceneError('a scene has volumes or a fit, not both');
    const problem = fitProblem(data.fit);
    if (problem) throw new SceneError(problem);
    return withCamera({ volumes: [], selection: [], fit: copyFit(data.fit) }, data);
  }
  let entries, selection = [];
  if (Array.isArray(data)) entries = data;
  else if (isObject(data) && Array.isArray(data.volumes)) {
    entries = data.volumes;
    if (data.selection !== undefined) {
      if (!Array.isArray(data.selection)) throw new SceneError('selection must be an array of volume ids');
      selection = data.selection.slice(0, 2);
    }
  } else if (isObject(data) && typeof data.type === 'string') entries = [data];
  else throw new SceneError('the data is not a scene: expected {"volumes": [...], "selection": [...]}');
  if (entries.length > MAX_VOLUMES) throw new SceneError(`the scene has ${entries.length} volumes; at most ${MAX_VOLUMES}`);
  const seen = new Set();
  const volumes = entries.map((entry, i) => {
    const bare = isObject(entry) && !('volume' in entry) && typeof entry.type === 'string';
    if (!isObject(entry) || (!bare && !('volume' in entry))) throw new SceneError(`volume ${i + 1} is not an object {id, name, volume}`);
    const raw = bare ? entry : entry.volume;
    const problems = sx.validate(raw);
    if (problems.length) throw new SceneError(`volume ${i + 1}: ${problems[0].message}`);
    let id = !bare && typeof entry.id === 'string' && ID.test(entry.id) && !seen.has(entry.id) ? entry.id : `v${i + 1}`;
    while (seen.has(id)) id = `${id}_`;
    seen.add(id);
    const volume = copyVolume(raw);
    if (sx.validate(volume).length) throw new SceneError(`volume ${i + 1}: ${sx.validate(volume)[0].message}`);
    const out = { id, volume };
    if (!bare && typeof entry.name === 'string' && entry.name.trim()) out.name = entry.name.trim().slice(0, MAX_NAME);
    if (!bare && entry.name !== undefined && typeof entry.name !== 'string') throw new SceneError(`volume ${i + 1}: name must be a string`);
    if (!bare && entry.velocity !== undefined) {
      const problem = velocityProblem(entry.velocity, `volumes[${i}]`);
      if (problem) throw new SceneError(problem);
      if (isMoving(entry)) {
        if (!motion) throw new SceneError(`volumes[${i}] moves (velocity ${show(entry.velocity)}), and this view shows still scenes only: open the scene in the visualizer to see it move`);
        out.velocity = [...entry.velocity];
      }
    }
    return out;
  });
  selection = selection.filter((id) => typeof id === 'string' && seen.has(id));
  const out = { volumes, selection };
  if (isObject(data) && data.maxTime !== undefined) {
    const problem = maxTimeProblem(data.maxTime);
    if (problem) throw new SceneError(problem);
    out.maxTime = data.maxTime;
  }
  if (isObject(data) && data.mesh !== undefined) out.mesh = checkMesh(data.mesh, meshModels, meshSrc);
  if (isObject(data) && data.otherMesh !== undefined) {
    if (!out.mesh) throw new SceneError('otherMesh is tested against the scene\'s mesh: give a mesh too');
    out.otherMesh = checkMesh(data.otherMesh, meshModels, meshSrc, 'otherMesh');
  }
  return withCamera(out, data);
}

/** The model files a scene's mesh.src may name, by extension (the loaders of point-file.js). */
const MESH_SRC = /\.(stl|obj|ply|gltf|glb)$/i;

/**
 * A clean copy of a scene's mesh (its field `key`), {model, translation, rotation, node?} (or,
 * where src is taken, {src, translation, rotation, node?}); throws SceneError naming the field.
 */
function checkMesh(mesh, models, srcTaken, key = 'mesh') {
  if (!models) throw new SceneError('this scene holds a mesh, which only the visualizer shows: open the scene there');
  const fields = srcTaken ? '{model or src, translation, rotation}' : '{model, translation, rotation}';
  if (!isObject(mesh)) throw new SceneError(`${key} must be an object ${fields}, got ${show(mesh)}`);
  let source;
  if (srcTaken && mesh.src !== undefined) {
    if (mesh.model !== undefined) throw new SceneError(`${key} has a model or a src, not both`);
    const path = typeof mesh.src === 'string' ? mesh.src.replace(/[?#].*$/, '') : '';
    if (!MESH_SRC.test(path)) throw new SceneError(`${key}.src must be the URL of an STL, OBJ, PLY, glTF or GLB file, got ${show(mesh.src)}`);
    source = { src: mesh.src };
  } else if (!models.includes(mesh.model)) {
    throw new SceneError(`${key}.model must be one of ${models.map((m) => `"${m}"`).join(', ')}${srcTaken ? ' (or give a src: a model file\'s URL)' : ''}, got ${show(mesh.model)}`);
  } else source = { model: mesh.model };
  const numbers = (field, length, fallback) => {
    const v = mesh[field] ?? fallback;
    if (!Array.isArray(v) || v.length !== length) throw new SceneError(`${key}.${field} must be an array of ${length} numbers, got ${show(v)}`);
    const i = v.findIndex((x) => typeof x !== 'number' || !Number.isFinite(x) || Math.abs(x) > 1e15);
    if (i >= 0) throw new SceneError(`${key}.${field}[${i}] must be a finite number within ±1e15, got ${show(v[i])}`);
    return [...v];
  };
  const translation = numbers('translation', 3, [0, 0, 0]);
  const rotation = numbers('rotation', 4, [0, 0, 0, 1]);
  const norm = Math.hypot(...rotation);
  if (!(Math.abs(norm - 1) < 1e-6)) throw new SceneError(`${key}.rotation must be a unit quaternion [x, y, z, w], got ${show(rotation)} (length ${norm})`);
  const out = { ...source, translation, rotation: rotation.map((x) => x / norm) };
  if (mesh.node !== undefined) {
    if (!NODE_TYPES.some(([id]) => id === mesh.node)) throw new SceneError(`${key}.node must be one of ${NODE_TYPES.map(([id]) => `"${id}"`).join(', ')}, got ${show(mesh.node)}`);
    out.node = mesh.node;
  }
  return out;
}

/** The scene with the data's camera (or the problem with it) added. */
function withCamera(out, data) {
  if (isObject(data) && data.camera !== undefined) {
    const problem = cameraProblem(data.camera);
    if (problem) out.cameraProblem = problem;
    else out.camera = { position: [...data.camera.position], target: [...data.camera.target] };
  }
  return out;
}

/**
 * What is wrong with a scene's camera, {position: [x, y, z], target: [x, y, z]} (where the eye is
 * and the point it looks at), or null. A bad camera does not reject the scene: the view frames
 * the volumes instead (scene-link.js says so).
 */
export function cameraProblem(camera) {
  if (!isObject(camera)) return `camera must be an object {position, target}, got ${show(camera)}`;
  for (const key of ['position', 'target']) {
    const v = camera[key];
    if (!Array.isArray(v) || v.length !== 3) return `camera.${key} must be an array of 3 numbers, got ${show(v)}`;
    const i = v.findIndex((x) => typeof x !== 'number' || !Number.isFinite(x));
    if (i >= 0) return `camera.${key}[${i}] must be a finite number, got ${show(v[i])}`;
  }
  const d = Math.hypot(...camera.position.map((x, i) => x - camera.target[i]));
  if (!(d > 0 && Number.isFinite(d))) return `camera.position must differ from camera.target by a finite distance, got both ${show(camera.position)}`;
  return null;
}

/** A value in a message: JSON, cut short. */
function show(x) {
  const s = x === undefined ? 'nothing' : typeof x === 'number' ? String(x) : JSON.stringify(x) ?? String(x);
  return s.length > 40 ? `${s.slice(0, 39)}…` : s;
}

/**
 * Only the fields of the format, as fresh arrays of numbers (drops anything else). Vectors may
 * come as arrays or {x, y, z(, w)} objects, as sx.validate accepts.
 */
function copyVolume(v) {
  const a = (x) => (typeof x.length === 'number' ? Array.from(x, Number) : 'w' in x ? [x.x, x.y, x.z, x.w] : [x.x, x.y, x.z]);
  switch (v.type) {
    case 'sphere': return { type: 'sphere', center: a(v.center), radius: v.radius };
    case 'aabb': return { type: 'aabb', min: a(v.min), max: a(v.max) };
    case 'obb': return v.axes !== undefined
      ? { type: 'obb', center: a(v.center), halfExtents: a(v.halfExtents), axes: Array.from(v.axes, a) }
      : { type: 'obb', center: a(v.center), halfExtents: a(v.halfExtents), rotation: a(v.rotation) };
    case 'kdop': return { type: 'kdop', k: v.k, min: a(v.min), max: a(v.max) };
    case 'triangle': return { type: 'triangle', vertices: Array.from(v.vertices, a) };
    default: throw new SceneError('unknown volume type');
  }
}

const isObject = (x) => x !== null && typeof x === 'object' && !Array.isArray(x);

/** Runs bytes through a (de)compression stream, stopping past `limit` output bytes. */
async function pipe(bytes, stream, limit) {
  const writer = stream.writable.getWriter();
  writer.write(bytes).catch(() => {});
  writer.close().catch(() => {});
  const reader = stream.readable.getReader();
  const chunks = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > limit) {
      reader.cancel().catch(() => {});
      throw new SceneError(`the scene is too large once decompressed (over ${limit.toLocaleString('en')} bytes)`);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

function toBase64Url(bytes) {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text) {
  const s = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((text.length + 3) % 4));
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

/** Offers the scene as a JSON file download. */
export function downloadScene(scene, fileName = 'sepaxis-scene.json') {
  const blob = new Blob([JSON.stringify(scene, null, 2) + '\n'], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
