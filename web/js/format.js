// Game events as sentences in the reader's language, with names and second-person forms ("Ana rolled
// 8 — you got 2 ore", "Ana gave you 1 ore"), and the labels screen readers hear. When the reader is the
// actor, or the one acted upon, a sentence has its own key (`.me`, `.to_me`): languages do not build
// "you" sentences by putting a pronoun in a third-person one ("Toi accepte" is not French). Unknown
// event types fall back to the server's English `text`.

import { t, resList, RESOURCES } from './i18n.js';
import { TERRAIN_RESOURCE } from './icons.js';

// A Seafarers board (options.board, R-SF1): the sea frame of 3 and 4 players or the 5–6 one.
export const isSeaBoard = (board) => board === 'sea' || board === 'sea_large';

export function seatName(doc, seat) {
  if (seat === null || seat === undefined) return '?';
  const entry = doc?.room?.seats?.find((x) => x.seat === seat);
  return entry?.name ? displayName(entry) : t('seat.n', { n: seat + 1 });
}

// A seat's name as shown: a bot the host seated keeps the server's "Bot 2" only as its identity and is
// called as the reader's language says ("Robot 2", "ボット2"); a person's name is theirs.
export function displayName(entry) {
  const bot = entry?.bot ? /^Bot (\d+)$/.exec(entry.name || '') : null;
  return bot ? t('bot.name', { n: bot[1] }) : entry?.name ?? '';
}

// A name, or the pronoun for the reader (for labels only: sentences use their `.me` keys).
export function who(doc, seat, me) {
  return seat === me ? t('you') : seatName(doc, seat);
}

const capital = (s) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);
const mine = (seat, me) => me !== null && me !== undefined && seat === me;

// "the 6 ore" for hex `id` of the board in the game view (terrain and number as the doc says them).
export function placeName(board, id) {
  const terrain = board?.terrain?.[id];
  if (!terrain) return t('place.hex_id', { id });
  const res = TERRAIN_RESOURCE[terrain];
  const n = board.numbers?.[id];
  // Seafarers (R-SF1): the sea, gold fields with their number, a face-down hex (R-SF10).
  if (terrain === 'sea') return t('place.sea');
  if (terrain === 'fog') return t('place.fog');
  if (terrain === 'gold' && n) return t('place.gold', { n });
  if (!res || !n) return t('place.terrain', { terrain: t(`terrain.${terrain}`) });
  return t('place.hex', { n, res: t(`res.${res}`), terrain: t(`terrain.${terrain}`) });
}

// What a turned hex proved to be, with its number: "a forest 9", "open sea" (R-SF10).
function revealedName(ev) {
  const key = `reveal.${ev.terrain}`;
  const what = t(key) === key ? t('place.hex_id', { id: ev.hex }) : t(key); // a terrain this client does not know
  return Number.isInteger(ev.number) ? t('reveal.numbered', { what, n: ev.number }) : what;
}
const sumOf = (set) => RESOURCES.reduce((a, r) => a + (set?.[r] || 0), 0);

export function eventText(ev, doc, me) {
  return capital(eventSentence(ev, doc, me));
}

// Picks the sentence for the reader's role: `.me` when the reader acts, `.to_me` when the reader is
// the one the actor acts upon (`object` names that seat), else the plain third-person key.
function sentence(base, ev, me, object, params) {
  if (mine(ev.player, me)) return t(`${base}.me`, params);
  if (object !== undefined && mine(object, me)) return t(`${base}.to_me`, params);
  return t(base, params);
}

