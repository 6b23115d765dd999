// What is drawn: the level's triangles, the walls, the crowd (one instanced mesh for the crates
// and one for the balls: hundreds of bodies, two draw calls), the character, the weapon's ray;
// a camera that follows behind the character, looking the way it faces.

import {
  BoxGeometry, BufferAttribute, BufferGeometry, CapsuleGeometry, Color, CylinderGeometry, DirectionalLight, Group, HemisphereLight,
  InstancedMesh, Matrix4, Mesh, MeshBasicMaterial, MeshLambertMaterial, PerspectiveCamera, Quaternion, Scene,
  SphereGeometry, Vector3, WebGLRenderer,
} from 'three';
import { MIN_FLOOR_NORMAL_Y } from './ground.js';

export const COLORS = { crate: new Color(0xd99a4e), ball: new Color(0x5aa7ff), pair: new Color(0xff5c6c), knocked: new Color(0xfff27a) };
const GRASS = new Color(0x4f8a52), ROCK = new Color(0x8a8176), LOW = new Color(0x2f5e45);

/** The level's mesh, coloured by its height and steepness: rock where it cannot be walked. */
function terrainMesh({ positions, indices }) {
  // Flat shading: each triangle its own vertices, so each is seen as the triangle it is.
  const flat = new Float32Array(indices.length * 3), colors = new Float32Array(indices.length * 3);
  const a = new Vector3(), b = new Vector3(), c = new Vector3(), n = new Vector3(), color = new Color();
  for (let t = 0; t < indices.length; t += 3) {
    a.fromArray(positions, indices[t] * 3);
    b.fromArray(positions, indices[t + 1] * 3);
    c.fromArray(positions, indices[t + 2] * 3);
    n.subVectors(b, a).cross(c.clone().sub(a)).normalize();
    const height = (a.y + b.y + c.y) / 3;
    color.copy(Math.abs(n.y) < MIN_FLOOR_NORMAL_Y ? ROCK : height < -0.5 ? LOW : GRASS);
    for (const [k, v] of [a, b, c].entries()) {
      v.toArray(flat, (t + k) * 3);
      color.toArray(colors, (t + k) * 3);
    }
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(flat, 3));
  geometry.setAttribute('color', new BufferAttribute(colors, 3));
  geometry.computeVertexNormals();
  return new Mesh(geometry, new MeshLambertMaterial({ vertexColors: true }));
}

