// Builds `sepaxis/demo` into dist/ (after the package: scripts/build-package.sh):
//   dist/demo.js                registers <sepaxis-demo>; imports the package as ./index.js
//   dist/demo-shared-renderer.js  the shared WebGL renderer, loaded when the first demo draws
//   dist/demo-demo-full.js      what shows moving scenes and fits, loaded by the first demo of
//                               such a scene (with the package's full module)
// three.js is bundled, only the parts the demo draws with (no WebGLRenderer: shared-renderer.js).
// A page loads it as one module script, with no import map and no bundler.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('.'),
  // Chunks are found beside demo.js, wherever the page serves it from.
  base: './',
  logLevel: 'warn',
  resolve: {
    // The three.js adapter is bundled from its source (dist/three.js imports 'three' by name,
    // which a page without a bundler cannot resolve).
    alias: { 'sepaxis/three': here('../lib/three.js') },
  },
  plugins: [{
    // The package itself is not bundled: the demo imports the dist/index.js beside it, so a page
    // with the package and demos loads the WebAssembly module once.
    name: 'sepaxis-beside',
    enforce: 'pre',
    resolveId(id) {
      return id === 'sepaxis' ? { id: './index.js', external: true } : null;
    },
  }],
  build: {
    outDir: here('../../dist'),
    emptyOutDir: false,
    target: 'es2022',
    minify: true,
    copyPublicDir: false,
    // No preload helper: its list of chunk URLs would outlive a site's own bundling of demo.js
    // (VitePress) and point at files that bundle renamed.
    modulePreload: false,
    reportCompressedSize: false,
    rollupOptions: {
      input: { demo: here('demo.js') },
      // The code the lazy chunks share with the element (three.js, the view) stays in demo.js,
      // which exports it to them, instead of going to common chunks of its own: a still demo
      // then loads one file less and ~2 kB less gzipped.
      preserveEntrySignatures: 'allow-extension',
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'demo-[name].js' },
    },
  },
});
