/**
 * `sepaxis/demo`: importing it registers the `<sepaxis-demo>` element, a live separating-axis
 * scene for documentation pages.
 * @module sepaxis/demo
 */
import type { CollisionReport, Volume } from './index.js';

/** A scene in the format of the visualizer's share links and files. */
export interface DemoScene {
  volumes: Array<{ id: string; name?: string; volume: Volume }>;
  /** The two compared volumes' ids, A then B. */
  selection?: string[];
  /** Where the camera is and what it looks at. */
  camera?: { position: [number, number, number]; target: [number, number, number] };
}

/**
 * `<sepaxis-demo scene='…' src="…" panels="verdict,axes,stepper,toolbar" editable step="3"
 * camera='{"position":[…],"target":[…]}' theme="light" layout="column">`. A bad scene is shown in
 * the demo's box and in `error`, never thrown. `layout="column"` puts the panels under the view at
 * their full height and sizes the element to its content.
 */
export class SepaxisDemo extends HTMLElement {
  /** The scene shown, or null (none yet, or a bad one). Setting it shows another scene. */
  get scene(): DemoScene | null;
  set scene(value: DemoScene);
  /** The report of the compared pair (`collide(A, B)`), or null. */
  readonly report: CollisionReport | null;
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
  }
}
