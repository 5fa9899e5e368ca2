// The end of the game: the winner, every player's victory points broken down (revealed Victory Point
// cards included), and "play again": the host takes the room back to its lobby (same seats, same
// link) for another game; everyone else waits for the host. "Check this game" links the replay record
// that `catan-server verify` checks (docs/fairness.md); "Watch the replay" opens the replay screen.

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { seatBadge, icon } from '../icons.js';
import { seatName } from '../format.js';
import { toast } from './toast.js';

export function breakdown(g, p) {
  const settlements = p.settlements.length;
  const cities = p.cities.length * 2;
  const road = g.longest_road === p.seat ? 2 : 0;
  const army = g.largest_army === p.seat ? 2 : 0;
  const cards = p.vp_cards ?? 0;
  return { settlements, cities, road, army, cards, total: p.vp_total ?? settlements + cities + road + army + cards };
}

// "Check this game": the replay record (seed and salt revealed now) and how to verify it; the
// replay screen shows it too.
export function fairnessCheck(doc) {
  const fairness = doc.room.fairness;
  if (!fairness) return null;
  const code = doc.room.code;
  const file = `catan-${code}.json`;
  return h('div.fairness-check#fairness-check',
    h('a.button#check-game', { href: `/api/rooms/${encodeURIComponent(code)}/replay`, download: file, target: '_blank', rel: 'noopener' }, t('winner.check')),
    h('p.muted.small', t('winner.verify_how', { file })),
    h('p.muted.small.commitment', t('winner.commitment', { hash: fairness.commitment })),
    fairness.seed_chosen ? h('p.small.unfair-note', `⚠ ${t('unfair.warning')}`) : null);
}

export function winnerPanel(st, store, onHide) {
  const g = st.doc.game;
  const doc = st.doc;
  const rows = [...g.players].map((p) => ({ p, b: breakdown(g, p) })).sort((a, b) => b.b.total - a.b.total);
  const isHost = st.host && doc.room.host === st.seat;

  const playAgain = (btn) => {
    if (!store.send({ type: 'play_again' })) {
      toast(t('winner.offline'), 'error');
      return;
    }
    btn.disabled = true; // the room's update takes everyone to the lobby
  };

  const title = g.winner === st.seat ? t('winner.title.me') : t('winner.title', { who: seatName(doc, g.winner) });
  return h('section.winner#winner', { role: 'dialog', 'aria-labelledby': 'winner-title' },
    h('h2#winner-title', icon('victory_point', 'icon big-star'), title),
    h('ol.vp-list', rows.map(({ p, b }) =>
      h(`li.vp-row${p.seat === g.winner ? '.won' : ''}`, { dataset: { seat: p.seat } },
        h('div.vp-head', seatBadge(p.seat), h('span.vp-name', seatName(doc, p.seat)), h('span.total', { title: t('winner.total') }, String(b.total))),
        h('dl.vp-parts',
          [['settlements', b.settlements], ['cities', b.cities], ['longest_road', b.road], ['largest_army', b.army], ['vp_cards', b.cards]].map(([k, v]) =>
            h(`div.vp-part${v ? '' : '.zero'}`, { dataset: { part: k } }, h('dt', t(`winner.${k}`)), h('dd', String(v)))))))),
    fairnessCheck(doc),
    doc.room.fairness ? h('a.button#watch-replay', { href: `/r/${encodeURIComponent(doc.room.code)}#replay` }, t('winner.replay')) : null,
    h('div.winner-actions',
      isHost ? h('button.primary.big#play-again', { type: 'button', onclick: (e) => playAgain(e.currentTarget) }, t('winner.play_again')) : null,
      !isHost ? h('p.muted#waiting-host', t('winner.waiting_host')) : null,
      h('button#winner-board', { type: 'button', onclick: onHide }, t('winner.view_board')),
      h('a.button', { href: '/' }, t('winner.home'))));
}
