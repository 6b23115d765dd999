// The character controller: turns and walks on the player's input. Its walk is a sweep of its
// volume through the world's bodies (walls, crates, balls), sliding along what it meets; its
// height is the floor under it (ground.js), so slopes too steep and rises higher than a step
// stop it as walls do. It falls where the floor drops away.

import { STEP, canStepOnto, floorBelow } from './ground.js';

export const WALK_SPEED = 5;          // units a second
const TURN_SPEED = 2.4;               // radians a second
const GRAVITY = 20;                   // units a second², a little more than Earth's at this scale
/** The character's body: a sphere held a step above its feet, so a step's rise passes under it. */
export const RADIUS = 0.45;
/** Its sphere's centre above its feet: where the sweep and the weapon's ray start. */
export const CHEST = STEP + RADIUS;
/** Left between the sphere and what it stops at, so the next sweep does not start touching. */
const SKIN = 0.01;
/** Sweeps a frame: the first move and up to two slides along what it met. */
const SLIDES = 3;

/** The character's volume in its own frame (its pose puts it CHEST above the feet). */
export const characterVolume = { type: 'sphere', center: [0, 0, 0], radius: RADIUS };

export function createCharacter(x, y, z, yaw) {
  return { x, y, z, yaw, vy: 0, id: -1 };
}

/** The unit direction the character faces (yaw 0: towards -z). */
export function facing(c) {
  return [-Math.sin(c.yaw), 0, -Math.cos(c.yaw)];
}

/**
 * One frame of the character: turn and walk by `input` ({ forward, turn }, each -1 to 1) for dt
 * seconds. `bodies` is the world its sweep meets (it leaves out the character's own body), and
 * `level` the world whose floor it stands on. Returns the number of sweeps made.
 */
export function moveCharacter(c, input, dt, bodies, level) {
  c.yaw += input.turn * TURN_SPEED * dt;
  const [fx, , fz] = facing(c);
  let vx = fx * input.forward * WALK_SPEED, vz = fz * input.forward * WALK_SPEED;
  let x = c.x, z = c.z, left = dt, sweeps = 0;
  for (let i = 0; i < SLIDES && left > 0 && (vx !== 0 || vz !== 0); i++) {
    const volume = { type: 'sphere', center: [x, c.y + CHEST, z], radius: RADIUS };
    const hit = bodies.sweep(volume, [vx, 0, vz], left, { exclude: c.id });
    sweeps++;
    const [nx, , nz] = hit?.normal ?? [0, 0, 0];
    const into = vx * nx + vz * nz;
    // Nothing in the way, or touching something it walks away from: the whole move.
    if (!hit || into <= 0) {
      x += vx * left;
      z += vz * left;
      break;
    }
    const t = Math.max(0, hit.time - SKIN / Math.hypot(vx, vz));
    x += vx * t;
    z += vz * t;
    left -= hit.time;
    // Slide: keep the part of the velocity along the surface met.
    const flat = Math.hypot(nx, nz) || 1;
    vx -= (into * nx) / (flat * flat);
    vz -= (into * nz) / (flat * flat);
  }
  settleOnFloor(c, x, z, dt, level);
  return sweeps;
}

/**
 * Moves the character to (x, z) if the floor there takes it, then to the floor's height: at once
 * within a step below its feet (walking downhill), by falling when it drops further.
 */
function settleOnFloor(c, x, z, dt, level) {
  let floor = floorBelow(level, x, z, c.y + STEP);
  if (canStepOnto(floor, c.y)) {
    c.x = x;
    c.z = z;
  } else {
    floor = floorBelow(level, c.x, c.z, c.y + STEP);
  }
  if (!floor) return;
  if (floor.y >= c.y - STEP && c.vy === 0) {
    c.y = floor.y;
    return;
  }
  c.vy -= GRAVITY * dt;
  c.y += c.vy * dt;
  if (c.y <= floor.y) {
    c.y = floor.y;
    c.vy = 0;
  }
}

/** The character's pose in the world: its sphere's centre (the sphere needs no rotation). */
export function characterPose(c) {
  return [c.x, c.y + CHEST, c.z, 0, 0, 0, 1];
}