function eventSentence(ev, doc, me) {
  const name = (seat) => seatName(doc, seat);
  const p = { who: name(ev.player) };
  switch (ev.type) {
    case 'dice_rolled':
      return sentence('ev.dice_rolled', ev, me, undefined, { ...p, n: ev.sum, a: ev.dice?.[0], b: ev.dice?.[1] });
    case 'produced':
      return sentence('ev.produced', ev, me, undefined, { ...p, list: resList(ev.resources) });
    case 'hex_produced':
      return sentence('ev.hex_produced', ev, me, undefined, { ...p, place: placeName(doc?.game?.board, ev.hex), list: resList(ev.resources) });
    case 'production_blocked':
      return t('ev.production_blocked', { res: t(`res.${ev.resource}`) });
    case 'starting_resources':
      return sentence('ev.starting_resources', ev, me, undefined, { ...p, list: resList(ev.resources) });
    case 'discarded':
      return sentence('ev.discarded', ev, me, undefined, { ...p, list: resList(ev.resources) });
    case 'robber_moved':
      return sentence('ev.robber_moved', ev, me, undefined, { ...p, place: placeName(doc?.game?.board, ev.hex) });
    case 'stole': {
      const q = { ...p, victim: name(ev.victim), res: ev.resource ? t(`res.${ev.resource}`) : '' };
      return sentence(ev.resource ? 'ev.stole.known' : 'ev.stole', ev, me, ev.victim, q);
    }
    case 'steal_failed':
      return sentence('ev.steal_failed', ev, me, ev.victim, { ...p, victim: name(ev.victim) });
    case 'built':
      return sentence(`ev.built.${ev.piece}`, ev, me, undefined, p);
    // Seafarers: the turn's ship move (R-SF4), the pirate (R-SF6), gold (R-SF7), island VP (R-SF8).
    case 'ship_moved':
      return sentence('ev.ship_moved', ev, me, undefined, p);
    case 'pirate_moved':
      return sentence('ev.pirate_moved', ev, me, undefined, { ...p, place: placeName(doc?.game?.board, ev.hex) });
    case 'gold_owed':
      return sentence('ev.gold_owed', ev, me, undefined, { ...p, n: ev.count });
    case 'gold_chosen':
      return sentence('ev.gold_chosen', ev, me, undefined, { ...p, list: resList(ev.resources) });
    case 'island_settled':
      return sentence(ev.vp > 0 ? 'ev.island_settled' : 'ev.island_settled.home', ev, me, undefined, { ...p, n: ev.vp, island: ev.island });
    // R-SF10: a face-down hex turned up: "Ana turned up a forest 9 and took 1 lumber."
    case 'hex_revealed':
      return sentence(sumOf(ev.resources) > 0 ? 'ev.hex_revealed.took' : 'ev.hex_revealed', ev, me, undefined, { ...p, what: revealedName(ev), list: resList(ev.resources) });
    case 'dev_card_bought':
      return ev.card ? sentence('ev.dev_card_bought.known', ev, me, undefined, { ...p, card: t(`dev.${ev.card}`) }) : sentence('ev.dev_card_bought', ev, me, undefined, p);
    case 'dev_card_played':
      return sentence('ev.dev_card_played', ev, me, undefined, { ...p, card: t(`dev.${ev.card}`) });
    case 'invention_taken':
      return sentence('ev.invention_taken', ev, me, undefined, { ...p, list: resList(ev.resources) });
    case 'monopoly_taken':
      return sentence('ev.monopoly_taken', ev, me, ev.from, { ...p, from: name(ev.from), list: resList({ [ev.resource]: ev.count }), n: ev.count, res: t(`res.${ev.resource}`) });
    case 'bank_traded':
      return sentence('ev.bank_traded', ev, me, undefined, { ...p, gave: resList(ev.gave), got: resList(ev.got) });
    case 'trade_proposed': {
      const q = { ...p, give: resList(ev.give), want: resList(ev.want), to: ev.to === null || ev.to === undefined ? t('everyone') : name(ev.to) };
      return sentence(ev.to === null || ev.to === undefined ? 'ev.trade_proposed.all' : 'ev.trade_proposed', ev, me, ev.to, q);
    }
    // The responder is `by`; `player` is the one who made the offer.
    case 'trade_accepted':
    case 'trade_declined':
    case 'trade_countered': {
      const q = { who: name(ev.by), by: name(ev.by), proposer: name(ev.player), give: resList(ev.give), want: resList(ev.want) };
      return sentence(`ev.${ev.type}`, { player: ev.by }, me, ev.player, q);
    }
    case 'trade_completed':
      return sentence('ev.trade_completed', ev, me, ev.with, { ...p, with: name(ev.with), gave: resList(ev.gave), got: resList(ev.got) });
    case 'trade_cancelled':
      return t('ev.trade_cancelled', p);
    case 'longest_road_changed':
      if (ev.holder === null || ev.holder === undefined) return t('ev.longest_road_lost');
      return sentence('ev.longest_road_changed', { player: ev.holder }, me, undefined, { holder: name(ev.holder), who: name(ev.holder), n: ev.length });
    case 'largest_army_changed':
      if (ev.holder === null || ev.holder === undefined) return t('ev.largest_army_lost');
      return sentence('ev.largest_army_changed', { player: ev.holder }, me, undefined, { holder: name(ev.holder), who: name(ev.holder), n: ev.knights });
    case 'turn_ended':
      return sentence('ev.turn_ended', ev, me, undefined, p);
    case 'turn_started':
      return sentence('ev.turn_started', ev, me, undefined, p);
    case 'game_won':
      return sentence('ev.game_won', ev, me, undefined, { ...p, n: ev.vp });
    // 5–6 players: the paired builder (R-X6) or one builder of the special building phase (R-X7).
    case 'build_phase_started':
      return sentence(`ev.build_phase_started.${ev.kind === 'special' ? 'special' : 'paired'}`, ev, me, undefined, p);
    // The first player by dice (R-O5): a round after the first is a re-roll among those tied.
    case 'first_roll': {
      const n = (ev.dice?.[0] ?? 0) + (ev.dice?.[1] ?? 0);
      return sentence(ev.round > 1 ? 'ev.first_roll.again' : 'ev.first_roll', ev, me, undefined, { ...p, n, a: ev.dice?.[0], b: ev.dice?.[1], round: ev.round });
    }
    // The room's seat notes: a bot took an absent person's seat over, the person came back.
    case 'bot_took_over':
    case 'player_returned':
      return sentence(`ev.${ev.type}`, ev, me, undefined, p);
    default:
      return ev.text || ev.type;
  }
}

