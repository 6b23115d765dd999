// The world example's character controller (examples/world/character.js) on the example's level,
// at 60 frames a second: it climbs the ramp to the plateau, stops at the plateau's steep side,
// falls where the plateau ends, stops at a wall (a sweep against an OBB body) and slides along a
// slanted one; its feet stay on the floor a ray straight down finds; the level's triangles, in
// the sweeps' world too, do not stop it where it may walk.

import { afterAll, beforeAll, expect, it } from 'vitest';
import { init } from 'sepaxis';
import { WALLS, terrainGeometry, wallVolume } from '../../examples/world/level.js';
import { RADIUS, characterPose, characterVolume, createCharacter, moveCharacter } from '../../examples/world/character.js';
import { floorBelow } from '../../examples/world/ground.js';

let level, bodies;
beforeAll(async () => {
  const sx = await init();
  // As the example: the level's mesh answers the floor rays in a world of its own and stands in
  // the bodies' world too, where the character's sweeps meet its triangles.
  const mesh = sx.createMesh(terrainGeometry());
  level = sx.createWorld();
  level.add(mesh, { translation: [0, 0, 0] });
  bodies = sx.createWorld();
  bodies.add(mesh, { translation: [0, 0, 0] });
  for (const w of WALLS) bodies.add(wallVolume(w), { translation: [w.center[0], 1, w.center[1]], rotation: w.rotation });
});
afterAll(() => {
  level.dispose();
  bodies.dispose();
});

/** Walks forward from (x, z) facing `yaw` for `seconds`: where it ends and the highest it was. */
function walk(x, z, yaw, seconds) {
  const c = createCharacter(x, floorBelow(level, x, z, 20).y, z, yaw);
  c.id = bodies.add(characterVolume, characterPose(c));
  let highest = c.y;
  for (let frame = 0; frame < seconds * 60; frame++) {
    moveCharacter(c, { forward: 1, turn: 0 }, 1 / 60, bodies, level);
    highest = Math.max(highest, c.y);
  }
  bodies.remove(c.id);
  expect(c.y).toBeCloseTo(floorBelow(level, c.x, c.z, 20).y, 9);
  return { x: c.x, y: c.y, z: c.z, highest };
}

const EAST = -Math.PI / 2, SOUTH = Math.PI, NORTH = 0;

it('climbs the ramp onto the plateau', () => {
  const end = walk(-4, -16, EAST, 3);
  expect(end.x).toBeGreaterThan(8);
  expect(end.y).toBeCloseTo(3, 9);
});

it('stops at the plateau\'s steep side, a step short of it', () => {
  const end = walk(4, -8, EAST, 3);
  expect(end.x).toBeGreaterThan(6.5);
  expect(end.x).toBeLessThan(8);
  expect(end.highest).toBeLessThan(0.5);
});

it('falls off where the plateau ends', () => {
  const end = walk(16, -16, SOUTH, 3);
  expect(end.highest).toBeCloseTo(3, 9);
  expect(end.z).toBeGreaterThan(-6);
  expect(end.y).toBeLessThan(0.5);
});

it('stops at the east wall, its sphere just short of the wall\'s face', () => {
  const end = walk(20, 20, EAST, 4);
  const face = WALLS[3].center[0] - WALLS[3].halfExtents[0];
  expect(face - RADIUS - end.x).toBeGreaterThanOrEqual(0);
  expect(face - RADIUS - end.x).toBeLessThan(0.02);
});

it('slides along a slanted wall instead of stopping at it', () => {
  const end = walk(-12, -4, NORTH, 3);
  // Heading -z into the wall turned 30°: it ends beside the wall, east of where it started.
  expect(end.x).toBeGreaterThan(-10);
  expect(end.z).toBeLessThan(-10);
});
