// The message banner (errors that need reading, e.g. a link that could not be opened) and short
// toasts ("Link copied"). Text only.

import { h, setChildren } from '../view/dom.js';

export class Messages {
  #timer = 0;

  constructor(banner, toast) {
    this.banner = banner;
    this.toast = toast;
  }

  /** A lasting message with a close button. kind: 'error' | 'info'. */
  show(title, detail = '', kind = 'error') {
    // A toast still showing belongs to what came before ("Opened a.json"): it would contradict
    // the message.
    this.#hideToast();
    this.banner.className = `banner ${kind}`;
    setChildren(this.banner,
      h('div', { class: 'banner-text' }, h('strong', {}, title), detail ? h('span', { class: 'detail' }, ` ${detail}`) : null),
      h('button', { class: 'icon', 'aria-label': 'Dismiss', onclick: () => this.clear() }, '×'));
    this.banner.hidden = false;
  }

  clear() {
    this.banner.hidden = true;
    this.banner.replaceChildren();
  }

  /** A short notice that fades by itself. */
  flash(text) {
    this.toast.textContent = text;
    this.toast.classList.add('visible');
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#hideToast(), 2200);
  }

  #hideToast() {
    clearTimeout(this.#timer);
    this.toast.classList.remove('visible');
  }
}
