// Keyboard shortcuts (ignored while typing in a text field; in a number field, the inspector's,
// Ctrl+Z and Ctrl+Y are the app's undo and redo: a number has no text worth undoing, and the
// browser's text undo would come back as a new edit and lose the redo steps):
//   1 2 3 4  add a sphere, AABB, OBB, k-DOP      Delete / Backspace  delete the selected volume
//   Shift+D  duplicate                            W E R V  gizmo: move, rotate, scale, velocity
//   N or →   next axis     P or ←  previous axis  Home  first axis    Esc  leave the tutorial / deselect
//   F        frame the scene                      [ ]   select the previous / next volume   ?  help
//   L        look along the axis in focus
//   Ctrl+Z   undo      Ctrl+Shift+Z or Ctrl+Y  redo   (Cmd on a Mac)
// On the focused 3D view: arrows orbit, + - and Page Up / Page Down zoom, Shift+arrows and
// Shift+Page Up / Page Down move the selected volume (installCameraKeys; view/keyboard-move.js).

import { isTyping } from '../view/dom.js';
import { MOVE_KEYS, moveFromKey } from '../view/keyboard-move.js';

export const SHORTCUTS = [
  ['1 2 3 4', 'Add a sphere, an AABB, an OBB, a k-DOP'],
  ['Click · [ ]', 'Select a volume (the last two picked are A and B)'],
  ['Shift+D', 'Duplicate the selected volume'],
  ['Delete', 'Delete the selected volume (or remove the selected mesh)'],
  ['W E R', 'Gizmo: move, rotate, scale'],
  ['V', 'Velocity handle: drag its knob, or Tab to it and use the arrow keys'],
  ['N / →', 'Next axis of the test'],
  ['P / ←', 'Previous axis'],
  ['Home', 'First axis'],
  ['Esc', 'Leave the tutorial, then clear the selection'],
  ['F', 'Frame the scene'],
  ['L', 'Look along the axis in focus: its plane seen edge-on'],
  ['Ctrl+Z · Ctrl+Y', 'Undo, redo (also Ctrl+Shift+Z; Cmd on a Mac)'],
  ['← → ↑ ↓', 'On the focused view: orbit the camera'],
  ['+ − · PgUp PgDn', 'On the focused view: zoom in, out'],
  ...MOVE_KEYS.map(([keys, what]) => [keys, `On the focused view: ${what[0].toLowerCase()}${what.slice(1)}`]),
  ['?', 'This help'],
];

/** handlers: add(type), duplicate(), remove(), mode(m), step(delta | 'first'), escape(), frame(), look(), cycle(delta), help(), undo(), redo() */
export function installShortcuts(target, handlers) {
  target.addEventListener('keydown', (e) => {
    if (e.altKey) return;
    const inNumber = e.target instanceof HTMLInputElement && e.target.type === 'number';
    // In a text field the field's own undo applies.
    if (isTyping(e) && !inNumber) return;
    if ((e.ctrlKey || e.metaKey) && !document.querySelector('dialog[open]')) {
      const key = e.key.toLowerCase();
      if (key === 'z') { e.preventDefault(); return e.shiftKey ? handlers.redo() : handlers.undo(); }
      if (key === 'y') { e.preventDefault(); return handlers.redo(); }
    }
    if (isTyping(e) || e.metaKey || (e.ctrlKey && e.key !== 'd')) return;
    // A modal dialog (help) takes the keys; it closes itself on Escape.
    if (document.querySelector('dialog[open]') && e.key !== '?') return;
    const key = e.key;
    const run = (f) => { e.preventDefault(); f(); };
    if (e.shiftKey && (key === 'D' || key === 'd')) return run(handlers.duplicate);
    if (e.ctrlKey && key === 'd') return run(handlers.duplicate);
    switch (key) {
      case '1': return run(() => handlers.add('sphere'));
      case '2': return run(() => handlers.add('aabb'));
      case '3': return run(() => handlers.add('obb'));
      case '4': return run(() => handlers.add('kdop'));
      case 'Delete': case 'Backspace': return run(handlers.remove);
      case 'w': case 'W': return run(() => handlers.mode('translate'));
      case 'e': case 'E': return run(() => handlers.mode('rotate'));
      case 'r': case 'R': return run(() => handlers.mode('scale'));
      case 'v': case 'V': return run(() => handlers.mode('velocity'));
      case 'n': case 'N': case 'ArrowRight': return run(() => handlers.step(1));
      case 'p': case 'P': case 'ArrowLeft': return run(() => handlers.step(-1));
      case 'Home': return run(() => handlers.step('first'));
      case 'Escape': return run(handlers.escape);
      case 'f': case 'F': return run(handlers.frame);
      case 'l': case 'L': return run(handlers.look);
      case ']': return run(() => handlers.cycle(1));
      case '[': return run(() => handlers.cycle(-1));
      case '?': return run(handlers.help);
      default: return undefined;
    }
  });
}

/** One key press turns the camera by this much (radians; 24 presses go round). */
const ORBIT_STEP = Math.PI / 12;
/** One key press zooms by this factor. */
const ZOOM_STEP = 1.25;

/**
 * The camera from the keyboard, while the 3D view has focus: the arrows orbit, + - and Page Up /
 * Page Down zoom; with Shift they move the selected volume (onMove({ screen, sign, fine }):
 * keyboard-move.js). The keys stop here, so → and ← step through the axes only elsewhere.
 * viewport: the Viewport (orbitBy, zoomBy).
 */
export function installCameraKeys(canvas, viewport, onMove) {
  canvas.addEventListener('keydown', (e) => {
    const move = moveFromKey(e);
    if (move) {
      e.preventDefault();
      e.stopPropagation();
      onMove(move);
      return;
    }
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const act = {
      ArrowLeft: () => viewport.orbitBy(-ORBIT_STEP, 0),
      ArrowRight: () => viewport.orbitBy(ORBIT_STEP, 0),
      ArrowUp: () => viewport.orbitBy(0, ORBIT_STEP),
      ArrowDown: () => viewport.orbitBy(0, -ORBIT_STEP),
      '+': () => viewport.zoomBy(1 / ZOOM_STEP),
      '=': () => viewport.zoomBy(1 / ZOOM_STEP),
      PageUp: () => viewport.zoomBy(1 / ZOOM_STEP),
      '-': () => viewport.zoomBy(ZOOM_STEP),
      PageDown: () => viewport.zoomBy(ZOOM_STEP),
    }[e.key];
    if (!act) return;
    e.preventDefault();
    e.stopPropagation();
    act();
  });
}
