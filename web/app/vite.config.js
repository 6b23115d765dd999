// Vite configuration of the visualizer (scripts/serve-app.mjs builds with it; `npx vite web/app`
// serves it in development). The app imports the package by its own name, `sepaxis`, which
// resolves to the built package in dist/ (run `npm run build` first).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: './',
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('../../build/app', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1000,
    sourcemap: true,
  },
  server: { host: '127.0.0.1' },
});
