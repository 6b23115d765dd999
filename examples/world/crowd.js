// The crowd: crates (OBBs turned about the vertical) and balls (spheres) that wander on the
// level, stand on its floor (ground.js), bounce off the walls and each other, and fly when the
// weapon's ray knocks them. The world's contacts() keeps them apart: each overlapping pair comes
// with the direction and depth that separate it (pushApart).

import { STEP, canStepOnto, floorBelow } from './ground.js';
import { HALF } from './level.js';

const GRAVITY = 20;
/** How fast a knocked body's extra speed fades once it lands (per second). */
const FRICTION = 3;
/** A knock: this speed along the ray, and this much upwards. */
const KNOCK_SPEED = 14, KNOCK_LIFT = 7;

/**
 * A crowd body: `volume` in its own frame, `half` its height above its floor, `yaw` its turn,
 * `v` its velocity, `wander` the speed it walks at on its own (0: it stands still until hit).
 */
function body(kind, size, x, z, yaw, wander, random) {
  const volume = kind === 'ball'
    ? { type: 'sphere', center: [0, 0, 0], radius: size }
    : { type: 'obb', center: [0, 0, 0], halfExtents: [size, size, size], rotation: [0, 0, 0, 1] };
  const heading = 2 * Math.PI * random();
  return { kind, size, volume, half: size, x, y: 0, z, yaw, vy: 0, wander, v: [wander * Math.cos(heading), wander * Math.sin(heading)], id: -1, knockedAt: -Infinity };
}

/**
 * `n` bodies: first up to five still crates in a row, the targets the character faces at the
 * start (`targets`: where the row's middle is), then wandering crates and balls anywhere but
 * near the start (`clear`: a point and a radius).
 */
export function createCrowd(n, random, targets, clear) {
  const crowd = [];
  for (let i = 0; i < Math.min(5, n); i++) crowd.push(body('crate', 0.6, targets[0] + (i - 2) * 1.6, targets[1], 0, 0, random));
  while (crowd.length < n) {
    const x = (2 * random() - 1) * (HALF - 2), z = (2 * random() - 1) * (HALF - 2);
    if (Math.hypot(x - clear[0], z - clear[1]) < clear[2]) continue;
    const kind = crowd.length % 2 ? 'ball' : 'crate';
    crowd.push(body(kind, 0.3 + 0.3 * random(), x, z, 2 * Math.PI * random(), 0.6 + 1.6 * random(), random));
  }
  return crowd;
}

/** Puts each body on the floor beneath it (cast from above the level). */
export function placeOnFloor(crowd, level) {
  for (const b of crowd) b.y = (floorBelow(level, b.x, b.z, 20)?.y ?? 0) + b.half;
}

/**
 * One frame of every body: its walk, a knocked body's flight and landing, its floor. Returns the
 * rays cast. A body turns back where the floor would not take it and at the level's edge.
 */
export function moveCrowd(crowd, dt, level) {
  let rays = 0;
  for (const b of crowd) {
    const x = b.x + b.v[0] * dt, z = b.z + b.v[1] * dt;
    const feet = b.y - b.half;
    const floor = floorBelow(level, x, z, feet + STEP);
    rays++;
    if (!canStepOnto(floor, feet) || Math.abs(x) > HALF - 1 || Math.abs(z) > HALF - 1) {
      b.v[0] = -b.v[0];
      b.v[1] = -b.v[1];
      continue;
    }
    b.x = x;
    b.z = z;
    const ground = floor.y + b.half;
    if (b.vy !== 0 || b.y > ground + STEP) {
      b.vy -= GRAVITY * dt;
      b.y += b.vy * dt;
      if (b.y <= ground) {
        b.y = ground;
        b.vy = 0;
      }
    } else {
      b.y = ground;
      slowToWander(b, dt);
    }
  }
  return rays;
}

/** A knocked body, back on the floor, loses its extra speed until it walks at its own again. */
function slowToWander(b, dt) {
  const speed = Math.hypot(b.v[0], b.v[1]);
  if (speed <= b.wander) return;
  const next = Math.max(b.wander, speed * Math.exp(-FRICTION * dt));
  b.v[0] *= next / speed;
  b.v[1] *= next / speed;
}

/** Sends a body flying along the ray's direction (a unit vector) at time `now`. */
export function knock(b, direction, now) {
  b.v[0] += KNOCK_SPEED * direction[0];
  b.v[1] += KNOCK_SPEED * direction[2];
  b.vy = KNOCK_LIFT;
  b.knockedAt = now;
}

/** The body's pose: its centre, turned by its yaw about the vertical. */
export function writePose(b, poses, at) {
  poses[at] = b.x;
  poses[at + 1] = b.y;
  poses[at + 2] = b.z;
  poses[at + 3] = 0;
  poses[at + 4] = Math.sin(b.yaw / 2);
  poses[at + 5] = 0;
  poses[at + 6] = Math.cos(b.yaw / 2);
}

/**
 * Separates every overlapping pair of world.contacts(): body b of a pair moves by the depth along
 * the normal, body a against it; a pair of two crowd bodies shares the move, a crowd body and a
 * wall or the character (`fixed`: they do not give way) moves by all of it. A body moving into the
 * other bounces off (its velocity towards it reversed). Returns the pairs separated.
 */
export function pushApart({ pairs, normals, depths }, byId) {
  for (let i = 0; i < depths.length; i++) {
    const a = byId.get(pairs[2 * i]), b = byId.get(pairs[2 * i + 1]);
    if (!a || !b || (a.fixed && b.fixed)) continue;
    const nx = normals[3 * i], nz = normals[3 * i + 2], d = depths[i];
    const share = a.fixed || b.fixed ? 1 : 0.5;
    if (!a.fixed) nudge(a, -nx, -nz, d * share);
    if (!b.fixed) nudge(b, nx, nz, d * share);
  }
  return depths.length;
}

/** Moves a body by `d` along the horizontal (nx, nz) and turns its velocity away if it points in. */
function nudge(b, nx, nz, d) {
  const flat = Math.hypot(nx, nz);
  if (flat < 1e-9) return;
  const ux = nx / flat, uz = nz / flat;
  b.x += ux * d;
  b.z += uz * d;
  const into = b.v[0] * ux + b.v[1] * uz;
  if (into < 0) {
    b.v[0] -= 2 * into * ux;
    b.v[1] -= 2 * into * uz;
  }
}
