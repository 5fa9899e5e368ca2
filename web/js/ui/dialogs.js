// Modal dialogs: one at a time, re-rendered on every state change with their own local choices, and
// closed by themselves when the situation they belong to is over. Plus the decision dialogs: discard,
// robber (or pirate) victim, gold, road or ship, Invention, Monopoly, development cards, game log, menu.

import { h, replace } from '../dom.js';
import { t, RESOURCES, DEV_CARDS } from '../i18n.js';
import { icon, resIcon, seatBadge, SEAT_COLORS } from '../icons.js';
import { all, find, has, devReason } from '../legal.js';
import { resourceSteppers, sum } from './common.js';
import { seatName, isSeaBoard, discardHelp } from '../format.js';
import { toast } from './toast.js';
import { cardPicker } from './trade.js';
import { focusables, focusKey, restoreFocus } from './focus.js';

// On a touch screen the browser sends a click after the finger lifts. When that lift opened a dialog
// (a tap on the board that asks "steal from whom?"), the click lands on the new dialog: on its
// backdrop it closed the dialog at once, on a button it chose for the player. So a click counts only
// if the press that made it started inside the dialog's layer; keyboard clicks (detail 0) always do.
// Keyboard: an open dialog takes the focus (its first button, not a text field that would raise a
// phone's keyboard), Tab and Shift+Tab stay inside it, and on closing the focus goes back to what
// opened it (found again if the screen was rebuilt meanwhile), else to `fallbackFocus()`.
export class Modal {
  constructor({ fallbackFocus } = {}) {
    this.root = document.getElementById('modal-root');
    this.fallbackFocus = fallbackFocus || (() => null);
    this.opener = null;
    this.spec = null;
    this.state = null;
    this.pressedInside = false;
    this.pressedOnBackdrop = false;
    this.onKey = (e) => {
      if (e.key === 'Escape' && this.spec?.dismissable !== false) this.close();
      if (e.key === 'Tab' && this.spec) this.trapTab(e);
    };
    this.onPress = (e) => {
      if (!this.spec) return;
      this.pressedInside = true;
      this.pressedOnBackdrop = e.target.classList?.contains('backdrop') || false;
    };
    this.onClick = (e) => {
      if (!this.spec || e.detail === 0 || this.pressedInside) return;
      e.preventDefault();
      e.stopPropagation();
    };
  }

  open(spec, state) {
    // A dialog opened over another (the log from the menu) gives the focus back to the first opener.
    if (!this.spec) this.opener = { el: document.activeElement, key: focusKey(document.body) };
    else this.removeListeners();
    this.spec = spec;
    this.local = spec.initial ? spec.initial(state) : {};
    this.pressedInside = false;
    this.pressedOnBackdrop = false;
    document.addEventListener('keydown', this.onKey);
    this.root.addEventListener('pointerdown', this.onPress, true);
    this.root.addEventListener('click', this.onClick, true);
    this.update(state);
  }

  removeListeners() {
    document.removeEventListener('keydown', this.onKey);
    this.root.removeEventListener('pointerdown', this.onPress, true);
    this.root.removeEventListener('click', this.onClick, true);
  }

  close() {
    if (!this.spec) return;
    const spec = this.spec;
    this.spec = null;
    this.removeListeners();
    const hadFocus = this.root.contains(document.activeElement);
    replace(this.root);
    this.root.classList.remove('open');
    spec.onClose?.();
    if (hadFocus || document.activeElement === document.body || !document.activeElement) this.giveFocusBack();
  }

  giveFocusBack() {
    const { el, key } = this.opener || {};
    this.opener = null;
    if (el && el.isConnected && el !== document.body && !this.root.contains(el)) el.focus({ preventScroll: true });
    else if (!restoreFocus(document.body, key)) this.fallbackFocus()?.focus({ preventScroll: true });
  }

