// The floor under a point: a ray straight down meets a triangle of the level (the hit names it),
// and the triangle's normal says whether it can be walked on. The character and the crowd stand
// on what this finds; nothing else keeps them on the ground.

const DOWN = [0, -1, 0];
/** How far below the ray's start a floor is looked for: deeper than any drop of the level. */
const DEPTH = 50;
/** The highest step walked up without a jump, in level units (a character is ~1.8 tall). */
export const STEP = 0.4;
/** Floors steeper than 50° (the normal's vertical part below cos 50°) are walls, not floors. */
export const MIN_FLOOR_NORMAL_Y = Math.cos((50 * Math.PI) / 180);

/**
 * The first floor below (x, fromY, z) in `world` (the world that holds the level): { y, normalY,
 * triangle } or null when there is none (off the level, or the start is under the ground: a rise
 * higher than a step).
 */
export function floorBelow(world, x, z, fromY) {
  const hit = world.raycast([x, fromY, z], DOWN, DEPTH);
  return hit && { y: hit.point[1], normalY: hit.normal[1], triangle: hit.triangle };
}

/**
 * Whether a body standing at height y may move onto `floor` (floorBelow's answer at its next
 * place, cast from y + STEP): there is one, and it is no steep rise.
 */
export function canStepOnto(floor, y) {
  return floor !== null && (floor.y <= y || floor.normalY >= MIN_FLOOR_NORMAL_Y);
}
