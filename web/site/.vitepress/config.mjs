// VitePress configuration of the tutorial site (web/site/ → build/site/, served at /tutorial/ next
// to the visualizer). `npm run build:site` (scripts/build-site.sh) first writes the API reference
// into web/site/api/ with TypeDoc from the package's own .d.ts files, then builds this.
//
// The site is served under the app's Content-Security-Policy (web/app/vite.config.js:
// script-src 'self' 'wasm-unsafe-eval', style-src 'self'), which forbids inline scripts. VitePress
// writes three into every page: its site data (moved to a file by `metaChunk`), and the dark-mode
// and macOS checks of its theme; and style attributes, which style-src 'self' forbids too.
// externalizeInline() below moves both into files once the pages are written.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { transformerStyleToClass } from '@shikijs/transformers';
import { defineConfig } from 'vitepress';

const BASE = '/tutorial/';
/** The visualizer: the root of the same server (web/app/vite.config.js serves this site beside it). */
const APP = '/';

// Code blocks coloured by classes instead of style attributes: the page chunks insert their HTML
// with innerHTML when a reader navigates, where style attributes would be refused by the CSP.
// externalizeInline() writes the classes' rules into the site's stylesheet of moved styles.
const shikiClasses = transformerStyleToClass({ classPrefix: 'shiki-' });
/** github-light-default's comments (#6E7781) are 4.2:1 on the code background; GitHub's muted
 *  text colour (#656D76) is 4.9:1. github-dark's (#6A737D) are 3.75:1 on the dark code background;
 *  GitHub's dark muted text (#8B949E) is 6:1. Runs before shikiClasses turns the colours into
 *  classes. */
const readableComments = {
  name: 'readable-comments',
  tokens(lines) {
    for (const token of lines.flat()) {
      if (token.htmlStyle?.['--shiki-light']?.toUpperCase() === '#6E7781') token.htmlStyle['--shiki-light'] = '#656D76';
      if (token.htmlStyle?.['--shiki-dark']?.toUpperCase() === '#6A737D') token.htmlStyle['--shiki-dark'] = '#8B949E';
    }
  },
};

const LESSONS = [
  ['1-bounding-volumes', '1. Bounding volumes'],
  ['2-spheres', '2. Spheres'],
  ['3-aabbs', '3. Axis-aligned boxes'],
  ['4-obbs-and-sat', '4. OBBs and the separating-axis theorem'],
  ['5-aabb-against-obb', '5. An AABB against an OBB'],
  ['6-kdops', '6. k-DOPs'],
  ['7-penetration', '7. Penetration depth and the MTV'],
  ['8-sweeping', '8. Sweeping: when do they first touch?'],
  ['9-fitting', '9. Fitting: how tight is each volume?'],
  ['10-choosing', '10. Choosing a volume'],
  ['11-triangles', '11. Triangles: the half-space test and a ray\'s hit'],
  ['12-hierarchies', '12. Hierarchies: why trees, and which volume'],
  ['13-descent', '13. Two models collide: the descent'],
];

