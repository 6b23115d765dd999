// Motion: a volume of the scene may have a velocity (units per unit of time; straight-line motion
// without rotation, the package's `sx.sweep`). The scene shows the volumes at a time t in
// [0, maxTime]; the compared pair, when one of it moves, is swept over the whole range. Pure data
// and the package's calls: no drawing, no DOM.

import { translated } from './edit.js';

/** The time range shown when nothing sets it. */
export const DEFAULT_MAX_TIME = 1;
/** The largest speed a field or a scene accepts: sweeps keep their contract within 1e±100. */
export const MAX_SPEED = 1e100;

export const ZERO = Object.freeze([0, 0, 0]);

/** An entry's velocity, [0, 0, 0] when it has none. */
export function velocityOf(entry) {
  return entry?.velocity ?? ZERO;
}

export function isMoving(entry) {
  return velocityOf(entry).some((x) => x !== 0);
}

/** A value in a message: JSON, cut short. */
function show(x) {
  const s = x === undefined ? 'nothing' : typeof x === 'number' ? String(x) : JSON.stringify(x) ?? String(x);
  return s.length > 40 ? `${s.slice(0, 39)}…` : s;
}

/**
 * What is wrong with a velocity component, or null. `name` is the field as the reader knows it
 * ("volumes[1].velocity[2]", "Velocity vy").
 */
export function speedProblem(x, name) {
  if (typeof x !== 'number' || !Number.isFinite(x)) return `${name} must be a finite number, got ${show(x)}`;
  if (Math.abs(x) > MAX_SPEED) return `${name} must be within ±1e100, got ${show(x)}`;
  return null;
}

/**
 * What is wrong with a scene entry's velocity (an array of 3 numbers), or null; `at` names the
 * entry ("volumes[1]").
 */
export function velocityProblem(v, at) {
  if (!Array.isArray(v) || v.length !== 3) return `${at}.velocity must be an array of 3 numbers, got ${show(v)}`;
  for (let i = 0; i < 3; i++) {
    const problem = speedProblem(v[i], `${at}.velocity[${i}]`);
    if (problem) return problem;
  }
  return null;
}

/**
 * What is wrong with a time range's end, or null. At most 1e100, as speeds: a move, speed ×
 * time, then stays far inside the double range.
 */
export function maxTimeProblem(t) {
  if (typeof t !== 'number' || !Number.isFinite(t) || !(t > 0)) return `maxTime must be a finite number above 0, got ${show(t)}`;
  if (t > MAX_SPEED) return `maxTime must be at most 1e100, got ${show(t)}`;
  return null;
}

/** The volume of an entry at time t (the entry's own volume when it does not move). */
export function volumeAt(sx, entry, t) {
  const v = velocityOf(entry);
  if (t === 0 || !isMoving(entry)) return entry.volume;
  return translated(sx, entry.volume, v.map((x) => x * t));
}

/** The bounding boxes of the moving entries at t = 0 and at maxTime: what framing their paths takes. */
export function pathBoxes(sx, entries, maxTime) {
  return entries.filter(isMoving).flatMap((e) => {
    try {
      return [sx.boundingBox(e.volume), sx.boundingBox(volumeAt(sx, e, maxTime))];
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      return [];  // its end lies past the double range: only the rest is framed
    }
  });
}

/**
 * The entries as they are at time t: the same objects for the still ones, copies with the moved
 * volume for the moving ones (the velocity kept).
 */
export function entriesAt(sx, entries, t) {
  return entries.map((e) => (t === 0 || !isMoving(e) ? e : { ...e, volume: volumeAt(sx, e, t) }));
}

/** The pair's sweep over [0, maxTime] (sx.sweep), or null when neither of it moves. */
export function pairSweep(sx, pair, maxTime) {
  if (!pair || (!isMoving(pair[0]) && !isMoving(pair[1]))) return null;
  return sx.sweep(pair[0].volume, pair[1].volume, { velocityA: [...velocityOf(pair[0])], velocityB: [...velocityOf(pair[1])], maxTime });
}

/**
 * Where an axis's time interval [enter, exit] lies on the time line [0, maxTime], in fractions of
 * it: { from, to, before, after, never, unknown } — before / after: the interval goes on past the
 * line's start / end (an arrow marks it); never: the projections never overlap (motion parallel
 * to the axis's plane, apart); outside: they overlap only before 0 or after maxTime; unknown: no
 * times for this axis (degenerate, or a sphere's axis the sweep reports without times).
 */
export function timeSpan(axis, maxTime) {
  const { enter, exit } = axis;
  if (enter == null || exit == null) return { unknown: true };
  if (!(enter <= exit)) return { never: true };
  if (exit < 0 || enter > maxTime) return { outside: true };
  const from = Math.max(enter, 0) / maxTime, to = Math.min(exit, maxTime) / maxTime;
  return { from, to, before: enter < 0, after: exit > maxTime };
}
