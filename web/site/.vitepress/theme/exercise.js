// <sepaxis-exercise for="demo-id" goal='{"overlap": false}'>Drag the crate out…</sepaxis-exercise>:
// an exercise that its demo checks by itself. It listens to the demo's `report` events (the public
// API of <sepaxis-demo>) and says when the report meets the goal. Goals, all of which must hold:
//   overlap: true | false          touching: true | false
//   separatingKind: 'face' | 'edge-edge' | 'closest-point'   (of the first separating axis)
//   separatingLabel: 'A.x = B.x'   separatingLabelPattern: '^A\\.[xyz]$'
//   separatingLabels: ['A.x = B.x']  (exactly these axes separate, and no other)
//   depthBelow: 0.1                (overlapping, by less than this)
//   sweepHit: true | false         (a moving pair: its sweep finds a contact before maxTime)
//   tunnels: true                  (a contact, yet apart at t = 0 and at maxTime)
//   meshOverlaps: 'id', meshApart: 'id'   (a mesh demo: the mesh meets that volume, or not)
//   meshNodeTestsBelow: ['id', n]  (the descent against that volume tested fewer than n nodes)
//   treeRatioBelow: r, treeCountBelow: n  (the tree card's level: tighter than r × the hull, fewer than n nodes)
// (exercise-goal.js)

import { meets } from './exercise-goal.js';

export class SepaxisExercise extends HTMLElement {
  #status;
  #done = false;

  connectedCallback() {
    if (this.#status) return;
    this.#status = document.createElement('p');
    this.#status.className = 'exercise-status';
    this.#status.setAttribute('role', 'status');
    this.append(this.#status);
    let goal;
    try {
      goal = JSON.parse(this.getAttribute('goal'));
    } catch {
      this.#status.textContent = 'This exercise has no valid goal.';
      return;
    }
    const demo = document.getElementById(this.getAttribute('for'));
    if (!demo) {
      this.#status.textContent = 'This exercise has no demo.';
      return;
    }
    const check = () => this.#show(meets(demo.report, goal, { sweep: demo.sweep, maxTime: demo.scene?.maxTime ?? 1, mesh: demo.mesh, tree: demo.tree }));
    demo.addEventListener('report', check);
    demo.addEventListener('mesh', check);
    check();
  }

  #show(done) {
    // Once done, it stays done: the reader may play on.
    this.#done ||= done;
    this.classList.toggle('done', this.#done);
    this.#status.textContent = this.#done ? '✓ Done: the demo shows it.' : 'Not yet: the demo checks as you go.';
  }
}
