// Whether a <sepaxis-demo>'s report meets an exercise's goal (exercise.js lists the goals). Plain
// data in, a boolean out: the tests run it in Node on the lessons' scenes.

/** Whether a report meets a goal. */
export function meets(report, goal) {
  if (!report) return false;
  const axis = report.separatingAxis >= 0 ? report.axes[report.separatingAxis] : null;
  const checks = {
    overlap: (v) => report.overlap === v,
    touching: (v) => report.touching === v,
    separatingKind: (v) => axis?.kind === v,
    separatingLabel: (v) => axis?.label === v,
    separatingLabelPattern: (v) => !!axis && new RegExp(v).test(axis.label),
    // Exactly these axes separate, no other: "x, not y, separates" must fail while y still does.
    separatingLabels: (v) => sameSet(report.axes.filter((a) => a.separating).map((a) => a.label), v),
    depthBelow: (v) => report.overlap && report.penetration.depth < v,
  };
  return Object.entries(goal).every(([key, value]) => checks[key]?.(value) ?? false);
}

const sameSet = (labels, wanted) => labels.length === wanted.length && wanted.every((label) => labels.includes(label));
