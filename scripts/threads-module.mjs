// Post-link step of sepaxis-threads (cpp/bindings/CMakeLists.txt): Emscripten 3.1.6's ES6 output
// for node reads `__dirname` and `require`, which an ES module does not have, and its worker
// script is CommonJS, which Node reads as an ES module in a "type": "module" package. This gives
// the module both (from import.meta.url, through process.getBuiltinModule: Node >= 20.16; in a
// browser both stay undefined, and Emscripten's code for node never runs there), and renames the
// worker script .cjs (and the module's references to it).
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
const main = path.join(dir, 'sepaxis-threads.js');
const worker = path.join(dir, 'sepaxis-threads.worker.js');
let source = fs.readFileSync(main, 'utf8');
const marker = '/* sepaxis: node globals */';
if (!source.startsWith(marker)) {
  const prologue = `${marker} var require = globalThis.process?.getBuiltinModule?.("module").createRequire(import.meta.url);` +
    ` var __dirname = require ? require("path").dirname(require("url").fileURLToPath(import.meta.url)) : "";\n`;
  const references = source.split('sepaxis-threads.worker.js').length - 1;
  if (references === 0) throw new Error(`${main}: no reference to sepaxis-threads.worker.js`);
  source = prologue + source.replaceAll('sepaxis-threads.worker.js', 'sepaxis-threads.worker.cjs');
  fs.writeFileSync(main, source);
}
if (fs.existsSync(worker)) fs.renameSync(worker, path.join(dir, 'sepaxis-threads.worker.cjs'));
if (!fs.existsSync(path.join(dir, 'sepaxis-threads.worker.cjs'))) throw new Error(`${dir}: no worker script`);
