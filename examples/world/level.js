// The level: a terrain heightfield of triangles (one mesh body: the ground the character and the
// crowd stand on, found by a ray straight down) and walls as boxes (OBB bodies, which sweeps
// meet: the character's sweep stops at them). A plateau with a ramp up to it, a bowl, low hills;
// the plateau's sides are too steep to walk up (the floor's normal says so), so they are walls
// too, of triangles.

/** The level spans [-HALF, HALF] in x and z. */
export const HALF = 32;
/** Cells along a side: 2 × 64 × 64 = 8,192 triangles. */
const CELLS = 64;
/** The plateau's top, and the ramp that climbs to it from the west (x falling to RAMP_FOOT). */
const PLATEAU = { x0: 8, x1: 26, z0: -26, z1: -6, height: 3, rampZ0: -20, rampZ1: -12, rampFoot: -2 };
const BOWL = { x: -14, z: 10, radius: 7, depth: 2 };

/** The ground's height at (x, z), before it is made triangles (the mesh is what is walked on). */
function heightAt(x, z) {
  let h = 0.35 * Math.sin(x * 0.3) * Math.cos(z * 0.25);
  const p = PLATEAU;
  if (x >= p.x0 && x <= p.x1 && z >= p.z0 && z <= p.z1) h = p.height;
  else if (x >= p.rampFoot && x < p.x0 && z >= p.rampZ0 && z <= p.rampZ1) h = (p.height * (x - p.rampFoot)) / (p.x0 - p.rampFoot);
  const d = Math.hypot(x - BOWL.x, z - BOWL.z);
  if (d < BOWL.radius) h -= (BOWL.depth * (1 + Math.cos((Math.PI * d) / BOWL.radius))) / 2;
  return h;
}

/** The terrain as createMesh takes it: a vertex per grid point, two triangles per cell. */
export function terrainGeometry() {
  const side = CELLS + 1, step = (2 * HALF) / CELLS;
  const positions = new Float64Array(side * side * 3);
  for (let j = 0; j < side; j++) for (let i = 0; i < side; i++) {
    const x = -HALF + i * step, z = -HALF + j * step;
    positions.set([x, heightAt(x, z), z], (j * side + i) * 3);
  }
  const indices = new Uint32Array(CELLS * CELLS * 6);
  for (let j = 0, k = 0; j < CELLS; j++) for (let i = 0; i < CELLS; i++, k += 6) {
    const a = j * side + i, b = a + 1, c = a + side, d = c + 1;
    // Counter-clockwise seen from above: the triangles' normals point up.
    indices.set([a, c, b, b, c, d], k);
  }
  return { positions, indices };
}

/** A box standing on the ground at (x, z), turned by yaw about the vertical. */
function wall(x, z, halfExtents, yaw = 0) {
  return { center: [x, z], halfExtents, rotation: [0, Math.sin(yaw / 2), 0, Math.cos(yaw / 2)] };
}

/**
 * The walls: the four around the level and a few inside it. Each is an OBB body whose volume is
 * centred in its own frame; placeWalls() sets its height from the ground beneath it.
 */
export const WALLS = [
  wall(0, -HALF, [HALF, 1.5, 0.5]), wall(0, HALF, [HALF, 1.5, 0.5]),
  wall(-HALF, 0, [0.5, 1.5, HALF]), wall(HALF, 0, [0.5, 1.5, HALF]),
  wall(-12, -12, [6, 1.2, 0.4], Math.PI / 6), wall(14, 10, [0.4, 1.2, 7]), wall(-22, 24, [5, 1.2, 0.4], -Math.PI / 5),
];

/** The OBB volume of a wall in its own frame. */
export function wallVolume(w) {
  return { type: 'obb', center: [0, 0, 0], halfExtents: w.halfExtents, rotation: [0, 0, 0, 1] };
}
