import { defineConfig } from 'vitest/config';

// The JS tests import the built package (dist/, from `npm run build`) by its own name.
export default defineConfig({
  test: {
    include: ['tests/js/**/*.test.{js,ts}'],
    testTimeout: 60_000,
    // Worker threads rather than child processes: each test file still gets a fresh module
    // graph and a fresh WebAssembly instance, with a quarter less CPU time spent starting them.
    pool: 'threads',
  },
});
