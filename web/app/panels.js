// The text panels around the view: the verdict card, the motion card (time and sweep), the
// tutorial paragraph, the list of axes, the inspector and the scene list. They are refreshed together from one state, at a lower
// rate during a drag (see PANEL_STRIDE).

import { AxisPanel } from '../view/axis-panel.js';
import { byId } from '../view/dom.js';
import { Inspector } from '../view/inspector.js';
import { MotionPanel } from '../view/motion-panel.js';
import { SceneList } from './scene-list.js';
import { TutorialPanel } from '../view/tutorial-panel.js';
import { explainSweepStep } from '../view/tutorial-sweep.js';
import { VerdictPanel } from '../view/verdict-panel.js';

/**
 * During a drag (transient changes) the text panels are refreshed on every PANEL_STRIDE-th
 * change, the 3D view on every one: on a software renderer the browser's style, layout, paint
 * and raster of the changed panels made a drag frame miss 60 fps. A skipped refresh is caught
 * up PANEL_CATCH_UP ms later if no change follows, and the drag's final change refreshes all.
 */
const PANEL_STRIDE = 2;
const PANEL_CATCH_UP = 50;

export class Panels {
  #state;
  #transientCount = 0;
  #panelTimer = 0;

  /**
   * handlers: { verdict, motion, tutorial, axes, inspector, sceneList }, each given to its panel
   * as is. state() -> { model, collision, pair, report, roles, step, lesson, follow, time, sweep,
   * sweepProblem, moving }, read at
   * each refresh (a caught-up refresh shows the state of its time, not of the skipped change).
   */
  constructor(sx, handlers, state) {
    this.#state = state;
    // The app's toolbar adds volumes, and a click picks one.
    this.verdict = new VerdictPanel(byId('verdict'), { ...handlers.verdict, canAdd: true }, byId('verdict-announce'));
    this.motion = new MotionPanel(byId('motion'), handlers.motion);
    this.tutorial = new TutorialPanel(byId('tutorial'), { ...handlers.tutorial, explainSweep: explainSweepStep });
    this.axisPanel = new AxisPanel(byId('axes'), handlers.axes);
    this.inspector = new Inspector(byId('inspector'), sx, handlers.inspector);
    this.sceneList = new SceneList(byId('scene'), handlers.sceneList);
  }

  /** Refreshes the panels now, or (during a drag, every other change) a little later. */
  refreshDuring({ transient }) {
    const now = !transient || this.#transientCount % PANEL_STRIDE === 0;
    this.#transientCount = transient ? this.#transientCount + 1 : 0;
    if (now) {
      clearTimeout(this.#panelTimer);
      this.#panelTimer = 0;
      this.refresh({ transient });
    } else if (!this.#panelTimer) {
      this.#panelTimer = setTimeout(() => {
        this.#panelTimer = 0;
        this.refresh({ transient: true });
      }, PANEL_CATCH_UP);
    }
  }

  refresh({ transient = false } = {}) {
    const { model, collision, pair, report, roles, step, lesson, follow, time, sweep, sweepProblem, moving } = this.#state();
    this.verdict.update(pair, report, {
      count: model.volumes.length, overlappingPairs: collision.overlappingPairs, selected: model.selection.length,
    });
    // The Motion card shows once something moves: on a laptop's screen the candidate axes must
    // stay in view beside a still scene, the app's first sight.
    const motionCard = byId('motion-card');
    if (motionCard.hidden === moving) motionCard.hidden = !moving;
    this.motion.update({ time, sweep, moving, pair, problem: sweepProblem });
    this.tutorial.update(pair, report, step, lesson, follow, sweep && { sweep, maxTime: time.maxTime });
    this.axisPanel.update(report, step, { transient, sweep, time });
    const active = model.active;
    this.inspector.update(active, active ? roles.get(active.id) ?? null : null);
    this.sceneList.update(model, (id) => collision.overlapsAny(id), roles);
    document.body.classList.toggle('tutorial-on', step >= 0);
  }
}