  trapTab(e) {
    const dialog = this.root.querySelector('.dialog');
    const list = focusables(dialog);
    if (!list.length) return;
    const i = list.indexOf(document.activeElement);
    let next = null;
    if (i < 0) next = e.shiftKey ? list[list.length - 1] : list[0];
    else if (e.shiftKey && i === 0) next = list[list.length - 1];
    else if (!e.shiftKey && i === list.length - 1) next = list[0];
    if (next) {
      e.preventDefault();
      next.focus();
    }
  }

  // The first thing to focus in a new dialog: a button or choice (a text field would raise a phone's
  // keyboard), else the dialog itself.
  takeFocus() {
    const dialog = this.root.querySelector('.dialog');
    if (!dialog || dialog.contains(document.activeElement)) return;
    const bodyEl = dialog.querySelector('.dialog-body');
    const box = bodyEl?.getBoundingClientRect();
    // In view without scrolling: a long log's chat button at the bottom would make the list jump.
    const seen = (el) => { const r = el.getBoundingClientRect(); return box && r.top >= box.top - 1 && r.bottom <= box.bottom + 1; };
    const first = focusables(bodyEl).find((el) => (!['INPUT', 'TEXTAREA'].includes(el.tagName) || ['checkbox', 'radio'].includes(el.type)) && seen(el));
    (first || dialog).focus({ preventScroll: true });
  }

  get id() {
    return this.spec?.id || null;
  }

  setLocal(patch) {
    this.local = { ...this.local, ...patch };
    this.update(this.state);
  }

  update(state) {
    this.state = state;
    if (!this.spec) return;
    if (this.spec.valid && !this.spec.valid(state)) {
      this.close();
      return;
    }
    const spec = this.spec;
    if (spec.persistent && this.root.querySelector(`[data-dialog="${spec.id}"]`)) {
      spec.refresh?.(state);
      return;
    }
    const body = spec.render(state, this.local, (p) => this.setLocal(p), () => this.close());
    const closeBtn = spec.dismissable === false ? null : h('button.icon-btn.close', { type: 'button', 'aria-label': t('common.close'), onclick: () => this.close() }, '×');
    const key = focusKey(this.root);
    const dialog = h(`div.dialog.dialog-${spec.id}`, { role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'dialog-title', tabindex: -1, dataset: { dialog: spec.id } },
      h('div.dialog-head', h('h2#dialog-title', spec.title(state, this.local)), closeBtn),
      h('div.dialog-body', body));
    const scrollTop = this.root.querySelector('.dialog-body')?.scrollTop || 0;
    replace(this.root, h('div.backdrop', { onclick: (e) => { if (e.target === e.currentTarget && this.pressedOnBackdrop && spec.dismissable !== false) this.close(); } }, dialog));
    this.root.classList.add('open');
    const b = this.root.querySelector('.dialog-body');
    if (b) b.scrollTop = scrollTop;
    if (!restoreFocus(this.root, key)) this.takeFocus();
  }
}

const myPlayer = (g, seat) => g.players.find((p) => p.seat === seat);

// --- discard (R-7a) ----------------------------------------------------------------------------------

export function discardDialog(store) {
  return {
    id: 'discard',
    dismissable: false,
    valid: (st) => st.doc?.game?.phase === 'discard' && (myPlayer(st.doc.game, st.seat)?.discard_owed || 0) > 0,
    title: (st) => t('discard.title', { n: myPlayer(st.doc.game, st.seat).discard_owed }),
    initial: () => ({ pick: {} }),
    render(st, local, set) {
      const g = st.doc.game;
      const owed = myPlayer(g, st.seat).discard_owed;
      const hand = g.me.hand;
      const total = sum(local.pick);
      const ok = total === owed;
      const max = Object.fromEntries(RESOURCES.map((r) => [r, Math.min(hand[r], (local.pick[r] || 0) + owed - total)]));
      return h('div',
        h('p.help#discard-help', discardHelp(g)),
        resourceSteppers({ value: local.pick, max, hand, name: 'discard', onChange: (pick) => set({ pick }) }),
        h(`p.running${ok ? '.ok' : ''}#discard-total`, { 'aria-live': 'polite' }, t('discard.total', { n: total, owed })),
        h('button.primary.big#discard-confirm', {
          type: 'button',
          disabled: !ok,
          onclick: () => {
            const cards = Object.fromEntries(RESOURCES.filter((r) => local.pick[r] > 0).map((r) => [r, local.pick[r]]));
            store.command({ type: 'discard', cards });
          },
        }, t('discard.confirm')));
    },
  };
}

