// The fits of fit-table.js on a worker thread: the tight OBB and the convex hull of a large mesh
// take hundreds of milliseconds each, one call each, which on the page's thread would stop its
// drawing and input for as long. Gets { id, points } (flat x, y, z), posts { id, row } for each
// row of fitRows, then { id, done: true }, or { id, error } (a message).

import { init } from 'sepaxis';
import { fitRows } from '../view/fit-table.js';

const ready = init();

self.addEventListener('message', async ({ data: { id, points } }) => {
  try {
    const sx = await ready;
    for (const row of fitRows(sx, points)) self.postMessage({ id, row });
    self.postMessage({ id, done: true });
  } catch (e) {
    self.postMessage({ id, error: e.message });
  }
});
