// The floor's height under a player, as a game finds it on a terrain of triangles: a ray cast
// straight down from the player's position onto a floor triangle. Where the ray meets the
// triangle's plane, the point is on the triangle when it lies on the inside of all three edges:
// the half-space test. Seen from above (straight down, y drops out), edge i runs from corner i
// to corner i + 1, and its edge function at a point p is the z component of (b − a) × (p − a)
// in the x-z plane,
//   E_i(p) = (b.x − a.x)(p.z − a.z) − (b.z − a.z)(p.x − a.x),
// twice the signed area of the triangle (a, b, p). p is on the inside of edge i when E_i(p) has
// the sign of E_i at the corner opposite the edge, E_i(c), which is the same for all three edges:
// twice the triangle's own signed area seen from above. E_i(p) / E_i(c) is then the weight of
// that opposite corner at p (its barycentric coordinate), so the three weights sum to 1 and are
// all >= 0 exactly inside (Ericson, Real-Time Collision Detection, 3.4 and 5.4.2).
//
// The verdict, the height and the weights are the package's (sx.raycast on the triangle, and
// mesh.raycast on a one-triangle mesh for the weights); the edge functions are computed here only
// to show the test that decides them.

/** The ray's direction: straight down. */
export const DOWN = [0, -1, 0];

/** The edge function of edge (a, b) at (x, z), seen from above. */
function edgeFunction(a, b, x, z) {
  return (b[0] - a[0]) * (z - a[2]) - (b[2] - a[2]) * (x - a[0]);
}

/**
 * The half-space tests of a point seen from above: { area, edges: [{ from, to, value, inside }] }:
 * twice the triangle's signed area seen from above (0: it stands on its edge, the ray runs along
 * it), and for each edge i (corner i to corner i + 1, from 0) its edge function at the point and
 * whether the point is on the inside (on the edge counts: the triangle is closed).
 */
export function edgeTests(vertices, point) {
  const [a, b, c] = vertices;
  const area = edgeFunction(a, b, c[0], c[2]);
  const edges = [0, 1, 2].map((i) => {
    const value = edgeFunction(vertices[i], vertices[(i + 1) % 3], point[0], point[2]);
    return { from: i, to: (i + 1) % 3, value, inside: area !== 0 && (area > 0 ? value >= 0 : value <= 0) };
  });
  return { area, edges };
}

/**
 * The floor under a point: { hit, above, contains, barycentric, tests } — hit: sx.raycast of the
 * triangle from the point straight down (null: no floor below), above: without a hit, whether a
 * ray straight up meets it (the floor is over the point), contains: sx.contains of the triangle at
 * the hit's point, barycentric: the weights of the corners there (a one-triangle mesh's raycast,
 * from `meshOf(triangle)`), tests: edgeTests.
 */
export function floorUnder(sx, triangle, origin, meshOf) {
  const hit = sx.raycast(triangle, origin, DOWN);
  const onMesh = hit ? meshOf(triangle).raycast(origin, DOWN) : null;
  return {
    hit,
    above: !hit && sx.raycast(triangle, origin, [0, 1, 0]) !== null,
    contains: hit ? sx.contains(triangle, hit.point) : false,
    barycentric: onMesh?.barycentric ?? null,
    tests: edgeTests(triangle.vertices.map((v) => Array.from(v)), origin),
  };
}

/**
 * A cache of one-triangle meshes (sx.createMesh), one at a time: the same triangle's mesh while
 * only the player moves, the old one disposed when the triangle changes. dispose() frees it.
 */
export function triangleMeshes(sx) {
  let key = '', mesh = null;
  const meshOf = (triangle) => {
    const positions = Float64Array.from(triangle.vertices.flatMap((v) => Array.from(v)));
    const k = positions.join(',');
    if (k !== key) {
      mesh?.dispose();
      mesh = sx.createMesh({ positions });
      key = k;
    }
    return mesh;
  };
  meshOf.dispose = () => {
    mesh?.dispose();
    mesh = null;
    key = '';
  };
  return meshOf;
}
