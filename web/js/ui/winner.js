// The end of the game: the winner, every player's victory points broken down as count → points
// (revealed Victory Point cards included), the game's stats when the server sends them
// (doc.game.stats), and "play again": the host takes the room back to its lobby (same seats, same
// link) for another game; everyone else waits for the host. "Check this game" links the replay record
// that `catan-server verify` checks (docs/fairness.md); "Watch the replay" opens the replay screen.

import { h } from '../dom.js';
import { t, RESOURCES } from '../i18n.js';
import { seatBadge, icon, resIcon } from '../icons.js';
import { seatName } from '../format.js';
import { toast } from './toast.js';
import { sum } from './common.js';
import { gameRules } from '../rules.js';
import { roomApi } from '../room_route.js';

// Each part of a player's victory points: what they have (a count) and what it is worth (points), at
// the values the server's rules block states (rules.points, R-V1). Without them (an older server) the
// parts show their counts only and the total is the server's.
export function breakdown(g, p, rules) {
  const worth = rules?.points;
  const value = (each, n) => (worth ? each * n : null);
  const award = (holder, each) => value(each, Number(holder === p.seat));
  const cards = p.vp_cards ?? 0;
  const parts = {
    settlements: { count: p.settlements.length, points: value(worth?.settlement, p.settlements.length) },
    cities: { count: p.cities.length, points: value(worth?.city, p.cities.length) },
    longest_road: { count: p.road_length ?? 0, points: award(g.longest_road, worth?.longest_road) },
    largest_army: { count: p.knights ?? 0, points: award(g.largest_army, worth?.largest_army) },
    vp_cards: { count: cards, points: value(worth?.victory_point_card, cards) },
  };
  // R-SF8: island VP tokens are victory points as they are (a Seafarers game's players only).
  if (p.island_vp !== undefined) parts.island_vp = { count: p.island_vp, points: worth ? p.island_vp : null };
  const sum = Object.values(parts).reduce((a, x) => a + (x.points ?? 0), 0);
  return { parts, total: p.vp_total ?? sum };
}

// "Check this game": the replay record (seed and salt revealed now) and how to verify it; the
// replay screen shows it too.
export function fairnessCheck(doc) {
  const fairness = doc.room.fairness;
  if (!fairness) return null;
  const code = doc.room.code;
  const file = `catan-${code}.json`;
  return h('div.fairness-check#fairness-check',
    h('a.button#check-game', { href: roomApi(code, '/replay'), download: file, target: '_blank', rel: 'noopener' }, t('winner.check')),
    h('p.muted.small', t('winner.verify_how', { file })),
    h('p.muted.small.commitment', t('winner.commitment', { hash: fairness.commitment })),
    fairness.seed_chosen ? h('p.small.unfair-note', `⚠ ${t('unfair.warning')}`) : null);
}

// Who won, as the room tells it once the game is over (doc.room.seats[].moves: the seat's moves made by
// its person and by a bot): a seat a bot played all along won for its absent person ("Your bot won
// this game for you", never "You win!"), and when a bot made some of the winner's moves, how many.
export function winnerTitle(doc, g, me) {
  const moves = doc.room.seats?.find((x) => x.seat === g.winner)?.moves;
  const person = !doc.room.seats?.find((x) => x.seat === g.winner)?.bot;
  const allBot = person && moves && moves.own === 0 && moves.bot > 0;
  const title = allBot
    ? (g.winner === me ? t('winner.title.bot_me') : t('winner.title.bot', { who: seatName(doc, g.winner) }))
    : (g.winner === me ? t('winner.title.me') : t('winner.title', { who: seatName(doc, g.winner) }));
  const share = person && moves && moves.own > 0 && moves.bot > 0 ? t('winner.bot_share', { bot: moves.bot, total: moves.own + moves.bot }) : null;
  return { title, share };
}

export function winnerPanel(st, store, onHide) {
  const g = st.doc.game;
  const doc = st.doc;
  const rules = gameRules(st);
  const rows = [...g.players].map((p) => ({ p, b: breakdown(g, p, rules) })).sort((a, b) => b.b.total - a.b.total);
  const isHost = st.host && doc.room.host === st.seat;

  const playAgain = (btn) => {
    if (!store.send({ type: 'play_again' })) {
      toast(t('winner.offline'), 'error');
      return;
    }
    btn.disabled = true; // the room's update takes everyone to the lobby
  };

  const { title, share } = winnerTitle(doc, g, st.seat);
  return h(`section.winner${g.stats ? '.with-stats' : ''}#winner`, { role: 'dialog', 'aria-labelledby': 'winner-title' },
    h('h2#winner-title', icon('victory_point', 'icon big-star'), title),
    share ? h('p.winner-bot-share#winner-bot-share', share) : null,
    h('div.winner-body',
      h('div.winner-vp',
        h('p.vp-legend', t('winner.legend')),
        h('ol.vp-list', rows.map(({ p, b }) =>
          h(`li.vp-row${p.seat === g.winner ? '.won' : ''}`, { dataset: { seat: p.seat } },
            h('div.vp-head', seatBadge(p.seat), h('span.vp-name', seatName(doc, p.seat)), h('span.total', { title: t('winner.total') }, String(b.total))),
            h('dl.vp-parts', Object.entries(b.parts).map(([k, { count, points }]) =>
              h(`div.vp-part${points === 0 || (points === null && !count) ? '.zero' : ''}`, { dataset: { part: k, count, ...(points === null ? {} : { points }) } },
                h('dt', t(`winner.${k}`)),
                h('dd', h('span.part-count', t(`winner.count.${k}`, { n: count })),
                  points === null ? null : [h('span.part-arrow', { 'aria-hidden': 'true' }, '→'), h('span.part-points', t('winner.points', { n: points }))])))))))),
      statsPanel(g, doc)),
    fairnessCheck(doc),
    doc.room.fairness ? h('a.button#watch-replay', { href: `/r/${encodeURIComponent(doc.room.code)}#replay` }, t('winner.replay')) : null,
    h('div.winner-actions',
      isHost ? h('button.primary.big#play-again', { type: 'button', onclick: (e) => playAgain(e.currentTarget) }, t('winner.play_again')) : null,
      !isHost ? h('p.muted#waiting-host', t('winner.waiting_host')) : null,
      h('button#winner-board', { type: 'button', onclick: onHide }, t('winner.view_board')),
      h('a.button', { href: '/' }, t('winner.home'))));
}

