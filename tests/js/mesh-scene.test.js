// A scene's mesh (web/view/share.js): the visualizer keeps a built-in model by name and pose,
// {mesh: {model, translation, rotation}}, and a second beside it, {otherMesh: {…}}, which the demo
// element takes too (with model files and node types); one check for both fields: a bad one is
// refused with a message naming the field and the value, and a view without meshes says where to
// go.

import { beforeAll, describe, expect, test } from 'vitest';
import { init } from 'sepaxis';
import { checkScene, SceneError } from '../../web/view/share.js';

let sx;
beforeAll(async () => { sx = await init(); });

const MODELS = ['bunny', 'torus-knot'];
const problemOf = (data, options = { meshModels: MODELS }) => {
  try {
    checkScene(data, sx, options);
    return null;
  } catch (e) {
    expect(e).toBeInstanceOf(SceneError);
    return e.message;
  }
};

describe('a scene with a mesh', () => {
  test('a good one comes back as a clean copy: unknown fields dropped, the rotation made unit', () => {
    const scene = checkScene({
      volumes: [],
      mesh: { model: 'bunny', translation: [1, 2, 3], rotation: [0, 0.6, 0, 0.8000000001], extra: 'x' },
    }, sx, { meshModels: MODELS });
    expect(scene.mesh.model).toBe('bunny');
    expect(scene.mesh.translation).toEqual([1, 2, 3]);
    expect(Math.hypot(...scene.mesh.rotation)).toBeCloseTo(1, 15);
    expect(scene.mesh).not.toHaveProperty('extra');
  });

  test('the pose may be left out: at the origin, unturned', () => {
    expect(checkScene({ volumes: [], mesh: { model: 'torus-knot' } }, sx, { meshModels: MODELS }).mesh)
      .toEqual({ model: 'torus-knot', translation: [0, 0, 0], rotation: [0, 0, 0, 1] });
  });

  test('a bad one is refused, naming the field and the value', () => {
    expect(problemOf({ volumes: [], mesh: 'bunny' })).toBe('mesh must be an object {model, translation, rotation}, got "bunny"');
    expect(problemOf({ volumes: [], mesh: { model: 'teapot' } })).toBe('mesh.model must be one of "bunny", "torus-knot", got "teapot"');
    expect(problemOf({ volumes: [], mesh: { model: 'bunny', translation: [0, 0] } })).toBe('mesh.translation must be an array of 3 numbers, got [0,0]');
    expect(problemOf({ volumes: [], mesh: { model: 'bunny', translation: [0, null, 0] } })).toBe('mesh.translation[1] must be a finite number within ±1e15, got null');
    expect(problemOf({ volumes: [], mesh: { model: 'bunny', rotation: [0, 0, 0, 2] } })).toBe('mesh.rotation must be a unit quaternion [x, y, z, w], got [0,0,0,2] (length 2)');
  });

  test('a view without meshes says where to open it', () => {
    expect(problemOf({ volumes: [], mesh: { model: 'bunny' } }, {})).toBe('this scene holds a mesh, which only the visualizer shows: open the scene there');
  });
});

describe('a scene with a second mesh (the visualizer tests the two against each other)', () => {
  const both = { meshModels: MODELS };

  test('both are kept by name and pose', () => {
    const scene = checkScene({
      volumes: [],
      mesh: { model: 'torus-knot', translation: [1, 0, 0] },
      otherMesh: { model: 'bunny', translation: [2, 0, 0], rotation: [0, 0.6, 0, 0.8], extra: 1 },
    }, sx, both);
    expect(scene.mesh).toEqual({ model: 'torus-knot', translation: [1, 0, 0], rotation: [0, 0, 0, 1] });
    expect(scene.otherMesh).toEqual({ model: 'bunny', translation: [2, 0, 0], rotation: [0, 0.6, 0, 0.8] });
  });

  test('a bad one is refused naming the otherMesh field and the value', () => {
    expect(problemOf({ volumes: [], mesh: { model: 'bunny' }, otherMesh: { model: 'teapot' } }, both)).toBe('otherMesh.model must be one of "bunny", "torus-knot", got "teapot"');
    expect(problemOf({ volumes: [], mesh: { model: 'bunny' }, otherMesh: { model: 'bunny', translation: [0, Infinity, 0] } }, both)).toBe('otherMesh.translation[1] must be a finite number within ±1e15, got Infinity');
    expect(problemOf({ volumes: [], mesh: { model: 'bunny' }, otherMesh: 'bunny' }, both)).toBe('otherMesh must be an object {model, translation, rotation}, got "bunny"');
    expect(problemOf({ volumes: [], otherMesh: { model: 'bunny' } }, both)).toBe('otherMesh is tested against the scene\'s mesh: give a mesh too');
  });

  test('each view takes it as it takes the first: the visualizer a built-in model, the demo element a model file too', () => {
    const scene = { volumes: [], mesh: { model: 'bunny' }, otherMesh: { src: 'models/part.stl', translation: [0, 1, 0] } };
    expect(problemOf(scene, both)).toBe('otherMesh.model must be one of "bunny", "torus-knot", got nothing');
    expect(checkScene(scene, sx, { meshModels: MODELS, meshSrc: true }).otherMesh)
      .toEqual({ src: 'models/part.stl', translation: [0, 1, 0], rotation: [0, 0, 0, 1] });
    // A view without meshes refuses the scene at its first mesh.
    expect(problemOf(scene, {})).toBe('this scene holds a mesh, which only the visualizer shows: open the scene there');
  });
});

