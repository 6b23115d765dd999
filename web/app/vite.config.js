// Vite configuration of the visualizer, for all three of Vite's commands:
//   vite build   -c web/app/vite.config.js   the app into build/app
//   vite preview -c web/app/vite.config.js   serves build/app on 127.0.0.1 (`npm run app` does
//                                            both and prints the URL); PORT picks the port
//                                            (0: any free one), else the first free from 5173
//   npx vite web/app                         development, with hot reload
// The preview server also serves the tutorial site (web/site, built into build/site by
// `npm run build:site`) at /tutorial/, with the same headers (tutorialSite() below).
// The app imports the package by its own name, `sepaxis`, which resolves to the built package
// in dist/ (run `npm run build` first).
import { createReadStream, existsSync, realpathSync, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlibConstants, createGzip } from 'node:zlib';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('../../build/app', import.meta.url));
const packageEntry = fileURLToPath(new URL('../../dist/index.js', import.meta.url));
const siteDir = fileURLToPath(new URL('../../build/site', import.meta.url));
const SITE_PATH = '/tutorial/';

// The page's own policy (index.html's meta tag), sent as a header too, plus what only a header
// can say: frame-ancestors (no other site may frame the app; a meta tag cannot forbid that).
const PAGE_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data: blob:; " +
  "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'";
const CSP = `${PAGE_CSP}; frame-ancestors 'none'`;
/** embed.html is there to be framed by documentation sites: any may (embedFrameable). */
const EMBED_CSP = `${PAGE_CSP}; frame-ancestors *`;
/**
 * Cross-origin isolation, which a page needs for init({ threads }) (a shared memory): what a
 * game's server sends. Every file is the app's own, so requiring CORP of other origins costs
 * nothing; a cross-origin isolated parent frames embed.html too (CORP cross-origin).
 */
const ISOLATION = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

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
    // The visualizer, and the demo element alone in a window (the iframe embed).
    rollupOptions: { input: { main: join(root, 'index.html'), embed: join(root, 'embed.html') } },
  },
  // The fitting worker (fit-worker.js) loads the package, which imports its modules on demand:
  // only ES module workers can.
  worker: { format: 'es' },
  server: { host: '127.0.0.1', headers: ISOLATION },
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
      ...ISOLATION,
    },
  },
  plugins: [gzipped(), needsPackage(), previewCaching(), embedFrameable(), tutorialSite()],
});

/** What is worth compressing: text, scripts, JSON, SVG and WebAssembly (images and fonts are packed already). */
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json|wasm)|image\/svg\+xml)/;
/** Smaller responses go as they are: gzip's own 18 bytes and a round of work would outweigh the saving. */
const MIN_GZIP_BYTES = 1024;

/**
 * Preview only: every response worth it goes gzipped (level 9, the level of the sizes the README
 * and the guides give) to a client that accepts gzip: the app's files, the WebAssembly module,
 * embed.html and the tutorial. Vite's own compression comes after the plugins' middleware and
 * leaves out WebAssembly and the pages served here, so this one takes the request's
 * Accept-Encoding and compresses everything, once.
 */
function gzipped() {
  return {
    name: 'sepaxis:gzipped',
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => {
        const accepts = /\bgzip\b/i.test(req.headers['accept-encoding'] ?? '');
        req.headers['accept-encoding'] = 'identity';
        res.setHeader('Vary', 'Accept-Encoding');
        if (accepts) gzipResponse(req, res);
        next();
      });
    },
  };
}

/**
 * Makes res send its body gzipped when, at its first write or its head, it turns out to be a 200
 * of a compressible type and not tiny. Whoever writes the response (sirv, send() below) is
 * unchanged.
 */
