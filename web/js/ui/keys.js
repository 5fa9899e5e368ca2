// Keyboard play on a desktop: R rolls, E ends the turn, 1/2/3 (or B/S/C) choose the road, settlement
// and city build modes, T opens the trade, Escape closes a dialog (the Modal does it) or leaves the build
// mode; the arrow keys move between the highlighted spots of the board and Enter or Space picks one
// (board.js). A shortcut presses its action button, so a refused action says why, as a click does.
// Keys are ignored while typing in a field and while a dialog is open.

import { t } from '../i18n.js';

// Seafarers games add 4 (ship) and M (move a ship); elsewhere they find no button and do nothing.
export const SHORTCUTS = { roll: 'R', end: 'E', road: '1', settlement: '2', city: '3', ship: '4', move_ship: 'M', trade: 'T' };
const KEY_ACTION = { r: 'roll', e: 'end', 1: 'road', 2: 'settlement', 3: 'city', 4: 'ship', b: 'road', s: 'settlement', c: 'city', m: 'move_ship', t: 'trade' };
const DIRECTIONS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

// "Roll (key R)" for an action button's title.
export function shortcutTitle(id, text) {
  return SHORTCUTS[id] ? t('keys.hint', { label: text, key: SHORTCUTS[id] }) : text;
}

function typing(el) {
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

// The highlighted spot nearest to `from` in direction [dx, dy] (within 60° of it), else null.
function nextSpot(spots, from, [dx, dy]) {
  let best = null;
  let bestScore = Infinity;
  for (const sp of spots) {
    if (sp === from) continue;
    const vx = sp.x - from.x;
    const vy = sp.y - from.y;
    const dist = Math.hypot(vx, vy);
    const along = (vx * dx + vy * dy) / (dist || 1);
    if (along < 0.5) continue;
    const score = dist * (2 - along);
    if (score < bestScore) {
      bestScore = score;
      best = sp;
    }
  }
  return best;
}

function moveFocus(board, key) {
  const spots = board.spots || [];
  if (!spots.length) return false;
  const current = spots.find((sp) => sp.el === document.activeElement);
  let target;
  if (!current) target = [...spots].sort((a, b) => a.y - b.y || a.x - b.x)[0];
  else target = nextSpot(spots, current, DIRECTIONS[key]);
  target?.el.focus();
  return true;
}

// Installs the keys for a GameView; they stop when its element leaves the page.
export function installKeys(view) {
  const onKey = (e) => {
    if (!view.el.isConnected) {
      document.removeEventListener('keydown', onKey);
      return;
    }
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || typing(e.target) || view.modal?.id) return;
    if (DIRECTIONS[e.key]) {
      if (moveFocus(view.board, e.key)) e.preventDefault();
      return;
    }
    if (e.key === 'Escape' && view.mode) {
      view.mode = null;
      view.shipFrom = null;
      view.update(view.st);
      return;
    }
    const action = KEY_ACTION[e.key.toLowerCase()];
    const button = action && view.el.querySelector(`[data-action="${action}"]`);
    if (!button) return;
    e.preventDefault();
    button.click();
  };
  document.addEventListener('keydown', onKey);
  return () => document.removeEventListener('keydown', onKey);
}
