// The "Floor under the player" card: while the compared pair holds a triangle (the floor), a ray
// cast straight down from the other volume's position (the player: its centre) onto it, as a
// game finds the floor's height under a player. The card lists the three half-space tests (each
// edge's function at the player seen from above, and which side of the edge that is), then the
// package's answer: where the ray meets the floor (sx.raycast), that the point is on it
// (sx.contains), its height and the corners' weights there. floor-drawing.js draws it in 3D.

import { byId, h, setChildren } from '../view/dom.js';
import { num, vec } from '../view/format.js';
import { positionOf } from '../view/keyboard-move.js';
import { floorUnder, triangleMeshes } from '../view/floor-ray.js';
import { FloorDrawing } from './floor-drawing.js';

const corner = (i) => String(i + 1);
const signed = (x) => (x > 0 ? `+${num(x)}` : num(x));

export class FloorPanel {
  /** What is shown: { floorName, playerName, origin, floor } (floor-ray.js's floorUnder), or null. */
  shown = null;

  constructor(root, sx, viewport) {
    this.sx = sx;
    this.card = byId('floor-card');
    this.meshOf = triangleMeshes(sx);
    this.drawing = new FloorDrawing(viewport);
    this.intro = h('p', { class: 'hint floor-intro' });
    this.rows = h('tbody');
    this.table = h('table', { class: 'floor-tests' },
      h('caption', {}, 'Half-space tests, seen from above'),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Edge'), h('th', { scope: 'col' }, 'E(p)'), h('th', { scope: 'col' }, 'Side'))),
      this.rows);
    this.verdict = h('p', { class: 'floor-verdict', role: 'status' });
    this.weights = h('p', { class: 'hint floor-weights' });
    root.append(this.intro, this.table, this.verdict, this.weights);
  }

  /** The compared pair as shown ([A, B] entries) or null: the card shows when one is a triangle. */
  update(pair) {
    const floorAt = pair ? pair.findIndex((e) => e.volume.type === 'triangle') : -1;
    if (floorAt < 0) {
      this.#hide();
      return;
    }
    const floorEntry = pair[floorAt], player = pair[1 - floorAt];
    const origin = Array.from(positionOf(this.sx, player.volume));
    const floor = floorUnder(this.sx, floorEntry.volume, origin, this.meshOf);
    const vertices = floorEntry.volume.vertices.map((v) => Array.from(v));
    this.shown = { floorName: nameOf(floorEntry), playerName: nameOf(player), origin, floor };
    if (this.card.hidden) this.card.hidden = false;
    this.#write(this.shown);
    this.drawing.show({ vertices, origin, floor });
  }

  /** Hides the card and the drawing, and frees the one-triangle mesh the weights came from. */
  #hide() {
    if (!this.shown) return;
    this.shown = null;
    this.card.hidden = true;
    this.drawing.show(null);
    this.meshOf.dispose();
  }

  #write({ floorName, playerName, origin, floor }) {
    const { hit, above, tests, barycentric, contains } = floor;
    this.intro.textContent = `A ray from ${playerName}'s centre p = ${vec(origin)} straight down, (0, −1, 0), onto ${floorName}. E(p) of edge a → b is (b − a) × (p − a) seen from above: its sign tells the side of the edge p is on.`;
    setChildren(this.rows, tests.edges.map((e) => h('tr', { class: e.inside ? 'inside' : 'outside' },
      h('th', { scope: 'row' }, `${corner(e.from)} → ${corner(e.to)}`),
      h('td', { class: 'num' }, signed(e.value)),
      h('td', {}, tests.area === 0 ? 'none: the floor is edge-on' : e.inside ? `inside (as corner ${corner(3 - e.from - e.to)})` : 'outside'))));
    const out = tests.edges.filter((e) => !e.inside);
    let text;
    if (tests.area === 0) {
      text = `Seen from above, ${floorName} is a line (a wall, not a floor): a ray straight down runs along its plane, ${hit ? `and meets its edge at y = ${num(hit.point[1])}` : 'and misses it'}.`;
    } else if (out.length) text = `Outside edge${out.length > 1 ? 's' : ''} ${out.map((e) => `${corner(e.from)} → ${corner(e.to)}`).join(' and ')}: ${playerName} is not over ${floorName}, and the ray misses it.`;
    else if (!hit) {
      text = above ? `Inside all three edges, but ${floorName} is above ${playerName}'s centre: a ray down does not meet it.`
        : `On an edge, within rounding: the ray just misses ${floorName}.`;
    } else text = `Inside all three edges: the ray meets ${floorName} at ${vec(hit.point)}, ${num(hit.distance)} below the centre. The floor's height there is y = ${num(hit.point[1])}.`;
    this.verdict.textContent = text;
    this.weights.textContent = hit && barycentric
      ? `The corners' weights at the hit (barycentric coordinates of 1, 2, 3): ${barycentric.map((w) => num(w)).join(', ')}, summing to 1; each is the edge function of the edge opposite over that of the whole triangle, 2 × its area seen from above (${signed(tests.area)}). sx.contains(${floorName}, hit) = ${contains}.`
      : '';
  }
}

function nameOf(entry) {
  return entry.name ?? entry.id;
}
