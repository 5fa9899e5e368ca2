// Keyboard focus across re-renders. The screens rebuild their elements on every state change, so the
// element that had focus is gone after a click or a key; a keyboard user would be thrown back to the
// top of the page. `focusKey` describes the focused element by what it is (its id, or its kind and
// data attributes inside the nearest part with an id or a seat), and `restoreFocus` finds it again in
// the new elements, or else the first control of the same part.

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function focusables(root) {
  if (!root) return [];
  return [...root.querySelectorAll(FOCUSABLE)].filter((el) => !el.closest('[hidden]') && (el.getClientRects().length > 0 || el instanceof SVGElement));
}

const esc = (v) => (window.CSS?.escape ? CSS.escape(v) : String(v).replace(/["\\]/g, '\\$&'));

const dataSelector = (el) => Object.entries(el.dataset || {}).filter(([k]) => k !== 'count')
  .map(([k, v]) => `[data-${k.replace(/[A-Z]/g, (m) => `-${m.toLowerCase()}`)}="${esc(v)}"]`).join('');

// The element's own selector: its id, else its tag, classes and data attributes (classes that say a
// passing state, such as "disabled", left out).
function ownSelector(el) {
  if (el.id) return `#${esc(el.id)}`;
  const cls = [...el.classList].filter((c) => !['active', 'disabled', 'primary', 'zero', 'chosen'].includes(c)).map((c) => `.${esc(c)}`).join('');
  return `${el.tagName.toLowerCase()}${cls}${dataSelector(el)}`;
}

// A part's selector: its id, else its tag and data attributes (a seat's row changes its classes when
// a bot sits in it, not its seat).
function scopeSelector(el) {
  return el.id ? `#${esc(el.id)}` : `${el.tagName.toLowerCase()}${dataSelector(el)}`;
}

// The part around the element that keeps its identity across renders (an id, a seat, a dialog).
function scopeOf(el, root) {
  for (let p = el.parentElement; p && p !== root; p = p.parentElement) {
    if (p.id || p.dataset?.seat !== undefined || p.dataset?.dialog !== undefined) return p;
  }
  return null;
}

// Null when nothing inside `root` has focus.
export function focusKey(root) {
  const el = document.activeElement;
  if (!el || el === document.body || !root.contains(el) || el === root) return null;
  const scope = scopeOf(el, root);
  const scopeSel = scope ? scopeSelector(scope) : null;
  const same = root.querySelectorAll(scopeSel ? `${scopeSel} ${ownSelector(el)}` : ownSelector(el));
  return { scope: scopeSel, self: ownSelector(el), index: Math.max(0, [...same].indexOf(el)), value: el.value, start: el.selectionStart };
}

// Puts focus back on the element `key` describes, or the first control of its part; true if it did.
export function restoreFocus(root, key) {
  // Something that already has the focus keeps it (a dialog that opened meanwhile took it).
  if (!key || (document.activeElement && document.activeElement !== document.body)) return false;
  const scope = key.scope ? root.querySelector(key.scope) : root;
  let el = null;
  if (scope) {
    const same = scope.querySelectorAll(key.self);
    el = same[key.index] || same[0] || focusables(scope)[0] || null;
  }
  if (!el) return false;
  el.focus({ preventScroll: true });
  // A text field rebuilt while typing keeps the caret where it was.
  if (typeof key.start === 'number' && typeof el.setSelectionRange === 'function' && el.value === key.value) {
    try { el.setSelectionRange(key.start, key.start); } catch { /* not a text field */ }
  }
  return document.activeElement === el;
}

// Renders `root` again with `render()` and keeps the keyboard focus where it was.
export function keepingFocus(root, render) {
  const key = focusKey(root);
  render();
  restoreFocus(root, key);
}
