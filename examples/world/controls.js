// The player's input: WASD or the arrow keys walk and turn, Space fires; the on-screen buttons
// do the same with a pointer or a finger (held: walk on), and with the keyboard (a press: a short
// walk, so a focused button works without a pointer); a click or tap on the view fires.

const KEYS = {
  KeyW: ['forward', 1], ArrowUp: ['forward', 1], KeyS: ['forward', -1], ArrowDown: ['forward', -1],
  KeyA: ['turn', 1], ArrowLeft: ['turn', 1], KeyD: ['turn', -1], ArrowRight: ['turn', -1],
};
/** How long a button pressed from the keyboard walks or turns, in ms. */
const NUDGE_MS = 250;

/**
 * Listens on the page; returns { read(now) -> { forward, turn, fire } }: the input held at time
 * `now` (performance.now()), and whether a shot was asked for since the last read.
 */
export function createControls(canvas, buttons) {
  const held = new Set();               // 'forward:1', 'turn:-1', ... from keys and pointers
  const nudges = new Map();             // the same, from buttons pressed with the keyboard: until when
  let fire = false;

  const isButton = (target) => target instanceof HTMLButtonElement;
  addEventListener('keydown', (e) => {
    // A focused button takes Space and Enter itself (its click).
    if (isButton(e.target) && (e.code === 'Space' || e.code === 'Enter')) return;
    if (e.code === 'Space') {
      if (!e.repeat) fire = true;
      e.preventDefault();
    } else if (KEYS[e.code]) {
      held.add(KEYS[e.code].join(':'));
      e.preventDefault();
    }
  });
  addEventListener('keyup', (e) => {
    if (KEYS[e.code]) held.delete(KEYS[e.code].join(':'));
  });
  // Keys let go while the page is elsewhere would otherwise walk on for good.
  addEventListener('blur', () => held.clear());
  canvas.addEventListener('pointerdown', () => { fire = true; });

  for (const button of buttons) {
    const action = button.dataset.action;
    if (action === 'fire') {
      button.addEventListener('click', () => { fire = true; });
      continue;
    }
    const press = (e) => {
      button.setPointerCapture?.(e.pointerId);
      held.add(action);
    };
    const release = () => held.delete(action);
    button.addEventListener('pointerdown', press);
    button.addEventListener('pointerup', release);
    button.addEventListener('pointercancel', release);
    button.addEventListener('lostpointercapture', release);
    // detail 0: a click from the keyboard (Enter or Space on the focused button).
    button.addEventListener('click', (e) => {
      if (e.detail === 0) nudges.set(action, performance.now() + NUDGE_MS);
    });
  }

  return {
    read(now) {
      let forward = 0, turn = 0;
      const add = (key) => {
        const [what, sign] = key.split(':');
        if (what === 'forward') forward += Number(sign);
        else turn += Number(sign);
      };
      held.forEach(add);
      for (const [key, until] of nudges) {
        if (until > now) add(key);
        else nudges.delete(key);
      }
      const shot = fire;
      fire = false;
      return { forward: Math.sign(forward), turn: Math.sign(turn), fire: shot };
    },
  };
}
