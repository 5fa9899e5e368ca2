// The players' public state as the game and the replay show it: name, bot or offline tag, awards,
// victory points (your own hidden ones included), cards, development cards, knights, road length.

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { icon, seatBadge, SEAT_COLORS } from '../icons.js';
import { seatName, playerLabel } from '../format.js';

// doc: {room: {seats}} for names and tags; g: the game view; me: our seat (null for a spectator).
export function playerRows(doc, g, me) {
  return g.players.map((p) => {
    const seat = doc.room.seats.find((x) => x.seat === p.seat);
    const badges = [];
    if (g.longest_road === p.seat) badges.push(h('span.award', { title: t('badge.longest_road') }, icon('road_award', 'icon'), h('span.sr', t('badge.longest_road'))));
    if (g.largest_army === p.seat) badges.push(h('span.award', { title: t('badge.largest_army') }, icon('army_award', 'icon'), h('span.sr', t('badge.largest_army'))));
    const current = g.current === p.seat;
    return h(`div.player${current ? '.current' : ''}${p.seat === me ? '.me' : ''}`, { dataset: { seat: p.seat }, style: { '--seat': SEAT_COLORS[p.seat] }, role: 'group', 'aria-label': playerLabel(doc, g, p, me) },
      h('div.player-name', seatBadge(p.seat), h('span.name', seatName(doc, p.seat)), seat && seat.controlled_by === 'bot' ? h('span.tag.bot', { title: seat.bot ? t('bot.level_title') : t('bot.takeover_title') }, seat.bot ? `${t('bot.badge')} · ${t(`bot.level.${seat.bot}`)}` : t('bot.takeover'))
          : seat && seat.connected === false ? h('span.offline', { title: t('players.offline') }, '⚠') : null, badges),
      h('div.player-stats', { 'aria-hidden': 'true' },
        h('span.stat.vp', { title: t('players.vp') }, icon('star', 'icon'), h('b', String(p.seat === me && g.me ? g.me.vp : p.vp))),
        h('span.stat.cards', { title: t('players.cards') }, icon('cards', 'icon'), h('b', String(p.cards))),
        h('span.stat.devs', { title: t('players.dev') }, icon('dev', 'icon'), h('b', String(p.dev_cards))),
        h('span.stat.knights', { title: t('players.knights') }, icon('knight', 'icon'), h('b', String(p.knights))),
        h('span.stat.road', { title: t('players.road') }, icon('road', 'icon', SEAT_COLORS[p.seat]), h('b', String(p.road_length)))));
  });
}
