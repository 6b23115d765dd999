// Post-link step of sepaxis-threads (cpp/bindings/CMakeLists.txt). Emscripten 3.1.6 writes a module
// and a worker script (sepaxis-threads.worker.js) that each run in Node or in a browser only after
// these edits, which keep one worker file for both:
//   - the module's code for node reads `__dirname` and `require`, which an ES module lacks: a
//     prologue gives it both (from import.meta.url, through process.getBuiltinModule: Node >= 20.16;
//     in a browser both stay undefined, and Emscripten's code for node never runs there);
//   - the worker script is loaded as a classic script by browsers (`new Worker(url)`) and, the
//     package being "type": "module", as an ES module by Node: its code for node takes Node's
//     modules from process.getBuiltinModule instead of `require` and its own path from nowhere
//     (Emscripten's node code in the worker takes __dirname from the module's prologue);
//   - the worker imports the module from the URL the module sends it, which is the module's own
//     import.meta.url: where a bundler put it (Vite copies the worker as the module's `new
//     Worker(new URL(...))` asks and renames both), never a name guessed beside the worker;
//   - a page's main thread that waits for a helper (a world's frame, split between them) would
//     print Emscripten's "Blocking on the main thread is very dangerous" in the page's console:
//     the wait is a frame's part, a busy wait there, which a game's page is not to be warned of.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
const main = path.join(dir, 'sepaxis-threads.js');
const worker = path.join(dir, 'sepaxis-threads.worker.js');

/** Replaces each [from, to] once in `source`, or throws naming the file: Emscripten's output changed. */
function edit(file, source, edits) {
  for (const [from, to] of edits) {
    const count = source.split(from).length - 1;
    if (count !== 1) throw new Error(`${file}: expected one ${JSON.stringify(from)}, found ${count}`);
    source = source.replace(from, () => to);
  }
  return source;
}

const marker = '/* sepaxis: node globals */';
let source = fs.readFileSync(main, 'utf8');
if (!source.startsWith(marker)) {
  const prologue = `${marker} var require = globalThis.process?.getBuiltinModule?.("module").createRequire(import.meta.url);` +
    ` var __dirname = require ? require("path").dirname(require("url").fileURLToPath(import.meta.url)) : "";\n`;
  source = prologue + edit(main, source, [
    ['"urlOrBlob":Module["mainScriptUrlOrBlob"]', '"urlOrBlob":Module["mainScriptUrlOrBlob"]||import.meta.url'],
    ['warnOnce("Blocking on the main thread is very dangerous, see https://emscripten.org/docs/porting/pthreads.html#blocking-on-the-main-browser-thread")', ''],
  ]);
  fs.writeFileSync(main, source);
}

const workerMarker = '/* sepaxis: classic script and ES module */';
let script = fs.readFileSync(worker, 'utf8');
if (!script.startsWith(workerMarker)) {
  script = workerMarker + edit(worker, script, [
    ['require("worker_threads")', 'process.getBuiltinModule("worker_threads")'],
    ['require("fs")', 'process.getBuiltinModule("fs")'],
    ['require:require,', ''],
    ['location:{href:__filename}', 'location:{href:""}'],
    ['(e.data.urlOrBlob?import(e.data.urlOrBlob):import("./sepaxis-threads.js"))',
      'import(/* @vite-ignore */ /* webpackIgnore: true */ e.data.urlOrBlob)'],
  ]);
  if (/\brequire\(|__filename|__dirname/.test(script)) throw new Error(`${worker}: still reads require, __filename or __dirname`);
  fs.writeFileSync(worker, script);
}
