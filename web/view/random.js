// Seeded random numbers: mulberry32 (Tommy Ettinger's 32-bit generator) and uniform random
// rotations made from them, so that every run on every machine and in every JavaScript engine
// makes the same scenes (the built-in point clouds, the benchmarks' volumes).

/** A generator of numbers in [0, 1) from `seed`. */
export function mulberry32(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A uniformly random rotation, a unit quaternion [x, y, z, w] (Shoemake), from three numbers of next(). */
export function randomRotation(next) {
  const u1 = next(), u2 = next(), u3 = next();
  const a = Math.sqrt(1 - u1), b = Math.sqrt(u1);
  return [a * Math.sin(2 * Math.PI * u2), a * Math.cos(2 * Math.PI * u2), b * Math.sin(2 * Math.PI * u3), b * Math.cos(2 * Math.PI * u3)];
}
