// The tutorial's steps when the compared pair moves: each candidate axis of a sweep, when its
// projections overlap, and which one decides the first contact. Pure text from the SweepReport's
// fields and numbers, as tutorial.js's. Given to the tutorial panel by the app only: the demo
// element shows still scenes.

import { interval, num, vec } from './format.js';
import { axisKind, describeAxis, result } from './tutorial.js';

/**
 * The explanation of step `index` of a sweep (the pair moving over [0, maxTime]): the same shape
 * as explainStep's. Each axis gives the times [enter, exit] its projections overlap; the first
 * contact is the latest enter, when it comes before every exit and within the range.
 */
export function explainSweepStep(sweep, index, maxTime, names, types) {
  const axis = sweep.axes[index];
  const n = sweep.axes.length;
  const title = `Step ${index + 1} of ${n} · ${axis.label} · in time`;
  const what = describeAxis(axis, names, types);
  const range = `0 ≤ t ≤ ${num(maxTime)}`;
  if (axis.degenerate) {
    return result(title, axisKind(axis), 'skipped', [
      ['what', what],
      ['outcome', `Skipped: ${axis.reason ?? 'this axis does not exist for this pair'}.`],
      ['next', sweepNextNote(sweep, index, maxTime)],
    ]);
  }
  const { enter, exit } = axis;
  let numbers, outcome, verdict;
  if (enter == null || exit == null) {
    numbers = 'The sweep gives no time interval for this axis: for a sphere the package casts its centre against the other volume grown by the radius, and lists this axis as the static test has it at the contact (or at the start on a miss).';
    outcome = 'skipped';
    verdict = 'It takes no part in the time of contact.';
  } else {
    numbers = `As B moves relative to A, their projections on ${vec(axis.direction)} overlap ` +
      (enter === -Infinity && exit === Infinity ? 'at every time: the motion runs parallel to this axis\'s planes, and their shadows overlap.'
        : enter > exit ? 'never: the motion runs parallel to this axis\'s planes, and their shadows stay apart.'
          : `for t in ${interval([enter, exit], 4)}.`);
    if (!(enter <= exit) || exit < 0 || enter > maxTime) {
      outcome = 'separating';
      verdict = `This axis separates them at every time in ${range}: a plane perpendicular to it stays between them, so they cannot touch.`;
    } else if (index === sweep.decidingAxis) {
      outcome = 'separating';
      verdict = `It is the last axis to start overlapping, at t = ${num(enter, 4)}: before then it separates them; from then on every axis overlaps, so t = ${num(enter, 4)} is the first contact.`;
    } else {
      outcome = 'overlap';
      verdict = enter <= 0 ? 'It overlaps from the start: it does not delay the contact.'
        : `Until t = ${num(enter, 4)} this axis separates them, so they cannot touch before then; another axis may start later still.`;
    }
  }
  return result(title, axisKind(axis), outcome, [
    ['what', what],
    ['numbers', numbers],
    ['outcome', verdict],
    ['next', sweepNextNote(sweep, index, maxTime)],
  ]);
}

function sweepNextNote(sweep, index, maxTime) {
  if (index + 1 < sweep.axes.length) return 'Go on to the next axis.';
  return sweep.hit
    ? `That was the last axis. The latest start of all, t = ${num(sweep.time, 4)}, comes before every end: that is when A and B first touch. The static test at t = 0 and at t = ${num(maxTime)} can both say "apart" while the sweep says "hit" — a fast, thin volume passes through the other between two frames.`
    : `That was the last axis. No time in 0 ≤ t ≤ ${num(maxTime)} has every axis overlapping at once: A and B do not touch.`;
}
