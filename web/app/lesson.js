// A preset's lesson follows the scene it describes, so that an undo or an edit never leaves a
// lesson about a scene no longer shown. The lesson is shown while the scene is the preset's: the
// same volumes (ids and types) and either untouched or still true to what the lesson claims (the preset's `expect`:
// overlap or apart, and which axis separates). Edited past that claim, a note says so; once the
// volumes are others (undone to an earlier scene, another scene loaded, a volume added or
// deleted), no lesson is shown.

/** What loadPreset records: the preset and its volumes as loaded. */
export function lessonOrigin(preset, scene) {
  return { preset, volumes: JSON.stringify(scene.volumes), kinds: kindsOf(scene.volumes) };
}

/** The text for the lesson slot now, or null. */
export function lessonText(origin, scene, report) {
  if (!origin) return null;
  const { preset } = origin;
  if (kindsOf(scene.volumes) !== origin.kinds) return null;
  if (JSON.stringify(scene.volumes) === origin.volumes || claimHolds(preset.expect, report)) return preset.lesson;
  const now = !report ? 'there is no pair to compare'
    : report.overlap ? 'A and B now overlap'
      : `A and B are now apart (${report.axes[report.separatingAxis].label} separates them)`;
  return `You have changed the “${preset.title}” scene, so its lesson no longer fits: ${now}. ` +
    `Choose “${preset.title}” under Presets to start it again.`;
}

/** The preset's ids and types, in a comparable form. */
function kindsOf(volumes) {
  return volumes.map(({ id, volume }) => `${id}:${volume.type}${volume.k ?? ''}`).sort().join(' ');
}

function claimHolds(expect, report) {
  if (!expect || !report || report.overlap !== expect.overlap) return false;
  return !expect.separatingAxis || expect.separatingAxis.test(report.axes[report.separatingAxis]?.label ?? '');
}
