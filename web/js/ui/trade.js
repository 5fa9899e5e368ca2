// Trading: the bank dialog (one button per bank trade the server lists, at the ratio it costs), the
// domestic offer editor (to everyone or one player), and the panel showing the open offer: accept /
// decline / counter for the addressed players, the counter-offer edited inside the panel, and
// confirm / withdraw for the proposer. Cards are picked by tapping them (cardPicker), not with steppers.

import { h, replace } from '../dom.js';
import { t, RESOURCES, resList } from '../i18n.js';
import { resIcon, seatBadge } from '../icons.js';
import { gameRules, supplyPerResource } from '../rules.js';
import { all, find, has } from '../legal.js';
import { resChips, sum } from './common.js';
import { seatName, who } from '../format.js';

const clean = (set) => Object.fromEntries(RESOURCES.filter((r) => (set[r] || 0) > 0).map((r) => [r, set[r]]));
const overlaps = (a, b) => RESOURCES.some((r) => (a[r] || 0) > 0 && (b[r] || 0) > 0);
const validTerms = (give, want) => sum(give) > 0 && sum(want) > 0 && !overlaps(give, want);

// Picking cards by tapping: the row of the five resources adds one card per tap (up to `limit`, a
// number or a per-resource hand); the picked cards below take one back per tap.
export function cardPicker({ value, limit, name, onChange, hand, label }) {
  const max = (r) => (typeof limit === 'number' ? limit : limit?.[r] ?? 0);
  const pool = RESOURCES.map((r) => {
    const n = value[r] || 0;
    const label = hand ? t('trade.add_held', { res: t(`res.${r}`), n: hand[r] || 0 }) : t('trade.add', { res: t(`res.${r}`) });
    return h(`button.pick-card.res-${r}`, { type: 'button', dataset: { res: r }, 'aria-label': label, title: label, disabled: n >= max(r), onclick: () => onChange({ ...value, [r]: n + 1 }) },
      resIcon(r, 'icon pick-icon'), hand ? h('span.held', String(Math.max(0, (hand[r] || 0) - n))) : null);
  });
  const chosen = RESOURCES.filter((r) => (value[r] || 0) > 0).map((r) => {
    const label = t('trade.remove', { res: t(`res.${r}`) });
    return h(`button.picked.res-${r}`, { type: 'button', dataset: { res: r, count: value[r] }, 'aria-label': `${label} (${value[r]})`, title: label, onclick: () => onChange({ ...value, [r]: value[r] - 1 }) },
      resIcon(r, 'icon'), h('b', `×${value[r]}`), h('span.unpick', { 'aria-hidden': 'true' }, '✕'));
  });
  return h('div.picker', { dataset: { name } },
    h('div.pick-pool', pool),
    h('div.pick-chosen', { 'aria-live': 'polite' }, label ? h('span.side-label', label) : null, chosen.length ? chosen : h('span.muted.small', t('trade.none_picked'))));
}

export function tradeDialog(store) {
  return {
    id: 'trade',
    valid: (st) => !!st.doc?.game?.me && st.doc.game.phase !== 'game_over',
    title: () => t('trade.title'),
    initial: (st) => ({ tab: has(st.legal, 'bank_trade') || !st.legal?.may_propose_trade ? 'bank' : 'players', offerGive: {}, offerWant: {}, to: null }),
    render(st, local, set, close) {
      const tabs = h('div.tabs', { role: 'tablist' },
        h('button.tab#tab-bank', { type: 'button', role: 'tab', 'aria-selected': String(local.tab === 'bank'), onclick: () => set({ tab: 'bank' }) }, t('trade.bank')),
        h('button.tab#tab-players', { type: 'button', role: 'tab', 'aria-selected': String(local.tab === 'players'), onclick: () => set({ tab: 'players' }) }, t('trade.players')));
      return h('div', tabs, local.tab === 'bank' ? bankTab(st, store, local, set) : offerTab(st, store, local, set, close));
    },
  };
}

