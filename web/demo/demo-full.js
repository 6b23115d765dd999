// What a demo loads only when its scene needs the package's full module (init()): a moving
// scene's motion card, its drawing (velocity arrows, the pair at t = 0 and at first contact) and
// the stepper's words for a sweep; a fit scene's fitting, drawing and card. Its own chunk, so that
// a page of still demos never downloads it.

export { MotionPanel } from '../view/motion-panel.js';
export { MotionDrawing } from '../view/motion-drawing.js';
export { explainSweepStep } from '../view/tutorial-sweep.js';
export { FIT_KINDS, fitRows } from '../view/fit-table.js';
export { FitDrawing } from '../view/fit-drawing.js';
export { FitCard } from './fit-card.js';
export { fitPoints } from '../view/point-clouds.js';
