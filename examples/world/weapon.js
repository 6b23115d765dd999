// The ray weapon: a ray from the character's chest the way it faces, tilted down as the camera
// looks (it meets flat ground AIM ahead, so it hits bodies lower than the chest). The first thing
// it meets in the bodies' world (a crate, a ball, a wall, or the level's ground, which stands there
// too) is what it hits; a crowd body hit is knocked away (crowd.js), and the ray is drawn to it.

import { CHEST, RADIUS, facing } from './character.js';

/** How far the weapon reaches, in level units. */
export const RANGE = 60;
/** Where the ray meets flat ground ahead of the character, in level units. */
const AIM = 12;

/**
 * Fires from character `c`: { origin, direction, end, hit } where `hit` is the world's ray hit
 * (with `id`, and `triangle` on the level) or null. The ray starts just outside the character's
 * own sphere: a ray starting inside a body hits it at once.
 */
export function fire(c, bodies) {
  const [fx, , fz] = facing(c);
  const length = Math.hypot(AIM, CHEST);
  const direction = [(fx * AIM) / length, -CHEST / length, (fz * AIM) / length];
  const origin = [c.x + direction[0] * (RADIUS + 0.01), c.y + CHEST + direction[1] * (RADIUS + 0.01), c.z + direction[2] * (RADIUS + 0.01)];
  const hit = bodies.raycast(origin, direction, RANGE);
  const reach = hit ? hit.distance : RANGE;
  const end = origin.map((o, k) => o + direction[k] * reach);
  return { origin, direction, end, hit };
}
