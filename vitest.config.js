import { defineConfig } from 'vitest/config';

// The JS tests import the built package (dist/, from `npm run build`) by its own name.
export default defineConfig({
  test: {
    include: ['tests/js/**/*.test.{js,ts}'],
    testTimeout: 60_000,
  },
});
