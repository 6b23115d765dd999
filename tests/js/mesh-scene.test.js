// A scene's mesh (web/view/share.js): the visualizer keeps a built-in model by name and pose,
// {mesh: {model, translation, rotation}}, and a second beside it, {otherMesh: {…}}; checked like
// the rest of a scene, a bad one is refused with a message naming the field and the value, and a
// view without meshes (or without a second) says where to go.

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

  test('a view without meshes (the demo element) says where to open it', () => {
    expect(problemOf({ volumes: [], mesh: { model: 'bunny' } }, {})).toBe('this scene holds a mesh, which only the visualizer shows: open the scene there');
  });
});

describe('a scene with a second mesh (the visualizer tests the two against each other)', () => {
  const both = { meshModels: MODELS, otherMesh: true };

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

  test('a view that shows one mesh (the demo element) says where to open it', () => {
    expect(problemOf({ volumes: [], mesh: { model: 'bunny' }, otherMesh: { model: 'bunny' } })).toBe('this scene holds two meshes (otherMesh), which only the visualizer shows: open the scene there');
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
    expect(problemOf({ volumes: [], mesh: { src: 'a.stl', model: 'bunny' } }, withSrc)).toBe('a mesh has a model or a src, not both');
    expect(problemOf({ volumes: [], mesh: {} }, withSrc)).toBe('mesh.model must be one of "bunny", "torus-knot" (or give a src: a model file\'s URL), got nothing');
  });

  test('where src is not taken (the visualizer), a src is no model', () => {
    expect(problemOf({ volumes: [], mesh: { src: 'a.stl' } })).toBe('mesh.model must be one of "bunny", "torus-knot", got nothing');
  });
});

describe('a scene with a triangle among its volumes', () => {
  test('is kept as a clean copy of its three corners', () => {
    const scene = checkScene({ volumes: [{ id: 'floor', volume: { type: 'triangle', vertices: [[0, 0, 0], [1, 0, 0], [0, 0, 1]], extra: 1 } }] }, sx);
    expect(scene.volumes[0].volume).toEqual({ type: 'triangle', vertices: [[0, 0, 0], [1, 0, 0], [0, 0, 1]] });
  });
});