/** The scene; draw(state) draws a frame. `walls`: { center: [x, y, z], halfExtents, rotation }. */
export function createView(canvas, { terrain, walls, crowd }) {
  const renderer = new WebGLRenderer({ canvas, antialias: true });
  const scene = new Scene();
  // A dusk sky: the HUD's light text stays readable over it.
  scene.background = new Color(0x1c2a3f);
  scene.add(new HemisphereLight(0xdfe8ff, 0x1a1f29, 1.8));
  const sun = new DirectionalLight(0xffffff, 1.6);
  sun.position.set(8, 20, 12);
  scene.add(sun);
  scene.add(terrainMesh(terrain));

  const wallMaterial = new MeshLambertMaterial({ color: 0x9aa6bd });
  for (const w of walls) {
    const box = new Mesh(new BoxGeometry(...w.halfExtents.map((h) => 2 * h)), wallMaterial);
    box.position.fromArray(w.center);
    box.quaternion.fromArray(w.rotation);
    scene.add(box);
  }

  const crates = crowd.filter((b) => b.kind === 'crate'), balls = crowd.filter((b) => b.kind === 'ball');
  const crateMesh = new InstancedMesh(new BoxGeometry(2, 2, 2), new MeshLambertMaterial(), Math.max(1, crates.length));
  const ballMesh = new InstancedMesh(new SphereGeometry(1, 12, 8), new MeshLambertMaterial(), Math.max(1, balls.length));
  crateMesh.count = crates.length;
  ballMesh.count = balls.length;
  for (const mesh of [crateMesh, ballMesh]) {
    // The instances are all over the level: nothing to cull.
    mesh.frustumCulled = false;
    scene.add(mesh);
  }
  const slots = new Map([...crates.map((b, i) => [b, [crateMesh, i]]), ...balls.map((b, i) => [b, [ballMesh, i]])]);

  const hero = new Group();
  const body = new Mesh(new CapsuleGeometry(0.4, 1, 4, 12), new MeshLambertMaterial({ color: 0xf4f6fb }));
  body.position.y = 0.9;
  // The visor shows which way the character faces (its -z).
  const visor = new Mesh(new BoxGeometry(0.5, 0.18, 0.2), new MeshLambertMaterial({ color: 0x1d2433 }));
  visor.position.set(0, 1.45, -0.33);
  hero.add(body, visor);
  scene.add(hero);

  // The ray: a thin unlit rod (a line is one pixel wide in WebGL), its axis stretched from the
  // origin to the hit, and a ball where it hit.
  const rayMaterial = new MeshBasicMaterial({ color: 0xfff27a });
  const ray = new Group();
  const rod = new Mesh(new CylinderGeometry(0.04, 0.04, 1, 6).translate(0, 0.5, 0), rayMaterial);
  const spark = new Mesh(new SphereGeometry(0.18, 10, 6), rayMaterial);
  ray.add(rod, spark);
  ray.visible = false;
  scene.add(ray);

  const camera = new PerspectiveCamera(60, 1, 0.1, 300);
  const matrix = new Matrix4(), position = new Vector3(), turn = new Quaternion(), scale = new Vector3(), up = new Vector3(0, 1, 0);
  const eye = new Vector3(), target = new Vector3();

  return {
    renderer,
    /** Shows the weapon's ray from origin to end until `until` (performance.now() time). */
    showRay(origin, end, until) {
      const from = new Vector3().fromArray(origin), to = new Vector3().fromArray(end);
      const along = to.clone().sub(from);
      rod.position.copy(from);
      rod.scale.set(1, along.length(), 1);
      rod.quaternion.setFromUnitVectors(up, along.normalize());
      spark.position.copy(to);
      ray.userData.until = until;
    },
    /** Draws the frame: `inPair(body)` says whether a crowd body is in a pair this frame. */
    draw(character, facing, inPair, now) {
      for (const [b, [mesh, slot]] of slots) {
        turn.setFromAxisAngle(up, b.yaw);
        mesh.setMatrixAt(slot, matrix.compose(position.set(b.x, b.y, b.z), turn, scale.setScalar(b.size)));
        const knocked = now - b.knockedAt < 600;
        mesh.setColorAt(slot, knocked ? COLORS.knocked : inPair(b) ? COLORS.pair : COLORS[b.kind]);
      }
      for (const mesh of [crateMesh, ballMesh]) {
        mesh.instanceMatrix.needsUpdate = true;
        if (mesh.instanceColor) mesh.instanceColor.needsUpdate = true;
      }
      hero.position.set(character.x, character.y, character.z);
      hero.rotation.y = character.yaw;
      ray.visible = now < (ray.userData.until ?? 0);

      const { clientWidth: w, clientHeight: h } = canvas;
      if (canvas.width !== w || canvas.height !== h) {
        renderer.setSize(w, h, false);
        camera.aspect = w / h;
        // A tall screen sees less to the sides: widen its view so the way ahead still fits.
        camera.fov = w < h ? 75 : 60;
        camera.updateProjectionMatrix();
      }
      // Behind and above the character, looking past it the way it faces.
      eye.set(character.x - facing[0] * 7, character.y + 5.5, character.z - facing[2] * 7);
      target.set(character.x + facing[0] * 6, character.y, character.z + facing[2] * 6);
      camera.position.lerp(eye, camera.userData.placed ? 0.2 : 1);
      camera.userData.placed = true;
      camera.lookAt(target);
      renderer.render(scene, camera);
    },
  };
}
