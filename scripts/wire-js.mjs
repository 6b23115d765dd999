// Writes wire.js next to a built sepaxis-wasm.js: the wire's numbers (cpp/bindings/wire.h) as
// plain `export const`s, printed by the program cpp/bindings/wire_js.cpp compiled from the same
// wire.h. Run by the CMake build after each link of sepaxis_wasm; scripts/build-package.sh
// copies wire.js to dist/.
// Usage: node scripts/wire-js.mjs <the built wire_js program (.js)> <directory of sepaxis-wasm.js>
//
// Why a generated module rather than reading the constants at init(): the package's hot calls
// use them (type codes, slot offsets), and V8 folds a module-level `const` into optimized code
// like a literal once its importer copies it into its own module-level `const`; a value read at
// init() would be a property load on every call. Why a separate program rather than the module
// itself: the names would add ~1 kB (gzip) to every download of the module.

import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const [program, dir = '.'] = process.argv.slice(2);
const text = execFileSync(process.execPath, [resolve(program)], { encoding: 'utf8' });
if (!/^export const TYPE_SPHERE = \d+;$/m.test(text)) throw new Error(`wire-js: ${program} printed no wire table`);
writeFileSync(join(resolve(dir), 'wire.js'), text);