// What the log does not show as a line of its own: a turn's end ("X's turn" says it) and the hexes
// that produced (the production sentence after the roll says who got what).
const NOT_LOGGED = new Set(['turn_ended', 'hex_produced']);

// Log lines from store.log entries: a roll and the production it caused make one line, and so do a
// Monopoly and what it took from each player (with the total). `player` is the seat whose badge the
// line carries: the one who acted (for a trade answer, the one who answered).
export function logLines(log, doc, me) {
  const lines = [];
  const sameSeq = (j, seq, types) => j < log.length && log[j].seq === seq && types.includes(log[j].ev.type);
  // Seats a bot plays for their absent person (between the room's bot_took_over and player_returned):
  // their moves are the bot's ("Bo's bot declined…", "Your bot declined…"), never "You declined…".
  const away = new Set();
  for (let i = 0; i < log.length; i++) {
    const { seq, ev } = log[i];
    if (ev.type === 'bot_took_over') away.add(ev.player);
    if (ev.type === 'player_returned') away.delete(ev.player);
    const actor = ev.type === 'trade_accepted' || ev.type === 'trade_declined' || ev.type === 'trade_countered' ? ev.by : ev.player;
    const byBot = away.has(actor) && ev.type !== 'bot_took_over';
    const d = byBot ? botDoc(doc, actor, me) : doc; // the actor named as the bot
    const m = byBot && actor === me ? null : me; // and never "you" for the bot's move
    if (NOT_LOGGED.has(ev.type)) continue;
    if (ev.type === 'dice_rolled') {
      const parts = [];
      let j = i + 1;
      for (; sameSeq(j, seq, ['produced', 'production_blocked', 'hex_produced']); j++) {
        const e = log[j].ev;
        if (e.type === 'produced') parts.push(t(mine(e.player, me) ? 'ev.got.me' : 'ev.got', { who: seatName(doc, e.player), list: resList(e.resources) }));
        else if (e.type === 'production_blocked') parts.push(t('ev.production_blocked', { res: t(`res.${e.resource}`) }));
      }
      let text = eventText(ev, d, m);
      if (parts.length) text += ` — ${parts.join(t('list.sep2'))}`;
      else if (ev.sum !== 7) text += ` — ${t('ev.nobody_got')}`;
      lines.push({ seq, text, type: ev.type, player: ev.player, sum: ev.sum });
      i = j - 1;
      continue;
    }
    if (ev.type === 'dev_card_played' && ev.card === 'monopoly' && sameSeq(i + 1, seq, ['monopoly_taken'])) {
      let j = i + 1;
      const takes = [];
      for (; sameSeq(j, seq, ['monopoly_taken']); j++) takes.push(log[j].ev);
      lines.push({ seq, text: monopolyText(ev, takes, d, m), type: 'monopoly_taken', player: ev.player });
      i = j - 1;
      continue;
    }
    const player = ev.type === 'trade_accepted' || ev.type === 'trade_declined' || ev.type === 'trade_countered' ? ev.by : ev.player ?? ev.holder;
    lines.push({ seq, text: eventText(ev, d, m), type: ev.type, player, ...(byBot ? { bot: true } : {}) });
    // The roll-off for the first player (R-O5) ends with who starts, as the game says (first_player).
    const starter = doc?.game?.first_player;
    if (ev.type === 'first_roll' && Number.isInteger(starter) && !(i + 1 < log.length && log[i + 1].ev.type === 'first_roll')) {
      lines.push({ seq, text: t(mine(starter, me) ? 'ev.first_player.me' : 'ev.first_player', { who: seatName(doc, starter) }), type: 'first_player', player: starter });
    }
  }
  return lines;
}

