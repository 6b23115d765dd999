// A tiny element builder. Text goes in through textContent only: nothing from a scene, a link
// or a file is ever parsed as HTML.

/** The element of the page with this id. */
export function byId(id) {
  return document.getElementById(id);
}

/**
 * h('div', { class: 'row', title: 't', onclick: fn, dataset: {i: 1} }, 'text', child, ...)
 * Props: class, style (an object of CSS properties), dataset, on* listeners; others become
 * properties when the element has them (value, checked, disabled, type...), else attributes.
 */
export function h(tag, props = {}, ...children) {
  const el = tag.startsWith('svg:')
    ? document.createElementNS('http://www.w3.org/2000/svg', tag.slice(4))
    : document.createElement(tag);
  for (const [key, value] of Object.entries(props ?? {})) {
    if (value == null || value === false) continue;
    if (key === 'class') el.setAttribute('class', value);
    else if (key === 'style') Object.assign(el.style, value);
    else if (key === 'dataset') Object.assign(el.dataset, value);
    else if (key.startsWith('on')) el.addEventListener(key.slice(2), value);
    else if (key in el && !(el instanceof SVGElement)) el[key] = value;
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child == null || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replaces an element's children. */
export function setChildren(el, ...children) {
  el.replaceChildren();
  append(el, children);
}

/**
 * Makes an element's children equal to the given ones (as setChildren does), keeping the nodes
 * that already are: an unchanged text or element is left alone, an element of the same tag and
 * attributes is updated inside, a text node only gets its new text. A panel refreshed on every
 * frame of a drag then costs layout and paint for what changed only, and keeps focus and
 * hover. The kept elements keep their listeners: use it for content whose listeners do not
 * depend on the data shown.
 */
export function patchChildren(el, ...children) {
  const next = document.createDocumentFragment();
  append(next, children);
  patch(el, [...next.childNodes]);
}

function patch(el, next) {
  const old = [...el.childNodes];
  next.forEach((node, i) => {
    const current = old[i];
    if (!current) el.append(node);
    else if (current.isEqualNode(node)) return;
    else if (current.nodeType === Node.TEXT_NODE && node.nodeType === Node.TEXT_NODE) current.data = node.data;
    else if (sameShell(current, node)) patch(current, [...node.childNodes]);
    else current.replaceWith(node);
  });
  for (const extra of old.slice(next.length)) extra.remove();
}

function sameShell(a, b) {
  if (a.nodeType !== Node.ELEMENT_NODE || b.nodeType !== Node.ELEMENT_NODE || a.tagName !== b.tagName) return false;
  if (a.attributes.length !== b.attributes.length) return false;
  for (const { name, value } of b.attributes) if (a.getAttribute(name) !== value) return false;
  return true;
}

/** True when keyboard input goes to a text field (shortcuts must not fire). */
export function isTyping(event) {
  const t = event.target;
  return t instanceof HTMLElement && (t.isContentEditable || t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT');
}
