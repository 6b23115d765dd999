// The palettes, shared by the 3D view and the panels (styles.css and demo.css repeat them as CSS
// variables): COLORS on the dark ground (the app, the demo's default), LIGHT_COLORS on the light.
export const COLORS = {
  background: 0x0e1117,
  grid: 0x283242,
  gridCenter: 0x3a475c,
  /** Volume A of the compared pair, and its projection interval. */
  a: 0x4da3ff,
  /** Volume B of the compared pair, and its projection interval. */
  b: 0xffb23e,
  /** A volume that overlaps at least one other. */
  overlap: 0xff5c6c,
  /** A volume that overlaps no other. */
  apart: 0x35d399,
  /** A separating axis, its gap and the separating plane. */
  separating: 0x35d399,
  /** The axis line and neutral marks. */
  axis: 0xe6edf7,
  /** The minimum translation vector. */
  mtv: 0xf5f5f5,
  /** Where B would be after moving by the minimum translation vector (its outline). */
  ghost: 0xffffff,
  edge: 0xc5cfdd,
};

/**
 * The same roles on a light ground (<sepaxis-demo theme="light">): demo.css's light palette, so
 * the marks keep their contrast on the background and the 3D view matches its panels.
 */
export const LIGHT_COLORS = {
  ...COLORS,
  background: 0xf4f6fa,
  grid: 0xd5dbe5,
  gridCenter: 0xb8c2d3,
  a: 0x1f6fd1,
  b: 0xa35f00,
  overlap: 0xc8283b,
  apart: 0x0f7a52,
  separating: 0x0f7a52,
  axis: 0x3a4558,
  mtv: 0x1b2433,
  ghost: 0x1b2433,
  edge: 0x505c70,
};
