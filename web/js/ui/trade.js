// Trading: the bank/harbor dialog (with this seat's ratios), the domestic offer editor (to everyone or
// one player), the counter-offer editor, and the panel showing the open offer with accept / decline /
// counter for the addressed players and confirm / withdraw for the proposer.

import { h } from '../dom.js';
import { t, RESOURCES, resList } from '../i18n.js';
import { resIcon, seatBadge } from '../icons.js';
import { all, find, has, bankRates } from '../legal.js';
import { resourceSteppers, resChips, sum } from './common.js';
import { seatName, who } from '../format.js';

const clean = (set) => Object.fromEntries(RESOURCES.filter((r) => (set[r] || 0) > 0).map((r) => [r, set[r]]));
const overlaps = (a, b) => RESOURCES.some((r) => (a[r] || 0) > 0 && (b[r] || 0) > 0);

export function tradeDialog(store) {
  return {
    id: 'trade',
    valid: (st) => !!st.doc?.game?.me && st.doc.game.phase !== 'game_over',
    title: () => t('trade.title'),
    initial: (st) => ({ tab: has(st.legal, 'bank_trade') || !st.legal?.may_propose_trade ? 'bank' : 'players', give: null, get: null, offerGive: {}, offerWant: {}, to: null }),
    render(st, local, set, close) {
      const tabs = h('div.tabs', { role: 'tablist' },
        h('button.tab#tab-bank', { type: 'button', role: 'tab', 'aria-selected': String(local.tab === 'bank'), onclick: () => set({ tab: 'bank' }) }, t('trade.bank')),
        h('button.tab#tab-players', { type: 'button', role: 'tab', 'aria-selected': String(local.tab === 'players'), onclick: () => set({ tab: 'players' }) }, t('trade.players')));
      return h('div', tabs, local.tab === 'bank' ? bankTab(st, store, local, set, close) : offerTab(st, store, local, set, close));
    },
  };
}

function bankTab(st, store, local, set, close) {
  const g = st.doc.game;
  const hand = g.me.hand;
  const rates = bankRates(g, st.seat, st.topology);
  const giveOk = (r) => all(st.legal, 'bank_trade').some((a) => a.give === r);
  const action = local.give && local.get ? find(st.legal, 'bank_trade', (a) => a.give === local.give && a.get === local.get) : null;
  return h('div.bank',
    h('p.help', t('trade.bank_help')),
    h('h3', t('trade.give')),
    h('div.res-buttons.give', RESOURCES.map((r) =>
      h('button.res-button', { type: 'button', dataset: { res: r }, 'aria-pressed': String(local.give === r), disabled: !giveOk(r), onclick: () => set({ give: r, get: local.get === r ? null : local.get }) },
        resIcon(r), h('span.rate', t('trade.rate', { ratio: rates[r] })), h('span.have', `${hand[r]}`)))),
    h('h3', t('trade.get')),
    h('div.res-buttons.get', RESOURCES.map((r) =>
      h('button.res-button', { type: 'button', dataset: { res: r }, 'aria-pressed': String(local.get === r), disabled: !local.give || r === local.give || !find(st.legal, 'bank_trade', (a) => a.give === local.give && a.get === r), onclick: () => set({ get: r }) },
        resIcon(r), h('span', t(`res.${r}`))))),
    h('button.primary.big#bank-confirm', { type: 'button', disabled: !action, onclick: () => { store.command(action); set({ give: null, get: null }); } },
      local.give && local.get ? t('trade.do', { n: rates[local.give], give: t(`res.${local.give}`), get: t(`res.${local.get}`) }) : t('trade.title')));
}

