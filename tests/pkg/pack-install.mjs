// (a) npm pack -> install the tarball into an empty folder -> use it there with plain Node.
// Also checks what the tarball holds: every `exports` target, nothing from outside dist/.

import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { copyInto, packAndInstall, pkgDir, repoRoot, report, run, watchdog } from './lib.mjs';

watchdog(90, 'pack-install');
const problems = [];
const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));

// Every file that `exports` (and main/types) names, e.g. dist/index.js, dist/three.d.ts.
const targets = new Set([manifest.main, manifest.types]);
const collect = (value) => {
  if (typeof value === 'string') targets.add(value);
  else for (const v of Object.values(value)) collect(v);
};
collect(manifest.exports);

const { root, app, files } = packAndInstall();
const keep = process.argv.includes('--keep');
try {
  for (const target of targets) {
    const path = target.replace(/^\.\//, '');
    if (!files.includes(path)) problems.push(`the tarball lacks ${path}, which package.json names`);
    if (!existsSync(join(app, 'node_modules/sepaxis', path))) problems.push(`the install lacks ${path}`);
  }
  if (!files.includes('dist/sepaxis-wasm.wasm')) problems.push('the tarball lacks dist/sepaxis-wasm.wasm');
  const stray = files.filter((f) => !f.startsWith('dist/') && !['package.json', 'README.md', 'LICENSE'].includes(f));
  if (stray.length) problems.push(`the tarball holds files outside dist/: ${stray.join(', ')}`);
  if (existsSync(join(app, 'node_modules/three'))) problems.push('installing sepaxis pulled in three (an optional peer)');

  copyInto(app, [[join(pkgDir, 'consumer/check.mjs'), 'check.mjs'], [join(pkgDir, 'web/scenario.js'), 'scenario.js'],
    [join(repoRoot, 'examples/js/node-example.mjs'), 'node-example.mjs']]);
  try {
    run('node', ['check.mjs'], { cwd: app });
  } catch (e) {
    problems.push(e.message);
  }
  try {
    const out = run('node', ['node-example.mjs'], { cwd: app });
    if (!/overlaps\(box, ball\): true\n/.test(out) || !/batch: 7500 of 10000 /.test(out)) problems.push(`node-example.mjs printed an unexpected report:\n${out}`);
  } catch (e) {
    problems.push(e.message);
  }
  report('pack-install', problems, `${files.length} files in the tarball, installed into a fresh folder`);
  if (keep) console.log(app);
} finally {
  if (!keep) rmSync(root, { recursive: true, force: true });
}