// The bank trades the server lists as legal now, grouped by what is given, at the ratio the server
// states for this seat (legal.bank_ratios); the harbor rule is the engine's, never worked out here.
// Without a stated ratio (an older server) the ratio is null and the buttons show none.
export function bankSuggestions(st) {
  const rates = st.legal?.bank_ratios || {};
  const groups = new Map();
  for (const a of all(st.legal, 'bank_trade')) {
    if (!groups.has(a.give)) groups.set(a.give, []);
    groups.get(a.give).push({ give: a.give, get: a.get, ratio: rates[a.give] ?? null });
  }
  return RESOURCES.filter((r) => groups.has(r)).map((r) => ({ give: r, ratio: groups.get(r)[0].ratio, trades: groups.get(r) }));
}

// A bank trade cannot be taken back (the rules have no undo, and the way back costs 4 more cards), so a
// tap picks the trade and says it in words; a second tap, on "Trade", makes it.
function bankTab(st, store, local, set) {
  const rows = bankSuggestions(st);
  if (!rows.length) return h('div.bank', h('p.help#bank-none', t('trade.bank_none')));
  const pick = local.bankPick && rows.some((r) => r.trades.some((tr) => tr.give === local.bankPick.give && tr.get === local.bankPick.get)) ? local.bankPick : null;
  const confirm = pick
    ? h('div.bank-confirm#bank-confirm', { role: 'group', 'aria-label': t('trade.bank_confirm_title') },
        h('p.bank-confirm-text', pick.ratio === null
          ? `${t(`res.${pick.give}`)} → ${t(`res.${pick.get}`)}`
          : t('trade.do', { n: pick.ratio, give: t(`res.${pick.give}`), get: t(`res.${pick.get}`) })),
        h('div.bank-confirm-buttons',
          h('button.primary#bank-do', { type: 'button', onclick: () => { set({ bankPick: null }); store.command({ type: 'bank_trade', give: pick.give, get: pick.get }); } }, t('trade.bank_do')),
          h('button#bank-cancel', { type: 'button', onclick: () => set({ bankPick: null }) }, t('common.cancel'))))
    : null;
  return h('div.bank',
    h('p.help', t('trade.bank_quick')),
    h('ul.bank-rows', rows.map((row) =>
      h('li.bank-row', { dataset: { give: row.give } },
        h('span.bank-give', row.ratio === null ? {} : { title: t('trade.rate', { ratio: row.ratio }) },
          row.ratio === null ? null : h('b', String(row.ratio)), resIcon(row.give), h('span.arrow', { 'aria-hidden': 'true' }, '→')),
        h('span.bank-gets', row.trades.map((tr) => {
          const label = tr.ratio === null ? `${t(`res.${tr.give}`)} → ${t(`res.${tr.get}`)}` : t('trade.do', { n: tr.ratio, give: t(`res.${tr.give}`), get: t(`res.${tr.get}`) });
          const data = tr.ratio === null ? { give: tr.give, get: tr.get } : { give: tr.give, get: tr.get, ratio: tr.ratio };
          const chosen = !!pick && pick.give === tr.give && pick.get === tr.get;
          return h(`button.bank-suggest${chosen ? '.chosen' : ''}`, { type: 'button', dataset: data, 'aria-label': label, title: label, 'aria-pressed': String(chosen),
            onclick: () => set({ bankPick: chosen ? null : { give: tr.give, get: tr.get, ratio: tr.ratio } }) }, h('b', '1'), resIcon(tr.get));
        }))))),
    confirm);
}

function offerTab(st, store, local, set, close) {
  const g = st.doc.game;
  const may = !!st.legal?.may_propose_trade;
  const hand = g.me.hand;
  const others = g.players.filter((p) => p.seat !== st.seat);
  const valid = validTerms(local.offerGive, local.offerWant);
  return h('div.offer-editor',
    may ? null : h('p.reason', t('trade.no_propose')),
    h('p.help', t('trade.tap_hint')),
    cardPicker({ value: local.offerGive, limit: hand, hand, name: 'give', label: t('trade.you_give'), onChange: (v) => set({ offerGive: v }) }),
    cardPicker({ value: local.offerWant, limit: supplyPerResource(gameRules(st)), name: 'want', label: t('trade.you_want'), onChange: (v) => set({ offerWant: v }) }),
    h('h3', t('trade.to')),
    h('div.to-buttons',
      h('button.to#to-all', { type: 'button', 'aria-pressed': String(local.to === null), onclick: () => set({ to: null }) }, t('everyone')),
      others.map((p) => h('button.to', { type: 'button', dataset: { seat: p.seat }, 'aria-pressed': String(local.to === p.seat), onclick: () => set({ to: p.seat }) }, seatBadge(p.seat), seatName(st.doc, p.seat)))),
    valid || (!sum(local.offerGive) && !sum(local.offerWant)) ? null : h('p.reason', t('trade.invalid')),
    h('button.primary.big#offer-send', {
      type: 'button',
      disabled: !may || !valid,
      onclick: () => {
        const cmd = { type: 'propose_trade', give: clean(local.offerGive), want: clean(local.offerWant) };
        if (local.to !== null) cmd.to = local.to;
        store.command(cmd);
        close();
      },
    }, t('trade.offer')));
}

