// The players' public state as the game and the replay show it, and the table's facts: name, bot or
// offline tag, awards, victory points (your own hidden ones included), resource cards, development
// cards, knights played, road length, pieces left (ships too, and island VP, in a Seafarers game); the
// bank's cards and the development cards left.
// A wide screen shows it all at once. A phone shows the short line per player; tapping a player opens
// a strip under the players with all of that player's facts and the bank's (tap again to close).

import { h, s, replace } from '../dom.js';
import { t, RESOURCES } from '../i18n.js';
import { icon, resIcon, seatBadge, SEAT_COLORS } from '../icons.js';
import { seatName, playerLabel } from '../format.js';

let expanded = null; // the seat whose detail strip is open (phone), kept across renders

// A small robot head: a bot's seat, drawn where its words would not fit.
function botGlyph() {
  return s('svg.icon.bot-glyph', { viewBox: '0 0 24 24', 'aria-hidden': 'true' },
    s('path', { d: 'M12 2v4', stroke: 'currentColor', 'stroke-width': 2, 'stroke-linecap': 'round' }),
    s('rect', { x: 4, y: 6, width: 16, height: 14, rx: 4, fill: 'currentColor' }),
    s('circle', { cx: 9, cy: 13, r: 2, fill: '#fff' }),
    s('circle', { cx: 15, cy: 13, r: 2, fill: '#fff' }));
}

function seatTag(seat) {
  if (seat && seat.controlled_by === 'bot') {
    const text = seat.bot ? `${t('bot.badge')} · ${t(`bot.level.${seat.bot}`)}` : t('bot.takeover');
    return h('span.tag.bot', { title: seat.bot ? `${t('bot.level_title')}: ${text}` : t('bot.takeover_title') }, botGlyph(), h('span.tag-text', text));
  }
  if (seat && seat.connected === false) return h('span.offline', { title: t('players.offline') }, '⚠', h('span.sr', t('players.offline')));
  return null;
}

// One fact: an icon and its number, labelled for the eye (title) and for screen readers.
function fact(name, label, pic, n) {
  return h(`span.stat.fact-${name}`, { dataset: { fact: name }, title: label }, pic, h('span.sr', `${label}: `), h('b', String(n)));
}

// A Seafarers game's players have ships (R-SF2) and island VP tokens (R-SF8); other games' do not.
const sea = (p) => p.ships_left !== undefined;

function pieceFacts(p) {
  const color = SEAT_COLORS[p.seat];
  return [
    fact('settlements_left', t('facts.settlements_left'), icon('settlement', 'icon', color), p.settlements_left),
    fact('cities_left', t('facts.cities_left'), icon('city', 'icon', color), p.cities_left),
    fact('roads_left', t('facts.roads_left'), icon('road', 'icon', color), p.roads_left),
    sea(p) ? fact('ships_left', t('facts.ships_left'), icon('ship', 'icon', color), p.ships_left) : null,
    sea(p) ? fact('island_vp', t('players.island_vp'), icon('island', 'icon'), p.island_vp ?? 0) : null,
  ];
}

// The bank's five piles and the development cards left.
export function tableFacts(g, id = 'table-facts') {
  if (!g.bank) return null; // a view without the bank's piles (nothing to say rather than zeros)
  return h(`div.table-facts${id ? `#${id}` : ''}`, { dataset: { table: '' }, 'aria-label': t('facts.table') },
    h('span.facts-label', t('facts.bank')),
    RESOURCES.map((r) => fact(`bank_${r}`, `${t('facts.bank')}: ${t(`res.${r}`)}`, resIcon(r), g.bank?.[r] ?? 0)),
    h('span.stat.fact-dev_deck', { dataset: { fact: 'dev_deck' }, title: t('facts.dev_deck') }, icon('dev', 'icon'), h('span.deck-label', `${t('facts.dev_deck')}: `), h('b', String(g.dev_deck ?? 0))));
}

// The strip a phone shows under the players for the tapped one: every fact with its words.
function playerDetail(doc, g, me, p) {
  const row = (name, label, pic, n) => h('li', { dataset: { fact: name } }, pic, h('span.detail-label', label), h('b', String(n)));
  const color = SEAT_COLORS[p.seat];
  // Its own row under the players' grid, as wide as all their columns together (one column a player
  // with up to four; the compact grid of five or six has three columns, css/table.css).
  return h('div.player-detail#player-detail', { dataset: { seat: p.seat }, style: { '--seat': color, gridColumn: g.players.length >= 5 ? '1 / -1' : `1 / span ${g.players.length}` } },
    h('div.detail-head', seatBadge(p.seat, 'seat-badge tiny'), h('span.detail-name', seatName(doc, p.seat)),
      h('button.icon-btn.small.detail-close', { type: 'button', 'aria-label': t('facts.close'), title: t('facts.close'), onclick: (e) => toggle(e, doc, g, me, p.seat) }, '✕')),
    h('ul.detail-facts',
      row('cards', t('players.cards'), icon('cards', 'icon'), p.cards),
      row('dev_cards', t('players.dev'), icon('dev', 'icon'), p.dev_cards),
      row('knights', t('players.knights'), icon('knight', 'icon'), p.knights),
      row('road_length', t('players.road'), icon('road', 'icon', color), p.road_length),
      row('settlements_left', t('facts.settlements_left'), icon('settlement', 'icon', color), p.settlements_left),
      row('cities_left', t('facts.cities_left'), icon('city', 'icon', color), p.cities_left),
      row('roads_left', t('facts.roads_left'), icon('road', 'icon', color), p.roads_left),
      sea(p) ? row('ships_left', t('facts.ships_left'), icon('ship', 'icon', color), p.ships_left) : null,
      sea(p) ? row('island_vp', t('players.island_vp'), icon('island', 'icon'), p.island_vp ?? 0) : null),
    tableFacts(g, null));
}