export default defineConfig({
  lang: 'en',
  title: 'sepaxis',
  titleTemplate: ':title — sepaxis tutorial',
  description: 'Bounding volumes and the separating-axis test, with live demos of the sepaxis package.',
  base: BASE,
  outDir: '../../build/site',
  cacheDir: '../../build/site-cache',
  srcExclude: ['README.md'],
  head: [['link', { rel: 'icon', type: 'image/svg+xml', href: `${BASE}favicon.svg` }]],
  // The site data as a script file instead of an inline script (the CSP forbids inline scripts).
  metaChunk: true,
  lastUpdated: false,
  // Light, dark or the system's choice, switched without the <style> element that @vueuse's
  // useDark would add for a moment to stop transitions (the CSP refuses inline style elements).
  appearance: { disableTransition: false },
  vue: {
    template: {
      compilerOptions: {
        // The live demo is a custom element (defined by the demo's own script), not a Vue component.
        isCustomElement: (tag) => tag === 'sepaxis-demo' || tag === 'sepaxis-exercise' || tag === 'sepaxis-fit-quiz',
      },
    },
  },
  markdown: {
    // github-light-default: github-light's red (#d73a49) is 4.2:1 on the code background.
    theme: { light: 'github-light-default', dark: 'github-dark' },
    codeTransformers: [readableComments, shikiClasses],
    config(md) {
      md.core.ruler.push('sepaxis-demo-link', visualizerLinks);
      md.core.ruler.push('align-by-class', alignByClass);
    },
  },
  buildEnd: externalizeInline,
  themeConfig: {
    nav: [
      { text: 'Lessons', link: '/lessons/1-bounding-volumes', activeMatch: '^/lessons/' },
      { text: 'Guides', link: '/guide/getting-started', activeMatch: '^/guide/' },
      { text: 'API', link: '/api/', activeMatch: '^/api/' },
      { text: 'Performance', link: '/performance' },
      // The visualizer is served at the site's root, outside VitePress.
      // VitePress puts the base before every link that starts with '/': /tutorial/../ is the root.
      { text: 'Visualizer', link: '/..' + APP, target: '_self' },
    ],
    sidebar: [
      { text: 'Lessons', items: LESSONS.map(([file, text]) => ({ text, link: `/lessons/${file}` })) },
      {
        text: 'Guides',
        items: [
          { text: 'Getting started in a game', link: '/guide/getting-started' },
          { text: 'Batches', link: '/guide/batches' },
          { text: 'The World', link: '/guide/world' },
          { text: 'Meshes', link: '/guide/meshes' },
          { text: 'Exactness', link: '/guide/exactness' },
          { text: 'Embed a demo in your docs', link: '/guide/embed' },
        ],
      },
      {
        text: 'API reference',
        items: [
          { text: 'Overview', link: '/api/' },
          { text: 'sepaxis', link: '/api/sepaxis' },
          { text: 'sepaxis/three', link: '/api/sepaxis/three' },
        ],
      },
      { text: 'Performance', link: '/performance' },
    ],
    outline: { level: [2, 3], label: 'On this page' },
    docFooter: { prev: 'Previous', next: 'Next' },
    search: { provider: 'local' },
  },
});

/** Table cells aligned with a class instead of markdown-it's style="text-align:…" (see custom.css). */
function alignByClass(state) {
  for (const token of state.tokens) {
    if (token.type !== 'th_open' && token.type !== 'td_open') continue;
    const align = token.attrGet('style')?.match(/^text-align:(left|center|right)$/)?.[1];
    if (!align) continue;
    token.attrs = token.attrs.filter(([name]) => name !== 'style');
    token.attrJoin('class', `align-${align}`);
  }
}

/**
 * After each `<sepaxis-demo scene='…'>` tag, a link that opens the same scene in the visualizer
 * (its share-link format: `#scene=` + base64url of the deflate-raw JSON, web/app/share.js), so a
 * reader can take a demo further and a page without the demo's script still shows something.
 */
function visualizerLinks(state) {
  const tokens = state.tokens;
  for (let i = tokens.length - 1; i >= 0; i--) {
    const token = tokens[i];
    if (token.type !== 'html_block' || !token.content.trimStart().startsWith('<sepaxis-demo')) continue;
    const scene = token.content.match(/\sscene='([^']*)'/);
    if (!scene) throw new Error(`a <sepaxis-demo> without a scene='…' attribute: ${token.content.slice(0, 80)}`);
    const json = JSON.stringify(JSON.parse(scene[1]));  // fails the build on a malformed scene
    // A fit scene has no counterpart there: the visualizer fits points in its Fit panel.
    if (JSON.parse(json).fit !== undefined) continue;
    const hash = 'scene=' + deflateRawSync(Buffer.from(json)).toString('base64url');
    const link = new state.Token('html_block', '', 0);
    link.content = `<p class="open-in-visualizer"><a href="${APP}#${hash}" target="_self">Open this scene in the visualizer</a></p>\n`;
    tokens.splice(i + 1, 0, link);
  }
}

