// embed.html, the iframe fallback for sites that cannot load scripts: one <sepaxis-demo> in the
// whole window, its scene in the URL hash in the visualizer's share-link format, its attributes
// in the query (panels, step, theme, editable, camera). A link that cannot be read says why.

import { init } from 'sepaxis';
import '../demo/demo.js';
import { decodeScene, SceneError } from '../view/share.js';

const ATTRIBUTES = ['panels', 'step', 'theme', 'editable', 'camera'];
const demo = document.querySelector('sepaxis-demo');
const error = document.getElementById('embed-error');
const params = new URLSearchParams(location.search);
for (const name of ATTRIBUTES) {
  if (params.has(name)) demo.setAttribute(name, params.get(name));
}

async function open() {
  const sx = await init();
  try {
    const scene = await decodeScene(location.hash, sx);
    if (!scene) throw new SceneError('the link has no scene: it should end in #scene=… (the visualizer\'s Share link)');
    demo.scene = scene;
    error.hidden = true;
  } catch (e) {
    error.textContent = `This demo cannot show its scene: ${e instanceof SceneError ? e.message : 'it could not be read'}.`;
    error.hidden = false;
  }
}

open();
window.addEventListener('hashchange', open);