function gzipResponse(req, res) {
  const { writeHead, write, end } = res;
  let gzip = null, decided = false;
  const decide = () => {
    decided = true;
    const type = String(res.getHeader('Content-Type') ?? '');
    const length = Number(res.getHeader('Content-Length') ?? Infinity);
    if (res.statusCode !== 200 || res.getHeader('Content-Encoding') || !COMPRESSIBLE.test(type) || length < MIN_GZIP_BYTES) return;
    res.setHeader('Content-Encoding', 'gzip');
    res.removeHeader('Content-Length');
    if (req.method === 'HEAD') return;
    gzip = createGzip({ level: zlibConstants.Z_BEST_COMPRESSION });
    gzip.on('data', (chunk) => write.call(res, chunk));
    gzip.on('end', () => end.call(res));
  };
  res.writeHead = function (status, ...rest) {
    // Headers given here join the others first, so that decide() sees them.
    const headers = typeof rest[0] === 'string' ? rest[1] : rest[0];
    if (headers && !Array.isArray(headers)) for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    res.statusCode = status;
    if (!decided) decide();
    return writeHead.call(res, status);
  };
  res.write = function (chunk, encoding, callback) {
    if (!decided) decide();
    if (!gzip) return write.call(res, chunk, encoding, callback);
    // The files are small (at most a few hundred kB): gzip buffers what the socket has not taken.
    gzip.write(chunk, encoding, callback);
    return true;
  };
  res.end = function (chunk, encoding, callback) {
    if (!decided) decide();
    if (!gzip) return end.call(res, chunk, encoding, callback);
    if (typeof chunk === 'function') [chunk, callback] = [undefined, chunk];
    else if (typeof encoding === 'function') [encoding, callback] = [undefined, encoding];
    if (callback) res.once('finish', callback);
    if (chunk != null) gzip.end(chunk, encoding);
    else gzip.end();
    return res;
  };
}

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
        const immutable = (path.startsWith('/assets/') && existsSync(join(outDir, path))) ||
          (path.startsWith(`${SITE_PATH}assets/`) && existsSync(join(siteDir, path.slice(SITE_PATH.length))));
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        next();
      });
    },
  };
}

/**
 * Preview only: serves embed.html with the app's headers but a policy that lets other sites frame
 * it (EMBED_CSP); it is sent here, before Vite's own header middleware would set the app's.
 */
function embedFrameable() {
  return {
    name: 'sepaxis:embed-frameable',
    configurePreviewServer(server) {
      const headers = server.config.preview.headers ?? {};
      server.middlewares.use((req, res, next) => {
        const path = new URL(req.url, 'http://x').pathname;
        if (path !== '/embed.html' && path !== '/embed') return next();
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
        res.setHeader('Content-Security-Policy', EMBED_CSP);
        res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
        send(res, req, 200, join(outDir, 'embed.html'));
      });
    },
  };
}

const SITE_TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8', '.woff2': 'font/woff2', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.wasm': 'application/wasm', '.txt': 'text/plain; charset=utf-8',
};

/**
 * Preview only: serves the tutorial site (build/site, VitePress with base /tutorial/) at
 * /tutorial/ with the app's headers, its Content-Security-Policy included (the site's build moves
 * its inline scripts and styles into files: web/site/.vitepress/config.mjs). Directories serve
 * their index.html, a page may be asked for without .html, and what is not there is a 404 with
 * the site's 404 page. Cache-Control is previewCaching's (hashed files under assets/: immutable).
 */
function tutorialSite() {
  return {
    name: 'sepaxis:tutorial-site',
    configurePreviewServer(server) {
      const headers = server.config.preview.headers ?? {};
      server.middlewares.use((req, res, next) => {
        let path;
        try {
          path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
        } catch {
          return next();
        }
        if (path !== SITE_PATH.slice(0, -1) && !path.startsWith(SITE_PATH)) return next();
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
        if (req.method !== 'GET' && req.method !== 'HEAD') {
          res.statusCode = 405;
          res.setHeader('Allow', 'GET, HEAD');
          return res.end();
        }
        if (!path.startsWith(SITE_PATH)) {  // /tutorial: to /tutorial/, so relative URLs resolve
          res.statusCode = 301;
          res.setHeader('Location', SITE_PATH);
          return res.end();
        }
        let relative = path.slice(SITE_PATH.length);
        if (relative === '' || relative.endsWith('/')) relative += 'index.html';
        const file = [relative, `${relative}.html`].map((f) => resolve(siteDir, f)).find(isSiteFile);
        if (file) return send(res, req, 200, file);
        const notFound = join(siteDir, '404.html');
        if (existsSync(notFound)) return send(res, req, 404, notFound);
        res.statusCode = 404;
        res.setHeader('Content-Type', 'text/plain; charset=utf-8');
        res.end('The tutorial is not built: run `npm run build:site`.\n');
      });
    },
  };
}

/** A file inside build/site (never outside it: `..` and symbolic links to elsewhere are refused). */
function isSiteFile(file) {
  try {
    const real = realpathSync(file);
    return real.startsWith(realpathSync(siteDir) + sep) && statSync(real).isFile();
  } catch {
    return false;
  }
}

function send(res, req, status, file) {
  res.statusCode = status;
  res.setHeader('Content-Type', SITE_TYPES[extname(file)] ?? 'application/octet-stream');
  res.setHeader('Content-Length', statSync(file).size);
  if (req.method === 'HEAD') return res.end();
  createReadStream(file).pipe(res);
}
