// Reading the legal actions (the server's list of exactly the commands this seat may send now) and
// explaining, when an action is not in it, why not.

import { costOf } from './rules.js';
import { RESOURCES, t, resList } from './i18n.js';

export function actions(legal) {
  return (legal && (legal.actions || legal.commands)) || [];
}

export function has(legal, type) {
  return actions(legal).some((a) => a.type === type);
}

export function find(legal, type, pred = () => true) {
  return actions(legal).find((a) => a.type === type && pred(a));
}

export function all(legal, type) {
  return actions(legal).filter((a) => a.type === type);
}

export function ids(legal, type, field) {
  return new Set(all(legal, type).map((a) => a[field]));
}

export function missing(hand, cost) {
  const out = {};
  for (const r of RESOURCES) {
    const need = (cost[r] || 0) - (hand?.[r] || 0);
    if (need > 0) out[r] = need;
  }
  return out;
}

// Why `what` (roll, road, ship, settlement, city, move_ship, dev, trade, end) cannot be done now; null
// when it can.
// `rules`: the server's rules block (costs), see rules.js.
export function reason(what, game, legal, seat, rules) {
  if (!game) return t('why.not_started');
  if (seat === null || seat === undefined) return t('why.spectator');
  if (game.phase === 'game_over') return t('why.game_over');
  const canNow = {
    roll: has(legal, 'roll_dice'),
    road: has(legal, 'build_road') && game.phase === 'main',
    ship: has(legal, 'build_ship') && game.phase === 'main',
    move_ship: has(legal, 'move_ship'),
    settlement: has(legal, 'build_settlement') && game.phase === 'main',
    city: has(legal, 'build_city'),
    dev: has(legal, 'buy_dev_card'),
    trade: has(legal, 'bank_trade') || !!legal?.may_propose_trade,
    end: has(legal, 'end_turn'),
  }[what];
  if (canNow) return null;
  if (game.current !== seat) return t('why.not_your_turn', { name: '' });
  switch (game.phase) {
    case 'setup_settlement':
    case 'setup_road':
      return t('why.setup');
    case 'discard':
      return t('why.discard');
    case 'move_robber':
      return t('why.robber');
    case 'road_building':
      return t('why.road_building');
    case 'choose_gold':
      return t('why.gold');
    case 'trade_offer':
      return t('why.trade_open');
    default:
      break;
  }
  const buildStep = game.step === 'paired_build' || game.step === 'special_build';
  if (what === 'roll') return t(buildStep ? 'why.build_phase_roll' : 'why.rolled');
  if (what === 'trade' && game.step === 'special_build') return t('why.build_phase_trade');
  if (game.phase === 'pre_roll') return t('why.roll_first');
  const me = game.players.find((p) => p.seat === seat);
  const hand = game.me?.hand || {};
  if (what === 'end') return t('why.roll_first');
  if (what === 'trade') return t('why.no_trade');
  if (what === 'road' && me?.roads_left === 0) return t('why.no_pieces', { piece: t('piece.road') });
  if (what === 'ship' && me?.ships_left === 0) return t('why.no_pieces', { piece: t('piece.ship') });
  if (what === 'move_ship') return t(game.ship_moved ? 'why.ship_moved' : 'why.no_ship_move');
  if (what === 'settlement' && me?.settlements_left === 0) return t('why.no_pieces', { piece: t('piece.settlement') });
  if (what === 'city' && me?.cities_left === 0) return t('why.no_pieces', { piece: t('piece.city') });
  if (what === 'dev' && game.dev_deck === 0) return t('why.deck_empty');
  const cost = costOf(rules, what);
  if (cost) {
    const lack = missing(hand, cost);
    if (Object.keys(lack).length) return t('why.cannot_afford', { list: resList(lack) });
  }
  if (what === 'city') return t('why.no_settlement');
  return t('why.no_spot');
}

// Why a development card of this kind cannot be played now; null when it can.
export function devReason(card, game, legal, seat) {
  const type = { knight: 'play_knight', road_building: 'play_road_building', invention: 'play_invention', monopoly: 'play_monopoly' }[card];
  if (card === 'victory_point') return t('why.vp_card');
  if (has(legal, type)) return null;
  const me = game?.me;
  if (!me || !me.dev[card]) return t('why.none_held');
  if (game.phase === 'game_over') return t('why.game_over');
  if (game.current !== seat) return t('why.not_your_turn', { name: '' });
  if (game.dev_played) return t('why.one_per_turn');
  if (!me.dev_playable[card]) return t('why.bought_this_turn');
  const mine = game.players.find((p) => p.seat === seat);
  if (card === 'road_building' && mine?.roads_left === 0 && !mine?.ships_left) return t('why.no_pieces', { piece: t('piece.road') });
  if (['discard', 'move_robber', 'road_building', 'trade_offer', 'setup_settlement', 'setup_road', 'choose_gold'].includes(game.phase)) return t('why.not_now');
  if (game.phase === 'pre_roll' && card !== 'knight') return t('why.roll_first');
  return t('why.not_now');
}