// The doc as a line about a bot's move for `seat` names it: "Bo's bot", "your bot".
function botDoc(doc, seat, me) {
  const name = seat === me ? t('ev.your_bot') : t('ev.bot_for', { who: seatName(doc, seat) });
  const seats = (doc?.room?.seats || []).map((x) => (x.seat === seat ? { ...x, name, bot: null } : x));
  return { ...doc, room: { ...doc?.room, seats } };
}

// "Ana played Monopoly: 5 ore in all (2 from Bo, 3 from you)."
function monopolyText(played, takes, doc, me) {
  const res = takes[0].resource;
  const total = takes.reduce((a, e) => a + (e.count || 0), 0);
  const parts = takes.map((e) => t(mine(e.from, me) ? 'ev.monopoly_part.me' : 'ev.monopoly_part', { n: e.count, from: seatName(doc, e.from) }));
  const params = { who: seatName(doc, played.player), n: total, list: resList({ [res]: total }), res: t(`res.${res}`), parts: parts.join(t('list.sep')) };
  return capital(t(mine(played.player, me) ? 'ev.monopoly_total.me' : 'ev.monopoly_total', params));
}

// What a screen reader announces for a batch of events (the polite live region): the roll with what
// it produced ("Hana rolled 8 — you got 2 ore"), the start of a turn ("Your turn."), the winner. Null
// when nothing in the batch is worth interrupting for.
export function announcement(events, doc, me) {
  const said = ['dice_rolled', 'first_roll', 'first_player', 'turn_started', 'build_phase_started', 'hex_revealed', 'game_won'];
  const lines = logLines(events.map((ev) => ({ seq: 0, ev })), doc, me).filter((l) => said.includes(l.type));
  return lines.length ? lines.map((l) => l.text).join(' ') : null;
}