// --- robber victim (R-7c) ----------------------------------------------------------------------------

// `type`: 'move_robber', or 'move_pirate' for a sea hex (R-SF6: the pirate robs a ship's owner).
export function victimDialog(store, hex, type = 'move_robber') {
  return {
    id: 'victim',
    valid: (st) => all(st.legal, type).some((a) => a.hex === hex),
    title: () => t('robber.pick_victim'),
    render(st, local, set, close) {
      const opts = all(st.legal, type).filter((a) => a.hex === hex);
      return h('div.choices',
        opts.map((a) => {
          const v = a.victim;
          if (v === undefined || v === null) return h('button.big', { type: 'button', onclick: () => { close(); store.command(a); } }, t('robber.nobody'));
          const p = myPlayer(st.doc.game, v);
          return h('button.big.victim', { type: 'button', dataset: { victim: v }, onclick: () => { close(); store.command(a); } },
            seatBadge(v), h('span', seatName(st.doc, v)), h('span.muted', t('robber.victim_cards', { n: p?.cards ?? 0 })));
        }));
    },
  };
}

const sameSet = (a, b) => RESOURCES.every((r) => (a?.[r] || 0) === (b?.[r] || 0));

// --- gold (R-SF7) --------------------------------------------------------------------------------------

// Exactly as many resources as the seat's gold_owed, from the legal choose_gold actions (the server's
// list of every choice): a kind no legal choice holds cannot be picked. Like the discard, everyone
// who owes chooses at once, and the dialog goes when the server has the choice. Cards are picked by
// tapping (one row, as in the trade), so the dialog fits over a phone's board.
export function goldDialog(store) {
  const owedOf = (st) => myPlayer(st.doc.game, st.seat)?.gold_owed || 0;
  return {
    id: 'gold',
    dismissable: false,
    valid: (st) => st.doc?.game?.phase === 'choose_gold' && owedOf(st) > 0 && has(st.legal, 'choose_gold'),
    title: (st) => t('gold.title', { n: owedOf(st) }),
    initial: () => ({ pick: {} }),
    render(st, local, set) {
      const owed = owedOf(st);
      const choices = all(st.legal, 'choose_gold');
      const total = sum(local.pick);
      const most = Object.fromEntries(RESOURCES.map((r) => [r, Math.max(0, ...choices.map((a) => a.resources?.[r] || 0))]));
      const max = Object.fromEntries(RESOURCES.map((r) => [r, Math.min(most[r], (local.pick[r] || 0) + owed - total)]));
      const action = total === owed ? choices.find((a) => sameSet(a.resources, local.pick)) : null;
      return h('div',
        h('p.help', t('gold.help', { n: owed })),
        cardPicker({ value: local.pick, limit: max, name: 'gold', onChange: (pick) => set({ pick }) }),
        h(`p.running${action ? '.ok' : ''}#gold-total`, { 'aria-live': 'polite' }, t('discard.total', { n: total, owed })),
        h('button.primary.big#gold-confirm', { type: 'button', disabled: !action, onclick: () => store.command(action) }, t('gold.confirm')));
    },
  };
}

// --- a road or a ship on a coast path (R-SF3 in setup, R-SF9 with Road Building) -------------------

export function pieceDialog(store, path) {
  const road = (st) => find(st.legal, 'build_road', (a) => a.path === path);
  const ship = (st) => find(st.legal, 'build_ship', (a) => a.path === path);
  return {
    id: 'piece',
    valid: (st) => !!road(st) && !!ship(st),
    title: () => t('piece.choose'),
    render(st, local, set, close) {
      const seat = st.seat;
      return h('div.choices.piece-choices',
        h('button.big#piece-road', { type: 'button', onclick: () => { const a = road(st); close(); store.command(a); } }, icon('road', 'icon', SEAT_COLORS[seat]), h('span', t('act.road'))),
        h('button.big#piece-ship', { type: 'button', onclick: () => { const a = ship(st); close(); store.command(a); } }, icon('ship', 'icon', SEAT_COLORS[seat]), h('span', t('act.ship'))));
    },
  };
}

