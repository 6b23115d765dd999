// Vite configuration of the visualizer, for all three of Vite's commands:
//   vite build   -c web/app/vite.config.js   the app into build/app
//   vite preview -c web/app/vite.config.js   serves build/app on 127.0.0.1 (`npm run app` does
//                                            both and prints the URL); PORT picks the port
//                                            (0: any free one), else the first free from 5173
//   npx vite web/app                         development, with hot reload
// The app imports the package by its own name, `sepaxis`, which resolves to the built package
// in dist/ (run `npm run build` first).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('../../build/app', import.meta.url));
const packageEntry = fileURLToPath(new URL('../../dist/index.js', import.meta.url));

// The page's own policy (index.html's meta tag), sent as a header too, plus what only a header
// can say: frame-ancestors (no other site may frame the app; a meta tag cannot forbid that).
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data: blob:; " +
  "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export default defineConfig({
  root,
  base: './',
  // A path that is no file is a 404, not index.html: the app has one page, and a wrong asset
  // URL should fail loudly.
  appType: 'mpa',
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1000,
    sourcemap: true,
  },
  server: { host: '127.0.0.1' },
  preview: {
    host: '127.0.0.1',
    port: process.env.PORT ? Number(process.env.PORT) : 5173,
    // An asked-for port is that port or an error; without PORT, Vite tries 5174, 5175...
    strictPort: !!process.env.PORT,
    // Same-origin only: no Access-Control-Allow-Origin for other local pages.
    cors: false,
    headers: {
      'Content-Security-Policy': CSP,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    },
  },
  plugins: [needsPackage(), previewCaching()],
});

/** Stops a build or the dev server early, with the fix, when the package is not built. */
function needsPackage() {
  return {
    name: 'sepaxis:needs-package',
    apply: (_, { command, isPreview }) => command === 'build' || (command === 'serve' && !isPreview),
    buildStart() {
      if (!existsSync(packageEntry)) this.error('dist/ is missing: build the package first with `npm run build`.');
    },
  };
}

/**
 * Preview only: refuses to start without a build, and sets Cache-Control per file. The files
 * under assets/ have a content hash in their names, so they never change: cached for a year;
 * everything else (index.html) is revalidated on every load.
 */
function previewCaching() {
  return {
    name: 'sepaxis:preview-caching',
    configurePreviewServer(server) {
      if (!existsSync(join(outDir, 'index.html'))) throw new Error('build/app/index.html is missing: run `npm run app` (it builds first).');
      server.middlewares.use((req, res, next) => {
        // (A missing file under assets/ is a 404 that must not be cached for a year.)
        const path = new URL(req.url, 'http://x').pathname;
        const immutable = path.startsWith('/assets/') && existsSync(join(outDir, path));
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        next();
      });
    },
  };
}