// The counter-offer as a dialog (kept for callers that open one); the offer panel edits it in place.
export function counterDialog(store) {
  return {
    id: 'counter',
    valid: (st) => !!st.doc?.game?.offer && !!st.legal?.may_counter_trade,
    title: (st) => t('trade.counter_title', { who: seatName(st.doc, st.doc.game.offer.from) }),
    initial: (st) => ({ give: { ...st.doc.game.offer.want }, want: { ...st.doc.game.offer.give } }),
    render(st, local, set, close) {
      return counterEditor(st, local, set, () => {
        store.command({ type: 'counter_trade', give: clean(local.give), want: clean(local.want) });
        close();
      });
    },
  };
}

// The counter-offer editor; `compact` (in the offer panel) puts Send and Back in the title row and
// each side's label in its picked-cards row, to keep the panel short on a phone.
function counterEditor(st, draft, set, send, back, title) {
  const hand = st.doc.game.me.hand;
  const valid = validTerms(draft.give, draft.want);
  const sendBtn = h('button.primary#counter-send', { type: 'button', disabled: !valid, title: t('trade.send_counter'), onclick: send }, back ? t('chat.send') : t('trade.send_counter'));
  return h('div.counter-editor',
    back ? h('div.counter-head', h('span.counter-title', title), sendBtn, h('button.icon-btn#counter-back', { type: 'button', 'aria-label': t('offer.counter_back'), title: t('offer.counter_back'), onclick: back }, '✕')) : null,
    cardPicker({ value: draft.give, limit: hand, hand, name: 'give', label: t('trade.you_give'), onChange: (v) => set({ give: v }) }),
    cardPicker({ value: draft.want, limit: supplyPerResource(gameRules(st)), name: 'want', label: t('trade.you_want'), onChange: (v) => set({ want: v }) }),
    valid ? null : h('p.reason', t('trade.invalid')),
    back ? null : sendBtn);
}

// Counter-offers being edited in the panel, by offer: the panel is rebuilt on every update, the
// draft must survive other players' answers arriving meanwhile.
const drafts = new Map();
const offerKey = (o) => JSON.stringify([o.from, o.to, o.give, o.want]);

// "You give 1 wool · you get 1 grain" as chips; from `side`'s point of view.
function terms(giveSet, getSet) {
  return h('div.offer-terms',
    h('span.term', h('span.term-label', t('offer.you_give')), resChips(giveSet)),
    h('span.term', h('span.term-label', t('offer.you_get')), resChips(getSet)));
}

// The open offer, shown above the hand. Returns null when there is none.
export function offerPanel(st, store) {
  const o = st.doc?.game?.offer;
  if (!o) {
    drafts.clear();
    return null;
  }
  const key = offerKey(o);
  for (const k of drafts.keys()) if (k !== key) drafts.delete(k);
  const panel = h('section.offer-panel#offer-panel');
  const draw = () => replace(panel, ...panelContent(st, store, o, key, draw));
  draw();
  const role = o.from === st.seat ? 'proposer' : panel.querySelector('.addressee') ? 'addressee' : 'watcher';
  panel.dataset.role = role;
  panel.classList.add({ proposer: 'mine', addressee: 'to-me', watcher: 'other' }[role]);
  return panel;
}

