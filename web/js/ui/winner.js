// The end of the game: the winner, every player's victory points broken down (revealed Victory Point
// cards included), and "play again": the host opens a new room and posts its link in the room chat;
// everyone else gets a button to follow.

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { seatBadge, icon } from '../icons.js';
import { seatName } from '../format.js';
import { storage } from '../storage.js';
import { toast } from './toast.js';

const NEXT_RE = /\/r\/([23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{5})\b/;

export function breakdown(g, p) {
  const settlements = p.settlements.length;
  const cities = p.cities.length * 2;
  const road = g.longest_road === p.seat ? 2 : 0;
  const army = g.largest_army === p.seat ? 2 : 0;
  const cards = p.vp_cards ?? 0;
  return { settlements, cities, road, army, cards, total: p.vp_total ?? settlements + cities + road + army + cards };
}

function nextRoom(st) {
  const host = st.doc.room.host;
  for (let i = st.chat.length - 1; i >= 0; i--) {
    const c = st.chat[i];
    const m = c.seat === host && NEXT_RE.exec(c.text);
    if (m && m[1] !== st.code) return { code: m[1], by: c.seat };
  }
  return null;
}

export function winnerPanel(st, store, onHide) {
  const g = st.doc.game;
  const doc = st.doc;
  const rows = [...g.players].map((p) => ({ p, b: breakdown(g, p) })).sort((a, b) => b.b.total - a.b.total);
  const isHost = st.host && doc.room.host === st.seat;
  const next = nextRoom(st);
  const myName = doc.room.seats.find((x) => x.seat === st.seat)?.name || storage.name();

  const playAgain = async (btn) => {
    btn.disabled = true;
    try {
      const res = await fetch('/api/rooms', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ players: g.options.players, vp_target: g.options.victory_target }) });
      const data = await res.json();
      if (!res.ok) throw new Error(data.message || res.statusText);
      storage.setHostKey(data.code, data.host_key);
      storage.setAutoJoin(data.code, myName);
      store.send({ type: 'chat', text: `${t('winner.play_again')} → /r/${data.code}` });
      setTimeout(() => location.assign(`/r/${data.code}`), 150);
    } catch (err) {
      toast(String(err.message || err), 'error');
      btn.disabled = false;
    }
  };
  const follow = () => {
    if (myName) storage.setAutoJoin(next.code, myName);
    location.assign(`/r/${next.code}`);
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
    h('div.winner-actions',
      isHost ? h('button.primary.big#play-again', { type: 'button', onclick: (e) => playAgain(e.currentTarget) }, t('winner.play_again')) : null,
      !isHost && next ? h('p', t('winner.new_room', { who: seatName(doc, next.by) })) : null,
      !isHost && next ? h('button.primary.big#join-next', { type: 'button', onclick: follow }, t('winner.join_new')) : null,
      !isHost && !next ? h('p.muted', t('winner.waiting_host')) : null,
      h('button#winner-board', { type: 'button', onclick: onHide }, t('winner.view_board')),
      h('a.button', { href: '/' }, t('winner.home'))));
}