/**
 * After the pages are written: moves what the CSP forbids out of the HTML of every page.
 * - Every inline script goes to a file of its own under assets/inline/ (named by the hash of its
 *   text, so pages share them), keeping its attributes: a classic script in the head still runs
 *   before the page is painted. Scripts that are data (JSON) stay.
 * - Every style attribute (a few of the theme's components rendered on the server) becomes a
 *   class, with one rule per distinct style in one stylesheet, assets/inline/styles.<hash>.css,
 *   with the rules of Shiki's classes. The selector repeats the class to outrank the theme's scoped
 *   rules as the attribute did; a style Vue later sets from script goes through the CSSOM, which
 *   the CSP allows, and wins as it would have.
 */
function externalizeInline({ outDir, site }) {
  const dir = join(outDir, 'assets', 'inline');
  mkdirSync(dir, { recursive: true });
  const pages = readdirSync(outDir, { recursive: true }).filter((f) => f.endsWith('.html')).map((f) => join(outDir, f));
  const rules = new Map();  // style text -> class name
  const styleClass = (style) => {
    if (!rules.has(style)) rules.set(style, `vps-${createHash('sha256').update(style).digest('hex').slice(0, 10)}`);
    return rules.get(style);
  };
  const texts = pages.map((page) => {
    let html = readFileSync(page, 'utf8');
    html = html.replace(/<script((?:\s[^>]*)?)>([\s\S]*?)<\/script>/g, (whole, attrs, body) => {
      if (/\ssrc=/.test(attrs) || body.trim() === '' || /type="application\/(ld\+)?json"/.test(attrs)) return whole;
      const name = `${createHash('sha256').update(body).digest('hex').slice(0, 12)}.js`;
      writeFileSync(join(dir, name), body);
      return `<script${attrs} src="${site.base}assets/inline/${name}"></script>`;
    });
    // Every start tag with a style attribute (in the body; the head has none).
    html = html.replace(/<([a-zA-Z][\w-]*)((?:\s[^<>]*?)?)\sstyle="([^"]*)"([^<>]*)>/g, (whole, tag, before, style, after) => {
      let attrs = `${before}${after}`;
      if (style.trim() !== '') {
        const cls = styleClass(style.trim());
        attrs = /\sclass="/.test(attrs) ? attrs.replace(/\sclass="([^"]*)"/, (_, c) => ` class="${c} ${cls}"`) : ` class="${cls}"${attrs}`;
      }
      return `<${tag}${attrs}>`;
    });
    return html;
  });
  const css = [...rules].map(([style, cls]) => `.${cls}.${cls}.${cls}{${style}}`).join('\n') + '\n' +
    shikiClasses.getCSS().replaceAll('}', '}\n');
  for (const chunk of readdirSync(join(outDir, 'assets')).filter((f) => f.endsWith('.js'))) {
    if (/\sstyle=\\?"/.test(readFileSync(join(outDir, 'assets', chunk), 'utf8').replace(/:style=/g, ''))) {
      throw new Error(`assets/${chunk}: a style attribute in the HTML a page inserts`);
    }
  }
  const sheet = `styles.${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;
  writeFileSync(join(dir, sheet), css);
  const link = `<link rel="stylesheet" href="${site.base}assets/inline/${sheet}">`;
  pages.forEach((page, i) => {
    if (/\sstyle=|<script(?![^>]*\ssrc=)[^>]*>\s*[^<\s]/.test(texts[i].replace(/<script[^>]*type="application\/(ld\+)?json"[^>]*>[\s\S]*?<\/script>/g, ''))) {
      throw new Error(`${page}: an inline script or style is left`);
    }
    writeFileSync(page, texts[i].replace('</head>', `    ${link}\n  </head>`));
  });
}