function toggle(e, doc, g, me, seat) {
  expanded = expanded === seat ? null : seat;
  const section = e.currentTarget.closest('.players');
  if (section) replace(section, playerRows(doc, g, me));
}

// The points a player card shows: once the game is over everyone's total with the Victory Point
// cards revealed (vp_total, as the results count them); before, your own with yours, the others'
// public points.
export function shownVp(g, p, me) {
  if (g.phase === 'game_over' && Number.isInteger(p.vp_total)) return p.vp_total;
  return p.seat === me && g.me ? g.me.vp : p.vp;
}

// doc: {room: {seats}} for names and tags; g: the game view; me: our seat (null for a spectator).
// Returns the players' cards, the open detail strip if any, and the table facts.
export function playerRows(doc, g, me) {
  const cards = g.players.map((p) => {
    const seat = doc.room.seats.find((x) => x.seat === p.seat);
    const badges = [];
    if (g.longest_road === p.seat) badges.push(h('span.award', { title: t('badge.longest_road') }, icon('road_award', 'icon'), h('span.sr', t('badge.longest_road'))));
    if (g.largest_army === p.seat) badges.push(h('span.award', { title: t('badge.largest_army') }, icon('army_award', 'icon'), h('span.sr', t('badge.largest_army'))));
    const current = g.current === p.seat;
    const open = expanded === p.seat;
    // A person away whose seat a bot plays: said on the card itself at every size (the name row's tag
    // gives way on a narrow phone, this mark does not).
    const away = seat?.controlled_by === 'bot' && !seat.bot;
    return h(`div.player${current ? '.current' : ''}${p.seat === me ? '.me' : ''}${open ? '.expanded' : ''}${away ? '.taken-over' : ''}`, {
      dataset: { seat: p.seat },
      style: { '--seat': SEAT_COLORS[p.seat] },
      role: 'button',
      tabindex: 0,
      'aria-expanded': String(open),
      'aria-label': playerLabel(doc, g, p, me),
      onclick: (e) => toggle(e, doc, g, me, p.seat),
      onkeydown: (e) => {
        if (e.key !== 'Enter' && e.key !== ' ') return;
        e.preventDefault();
        toggle(e, doc, g, me, p.seat);
      },
    },
    h('div.player-name', seatBadge(p.seat), h('span.name', seatName(doc, p.seat)), seatTag(seat), badges),
    h('div.player-stats',
      away ? h('span.takeover-mark', { title: t('bot.takeover_title') }, botGlyph(), h('span.tm-text', t('bot.takeover_short'))) : null,
      h('span.stat.vp', { title: t('players.vp') }, icon('star', 'icon'), h('span.sr', `${t('players.vp')}: `), h('b', String(shownVp(g, p, me)))),
      h('span.stat.cards', { dataset: { fact: 'cards' }, title: t('players.cards') }, icon('cards', 'icon'), h('span.sr', `${t('players.cards')}: `), h('b', String(p.cards))),
      h('span.stat.devs', { dataset: { fact: 'dev_cards' }, title: t('players.dev') }, icon('dev', 'icon'), h('span.sr', `${t('players.dev')}: `), h('b', String(p.dev_cards))),
      h('span.stat.knights', { dataset: { fact: 'knights' }, title: t('players.knights') }, icon('knight', 'icon'), h('span.sr', `${t('players.knights')}: `), h('b', String(p.knights))),
      h('span.stat.road', { dataset: { fact: 'road_length' }, title: t('players.road') }, icon('road', 'icon', SEAT_COLORS[p.seat]), h('span.sr', `${t('players.road')}: `), h('b', String(p.road_length)))),
    h('div.player-pieces', h('span.pieces-label', t('facts.pieces')), pieceFacts(p)));
  });
  const open = g.players.find((p) => p.seat === expanded);
  if (!open) expanded = null;
  return [...cards, open ? playerDetail(doc, g, me, open) : null, tableFacts(g)].filter(Boolean);
}
