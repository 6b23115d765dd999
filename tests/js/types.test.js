// The hand-written declarations (dist/index.d.ts, dist/three.d.ts) describe what the runtime has:
// the same calls and members, and results with the fields the declared types name. (Type-checking
// user code against them is the packaging tests' part: tests/pkg/types.mjs.)

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import * as runtime from 'sepaxis';
import * as threeRuntime from 'sepaxis/three';
import { unitVolumes } from './helpers.js';

// The .d.ts files package.json "exports" names as "types", next to the runtime files.
const require = createRequire(import.meta.url);
const pkg = require('sepaxis/package.json');
const parse = (entry) => {
  const path = fileURLToPath(new URL(pkg.exports[entry].types, pathToFileURL(require.resolve('sepaxis/package.json'))));
  return ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
};
const index = parse('.');
const three = parse('./three');

/** Declaration name -> member names (properties, methods, getters), for interfaces and classes. */
function declarations(source) {
  const out = new Map();
  for (const node of source.statements) {
    if ((ts.isInterfaceDeclaration(node) || ts.isClassDeclaration(node)) && node.name) {
      const members = node.members
        .filter((m) => m.name && (ts.isIdentifier(m.name) || ts.isStringLiteral(m.name)))
        .map((m) => m.name.text);
      out.set(node.name.text, { members: new Set(members), optional: new Set(node.members.filter((m) => m.questionToken).map((m) => m.name?.text)) });
    }
  }
  return out;
}

/** Names of exported values (functions, classes) of a declaration file. */
function exportedValues(source) {
  const names = new Set();
  for (const node of source.statements) {
    const exported = node.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported) continue;
    if (ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node)) names.add(node.name.text);
  }
  return names;
}

/** Own and inherited members of an object's prototype chain (up to Object.prototype). */
function runtimeMembers(object) {
  const names = new Set(Object.keys(object));
  for (let p = Object.getPrototypeOf(object); p && p !== Object.prototype; p = Object.getPrototypeOf(p))
    for (const name of Object.getOwnPropertyNames(p)) if (name !== 'constructor') names.add(name);
  return names;
}

let sx;
beforeAll(async () => { sx = await runtime.init(); });

const decls = declarations(index);

describe('index.d.ts', () => {
  it('declares every exported value of the package, and the package exports every declared one', () => {
    const declared = exportedValues(index);
    for (const name of declared) expect(typeof runtime[name], name).toBe('function');
    // Runtime exports that are values but not declared as such must at least be declared as types.
    for (const name of Object.keys(runtime)) expect(declared.has(name) || decls.has(name), name).toBe(true);
  });

  it('the Sepaxis interface lists exactly the calls of the object init() resolves to', () => {
    expect([...runtimeMembers(sx)].sort()).toEqual([...decls.get('Sepaxis').members].sort());
  });

  it('VolumeBuffer and PairBuffer declare exactly the public members of the runtime classes', () => {
    const volume = sx.createVolumeBuffer('kdop', 2, { k: 8 });
    const pairs = sx.createPairBuffer('sphere', 'aabb', 2);
    try {
      // Internal plumbing the exports need but users do not (pointers, type codes) may be extra.
      const internal = new Set(['ptr', 'resultsPtr', 'typeCode']);
      const public_ = (o) => [...runtimeMembers(o)].filter((n) => !internal.has(n)).sort();
      expect(public_(volume)).toEqual([...decls.get('VolumeBuffer').members].sort());
      expect(public_(pairs)).toEqual([...decls.get('PairBuffer').members].sort());
      expect(volume).toBeInstanceOf(runtime.VolumeBuffer);
      expect(pairs).toBeInstanceOf(runtime.PairBuffer);
    } finally {
      volume.dispose();
      pairs.dispose();
    }
  });

  it('World declares exactly the public members of the runtime class', () => {
    const world = sx.createWorld({ capacity: 2 });
    try {
      expect([...runtimeMembers(world)].sort()).toEqual([...decls.get('World').members].sort());
      expect(world.constructor.name).toBe('World');
    } finally {
      world.dispose();
    }
  });

  it('results have exactly the fields their declared types name (optional ones only when declared optional)', () => {
    const u = unitVolumes();
    const fieldsOf = (name) => decls.get(name).members;
    const checkFields = (object, name) => {
      const { members, optional } = decls.get(name);
      for (const key of Object.keys(object)) expect(members.has(key), `${name}.${key} is declared`).toBe(true);
      for (const key of members) if (!optional.has(key)) expect(key in object, `${name}.${key} is present`).toBe(true);
    };
    // A report with a degenerate axis (parallel edges) and one without.
    for (const report of [sx.collide(u.aabb, u.obb), sx.collide(u.sphere, { ...u.aabb, min: [3, 3, 3], max: [4, 4, 4] })]) {
      checkFields(report, 'CollisionReport');
      for (const axis of report.axes) checkFields(axis, 'AxisReport');
    }
    expect(fieldsOf('AxisReport').has('reason')).toBe(true);
    expect(decls.get('AxisReport').optional.has('reason')).toBe(true);
    checkFields(sx.raycast(u.aabb, [5, 0, 0], [-1, 0, 0]), 'RayHit');
    checkFields(sx.validate(null)[0], 'Problem');
    const world = sx.createWorld({ capacity: 2 });
    let mesh;
    try {
      world.add(u.aabb);
      const { members, optional } = decls.get('WorldRayHit');
      const checkHit = (hit) => {
        for (const key of [...members, ...decls.get('RayHit').members]) if (!optional.has(key)) expect(key in hit, `WorldRayHit.${key} is present`).toBe(true);
        for (const key of Object.keys(hit)) expect(members.has(key) || decls.get('RayHit').members.has(key), `WorldRayHit.${key} is declared`).toBe(true);
      };
      const onVolume = world.raycast([5, 0, 0], [-1, 0, 0]);
      checkHit(onVolume);
      expect('triangle' in onVolume, 'a volume body has no triangle').toBe(false);
      // On a mesh body, the optional triangle too.
      mesh = sx.createMesh({ positions: [0, 10, 0, 1, 10, 0, 0, 10, 1] });
      world.add(mesh);
      const onMesh = world.raycast([0.25, 20, 0.25], [0, -1, 0]);
      checkHit(onMesh);
      expect(onMesh.triangle).toBe(0);
    } finally {
      world.dispose();
      mesh?.dispose();
    }
  });
});

describe('three.d.ts', () => {
  it('declares exactly the functions sepaxis/three exports', () => {
    expect([...exportedValues(three)].sort()).toEqual(Object.keys(threeRuntime).sort());
  });
});
