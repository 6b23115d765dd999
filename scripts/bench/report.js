// What every benchmark's JSON file says besides its figures: the machine (CPU model, cores, Node),
// the date and the command that measured them, so a chart drawn from the file can say where its
// numbers come from and how to measure them again. Used by scripts/bench-js.mjs,
// scripts/bench-world.mjs, scripts/demo-bytes.mjs and scripts/bench.sh (`--json [file]`,
// scripts/bench/args.js).

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
// The system's one-minute load average when the benchmark started (this module is loaded first):
// on a shared machine it says how much the figures had to share the cores.
const LOAD_AT_START = loadavg()[0];

/** The CPU's model name: /proc/cpuinfo where there is one (os.cpus() may leave it empty), else os.cpus(). */
function cpuModel() {
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8').split('\n').find((l) => /^model name\s*:/.test(l));
    if (line) return line.slice(line.indexOf(':') + 1).trim();
  } catch { /* not Linux */ }
  return cpus()[0]?.model?.trim() || 'unknown CPU';
}

/** The machine the figures were measured on. */
export function machine() {
  return {
    cpu: cpuModel(),
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    loadAverage: { start: Number(LOAD_AT_START.toFixed(2)), end: Number(loadavg()[0].toFixed(2)) },
  };
}

/** The command that ran this script, as one would type it from the repository's root. */
export function commandLine() {
  const script = relative(ROOT, process.argv[1]);
  return ['node', script, ...process.argv.slice(2)].map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replaceAll("'", "'\\''")}'`)).join(' ');
}

/**
 * The report: { benchmark, machine, date, command, ...figures }, written to `target` or printed.
 * command: this script's command line unless given.
 */
export function writeReport(target, benchmark, figures, command = commandLine()) {
  const report = { benchmark, machine: machine(), date: new Date().toISOString(), command, ...figures };
  const text = JSON.stringify(report, null, 2) + '\n';
  if (target) {
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
    console.error(`${benchmark}: figures written to ${target}`);
  } else process.stdout.write(text);
  return report;
}
