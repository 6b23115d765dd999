// <sepaxis-fit-quiz for="demo-id [turned-demo-id]" ask="tightest | changed">Question</sepaxis-fit-quiz>:
// a question about the volumes fitted in a fit demo, answered by ticking them and checked against
// the demos' own fits (their `fits` property, the public API of <sepaxis-demo>): ask="tightest",
// the one with the smallest ratio to the hull (one choice); ask="changed", those whose ratio differs
// between the first demo and the second, the same cloud turned (any number). exercise-goal.js
// computes the answer.

import { fitAnswer } from './exercise-goal.js';

let quizzes = 0;

export class SepaxisFitQuiz extends HTMLElement {
  #form;
  #status;

  connectedCallback() {
    if (this.#form) return;
    const ask = this.getAttribute('ask');
    const demos = (this.getAttribute('for') ?? '').split(/\s+/).filter(Boolean).map((id) => document.getElementById(id));
    const legend = document.createElement('legend');
    legend.append(...this.childNodes);
    this.#form = document.createElement('form');
    const fieldset = document.createElement('fieldset');
    fieldset.append(legend);
    this.#form.append(fieldset);
    this.#status = document.createElement('p');
    this.#status.className = 'exercise-status';
    this.#status.setAttribute('role', 'status');
    this.append(this.#form, this.#status);
    if (!['tightest', 'changed'].includes(ask) || demos.length !== (ask === 'changed' ? 2 : 1) || demos.some((d) => !d)) {
      this.#status.textContent = 'This question has no demo to check it.';
      return;
    }
    const name = `fit-quiz-${++quizzes}`;
    const build = () => {
      const fits = demos[0].fits;
      if (!fits || fieldset.querySelector('label')) return;
      for (const f of fits) {
        const label = document.createElement('label');
        const input = document.createElement('input');
        input.type = ask === 'tightest' ? 'radio' : 'checkbox';
        input.name = name;
        input.value = f.id;
        label.append(input, ` ${f.label}`);
        fieldset.append(label);
      }
      const button = document.createElement('button');
      button.type = 'submit';
      button.textContent = 'Check';
      fieldset.append(button);
      this.#status.textContent = 'Tick your answer, then Check: the demo\'s own fits decide.';
    };
    for (const demo of demos) demo.addEventListener('fit', build);
    build();
    if (!demos[0].fits) this.#status.textContent = 'The demo is fitting…';
    this.#form.addEventListener('submit', (e) => {
      e.preventDefault();
      const fits = demos.map((d) => d.fits);
      if (fits.some((f) => !f)) {
        this.#status.textContent = 'The demos have not fitted yet: scroll them into view.';
        return;
      }
      const right = fitAnswer(ask, fits[0], fits[1]);
      const picked = [...this.#form.querySelectorAll('input:checked')].map((i) => i.value).sort();
      const done = picked.length === right.length && picked.every((id, i) => id === right[i]);
      const labels = (ids) => ids.map((id) => fits[0].find((f) => f.id === id).label).join(', ') || 'none';
      this.classList.toggle('done', done);
      this.#status.textContent = done
        ? `✓ Right: the demo's fits say ${labels(right)}.`
        : `Not yet: ${picked.length ? `${labels(picked)} is not the answer` : 'nothing is ticked'}. Compare the ratios in the demo${ask === 'changed' ? 's' : ''} and try again.`;
    });
  }
}