function panelContent(st, store, o, key, redraw) {
  const me = st.seat;
  const doc = st.doc;
  const cmd = (type, extra = {}) => () => store.command({ type, ...extra });
  const toName = o.to === null ? t('everyone') : seatName(doc, o.to);
  if (o.from === me) {
    // Only the addressed seat answers an offer to one player: the others were not asked, whatever
    // the server keeps for them.
    const rows = o.responses.map((r) => ({ ...r, response: o.to !== null && r.seat !== o.to ? 'not_asked' : r.response }));
    return [
      h('p.sr', t('offer.mine', { give: resList(o.give), want: resList(o.want), to: toName })),
      h('div.offer-head',
        h('span.offer-title', t('offer.mine_short', { to: toName })),
        has(st.legal, 'cancel_trade') ? h('button.small#offer-cancel', { type: 'button', onclick: cmd('cancel_trade') }, t('offer.cancel')) : null),
      terms(o.give, o.want),
      h('ul.responses', rows.map((r) => {
        const confirm = find(st.legal, 'confirm_trade', (a) => a.with === r.seat);
        return h(`li.response.${r.response}`, { dataset: { seat: r.seat, response: r.response } },
          seatBadge(r.seat, 'seat-badge tiny'), h('span.name', seatName(doc, r.seat)), h('span.status', t(`offer.status.${r.response}`)),
          r.response === 'countered' ? h('span.counter-terms', t('offer.counter_terms', { give: resList(r.give), want: resList(r.want) })) : null,
          confirm ? h('button.primary.small.confirm', { type: 'button', dataset: { with: r.seat }, onclick: () => store.command(confirm) }, t('offer.confirm', { who: seatName(doc, r.seat) })) : null);
      })),
    ];
  }
  const mine = o.responses.find((r) => r.seat === me);
  const addressed = me !== null && (o.to === null || o.to === me) && mine;
  if (!addressed) {
    return [h('p.offer-watch', seatBadge(o.from, 'seat-badge tiny'), ' ', t('offer.other', { who: seatName(doc, o.from), to: o.to === null ? t('everyone') : who(doc, o.to, me), give: resList(o.give), want: resList(o.want) }))];
  }
  const head = [
    h('p.sr', t('offer.to_me', { who: seatName(doc, o.from), give: resList(o.give), want: resList(o.want) })),
    h('div.offer-head.addressee', seatBadge(o.from, 'seat-badge tiny'), h('span.offer-title', t('offer.from', { who: seatName(doc, o.from) }))),
  ];
  const draft = drafts.get(key);
  if (draft && mine.response === 'pending' && st.legal?.may_counter_trade) {
    const set = (patch) => {
      drafts.set(key, { ...drafts.get(key), ...patch });
      redraw();
    };
    const send = () => {
      const d = drafts.get(key);
      drafts.delete(key);
      store.command({ type: 'counter_trade', give: clean(d.give), want: clean(d.want) });
    };
    const back = () => {
      drafts.delete(key);
      redraw();
    };
    return [h('p.sr', t('offer.to_me', { who: seatName(doc, o.from), give: resList(o.give), want: resList(o.want) })),
      counterEditor(st, draft, set, send, back, t('offer.counter_edit_short', { who: seatName(doc, o.from) }))];
  }
  const canAccept = has(st.legal, 'accept_trade');
  // After a counter-offer the panel shows its terms (from the proposer's side in the view), not the offer's.
  const countered = mine.response === 'countered';
  return [...head,
    countered ? h('p.counter-mine', t('offer.my_counter')) : null,
    countered ? terms(mine.want || {}, mine.give || {}) : terms(o.want, o.give),
    mine.response === 'pending'
      ? h('div.offer-buttons',
          h('button.primary#offer-accept', { type: 'button', disabled: !canAccept, title: canAccept ? '' : t('offer.cannot_afford'), onclick: cmd('accept_trade') }, t('offer.accept')),
          has(st.legal, 'decline_trade') ? h('button#offer-decline', { type: 'button', onclick: cmd('decline_trade') }, t('offer.decline')) : null,
          // One step: the counter starts as this offer inverted (what they want is what I give).
          st.legal?.may_counter_trade ? h('button#offer-counter', { type: 'button', onclick: () => { drafts.set(key, { give: { ...o.want }, want: { ...o.give } }); redraw(); } }, t('offer.counter')) : null,
          canAccept ? null : h('span.reason', t('offer.cannot_afford')))
      : h('p.muted', `${t(`offer.status.${mine.response}`)} — ${t('offer.waiting', { who: seatName(doc, o.from) })}`)];
}
