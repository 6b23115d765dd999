// embed.html, the iframe fallback for sites that cannot load scripts: one <sepaxis-demo> in the
// whole window, its scene in the URL hash in the visualizer's share-link format, its attributes
// in the query (panels, step, theme, editable, camera, descent).
//
// The page only unpacks the link; the demo checks the scene (with the package's module without
// the World, as every demo does) and shows what is wrong with it in its own box. The demo stays
// hidden until it has a scene, so it never starts without one; a link that holds no readable
// scene at all is said in the page's one box instead.

import 'sepaxis/demo';
import { decodeSceneText, SceneError } from '../view/share.js';

const ATTRIBUTES = ['panels', 'step', 'theme', 'editable', 'camera', 'descent'];
const demo = document.querySelector('sepaxis-demo');
const error = document.getElementById('embed-error');
const params = new URLSearchParams(location.search);
for (const name of ATTRIBUTES) {
  if (params.has(name)) demo.setAttribute(name, params.get(name));
}
// The page's own colours follow the demo's theme (embed.css).
document.documentElement.dataset.theme = demo.getAttribute('theme') === 'light' ? 'light' : 'dark';

/** The scene data of the link (parsed JSON, not yet checked); throws SceneError. */
async function linkScene() {
  const text = await decodeSceneText(location.hash);
  if (text === null) throw new SceneError('the link has no scene: it should end in #scene=… (the visualizer\'s Share link)');
  try {
    return JSON.parse(text);
  } catch {
    throw new SceneError('the scene data in the link is damaged (it is not JSON)');
  }
}

async function open() {
  let data;
  try {
    data = await linkScene();
  } catch (e) {
    demo.hidden = true;
    error.textContent = `This demo cannot show its scene: ${e instanceof SceneError ? e.message : 'it could not be read'}.`;
    error.hidden = false;
    return;
  }
  error.hidden = true;
  demo.scene = data;
  demo.hidden = false;
}

open();
window.addEventListener('hashchange', open);
