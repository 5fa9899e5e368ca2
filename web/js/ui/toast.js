// Short messages at the bottom of the screen (errors, "link copied", why a button is disabled).

import { h } from '../dom.js';

let root = null;

export function toast(text, kind = 'info', ms = 3200) {
  root = root || document.getElementById('toast-root');
  if (!root) return;
  for (const old of [...root.children]) if (old.textContent === text) old.remove();
  const el = h(`div.toast.toast-${kind}`, { role: kind === 'error' ? 'alert' : 'status' }, text);
  root.append(el);
  while (root.children.length > 3) root.firstChild.remove();
  setTimeout(() => el.classList.add('leaving'), ms);
  setTimeout(() => el.remove(), ms + 400);
}