// The toast a batch of events deserves for seat `me`, or null: "your turn" when its turn starts, but
// not when the same batch ends the game (R-V3: points reached on another's turn win as the turn starts).
export function turnToast(events, me) {
  if (events.some((ev) => ev.type === 'game_won')) return null;
  return events.some((ev) => ev.type === 'turn_started' && ev.player === me) ? t('ev.turn_started.me') : null;
}

// The turn banner's sentence for the game view `g`, as seat `me` reads it (null: a spectator).
export function bannerText(doc, g, me) {
  const isMine = mine(g.current, me);
  const cur = seatName(doc, g.current);
  const p = g.players.find((x) => x.seat === me);
  // Seafarers (a sea frame): ships beside roads, the pirate beside the robber, gold.
  const sea = isSeaBoard(g.options?.board);
  switch (g.phase) {
    case 'setup_settlement':
      return isMine ? t('banner.setup_settlement.me') : t('banner.setup.other', { who: cur });
    case 'setup_road':
      return isMine ? t(sea ? 'banner.setup_road.sea.me' : 'banner.setup_road.me') : t('banner.setup.other', { who: cur });
    case 'pre_roll':
      return isMine ? t('banner.pre_roll.me') : t('banner.turn.other', { who: cur });
    case 'main':
      // The build steps of 5–6 players (R-X6 paired, R-X7 special): the one who acts is `current`.
      if (g.step === 'paired_build' || g.step === 'special_build') return t(`banner.${g.step}.${isMine ? 'me' : 'other'}`, { who: cur });
      return isMine ? t('banner.main.me') : t('banner.turn.other', { who: cur });
    case 'discard':
      return p?.discard_owed ? t('banner.discard.me', { n: p.discard_owed }) : t('banner.discard.other');
    case 'move_robber':
      return isMine ? t(sea ? 'banner.robber.sea.me' : 'banner.robber.me') : t(sea ? 'banner.robber.sea.other' : 'banner.robber.other', { who: cur });
    case 'road_building':
      return isMine ? t(sea ? 'banner.road_building.sea.me' : 'banner.road_building.me', { n: g.free_roads }) : t('banner.turn.other', { who: cur });
    // R-SF7: the owners in to_act choose at once; the others (and an owner who has chosen) wait.
    case 'choose_gold':
      return p?.gold_owed ? t('banner.choose_gold.me', { n: p.gold_owed }) : t('banner.choose_gold.other');
    case 'trade_offer':
      return mine(g.offer?.from, me) ? t('banner.trade_offer.me') : t('banner.trade_offer.other', { who: seatName(doc, g.offer?.from ?? g.current) });
    case 'game_over': {
      // A seat a bot played all along won for its absent person (doc.room.seats[].moves).
      const moves = doc?.room?.seats?.find((x) => x.seat === g.winner)?.moves;
      if (mine(g.winner, me) && moves && moves.own === 0 && moves.bot > 0) return t('banner.game_over.bot_me');
      return mine(g.winner, me) ? t('banner.game_over.me') : t('banner.game_over', { who: seatName(doc, g.winner) });
    }
    default:
      // A phase this client does not know yet still says who acts.
      return isMine ? t('ev.turn_started.me') : t('banner.turn.other', { who: cur });
  }
}

// The discard dialog's help: the room's discard limit (R-O2), as the game view states it (a required
// member of options).
export function discardHelp(g) {
  return t('discard.help', { n: g.options.discard_limit });
}

// --- labels for screen readers ----------------------------------------------------------------------

// One hand card: "2 brick".
export function handCardLabel(res, n) {
  return t('res.count', { n, res: t(`res.${res}`), r: res });
}

// The whole hand: "Your hand: 2 brick, 1 ore (3 cards)".
export function handLabel(hand) {
  const total = RESOURCES.reduce((a, r) => a + (hand?.[r] || 0), 0);
  return t('a11y.hand', { list: resList(hand), n: total, cards: t('hand.total', { n: total }) });
}