function offerTab(st, store, local, set, close) {
  const g = st.doc.game;
  const may = !!st.legal?.may_propose_trade;
  const hand = g.me.hand;
  const others = g.players.filter((p) => p.seat !== st.seat);
  const valid = sum(local.offerGive) > 0 && sum(local.offerWant) > 0 && !overlaps(local.offerGive, local.offerWant);
  return h('div.offer-editor',
    may ? null : h('p.reason', t('trade.no_propose')),
    h('h3', t('trade.you_give')),
    resourceSteppers({ value: local.offerGive, max: hand, hand, name: 'give', onChange: (v) => set({ offerGive: v }) }),
    h('h3', t('trade.you_want')),
    resourceSteppers({ value: local.offerWant, max: 19, name: 'want', onChange: (v) => set({ offerWant: v }) }),
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

export function counterDialog(store) {
  return {
    id: 'counter',
    valid: (st) => !!st.doc?.game?.offer && !!st.legal?.may_counter_trade,
    title: (st) => t('trade.counter_title', { who: seatName(st.doc, st.doc.game.offer.from) }),
    // The counter is from my side: I give what they wanted, I want what they gave, as a start.
    initial: (st) => ({ give: { ...st.doc.game.offer.want }, want: { ...st.doc.game.offer.give } }),
    render(st, local, set, close) {
      const hand = st.doc.game.me.hand;
      const valid = sum(local.give) > 0 && sum(local.want) > 0 && !overlaps(local.give, local.want);
      return h('div.offer-editor',
        h('h3', t('trade.you_give')),
        resourceSteppers({ value: local.give, max: hand, hand, name: 'give', onChange: (v) => set({ give: v }) }),
        h('h3', t('trade.you_want')),
        resourceSteppers({ value: local.want, max: 19, name: 'want', onChange: (v) => set({ want: v }) }),
        valid ? null : h('p.reason', t('trade.invalid')),
        h('button.primary.big#counter-send', { type: 'button', disabled: !valid, onclick: () => { store.command({ type: 'counter_trade', give: clean(local.give), want: clean(local.want) }); close(); } }, t('trade.send_counter')));
    },
  };
}

// The open offer, shown above the hand. Returns null when there is none.
export function offerPanel(st, store, openCounter) {
  const g = st.doc?.game;
  const o = g?.offer;
  if (!o) return null;
  const me = st.seat;
  const doc = st.doc;
  const cmd = (type, extra = {}) => () => store.command({ type, ...extra });
  if (o.from === me) {
    return h('section.offer-panel.mine#offer-panel', { dataset: { role: 'proposer' } },
      h('p', t('offer.mine', { give: resList(o.give), want: resList(o.want), to: o.to === null ? t('everyone') : seatName(doc, o.to) })),
      h('ul.responses', o.responses.map((r) => {
        const confirm = find(st.legal, 'confirm_trade', (a) => a.with === r.seat);
        return h(`li.response.${r.response}`, { dataset: { seat: r.seat, response: r.response } },
          seatBadge(r.seat), h('span.name', seatName(doc, r.seat)), h('span.status', t(`offer.status.${r.response}`)),
          r.response === 'countered' ? h('span.counter-terms', t('offer.counter_terms', { give: resList(r.give), want: resList(r.want) })) : null,
          confirm ? h('button.primary.small.confirm', { type: 'button', dataset: { with: r.seat }, onclick: () => store.command(confirm) }, t('offer.confirm', { who: seatName(doc, r.seat) })) : null);
      })),
      has(st.legal, 'cancel_trade') ? h('button.small#offer-cancel', { type: 'button', onclick: cmd('cancel_trade') }, t('offer.cancel')) : null);
  }
  const mine = o.responses.find((r) => r.seat === me);
  const addressed = me !== null && (o.to === null || o.to === me) && mine;
  if (!addressed) {
    return h('section.offer-panel#offer-panel', { dataset: { role: 'watcher' } },
      h('p', t('offer.other', { who: seatName(doc, o.from), to: o.to === null ? t('everyone') : who(doc, o.to, me), give: resList(o.give), want: resList(o.want) })));
  }
  const canAccept = has(st.legal, 'accept_trade');
  return h('section.offer-panel.to-me#offer-panel', { dataset: { role: 'addressee', response: mine.response } },
    h('p', t('offer.to_me', { who: seatName(doc, o.from), give: resList(o.give), want: resList(o.want) })),
    h('div.offer-terms', h('span', '+'), resChips(o.give), h('span', '−'), resChips(o.want)),
    mine.response === 'pending'
      ? h('div.offer-buttons',
          h('button.primary#offer-accept', { type: 'button', disabled: !canAccept, title: canAccept ? '' : t('offer.cannot_afford'), onclick: cmd('accept_trade') }, t('offer.accept')),
          has(st.legal, 'decline_trade') ? h('button#offer-decline', { type: 'button', onclick: cmd('decline_trade') }, t('offer.decline')) : null,
          st.legal?.may_counter_trade ? h('button#offer-counter', { type: 'button', onclick: openCounter }, t('offer.counter')) : null,
          canAccept ? null : h('span.reason', t('offer.cannot_afford')))
      : h('p.muted', `${t(`offer.status.${mine.response}`)} — ${t('offer.waiting', { who: seatName(doc, o.from) })}`));
}
