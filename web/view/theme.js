// The palette, shared by the 3D view and the panels (styles.css repeats it as CSS variables).
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
  edge: 0xc5cfdd,
};
