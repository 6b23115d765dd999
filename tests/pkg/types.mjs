// (b) The typed example (examples/js/typed-example.ts, the whole public API) under `tsc --strict`:
//   1. in the repository, against dist/*.d.ts through package.json "exports" (moduleResolution
//      bundler, every .d.ts checked, ours and three's);
//   2. in the consumer folder with the installed tarball (module/moduleResolution node16): compiled
//      and run, so the example's results are checked too.

import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { consumerApp, copyInto, repoRoot, report, run, watchdog } from './lib.mjs';

watchdog(100, 'types');
const tsc = join(repoRoot, 'node_modules/.bin/tsc');
const problems = [];

try {
  run(tsc, ['-p', 'tests/pkg/tsconfig.json'], { timeout: 60_000 });
} catch (e) {
  problems.push(`in the repository (bundler): ${e.message}`);
}

const consumer = consumerApp();
try {
  const { app } = consumer;
  // three is an optional peer: the consumer brings its own (here, the repository's).
  mkdirSync(join(app, 'node_modules/@types'), { recursive: true });
  symlinkSync(join(repoRoot, 'node_modules/three'), join(app, 'node_modules/three'), 'dir');
  symlinkSync(join(repoRoot, 'node_modules/@types/three'), join(app, 'node_modules/@types/three'), 'dir');
  symlinkSync(join(repoRoot, 'node_modules/@types/webxr'), join(app, 'node_modules/@types/webxr'), 'dir');
  copyInto(app, [[join(repoRoot, 'examples/js/typed-example.ts'), 'typed-example.ts']]);
  run(tsc, ['--strict', '--target', 'es2022', '--module', 'node16', '--moduleResolution', 'node16',
    '--lib', 'es2022,dom,esnext.disposable', '--skipLibCheck', '--outDir', 'out', 'typed-example.ts'],
  { cwd: app, timeout: 60_000 });
  const out = run('node', ['out/typed-example.js'], { cwd: app });
  const expected = [
    'aabb overlaps: sphere, kdop',
    'obb overlaps: sphere\n',
    'TypeError: overlapsConservative compares k-DOPs: a.type must be "kdop", got "sphere"',
    'collide(box, crate): apart along A.x, gap 0.9393',
    'separating axis: face, A x, B null',
    'penetration: 0.10 along [0, 0, 1]',
    'contains: true; closest: 1,1,1 and 2.1,0.5,0.5; ray: 7.2929; segment starts inside: false',
    'batch obb–aabb (f32): 0,1;',
    'overlapsMany(box, 3 spheres): 1,0,1;',
    "problem of [1]: ''",
    'instanceof: true; disposed: false;',
    'three.js volumes overlap: true,true,true',
    'back to three.js: box 3.88, sphere r 1.22, obb 1, matrix det 0.25',
  ];
  for (const line of expected) if (!out.includes(line)) problems.push(`typed example output lacks "${line}":\n${out}`);
} catch (e) {
  problems.push(`in the consumer folder (node16): ${e.message}`);
} finally {
  consumer.cleanup();
}
report('types', problems, 'tsc --strict: bundler in the repository, node16 on the installed tarball, then run');
