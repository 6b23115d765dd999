// The import rules of eslint.config.js are ARCHITECTURE.md's table of rooms: each room may import
// only what the table allows. These cases hold the rules to the table, so a rule that stops
// matching (a renamed folder, a mistyped pattern) fails here instead of letting imports through.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });

async function importErrors(filePath, source) {
  const [result] = await eslint.lintText(`${source}\nexport default x;\n`, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('the rooms of ARCHITECTURE.md, as import rules', () => {
  it.each([
    ['web/lib/x.js', "import x from '../view/dom.js';"],
    ['web/lib/x.js', "import x from '../app/app.js';"],
    ['web/lib/x.js', "import x from 'three';"],
    ['web/view/x.js', "import x from '../app/app.js';"],
    ['web/view/x.js', "import x from '../lib/index.js';"],
    ['web/view/x.js', "import x from '../demo/sepaxis-demo.js';"],
    ['web/app/x.js', "import x from '../lib/world.js';"],
    ['web/app/x.js', "import x from '../demo/demo.js';"],
    ['web/demo/x.js', "import x from '../app/presets.js';"],
    ['web/demo/x.js', "import x from '../../dist/index.js';"],
    ['web/site/.vitepress/theme/x.js', "import x from '../../../view/dom.js';"],
    ['web/site/.vitepress/theme/x.js', "import x from '../../../lib/index.js';"],
  ])('%s may not: %s', async (file, source) => {
    expect(await importErrors(file, source)).toHaveLength(1);
  });

  it.each([
    ['web/lib/three.js', "import x from 'three';"],
    ['web/lib/x.js', "import x from './volume.js';"],
    ['web/view/x.js', "import x from 'sepaxis';"],
    ['web/view/x.js', "import x from 'three';"],
    ['web/app/x.js', "import x from '../view/dom.js';"],
    ['web/app/x.js', "import x from 'sepaxis/three';"],
    ['web/demo/x.js', "import x from '../view/share.js';"],
    ['web/site/.vitepress/theme/x.js', "import x from 'sepaxis/demo';"],
  ])('%s may: %s', async (file, source) => {
    expect(await importErrors(file, source)).toEqual([]);
  });
});