describe('a scene whose mesh names a model file (the demo element takes src)', () => {
  const withSrc = { meshModels: MODELS, meshSrc: true };

  test('a src of a model file is kept, with the pose', () => {
    expect(checkScene({ volumes: [], mesh: { src: 'models/part.STL?v=2', translation: [0, 1, 0] } }, sx, withSrc).mesh)
      .toEqual({ src: 'models/part.STL?v=2', translation: [0, 1, 0], rotation: [0, 0, 0, 1] });
  });

  test('a src that is not a model file, or beside a model, is refused naming the value', () => {
    expect(problemOf({ volumes: [], mesh: { src: 'scene.json' } }, withSrc)).toBe('mesh.src must be the URL of an STL, OBJ, PLY, glTF or GLB file, got "scene.json"');
    expect(problemOf({ volumes: [], mesh: { src: 'page.html#.stl' } }, withSrc)).toBe('mesh.src must be the URL of an STL, OBJ, PLY, glTF or GLB file, got "page.html#.stl"');
    expect(problemOf({ volumes: [], mesh: { src: 42 } }, withSrc)).toBe('mesh.src must be the URL of an STL, OBJ, PLY, glTF or GLB file, got 42');
    expect(problemOf({ volumes: [], mesh: { src: 'a.stl', model: 'bunny' } }, withSrc)).toBe('mesh has a model or a src, not both');
    expect(problemOf({ volumes: [], mesh: {} }, withSrc)).toBe('mesh.model must be one of "bunny", "torus-knot" (or give a src: a model file\'s URL), got nothing');
  });

  test('where src is not taken (the visualizer), a src is no model', () => {
    expect(problemOf({ volumes: [], mesh: { src: 'a.stl' } })).toBe('mesh.model must be one of "bunny", "torus-knot", got nothing');
  });
});

describe('a mesh\'s node type and a second mesh (the demo element)', () => {
  const demo = { meshModels: MODELS, meshSrc: true };

  test('a node type is kept when named, and left out (AABBs) when not', () => {
    expect(checkScene({ volumes: [], mesh: { model: 'bunny', node: 'kdop14' } }, sx, demo).mesh.node).toBe('kdop14');
    for (const node of ['sphere', 'aabb', 'obb', 'kdop6', 'kdop8', 'kdop14', 'kdop18', 'kdop26'])
      expect(checkScene({ volumes: [], mesh: { model: 'bunny', node } }, sx, demo).mesh.node).toBe(node);
    expect(checkScene({ volumes: [], mesh: { model: 'bunny' } }, sx, demo).mesh).not.toHaveProperty('node');
  });

  test('an unknown node type is refused, naming the field and the value', () => {
    expect(problemOf({ volumes: [], mesh: { model: 'bunny', node: 'kdop7' } }, demo))
      .toBe('mesh.node must be one of "sphere", "aabb", "obb", "kdop6", "kdop8", "kdop14", "kdop18", "kdop26", got "kdop7"');
    expect(problemOf({ volumes: [], mesh: { model: 'bunny' }, otherMesh: { model: 'bunny', node: 3 } }, demo))
      .toBe('otherMesh.node must be one of "sphere", "aabb", "obb", "kdop6", "kdop8", "kdop14", "kdop18", "kdop26", got 3');
  });

  test('a second mesh is checked like the first, its field named in the message', () => {
    const scene = checkScene({ volumes: [], mesh: { model: 'bunny' }, otherMesh: { model: 'torus-knot', translation: [1, 0, 0], node: 'obb' } }, sx, demo);
    expect(scene.otherMesh).toEqual({ model: 'torus-knot', translation: [1, 0, 0], rotation: [0, 0, 0, 1], node: 'obb' });
    expect(problemOf({ volumes: [], mesh: { model: 'bunny' }, otherMesh: { model: 'teapot' } }, demo))
      .toBe('otherMesh.model must be one of "bunny", "torus-knot" (or give a src: a model file\'s URL), got "teapot"');
    expect(problemOf({ volumes: [], mesh: { model: 'bunny' }, otherMesh: { model: 'bunny', rotation: [0, 0, 1, 1] } }, demo))
      .toMatch(/^otherMesh\.rotation must be a unit quaternion/);
    expect(problemOf({ volumes: [], mesh: { model: 'bunny' }, otherMesh: 'wall' }, demo))
      .toBe('otherMesh must be an object {model or src, translation, rotation}, got "wall"');
  });

  test('a second mesh needs a first', () => {
    expect(problemOf({ volumes: [], otherMesh: { model: 'bunny' } }, demo)).toBe('otherMesh is tested against the scene\'s mesh: give a mesh too');
    expect(problemOf({ volumes: [], otherMesh: { src: 'a.stl' } }, demo)).toBe('otherMesh is tested against the scene\'s mesh: give a mesh too');
  });

  test('the visualizer\'s check keeps the node types of both meshes as well', () => {
    const scene = checkScene({ volumes: [], mesh: { model: 'bunny', node: 'obb' }, otherMesh: { model: 'bunny', node: 'kdop14' } }, sx, { meshModels: MODELS });
    expect([scene.mesh.node, scene.otherMesh.node]).toEqual(['obb', 'kdop14']);
  });
});

describe('a scene with a triangle among its volumes', () => {
  test('is kept as a clean copy of its three corners', () => {
    const scene = checkScene({ volumes: [{ id: 'floor', volume: { type: 'triangle', vertices: [[0, 0, 0], [1, 0, 0], [0, 0, 1]], extra: 1 } }] }, sx);
    expect(scene.volumes[0].volume).toEqual({ type: 'triangle', vertices: [[0, 0, 0], [1, 0, 0], [0, 0, 1]] });
  });
});
