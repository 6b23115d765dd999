// A Vite app that uses the installed package by name. tests/pkg/vite.mjs copies this folder and
// ../scenario.js into a consumer folder, builds it and loads it in headless Chromium.
import { init } from 'sepaxis';
import { runScenario } from './scenario.js';

const out = document.getElementById('out');
runScenario(init).then(
  (result) => { out.textContent = JSON.stringify(result); out.dataset.status = 'ok'; },
  (error) => { out.textContent = String(error?.stack ?? error); out.dataset.status = 'error'; },
);
