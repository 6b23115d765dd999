// The two pairs whose whole test costs less than a call into WebAssembly: sphere–sphere and
// AABB–AABB, decided here with exactly the core's operations.
//
// Why: a single overlaps() call through the module costs at least its write into the scratch area
// plus the call (~16 ns in cache, `node scripts/bench-call-floor.mjs`), while three.js's whole
// sphere or box test takes ~7 ns. Both tests are a handful of IEEE double operations, which
// JavaScript numbers perform with the same rounding as the core compiled to WebAssembly
// (no fused multiply-add there), so the verdicts are identical bit for bit; tests/js/plain-pairs.test.js
// checks that against the core on adversarial pairs.
//
// Only clean input is decided here: array-likes of three finite numbers (arrays, typed arrays)
// with valid values, and squares
// within the core's fast range. Anything else (bad input to be reported, distances whose squares
// would underflow or overflow) returns UNDECIDED and takes the module's path, so error messages
// and the rescaled test stay the core's alone.

/** What the functions here return for a pair they leave to the module (-1). */
export const UNDECIDED = -1;
// Inside them -1 is written out: a module constant costs a load and a hole check in the bytecode,
// which counts against the engine's inlining budget.

// cpp/include/sepaxis/vec3.h, withinDistance: the range in which the core compares squares.
const SMALL = 1e-280, LARGE = 1e280;

/** 1 or 0 for the pairs decided here, UNDECIDED for everything else. */
export function plainPairOverlap(a, b) {
  if (a == null || b == null) return -1;
  const type = a.type;
  if (b.type !== type) return -1;
  return type === 'sphere' ? spheresOverlap(a, b) : type === 'aabb' ? aabbsOverlap(a, b) : -1;
}

/** 1 or 0: overlaps(a, b) of two spheres, as the core's withinDistance(b.center - a.center, ra + rb). */
export function spheresOverlap(a, b) {
  const p = a.center, q = b.center, ra = a.radius, rb = b.radius;
  if (p == null || q == null || p.length !== 3 || q.length !== 3) return -1;  // array-likes of 3, as the writers take them
  const px = p[0], py = p[1], pz = p[2], qx = q[0], qy = q[1], qz = q[2];
  // Non-numbers are reported by the module's path (the arithmetic below would coerce them).
  if (typeof px !== 'number' || typeof py !== 'number' || typeof pz !== 'number' || typeof qx !== 'number' ||
      typeof qy !== 'number' || typeof qz !== 'number' || typeof ra !== 'number' || typeof rb !== 'number') return -1;
  const dx = qx - px, dy = qy - py, dz = qz - pz;
  const d2 = dx * dx + dy * dy + dz * dz;  // dot(d, d): the same order of additions
  const r = ra + rb, r2 = r * r;
  // The range checks on the squares also check readSphere's finite numbers: a centre coordinate
  // that is infinite or NaN makes d2 infinite or NaN, and so does a radius for r2 (both radii are
  // >= 0, so no infinities cancel). A comparison per number would cost more than the test.
  if (ra >= 0 && rb >= 0 && d2 > SMALL && d2 < LARGE && r2 > SMALL && r2 < LARGE) return d2 <= r2 ? 1 : 0;
  return -1;  // bad input, or squares the core rescales
}

/** 1 or 0: overlaps(a, b) of two AABBs, the core's six comparisons once readAabb would accept both. */
export function aabbsOverlap(a, b) {
  // Kept short enough for the engine to inline (under 460 bytes of bytecode): vectors as the
  // module's writer takes them (length 3), numbers checked one by one as they are read.
  const p = a.min, q = a.max, s = b.min, t = b.max;
  if (p == null || q == null || s == null || t == null || p.length !== 3 || q.length !== 3 || s.length !== 3 || t.length !== 3)
    return -1;
  const ax0 = p[0], ay0 = p[1], az0 = p[2], ax1 = q[0], ay1 = q[1], az1 = q[2];
  const bx0 = s[0], by0 = s[1], bz0 = s[2], bx1 = t[0], by1 = t[1], bz1 = t[2];
  if (typeof ax0 !== 'number' || typeof ay0 !== 'number' || typeof az0 !== 'number' ||
      typeof ax1 !== 'number' || typeof ay1 !== 'number' || typeof az1 !== 'number' ||
      typeof bx0 !== 'number' || typeof by0 !== 'number' || typeof bz0 !== 'number' ||
      typeof bx1 !== 'number' || typeof by1 !== 'number' || typeof bz1 !== 'number') return -1;
  // readAabb accepts finite numbers with min <= max on every axis. Every width then is finite and
  // >= 0; conversely a NaN makes its width NaN, an infinity makes it infinite or NaN (inf - inf),
  // and a finite sum of widths >= 0 has only finite terms. Widths that overflow go to the core.
  const wx = ax1 - ax0, wy = ay1 - ay0, wz = az1 - az0, vx = bx1 - bx0, vy = by1 - by0, vz = bz1 - bz0;
  // Six comparisons rather than Math.min of six: cheaper in V8.
  if (!(wx >= 0 && wy >= 0 && wz >= 0 && vx >= 0 && vy >= 0 && vz >= 0 &&
        wx + wy + wz + vx + vy + vz < Infinity)) return -1;
  return ax0 <= bx1 && bx0 <= ax1 && ay0 <= by1 && by0 <= ay1 && az0 <= bz1 && bz0 <= az1 ? 1 : 0;
}
