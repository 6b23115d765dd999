/**
 * `sepaxis/demo`: importing it registers the `<sepaxis-demo>` element, a live separating-axis
 * scene for documentation pages.
 * @module sepaxis/demo
 */
import type { CollisionReport, SweepReport, Volume } from './index.js';

type Vec3 = [number, number, number];

/** A scene in the format of the visualizer's share links and files. */
export interface DemoScene {
  /** A volume with a velocity (units per unit of time) moves in a straight line. */
  volumes: Array<{ id: string; name?: string; volume: Volume; velocity?: Vec3 }>;
  /** The two compared volumes' ids, A then B. */
  selection?: string[];
  /** The end of the time range a moving scene is shown and swept over (default 1). */
  maxTime?: number;
  /** Where the camera is and what it looks at. */
  camera?: { position: Vec3; target: Vec3 };
  /**
   * A triangle mesh beside the volumes: a built-in model by name, or a model file of the same
   * site (STL, OBJ, PLY, glTF, GLB), centred and scaled to the view, then placed by the pose.
   */
  mesh?: DemoMeshSource & { translation?: Vec3; rotation?: [number, number, number, number] };
}

/** Which mesh: a built-in model, or the URL of a model file. */
export type DemoMeshSource = { model: 'bunny' | 'torus-knot' | 'terrain' | 'wall' } | { src: string };

/** A scene's mesh and its verdict against each volume, with what the descent of its tree tested. */
export interface DemoMesh {
  name: string;
  triangles: number;
  verdicts: Array<{ id: string; overlap: boolean; volumeTests: number; triangleTests: number }>;
}

/** The kinds of volume a fit scene fits. */
export type FitKind = 'aabb' | 'sphere' | 'sphere-ritter' | 'obb-fast' | 'obb-tight'
  | 'kdop6' | 'kdop8' | 'kdop14' | 'kdop18' | 'kdop26';

/** A scene of points and the volumes fitted around them (no pair to test). */
export interface DemoFitScene {
  fit: {
    /** A built-in cloud of 400 points, or the points themselves (at most 10,000). */
    points: 'rod' | 'ball' | 'tetrahedron' | Vec3[];
    /** The kinds to fit, in the card's order. */
    volumes: FitKind[];
    /** The points turned about an axis through the origin before fitting. */
    turn?: { axis: Vec3; degrees: number };
  };
  camera?: { position: Vec3; target: Vec3 };
}

/** A volume fitted in a fit scene, with its volume over the convex hull's (null: a flat set). */
export interface DemoFit {
  id: FitKind;
  label: string;
  volume: Volume;
  bvVolume: number;
  ratio: number | null;
}

/**
 * `<sepaxis-demo scene='…' src="…" panels="verdict,axes,stepper,toolbar" editable step="3"
 * camera='{"position":[…],"target":[…]}' theme="light" layout="column">`. A bad scene is shown in
 * the demo's box and in `error`, never thrown. `layout="column"` puts the panels under the view at
 * their full height and sizes the element to its content.
 */
export class SepaxisDemo extends HTMLElement {
  /** The scene shown, or null (none yet, or a bad one). Setting it shows another scene. */
  get scene(): DemoScene | DemoFitScene | null;
  set scene(value: DemoScene | DemoFitScene);
  /** The report of the compared pair (`collide(A, B)`) at the time shown, or null. */
  readonly report: CollisionReport | null;
  /** The compared pair's `sweep` over [0, maxTime] when one of it moves, or null. */
  readonly sweep: SweepReport | null;
  /** A fit scene's fitted volumes, in its order, or null. */
  readonly fits: DemoFit[] | null;
  /** The scene's mesh, once read, with its verdicts; or null. */
  readonly mesh: DemoMesh | null;
  /** Why the scene could not be shown, or null. */
  readonly error: string | null;
}

declare global {
  interface HTMLElementTagNameMap {
    'sepaxis-demo': SepaxisDemo;
  }
  interface HTMLElementEventMap {
    /** The reader edited the scene (editable demos). */
    change: CustomEvent<{ scene: DemoScene }>;
    /** A fit scene's volumes are fitted. */
    fit: CustomEvent<{ fits: DemoFit[] }>;
    /** The scene's mesh came in, or one of its verdicts or counts changed. */
    mesh: CustomEvent<{ mesh: DemoMesh }>;
  }
}
