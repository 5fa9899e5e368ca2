// The table display while the room waits for its players: the room code very large, the QR code of
// the room's link, who has sat down, and that the host starts the game from their phone. Nothing here
// takes a tap.

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { seatBadge } from '../icons.js';
import { seatName } from '../format.js';
import { unfairWarning } from './common.js';
import { joinQr, joinUrl, shownUrl } from './table_join.js';

function seatLine(doc, entry) {
  const room = doc.room;
  return h(`li.tt-seat${entry.connected === false && !entry.bot ? '.away' : ''}`, { dataset: { seat: entry.seat } },
    seatBadge(entry.seat, 'seat-badge tt-badge'),
    h('span.tt-seat-name', seatName(doc, entry.seat)),
    room.host === entry.seat ? h('span.tag.host', t('lobby.host')) : null,
    entry.bot ? h('span.tag.bot', `${t('bot.badge')} · ${t(`bot.level.${entry.bot}`)}`) : null,
    !entry.bot && entry.connected === false ? h('span.tt-offline', t('lobby.disconnected')) : null);
}

export function tableLobby(st) {
  const doc = st.doc;
  const room = doc.room;
  const seated = room.seats.filter((x) => x.name);
  const host = seated.find((x) => x.seat === room.host && !x.bot);
  return h('main.tt-lobby#table-lobby',
    h('header.tt-lobby-head', h('span.tt-brand', t('app.title')), h('span.tt-title', t('table.title'))),
    unfairWarning(room),
    h('section.tt-invite',
      h('div.tt-code-box',
        h('div.tt-code-label', t('lobby.code')),
        h('div.tt-code#table-code', room.code),
        h('p.tt-url#table-url', t('table.open', { url: shownUrl(joinUrl(room.code)) }))),
      h('figure.tt-qr-box', joinQr(room.code, 'table-qr'), h('figcaption', t('table.scan')))),
    h('section.tt-seats',
      h('h2', t('table.seated', { n: seated.length, max: room.options.players })),
      seated.length ? h('ul.tt-seat-list#table-seats', seated.map((x) => seatLine(doc, x))) : h('p.muted', t('table.nobody'))),
    h('p.tt-hint#table-host-starts', host ? t('table.host_starts', { who: seatName(doc, host.seat) }) : t('table.host_starts_any')));
}
