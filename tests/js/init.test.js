// Loading: init() fetches and compiles the WebAssembly once; concurrent and later calls share it;
// a failed load rejects and leaves the next init() free to try again. (Each test file gets its own
// module instance, so this file sees the very first init() call.)

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, it, vi } from 'vitest';
import { init } from 'sepaxis';

const require = createRequire(import.meta.url);
const wasmPath = require.resolve('sepaxis/package.json').replace(/package\.json$/, 'dist/sepaxis-wasm.wasm');

it('a load that fails rejects, and the next init() loads for real', async () => {
  // Emscripten reports the failed compile on the console as well; keep the test output clean.
  const quiet = [vi.spyOn(console, 'error').mockImplementation(() => {}), vi.spyOn(console, 'warn').mockImplementation(() => {})];
  try {
    const broken = new Uint8Array([0, 0x61, 0x73, 0x6d, 9, 9, 9, 9]);  // "\0asm" with a bad version
    await expect(init({ wasmBinary: broken })).rejects.toThrow(/CompileError|expected version/);
  } finally {
    quiet.forEach((spy) => spy.mockRestore());
  }
  const sx = await init();
  expect(sx.overlaps({ type: 'sphere', center: [0, 0, 0], radius: 1 }, { type: 'aabb', min: [1, 0, 0], max: [2, 1, 1] })).toBe(true);
});

it('concurrent and later calls share one load and one instance, whatever options they pass', async () => {
  const first = init();
  expect(init()).toBe(first);
  const sx = await first;
  expect(await init({ wasmBinary: readFileSync(wasmPath) })).toBe(sx);
  expect(await init({ locateFile: () => 'nowhere.wasm' })).toBe(sx);
});
