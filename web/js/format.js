// Game events as sentences in the reader's language, with names and "you" ("Ana rolled 8 — you got
// 2 ore"). Unknown event types fall back to the server's English `text`.

import { t, resList, hasOwn } from './i18n.js';

export function seatName(doc, seat) {
  if (seat === null || seat === undefined) return '?';
  const entry = doc?.room?.seats?.find((x) => x.seat === seat);
  return entry?.name || t('seat.n', { n: seat + 1 });
}

export function who(doc, seat, me) {
  return seat === me ? t('you') : seatName(doc, seat);
}

function key(type, isMe) {
  const k = `ev.${type}${isMe ? '.me' : ''}`;
  return isMe && hasOwn(k) ? k : `ev.${type}`;
}

const capital = (s) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);

export function eventText(ev, doc, me) {
  return capital(eventSentence(ev, doc, me));
}

function eventSentence(ev, doc, me) {
  const isMe = ev.player === me && me !== null && me !== undefined;
  const p = {
    who: who(doc, ev.player, me),
    victim: who(doc, ev.victim, me),
    by: who(doc, ev.by, me),
    with: who(doc, ev.with, me),
    from: who(doc, ev.from, me),
    holder: who(doc, ev.holder, me),
    to: ev.to === null || ev.to === undefined ? t('everyone') : who(doc, ev.to, me),
  };
  const k = (type) => key(type, isMe);
  switch (ev.type) {
    case 'dice_rolled':
      return t(k('dice_rolled'), { ...p, n: ev.sum, a: ev.dice[0], b: ev.dice[1] });
    case 'produced':
      return t(k('produced'), { ...p, list: resList(ev.resources) });
    case 'production_blocked':
      return t('ev.production_blocked', { res: t(`res.${ev.resource}`) });
    case 'starting_resources':
      return t(k('starting_resources'), { ...p, list: resList(ev.resources) });
    case 'discarded':
      return t(k('discarded'), { ...p, list: resList(ev.resources) });
    case 'robber_moved':
      return t(k('robber_moved'), p);
    case 'stole':
      if (ev.resource) return t(ev.victim === me ? 'ev.stole.from_me' : k('stole.known'), { ...p, who: ev.victim === me ? seatName(doc, ev.player) : p.who, res: t(`res.${ev.resource}`) });
      return t(k('stole'), p);
    case 'steal_failed':
      return t(k('steal_failed'), p);
    case 'built':
      return t(k(`built.${ev.piece}`), p);
    case 'dev_card_bought':
      return ev.card ? t(k('dev_card_bought.known'), { ...p, card: t(`dev.${ev.card}`) }) : t(k('dev_card_bought'), p);
    case 'dev_card_played':
      return t(k('dev_card_played'), { ...p, card: t(`dev.${ev.card}`) });
    case 'invention_taken':
      return t(k('invention_taken'), { ...p, list: resList(ev.resources) });
    case 'monopoly_taken':
      return t(k('monopoly_taken'), { ...p, n: ev.count, res: t(`res.${ev.resource}`) });
    case 'bank_traded':
      return t(k('bank_traded'), { ...p, gave: resList(ev.gave), got: resList(ev.got) });
    case 'trade_proposed':
      return t(k('trade_proposed'), { ...p, give: resList(ev.give), want: resList(ev.want) });
    case 'trade_accepted':
      return t('ev.trade_accepted', p);
    case 'trade_declined':
      return t('ev.trade_declined', p);
    case 'trade_countered':
      return t('ev.trade_countered', { ...p, give: resList(ev.give), want: resList(ev.want) });
    case 'trade_completed':
      return t(k('trade_completed'), { ...p, gave: resList(ev.gave), got: resList(ev.got) });
    case 'trade_cancelled':
      return t('ev.trade_cancelled', p);
    case 'longest_road_changed':
      return ev.holder === null ? t('ev.longest_road_lost') : t('ev.longest_road_changed', { ...p, n: ev.length });
    case 'largest_army_changed':
      return ev.holder === null ? t('ev.largest_army_lost') : t('ev.largest_army_changed', { ...p, n: ev.knights });
    case 'turn_ended':
      return t(k('turn_ended'), p);
    case 'turn_started':
      return t(k('turn_started'), p);
    case 'game_won':
      return t(k('game_won'), { ...p, n: ev.vp });
    default:
      return ev.text || ev.type;
  }
}

// Log lines from store.log entries: a roll and the production it caused make one line.
export function logLines(log, doc, me) {
  const lines = [];
  for (let i = 0; i < log.length; i++) {
    const { seq, ev } = log[i];
    if (ev.type === 'turn_ended') continue; // "X's turn" says it
    if (ev.type === 'dice_rolled') {
      const parts = [];
      let j = i + 1;
      while (j < log.length && log[j].seq === seq && (log[j].ev.type === 'produced' || log[j].ev.type === 'production_blocked')) {
        const e = log[j].ev;
        parts.push(e.type === 'produced' ? t(e.player === me ? 'ev.got.me' : 'ev.got', { who: who(doc, e.player, me), list: resList(e.resources) }) : t('ev.production_blocked', { res: t(`res.${e.resource}`) }));
        j++;
      }
      let text = eventText(ev, doc, me);
      if (parts.length) text += ` — ${parts.join(t('list.sep2'))}`;
      else if (ev.sum !== 7) text += ` — ${t('ev.nobody_got')}`;
      lines.push({ seq, text, type: ev.type, player: ev.player, sum: ev.sum });
      i = j - 1;
      continue;
    }
    lines.push({ seq, text: eventText(ev, doc, me), type: ev.type, player: ev.player ?? ev.holder });
  }
  return lines;
}

// The turn banner's sentence for the game view `g`, as seat `me` reads it (null: a spectator).
export function bannerText(doc, g, me) {
  const mine = g.current === me && me !== null;
  const cur = who(doc, g.current, me);
  const p = g.players.find((x) => x.seat === me);
  switch (g.phase) {
    case 'setup_settlement':
      return mine ? t('banner.setup_settlement.me') : t('banner.setup.other', { who: cur });
    case 'setup_road':
      return mine ? t('banner.setup_road.me') : t('banner.setup.other', { who: cur });
    case 'pre_roll':
      return mine ? t('banner.pre_roll.me') : t('banner.turn.other', { who: cur });
    case 'main':
      return mine ? t('banner.main.me') : t('banner.turn.other', { who: cur });
    case 'discard':
      return p?.discard_owed ? t('banner.discard.me', { n: p.discard_owed }) : t('banner.discard.other');
    case 'move_robber':
      return mine ? t('banner.robber.me') : t('banner.robber.other', { who: cur });
    case 'road_building':
      return mine ? t('banner.road_building.me', { n: g.free_roads }) : t('banner.turn.other', { who: cur });
    case 'trade_offer':
      return g.offer?.from === me ? t('banner.trade_offer.me') : t('banner.trade_offer.other', { who: who(doc, g.offer?.from ?? g.current, me) });
    case 'game_over':
      return t('banner.game_over', { who: who(doc, g.winner, me) });
    default:
      return '';
  }
}