// "12:34" or "1:02:03".
function clock(ms) {
  const sec = Math.max(0, Math.round(ms / 1000));
  const hh = Math.floor(sec / 3600);
  const mm = Math.floor((sec % 3600) / 60);
  const ss = String(sec % 60).padStart(2, '0');
  return hh ? `${hh}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

// The end-of-game stats (doc.game.stats, docs/protocol.md): turns and time played, the dice
// histogram, and per player what they gained, stole, lost to the robber, discarded, traded, bought,
// their knights and longest road. Null when the server sent none (an older server, a running game).
export function statsPanel(g, doc) {
  const st = g?.stats;
  if (!st || typeof st !== 'object') return null;
  const dice = Array.isArray(st.dice) && st.dice.length === 11 ? st.dice.map((n) => Number(n) || 0) : null;
  const rolls = dice ? dice.reduce((a, n) => a + n, 0) : 0;
  const most = dice ? Math.max(1, ...dice) : 1;
  const timed = Number.isFinite(st.started_at) && Number.isFinite(st.ended_at);
  const players = Array.isArray(st.players) ? st.players : [];
  // One column per player, one row per figure: four players fit a 320 px phone this way.
  const figure = (p, k) => {
    if (k === 'gained') return sum(p.gained);
    if (k.startsWith('gained_')) return p.gained?.[k.slice(7)] ?? 0;
    return p[k] ?? 0;
  };
  const rows = [
    ['gained', t('stats.gained'), null],
    ...RESOURCES.map((r) => [`gained_${r}`, t(`res.${r}`), resIcon(r)]),
    ['stolen', t('stats.stolen'), null],
    ['lost', t('stats.lost'), null],
    ['discarded', t('stats.discarded'), null],
    ['traded_given', t('stats.traded_given'), null],
    ['traded_received', t('stats.traded_received'), null],
    ['dev_cards_bought', t('stats.dev_cards_bought'), null],
    ['knights', t('stats.knights'), null],
    ['longest_road', t('stats.longest_road'), null],
  ];
  return h('section.winner-stats#winner-stats', { 'aria-labelledby': 'stats-title' },
    h('h3#stats-title', t('stats.title')),
    h('p.stats-summary',
      Number.isFinite(st.turns) ? h('span.stats-turns', t('stats.turns', { n: st.turns })) : null,
      timed ? h('span.stats-time', t('stats.duration', { time: clock(st.ended_at - st.started_at) })) : null),
    dice ? [
      h('h3', t('stats.dice', { n: rolls })),
      h('ol.dice-chart', dice.map((n, i) => h(`li.dice-bar${i + 2 === 7 ? '.seven' : ''}`, { dataset: { sum: i + 2, count: n }, title: t('stats.dice_bar', { sum: i + 2, n }), 'aria-label': t('stats.dice_bar', { sum: i + 2, n }) },
        h('span.n', { 'aria-hidden': 'true' }, String(n)), h('span.bar', { style: { height: `${Math.round((n / most) * 80)}%` } })))),
      h('div.dice-sums', { 'aria-hidden': 'true' }, dice.map((_, i) => h('span', String(i + 2))))] : null,
    players.length ? h('div.stats-table-wrap',
      h(`table.stats-table${players.length >= 5 ? '.many' : ''}`,
        h('thead', h('tr', h('td.stats-corner'), players.map((p) => h('th.stats-player', { scope: 'col', dataset: { seat: p.seat } }, seatBadge(p.seat, 'seat-badge tiny'), h('span.stats-name', seatName(doc, p.seat)))))),
        h('tbody', rows.map(([k, label, pic]) => h(`tr.stats-line${pic ? '.sub' : ''}`, { dataset: { row: k } },
          h('th', { scope: 'row' }, pic, h('span', label)),
          players.map((p) => h('td', { dataset: { seat: p.seat, stat: k, value: String(figure(p, k)) } }, String(figure(p, k))))))))) : null);
}

// After "See the board": the button that brings the results back (in the game's top bar).
export function resultsButton(onClick) {
  return h('button.results-btn#results-btn', { type: 'button', 'aria-label': t('winner.results'), title: t('winner.results'), onclick: onClick },
    icon('victory_point', 'icon'), h('span.results-label', t('winner.results')));
}
