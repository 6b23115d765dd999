// Reading a pose — where a volume goes — into io, the one reader of every call that takes one
// (sx.transform, world.add), so that all of them accept the same forms and refuse the same
// mistakes with the same words. Two forms:
//   { translation, rotation, scale }   vectors and quaternions as arrays, typed arrays or
//                                      three.js-like {x, y, z(, w)} objects; each may be absent
//   [tx, ty, tz, qx, qy, qz, qw]       7 numbers (an array or a typed array): world.setPoses's and
//                                      world.poses's layout, scale 1
// Only the shapes are checked here; the values (finite, a unit quaternion, scale > 0) are the
// core's, whose messages name the same fields.

import { show, writeQuaternion, writeVec3 } from './volume.js';
import * as wire from './wire.js';

const IO_ROTATION = wire.IO + wire.IO_ROTATION, IO_TRANSLATION = wire.IO + wire.IO_TRANSLATION;
const IO_SCALE = wire.IO + wire.IO_SCALE;
const { POSE_NUMBERS, POSE_TRANSLATION, POSE_ROTATION } = wire;

/** The names of a pose's 7 numbers, for messages: POSE_FIELDS[i] of number i. */
export const POSE_FIELDS = [];
for (let i = 0; i < 3; i++) POSE_FIELDS[POSE_TRANSLATION + i] = `translation[${i}]`;
for (let i = 0; i < 4; i++) POSE_FIELDS[POSE_ROTATION + i] = `rotation[${i}]`;

/** A pose's own fields, and what other libraries call them (three.js's Object3D first). */
const FIELDS = new Set(['translation', 'rotation', 'scale']);
const MEANT = {
  position: 'translation', pos: 'translation', translate: 'translation', offset: 'translation',
  origin: 'translation', center: 'translation', centre: 'translation', t: 'translation', p: 'translation',
  quaternion: 'rotation', quat: 'rotation', orientation: 'rotation', rotate: 'rotation', q: 'rotation', r: 'rotation',
  scaling: 'scale', s: 'scale',
};
const meant = (key) => MEANT[key] ?? MEANT[key.toLowerCase()] ?? (FIELDS.has(key.toLowerCase()) ? key.toLowerCase() : undefined);

const forms = (name, scalable) =>
  `a ${name} is { translation, rotation${scalable ? ', scale' : ''} } or 7 numbers [tx, ty, tz, qx, qy, qz, qw]`;

const isNumbers = (value) => Array.isArray(value) || (ArrayBuffer.isView(value) && !(value instanceof DataView));

/**
 * Writes `pose` into io (rotation, translation, scale) or throws a TypeError (a wrong shape, an
 * unknown field) or RangeError (a scale other than 1 where bodies do not scale) naming `name`
 * ("pose", "transform") and the field. `scalable`: whether `scale` may be other than 1. Absent
 * (undefined): the identity.
 */
export function writePose(f64, pose, name, scalable) {
  if (pose === undefined) pose = {};
  if (isNumbers(pose)) return writeNumbers(f64, pose, name);
  if (pose === null || typeof pose !== 'object')
    throw new TypeError(`${name} must be { translation, rotation${scalable ? ', scale' : ''} } or 7 numbers [tx, ty, tz, qx, qy, qz, qw], got ${show(pose)}`);
  checkFields(pose, name, scalable);
  const { translation = [0, 0, 0], rotation = [0, 0, 0, 1], scale = 1 } = pose;
  writeQuaternion(f64, IO_ROTATION, rotation, `${name}.rotation`);
  writeVec3(f64, IO_TRANSLATION, translation, `${name}.translation`);
  if (!scalable && scale !== 1)
    throw new (typeof scale === 'number' ? RangeError : TypeError)(`${name}.scale must be 1 or absent (bodies do not scale), got ${show(scale)}`);
  if (typeof scale !== 'number') throw new TypeError(`${name}.scale must be a number, got ${show(scale)}`);
  f64[IO_SCALE] = scale;
}

function writeNumbers(f64, pose, name) {
  if (pose.length !== POSE_NUMBERS)
    throw new TypeError(`${name} as numbers must be 7: [tx, ty, tz, qx, qy, qz, qw], got length ${pose.length}`);
  for (let i = 0; i < POSE_NUMBERS; i++) {
    const x = pose[i];
    if (typeof x !== 'number') throw new TypeError(`${name}[${i}] (${POSE_FIELDS[i]}) must be a number, got ${show(x)}`);
  }
  for (let i = 0; i < 4; i++) f64[IO_ROTATION + i] = pose[POSE_ROTATION + i];
  for (let i = 0; i < 3; i++) f64[IO_TRANSLATION + i] = pose[POSE_TRANSLATION + i];
  f64[IO_SCALE] = 1;
}

/** Every enumerable key must be a field: a misspelt one would otherwise be the identity. */
function checkFields(pose, name, scalable) {
  let unknown;
  for (const key in pose) {
    if (FIELDS.has(key)) continue;
    // The key with a guess first: a three.js Object3D names position before its other keys.
    if (unknown === undefined || (meant(key) && !meant(unknown))) unknown = key;
  }
  if (unknown === undefined) return;
  const guess = meant(unknown);
  throw new TypeError(`${name} has an unknown field ${show(unknown)}${guess ? ` (did you mean "${guess}"?)` : ''}; ${forms(name, scalable)}`);
}
