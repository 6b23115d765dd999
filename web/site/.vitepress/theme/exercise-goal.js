// Whether a <sepaxis-demo>'s report meets an exercise's goal (exercise.js lists the goals), and
// the right answers of a fit quiz (fit-quiz.js) from the demos' own fits. Plain data in, plain
// data out: the tests run them in Node on the lessons' scenes.

/**
 * Whether a report meets a goal. motion: { sweep, maxTime } of a moving demo (its `sweep` and
 * its scene's time range), for the sweep goals; mesh, tree: a mesh demo's `mesh` and `tree`, for
 * the mesh goals.
 */
export function meets(report, goal, { sweep = null, maxTime = 1, mesh = null, tree = null } = {}) {
  const verdict = (id) => mesh?.verdicts.find((v) => v.id === id);
  const meshChecks = {
    // The mesh overlaps the volume of this id (or, meshApart, does not).
    meshOverlaps: (id) => verdict(id)?.overlap === true,
    meshApart: (id) => verdict(id)?.overlap === false,
    // [id, n]: the descent against that volume tested fewer than n node volumes.
    meshNodeTestsBelow: ([id, n]) => verdict(id) !== undefined && verdict(id).volumeTests < n,
    // The tree card's level: its nodes together enclose less than this times the hull's volume,
    // and there are fewer of them than this.
    treeRatioBelow: (r) => tree?.ratio != null && tree.ratio < r,
    treeCountBelow: (n) => !!tree && tree.count < n,
  };
  if (Object.keys(goal).every((key) => key in meshChecks)) return Object.entries(goal).every(([key, value]) => meshChecks[key](value));
  if (!report) return false;
  const axis = report.separatingAxis >= 0 ? report.axes[report.separatingAxis] : null;
  const checks = {
    ...meshChecks,
    overlap: (v) => report.overlap === v,
    touching: (v) => report.touching === v,
    separatingKind: (v) => axis?.kind === v,
    separatingLabel: (v) => axis?.label === v,
    separatingLabelPattern: (v) => !!axis && new RegExp(v).test(axis.label),
    // Exactly these axes separate, no other: "x, not y, separates" must fail while y still does.
    separatingLabels: (v) => sameSet(report.axes.filter((a) => a.separating).map((a) => a.label), v),
    depthBelow: (v) => report.overlap && report.penetration.depth < v,
    // The sweep over [0, maxTime] finds a contact (or not).
    sweepHit: (v) => !!sweep && sweep.hit === v,
    // Tunnelling: the sweep finds a contact, yet the pair is apart at t = 0 and at maxTime, so a
    // test at those two instants alone would miss it.
    tunnels: (v) => !!sweep && (sweep.hit && apartAt(sweep, 0) && apartAt(sweep, maxTime)) === v,
  };
  return Object.entries(goal).every(([key, value]) => checks[key]?.(value) ?? false);
}

const sameSet = (labels, wanted) => labels.length === wanted.length && wanted.every((label) => labels.includes(label));

/**
 * Whether a swept pair is apart at time t: some axis's projections do not overlap then (t outside
 * the axis's [enter, exit], or an axis whose projections never overlap).
 */
export function apartAt(sweep, t) {
  return sweep.axes.some(({ enter, exit }) => enter != null && exit != null && (!(enter <= exit) || t < enter || t > exit));
}

/** How far two ratios may differ and still count as one (fits are exact to far less). */
const SAME_RATIO = 0.01;

/**
 * The right answer of a fit quiz, as a sorted list of volume ids. ask 'tightest': the ids of the
 * smallest ratio of `fits` (a demo's, [{ id, ratio }]); ask 'changed': the ids whose ratio differs
 * between `fits` and `other` (the same volumes around the cloud turned) by more than 1 %.
 */
export function fitAnswer(ask, fits, other = null) {
  if (ask === 'tightest') {
    const best = Math.min(...fits.map((f) => f.ratio ?? Infinity));
    return fits.filter((f) => f.ratio !== null && f.ratio <= best * (1 + SAME_RATIO)).map((f) => f.id).sort();
  }
  if (ask === 'changed') {
    return fits.filter((f) => {
      const turned = other.find((g) => g.id === f.id);
      return turned && Math.abs(turned.ratio - f.ratio) > SAME_RATIO * f.ratio;
    }).map((f) => f.id).sort();
  }
  throw new RangeError(`a fit quiz asks "tightest" or "changed", got ${JSON.stringify(ask)}`);
}
