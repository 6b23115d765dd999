// Runs inside the temporary consumer folder (copied there by pack-install.mjs, next to
// scenario.js), importing the installed package by name like any user.

import { init, PairBuffer, VolumeBuffer } from 'sepaxis';
import schema from 'sepaxis/volume.schema.json' with { type: 'json' };
import { checkScenario, runScenario } from './scenario.js';

const problems = checkScenario(await runScenario(init));

const resolved = import.meta.resolve('sepaxis');
if (!resolved.endsWith('/node_modules/sepaxis/dist/index.js')) problems.push(`'sepaxis' resolved to ${resolved}`);
if (typeof PairBuffer !== 'function' || typeof VolumeBuffer !== 'function') problems.push('PairBuffer/VolumeBuffer are not exported');
const types = JSON.stringify(schema).match(/"(sphere|aabb|obb|kdop)"/g) ?? [];
for (const type of ['sphere', 'aabb', 'obb', 'kdop'])
  if (!types.includes(`"${type}"`)) problems.push(`volume.schema.json does not mention "${type}"`);

if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log('consumer check passed');
