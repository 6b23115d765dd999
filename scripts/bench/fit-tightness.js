// How tight each bounding-volume type fits a point set: the volume of the package's fit over the
// volume of the points' convex hull (1 would be the hull itself, no convex volume does better).
// The computation of scripts/bench-fit.mjs, apart from its models, timing and printing, so that a
// test can check it on shapes whose ratios are known exactly.

/** The volume types measured, in the order printed and drawn: key, label, and the fit call. */
export const FIT_TYPES = [
  { key: 'sphere', label: 'sphere, smallest', fit: (sx, p) => sx.fit('sphere', p) },
  { key: 'sphereRitter', label: 'sphere, Ritter', fit: (sx, p) => sx.fit('sphere', p, { method: 'ritter' }) },
  { key: 'aabb', label: 'AABB', fit: (sx, p) => sx.fit('aabb', p) },
  { key: 'obbPca', label: 'OBB, PCA', fit: (sx, p) => pcaObb(p) },
  { key: 'obbFast', label: 'OBB, fast', fit: (sx, p) => sx.fit('obb', p, { quality: 'fast' }) },
  { key: 'obbTight', label: 'OBB, tight', fit: (sx, p) => sx.fit('obb', p, { quality: 'tight' }) },
  ...[6, 8, 14, 18, 26].map((k) => ({ key: `kdop${k}`, label: `${k}-DOP`, fit: (sx, p) => sx.fit('kdop', p, { k }) })),
];

/** The volume inside a closed, outward-facing triangle mesh ({ vertices, faces } of sx.convexHull). */
export function meshVolume({ vertices, faces }) {
  let six = 0;  // the sum of the signed tetrahedra (origin, a, b, c), times 6
  for (const [i, j, k] of faces) {
    const [ax, ay, az] = vertices[i], [bx, by, bz] = vertices[j], [cx, cy, cz] = vertices[k];
    six += ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
  }
  return six / 6;
}

/** Rotates flat x, y, z points by the unit quaternion q = [x, y, z, w]: a new Float64Array. */
export function rotatePoints(points, [x, y, z, w]) {
  const m = [
    1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w),
    2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w),
    2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y),
  ];
  const out = new Float64Array(points.length);
  for (let i = 0; i < points.length; i += 3) {
    const px = points[i], py = points[i + 1], pz = points[i + 2];
    out[i] = m[0] * px + m[1] * py + m[2] * pz;
    out[i + 1] = m[3] * px + m[4] * py + m[5] * pz;
    out[i + 2] = m[6] * px + m[7] * py + m[8] * pz;
  }
  return out;
}

/**
 * The eigenvectors of a symmetric 3 × 3 matrix (rows of numbers) by Jacobi rotations: the
 * columns of the returned matrix, as three unit vectors.
 */
export function symmetricEigenvectors(matrix) {
  const a = matrix.map((row) => [...row]);
  const v = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
  for (let sweep = 0; sweep < 50; sweep++) {
    const off = a[0][1] ** 2 + a[0][2] ** 2 + a[1][2] ** 2;
    if (off <= 1e-30 * (a[0][0] ** 2 + a[1][1] ** 2 + a[2][2] ** 2) || off === 0) break;
    for (const [p, q] of [[0, 1], [0, 2], [1, 2]]) {
      if (a[p][q] === 0) continue;
      // The rotation in the (p, q) plane that zeroes a[p][q] (Golub and Van Loan, 8.5.2).
      const theta = (a[q][q] - a[p][p]) / (2 * a[p][q]);
      const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
      const c = 1 / Math.sqrt(t * t + 1), s = t * c;
      for (let k = 0; k < 3; k++) {  // a = a J
        const akp = a[k][p], akq = a[k][q];
        a[k][p] = c * akp - s * akq;
        a[k][q] = s * akp + c * akq;
      }
      for (let k = 0; k < 3; k++) {  // a = Jᵀ a
        const apk = a[p][k], aqk = a[q][k];
        a[p][k] = c * apk - s * aqk;
        a[q][k] = s * apk + c * aqk;
      }
      for (let k = 0; k < 3; k++) {  // v = v J
        const vkp = v[k][p], vkq = v[k][q];
        v[k][p] = c * vkp - s * vkq;
        v[k][q] = s * vkp + c * vkq;
      }
    }
  }
  return [0, 1, 2].map((j) => [v[0][j], v[1][j], v[2][j]]);
}

/**
 * The textbook OBB: the axes are the eigenvectors of the points' covariance, the box the points'
 * extents along them. It is here as the yardstick the package's OBB fits are measured against
 * (what most engines and tutorials do, and what an OBB "from PCA" means when people compare), not
 * as a method to use: it follows the spread of the points, not the hull, so a dense patch of
 * vertices can turn it away from the tightest box. flat: x, y, z numbers.
 */
export function pcaObb(flat) {
  const n = flat.length / 3;
  const mean = [0, 0, 0];
  for (let i = 0; i < flat.length; i += 3) for (let d = 0; d < 3; d++) mean[d] += flat[i + d] / n;
  const cov = [[0, 0, 0], [0, 0, 0], [0, 0, 0]];
  for (let i = 0; i < flat.length; i += 3) {
    const e = [flat[i] - mean[0], flat[i + 1] - mean[1], flat[i + 2] - mean[2]];
    for (let r = 0; r < 3; r++) for (let c = r; c < 3; c++) cov[r][c] += e[r] * e[c];
  }
  for (let r = 0; r < 3; r++) for (let c = 0; c < r; c++) cov[r][c] = cov[c][r];
  const [u, w] = symmetricEigenvectors(cov);
  const axes = [u, w, [u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]]];  // right-handed
  const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < flat.length; i += 3) {
    for (let d = 0; d < 3; d++) {
      const s = axes[d][0] * flat[i] + axes[d][1] * flat[i + 1] + axes[d][2] * flat[i + 2];
      if (s < lo[d]) lo[d] = s;
      if (s > hi[d]) hi[d] = s;
    }
  }
  const mid = [0, 1, 2].map((d) => (lo[d] + hi[d]) / 2);
  const center = [0, 1, 2].map((k) => axes[0][k] * mid[0] + axes[1][k] * mid[1] + axes[2][k] * mid[2]);
  return { type: 'obb', center, halfExtents: [0, 1, 2].map((d) => (hi[d] - lo[d]) / 2), axes };
}

/**
 * Every type's ratio, volume(fit) / volume(hull), for flat x, y, z points: { key: ratio }.
 * hullVolume: the points' convex hull's volume (the same in every orientation; give it to
 * measure turned copies without a hull each).
 */
export function fitRatios(sx, points, hullVolume = meshVolume(sx.convexHull(points))) {
  if (!(hullVolume > 0)) throw new RangeError(`fitRatios: the points' convex hull has volume ${hullVolume}: they are flat, on a line or too few`);
  return Object.fromEntries(FIT_TYPES.map((t) => [t.key, sx.volumeOf(t.fit(sx, points)) / hullVolume]));
}
