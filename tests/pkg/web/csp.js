import { init } from '/dist/index.js';
import { runScenario } from './scenario.js';

const out = document.getElementById('out');
const violations = [];
document.addEventListener('securitypolicyviolation', (e) => violations.push(`${e.violatedDirective}: ${e.blockedURI}`));
runScenario(init).then(
  (result) => { result.violations = violations; out.textContent = JSON.stringify(result); out.dataset.status = 'ok'; },
  (error) => { out.textContent = `${error?.stack ?? error}\n${violations.join('\n')}`; out.dataset.status = 'error'; },
);