// An action button: "Road, costs 1 brick, 1 lumber. You need 1 brick more." (cost and reason optional).
export function actionLabel(label, cost, why) {
  let s = label;
  if (cost) s += t('a11y.sep') + t('a11y.costs', { list: resList(cost) });
  if (why) s += `. ${why}`;
  return s;
}

// A player's row: "Hana, bot · basic, playing now, 7 victory points, 3 cards, 1 development card,
// 0 knights, road length 4, Longest Road".
export function playerLabel(doc, g, p, me) {
  const seat = doc?.room?.seats?.find((x) => x.seat === p.seat);
  const parts = [mine(p.seat, me) ? t('a11y.player.me', { name: seatName(doc, p.seat) }) : seatName(doc, p.seat)];
  if (seat?.controlled_by === 'bot') parts.push(seat.bot ? `${t('bot.badge')} · ${t(`bot.level.${seat.bot}`)}` : t('bot.takeover'));
  else if (seat?.connected === false) parts.push(t('players.offline'));
  if (g.current === p.seat) parts.push(t('players.current'));
  const vp = g.phase === 'game_over' && Number.isInteger(p.vp_total) ? p.vp_total : mine(p.seat, me) && g.me ? g.me.vp : p.vp;
  parts.push(t('a11y.vp', { n: vp }), t('a11y.cards', { n: p.cards }), t('a11y.devs', { n: p.dev_cards }), t('a11y.knights', { n: p.knights }), t('a11y.road', { n: p.road_length }));
  if (p.island_vp) parts.push(t('a11y.island_vp', { n: p.island_vp }));
  if (g.longest_road === p.seat) parts.push(t('badge.longest_road'));
  if (g.largest_army === p.seat) parts.push(t('badge.largest_army'));
  return parts.join(t('a11y.sep'));
}

// The hexes around intersection `id`, as places: "6 ore, 8 grain" (sea sides are left out).
function nodePlaces(topo, board, id) {
  const hexes = topo?.intersections?.[id]?.hexes || [];
  return hexes.map((hx) => placeName(board, hx)).join(t('list.sep'));
}

// A highlighted spot on the board: "Settlement spot next to the 6 ore, the 8 grain", "Road spot
// between …", "Move the robber to the 6 ore", and on the sea "Ship spot by the sea and the 5 ore",
// "Move the pirate to the sea by the 4 gold field". topo: the topology; board: the game view's board.
export function spotLabel(kind, id, topo, board) {
  if (kind === 'hex') {
    if (board?.terrain?.[id] !== 'sea') return t('a11y.spot.hex', { place: placeName(board, id) });
    // A sea hex is named by the land beside it.
    const land = (topo?.hexes?.[id]?.neighbors || []).filter((hx) => hx !== null && hx !== undefined && board.terrain[hx] && board.terrain[hx] !== 'sea');
    const by = [...new Set(land.map((hx) => placeName(board, hx)))];
    return by.length ? t('a11y.spot.pirate.by', { places: by.join(t('list.sep')) }) : t('a11y.spot.pirate', { place: placeName(board, id) });
  }
  if (kind === 'path' || kind === 'ship' || kind === 'either' || kind === 'ship_to' || kind === 'ship_from') {
    const [a, b] = topo?.paths?.[id]?.intersections || [];
    const ha = topo?.intersections?.[a]?.hexes || [];
    const hb = topo?.intersections?.[b]?.hexes || [];
    const shared = ha.filter((x) => hb.includes(x));
    const places = [...new Set(shared.map((hx) => placeName(board, hx)))].join(t('list.and'));
    return t(`a11y.spot.${kind}`, { places });
  }
  return t(kind === 'city' ? 'a11y.spot.city' : 'a11y.spot.node', { places: nodePlaces(topo, board, id) });
}
