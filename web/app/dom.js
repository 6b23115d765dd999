// A tiny element builder. Text goes in through textContent only: nothing from a scene, a link
// or a file is ever parsed as HTML.

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

/** True when keyboard input goes to a text field (shortcuts must not fire). */
export function isTyping(event) {
  const t = event.target;
  return t instanceof HTMLElement && (t.isContentEditable || t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT');
}
