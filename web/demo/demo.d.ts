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
  mesh?: DemoMeshField;
  /** A second mesh (needs `mesh`), tested against the first (overlapsMesh); its descent walks pairs of nodes. */
  otherMesh?: DemoMeshField;
}

/** A scene's mesh: which one, where it goes, the node type of its tree (default 'aabb'). */
export type DemoMeshField = DemoMeshSource & {
  translation?: Vec3;
  rotation?: [number, number, number, number];
  node?: DemoNodeType;
};

/** The node types of a mesh's tree, as createMesh names them. */
export type DemoNodeType = 'sphere' | 'aabb' | 'obb' | 'kdop6' | 'kdop8' | 'kdop14' | 'kdop18' | 'kdop26';

/** Which mesh: a built-in model, or the URL of a model file. */
export type DemoMeshSource = { model: 'bunny' | 'torus-knot' | 'terrain' | 'wall' } | { src: string };

/** A scene's mesh and its verdict against each volume, with what the descent of its tree tested. */
export interface DemoMesh {
  name: string;
  node: DemoNodeType;
  triangles: number;
  verdicts: Array<{ id: string; overlap: boolean; volumeTests: number; triangleTests: number }>;
  /** The scene's other mesh and its verdict against this one (overlapsMesh, trianglePairs), or null. */
  other: {
    name: string; node: DemoNodeType; triangles: number; overlap: boolean; trianglePairs: number;
    volumeTests: number; triangleTests: number;
  } | null;
}

/** The tree card's figures (panels="tree"): the level picked, and every node type at that depth. */
export interface DemoTree {
  node: DemoNodeType;
  depth: number;
  levels: number;
  count: number;
  /** The level's volume over the convex hull's; null for a flat mesh. */
  ratio: number | null;
  rows: Array<{ node: DemoNodeType; levels: number; count: number; ratio: number | null; volumeTests: number | null }>;
}

/**
 * What the descent card shows (panels="descent"): drawn whole ('all') or stepped ('step'); the
 * node tests (`steps`), the triangle tests, the verdict; while stepping, the step (from 0, of the
 * node tests and triangle tests in the order the query made them: `steps + triangleTests` in all)
 * and its test (`pair`): a node test (`other`: the other mesh's node, -1 against a volume) or a
 * triangle test at a leaf (`other`: the other mesh's triangle, -1 against a volume; `leaf`: the
 * node holding the triangle), `volumes` A and B in world space, as the axis list tests them; the
 * counter and the text shown; the node volumes drawn on each mesh and the triangles marked on each.
 */
export interface DemoDescent {
  mode: 'all' | 'step';
  steps: number;
  triangleTests: number;
  overlaps: boolean | null;
  step?: number;
  pair?:
    | { kind: 'node'; node: number; other: number; meets: boolean; volumes: [Volume, Volume] }
    | { kind: 'triangle'; triangle: number; other: number; leaf: number; meets: boolean; volumes: [Volume, Volume] };
  counter: string;
  text: string;
  drawn: number;
  drawnOther: number;
  marked: number;
  markedOther: number;
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
 * `<sepaxis-demo scene='…' src="…" panels="verdict,axes,stepper,toolbar,tree,descent" editable
 * step="3" descent="step 3" camera='{"position":[…],"target":[…]}' theme="light" layout="column">`.
 * A bad scene is shown in the demo's box and in `error`, never thrown. `layout="column"` puts the
 * panels under the view at their full height and sizes the element to its content. `descent`
 * ("all", "step" or "step N") opens a mesh scene's descent card.
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
  /** The tree card's figures (panels="tree", a mesh scene), or null. */
  readonly tree: DemoTree | null;
  /** What the descent card shows while it is open (panels="descent", a mesh scene), or null. */
  readonly descent: DemoDescent | null;
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
    /** The descent card was opened, closed or stepped, or drew again (the scene changed). */
    descent: CustomEvent<{ descent: DemoDescent | null }>;
  }
}