// --- Invention (R-D4), Monopoly (R-D5) ---------------------------------------------------------------

export function inventionDialog(store) {
  return {
    id: 'invention',
    valid: (st) => has(st.legal, 'play_invention'),
    title: () => t('invention.title'),
    initial: () => ({ pick: {} }),
    render(st, local, set, close) {
      const total = sum(local.pick);
      const bank = st.doc.game.bank;
      // How many cards Invention takes now (R-D4: fewer when the bank is short) is the size of the
      // picks the server lists.
      const size = Math.max(0, ...all(st.legal, 'play_invention').map((a) => sum(a.take)));
      const max = Object.fromEntries(RESOURCES.map((r) => [r, Math.min(bank[r], (local.pick[r] || 0) + size - total)]));
      const action = total === size ? find(st.legal, 'play_invention', (a) => sameSet(a.take, local.pick)) : null;
      return h('div',
        h('p.help', t('invention.help')),
        resourceSteppers({ value: local.pick, max, name: 'invention', onChange: (pick) => set({ pick }) }),
        h('button.primary.big#invention-confirm', { type: 'button', disabled: !action, onclick: () => { close(); store.command(action); } }, t('dev.play')));
    },
  };
}

export function monopolyDialog(store) {
  return {
    id: 'monopoly',
    valid: (st) => has(st.legal, 'play_monopoly'),
    title: () => t('monopoly.title'),
    render(st, local, set, close) {
      return h('div',
        h('p.help', t('monopoly.help')),
        h('div.res-buttons', RESOURCES.map((r) => {
          const a = find(st.legal, 'play_monopoly', (x) => x.resource === r);
          return h('button.big.res-button', { type: 'button', disabled: !a, dataset: { res: r }, onclick: () => { close(); store.command(a); } }, resIcon(r), t(`res.${r}`));
        })));
    },
  };
}

// --- development cards ---------------------------------------------------------------------------------

export function devCardList(st, store, onPlay) {
  const g = st.doc.game;
  const me = g.me;
  if (!me) return null;
  const held = DEV_CARDS.filter((c) => me.dev[c] > 0);
  if (!held.length) return h('p.muted.dev-none', t('dev.none'));
  return h('ul.dev-list', held.map((c) => {
    const why = devReason(c, g, st.legal, st.seat);
    const fresh = me.dev[c] - (me.dev_playable[c] || 0);
    return h('li.dev-card', { dataset: { card: c } },
      icon(c, 'icon dev-icon'),
      h('div.dev-text',
        h('strong', t(`dev.${c}`), me.dev[c] > 1 ? ` ×${me.dev[c]}` : ''),
        h('span.muted', t(c === 'road_building' && isSeaBoard(g.options?.board) ? 'dev.road_building.desc.sea' : `dev.${c}.desc`)),
        // A Victory Point card is not refused, it simply counts: said as information, not in an error's red.
        why ? h(c === 'victory_point' ? 'span.muted.vp-note' : 'span.reason', why) : null,
        fresh > 0 && c !== 'victory_point' && !why ? h('span.reason', t('why.bought_this_turn')) : null),
      c === 'victory_point' ? null
        : h('button.play', { type: 'button', 'aria-disabled': String(!!why), class: why ? 'disabled' : '', title: why || '', onclick: () => (why ? toast(why, 'error') : onPlay(c)) }, t('dev.play')));
  }));
}

export function devCardsDialog(store, onPlay) {
  return {
    id: 'devcards',
    valid: (st) => !!st.doc?.game?.me,
    title: () => t('dev.title'),
    render: (st, local, set, close) => devCardList(st, store, (c) => { close(); onPlay(c); }),
  };
}

// --- log, menu -------------------------------------------------------------------------------------------

export function panelDialog(id, title, content) {
  return { id, title: () => title(), render: (st, local, set, close) => content(st, close) };
}
