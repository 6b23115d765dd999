// Which candidate axis the 3D view shows. The report and the reader's place in it decide; the
// panels follow the same choice through App.focusAxis.

/**
 * The axis shown in 3D, as an index into report.axes, or null: the hovered row, else the
 * tutorial step, else the separating axis, else (overlapping) the axis closest to separating:
 * the largest gap, where the overlap is shallowest.
 */
export function focusedAxis(report, { hoverAxis, step }) {
  if (!report) return null;
  if (hoverAxis != null && hoverAxis < report.axes.length) return hoverAxis;
  if (step >= 0) return step;
  if (report.separatingAxis >= 0) return report.separatingAxis;
  return closestToSeparating(report.axes);
}

/** Index of the non-degenerate axis with the largest gap, or null when there is none. */
function closestToSeparating(axes) {
  let best = null;
  axes.forEach((axis, i) => {
    if (!axis.degenerate && (best === null || axis.gap > axes[best].gap)) best = i;
  });
  return best;
}
