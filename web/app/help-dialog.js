// The help dialog: the keyboard shortcuts (keyboard.js's SHORTCUTS) as a table, opened with ?
// or the toolbar's help button and closed with Esc or its close button.

import { h } from '../view/dom.js';
import { SHORTCUTS } from './keyboard.js';

export class HelpDialog {
  /** dialog: the <dialog>; body: the table body for the shortcuts; close: its close button. */
  constructor(dialog, body, close) {
    this.dialog = dialog;
    body.replaceChildren(...SHORTCUTS.map(([keys, what]) => h('tr', {},
      h('td', {}, ...keys.split(' ').map((k, i) => [i ? ' ' : null, /^[/·]$/.test(k) ? k : h('kbd', {}, k)])),
      h('td', {}, what))));
    close.addEventListener('click', () => dialog.close());
  }

  get open() {
    return this.dialog.open;
  }

  toggle() {
    if (this.dialog.open) this.dialog.close();
    else this.dialog.showModal();
  }

  close() {
    this.dialog.close();
  }
}
