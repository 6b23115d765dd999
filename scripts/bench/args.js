// The benchmarks' `--json [file]` option. No Node module here: scripts/bench-world.mjs also runs
// in a browser page (scripts/bench/world-page.js).

/**
 * `--json [file]` in argv: undefined without --json, null for --json alone (print to stdout),
 * else the file's path (a following argument that is not an option).
 */
export function jsonTarget(argv) {
  const i = argv.indexOf('--json');
  if (i < 0) return undefined;
  const next = argv[i + 1];
  return next !== undefined && !next.startsWith('--') ? next : null;
}
