// The table display at the end of a game: who won, every player's victory points broken down as count
// → points (Victory Point cards revealed, as the server tells everyone once the game is over), and the
// game's stats when the server sends them; over the board, with no button (the host plays again from
// their phone, and the room's lobby comes back on this screen by itself).

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { seatBadge, icon } from '../icons.js';
import { seatName } from '../format.js';
import { gameRules } from '../rules.js';
import { breakdown, winnerTitle, statsPanel } from './winner.js';

function vpRow(doc, g, { p, b }) {
  return h(`li.vp-row${p.seat === g.winner ? '.won' : ''}`, { dataset: { seat: p.seat } },
    h('div.vp-head', seatBadge(p.seat, 'seat-badge tt-badge'), h('span.vp-name', seatName(doc, p.seat)), h('span.total', { title: t('winner.total') }, String(b.total))),
    h('dl.vp-parts', Object.entries(b.parts).map(([k, { count, points }]) =>
      h(`div.vp-part${points === 0 || (points === null && !count) ? '.zero' : ''}`, { dataset: { part: k, count, ...(points === null ? {} : { points }) } },
        h('dt', t(`winner.${k}`)),
        h('dd', h('span.part-count', t(`winner.count.${k}`, { n: count })),
          points === null ? null : [h('span.part-arrow', { 'aria-hidden': 'true' }, '→'), h('span.part-points', t('winner.points', { n: points }))])))));
}

export function tableResults(st) {
  const doc = st.doc;
  const g = doc.game;
  const rules = gameRules(st);
  const rows = g.players.map((p) => ({ p, b: breakdown(g, p, rules) })).sort((a, b) => b.b.total - a.b.total);
  const { title, share } = winnerTitle(doc, g, null);
  return h(`section.tt-results${g.stats ? '.with-stats' : ''}#table-results`, { 'aria-labelledby': 'table-results-title' },
    h('h2#table-results-title', icon('victory_point', 'icon big-star'), title),
    share ? h('p.winner-bot-share', share) : null,
    h('div.winner-body',
      h('div.winner-vp', h('p.vp-legend', t('winner.legend')), h('ol.vp-list', rows.map((r) => vpRow(doc, g, r)))),
      statsPanel(g, doc)),
    h('p.tt-hint#table-again', t('table.game_over')));
}
