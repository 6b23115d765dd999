// Builds the iframe page into the package (after the demo element: scripts/build-package.sh), so
// that a site can host it from the installed package (node_modules/sepaxis/dist/):
//   dist/embed.html, dist/embed.css   as they are in web/app
//   dist/embed.js                     embed.js with the link reader of share.js; it imports the
//                                     element (sepaxis/demo) as the ./demo.js beside it
// The app's own build (vite.config.js) serves the same page with the visualizer.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('.'),
  base: './',
  logLevel: 'warn',
  plugins: [{
    name: 'sepaxis-embed-page',
    enforce: 'pre',
    resolveId(id) {
      return id === 'sepaxis/demo' ? { id: './demo.js', external: true } : null;
    },
    generateBundle() {
      for (const name of ['embed.html', 'embed.css']) this.emitFile({ type: 'asset', fileName: name, source: readFileSync(here(name)) });
    },
  }],
  build: {
    outDir: here('../../dist'),
    emptyOutDir: false,
    target: 'es2022',
    minify: true,
    copyPublicDir: false,
    modulePreload: false,
    reportCompressedSize: false,
    rollupOptions: {
      input: { embed: here('embed.js') },
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'embed-[name].js' },
    },
  },
});
