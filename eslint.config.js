// ESLint (flat config) over the JavaScript of web/, scripts/, tests/ and examples/.
// Besides eslint's recommended rules it encodes ARCHITECTURE.md's table of rooms: what each part
// may import. A wrong import then fails `npm test` instead of waiting for a reviewer.
import js from '@eslint/js';
import globals from 'globals';

/** Imports of the package's own files by path: everyone outside web/lib uses its public names. */
const PACKAGE_BY_PATH = {
  group: ['**/web/lib/**', '**/lib/*.js', '**/dist/**', '!**/dist/sepaxis-wasm.js'],
  message: 'import the package by its public names (sepaxis, sepaxis/three, sepaxis/demo), not by path',
};
const room = (name, patterns) => ({
  name: `rooms/${name}`,
  files: [`web/${name}/**/*.{js,mjs}`],
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});
const forbid = (folders, why) => ({
  group: folders.flatMap((f) => [`**/${f}/**`, `../${f}/*`, `../../${f}/*`]),
  message: why,
});

export default [
  { ignores: ['build/**', 'dist/**', 'node_modules/**', 'test-results/**', 'web/site/api/**', 'examples/consumer/**'] },
  js.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      'no-unused-vars': ['error', { args: 'none', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  // The package knows no view, app, demo or site; it may import three only in its adapters.
  {
    name: 'rooms/lib',
    files: ['web/lib/**/*.js'],
    ignores: ['web/lib/three.js'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'three', message: 'three is an optional peer dependency: only web/lib/three.js imports it' }],
        patterns: [forbid(['view', 'app', 'demo', 'site'], 'the package knows nothing of what is built on it')],
      }],
    },
  },
  room('view', [PACKAGE_BY_PATH, forbid(['app', 'demo', 'site'], 'the view is shared by the app and the demo: it knows neither')]),
  room('app', [PACKAGE_BY_PATH, forbid(['demo', 'site'], 'the app uses the demo element through sepaxis/demo only')]),
  room('demo', [PACKAGE_BY_PATH, forbid(['app', 'site'], 'the demo element knows nothing of the app or the site')]),
  {
    name: 'rooms/site',
    files: ['web/site/**/*.{js,mjs}'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [PACKAGE_BY_PATH, forbid(['app', 'view', 'demo'], 'the site uses the package only through its public API')],
      }],
    },
  },
];
