// Where a camera goes, for the visualizer's Viewport and the demo element alike: framing boxes,
// looking along an axis (the plane perpendicular to it seen edge-on), and the glide between two
// camera places (or the jump, for readers who prefer reduced motion). Cameras are three.js
// PerspectiveCameras looking at a target point.

import { Quaternion, Vector3 } from 'three';
import { halfDiagonal, joined, middle } from './view-range.js';

/** How long the camera takes to turn to look along an axis (ms). */
export const GLIDE_MS = 700;
/** Steepest eye (|cos| of its angle to the vertical) looking along an axis: above, the view's up
 *  (the world's y) would spin the picture about the screen centre. */
const STEEPEST_EYE = 0.9;
const UP = new Vector3(0, 1, 0);

/**
 * The eye direction (from the target to the camera) nearest to `eye` that is perpendicular to
 * the unit `axis`: the axis then lies in the screen's plane. Kept off the vertical where it can.
 */
export function eyeAcross(axis, eye) {
  const view = eye.clone().addScaledVector(axis, -eye.dot(axis));
  if (view.lengthSq() < 1e-6) view.copy(UP).addScaledVector(axis, -axis.y);
  if (view.lengthSq() < 1e-6) view.set(0, 0, 1).addScaledVector(axis, -axis.z);
  view.normalize();
  // Too steep: in the plane across the axis, with `across` horizontal and `tilt` the steepest
  // direction, keep the eye's tilt component within STEEPEST_EYE of the vertical.
  const across = new Vector3().crossVectors(axis, UP);
  if (Math.abs(view.y) > STEEPEST_EYE && across.lengthSq() > 1e-6) {
    across.normalize();
    const tilt = new Vector3().crossVectors(axis, across);
    let c = view.dot(across), s = view.dot(tilt);
    s = Math.sign(s) * Math.min(Math.abs(s), STEEPEST_EYE / Math.abs(tilt.y));
    c = (c < 0 ? -1 : 1) * Math.sqrt(1 - s * s);
    view.copy(across).multiplyScalar(c).addScaledVector(tilt, s);
  }
  return view.normalize();
}

/**
 * Where `camera` must look, and from how far, to see `boxes` ({min, max}) with `margin` (1: touching
 * the edges): { center, distance }.
 */
export function framing(camera, boxes, margin) {
  let center = new Vector3(), radius = 3;
  const box = joined(boxes);
  if (box) {
    center = new Vector3().fromArray(middle(box));
    // A point (size 0) gets a room around it; anything else its own size, however small.
    radius = halfDiagonal(box) || 1.5;
  }
  const fov = (camera.fov * Math.PI) / 180;
  const fit = Math.min(fov, 2 * Math.atan(Math.tan(fov / 2) * camera.aspect));
  return { center, distance: (radius * margin) / Math.sin(fit / 2) };
}

/** Framing `boxes` from the camera's present direction: { position, target }. */
export function framed(camera, target, boxes, margin) {
  const dir = camera.position.clone().sub(target).normalize();
  const { center, distance } = framing(camera, boxes, margin);
  return { position: center.clone().addScaledVector(dir, distance), target: center };
}

/**
 * Looking along `direction` (unit): the axis runs across the screen and the plane
 * {x : x · direction = planeAt} is seen edge-on, by the smallest turn from where the camera is,
 * with `boxes` framed: { position, target }. In a perspective view a plane is a line only when
 * the eye is in it: the eye looks perpendicular to the direction, from a target on the plane.
 */
export function alongAxis(camera, target, direction, boxes, planeAt, margin) {
  const d = new Vector3().fromArray(direction).normalize();
  const view = eyeAcross(d, camera.position.clone().sub(target).normalize());
  const { center, distance } = framing(camera, boxes, margin);
  center.addScaledVector(d, planeAt - center.dot(d));
  return { position: center.clone().addScaledVector(view, distance), target: center };
}

/** True when the reader asked for less motion (the camera then jumps). */
export function prefersReducedMotion() {
  return !!globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Glides from { position, target } to another over GLIDE_MS (the eye turns about the target along
 * the shorter arc, the distance and the target ease in and out), calling place(position, target)
 * each frame and done() at the end. Returns a function that stops it where it is (without done).
 */
export function glide(from, to, place, done) {
  const fromOffset = from.position.clone().sub(from.target);
  const toOffset = to.position.clone().sub(to.target);
  const turn = new Quaternion().setFromUnitVectors(fromOffset.clone().normalize(), toOffset.clone().normalize());
  const [d0, d1] = [fromOffset.length(), toOffset.length()];
  const start = performance.now();
  const q = new Quaternion(), at = new Vector3(), offset = new Vector3();
  let frame = 0;
  const tick = (now) => {
    const t = Math.min(1, (now - start) / GLIDE_MS);
    const e = t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;  // ease in and out (cubic)
    q.identity().slerp(turn, e);
    offset.copy(fromOffset).normalize().applyQuaternion(q).multiplyScalar(d0 * (d1 / d0) ** e);
    at.lerpVectors(from.target, to.target, e);
    place(at.clone().add(offset), at.clone());
    if (t < 1) frame = requestAnimationFrame(tick);
    else done();
  };
  frame = requestAnimationFrame(tick);
  return () => cancelAnimationFrame(frame);
}
