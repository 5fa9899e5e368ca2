// "My games" on the start page: every room this browser holds a seat in (the seat tokens it keeps, no
// account), with what each waits for and how long is left, from GET /api/rooms/{code} (its summary's
// timer has the deadline in Unix ms, docs/protocol.md "Turn-based rooms"). A room the server no longer
// has can be forgotten here. Nothing is shown when the browser holds no seat.
import { h, replace } from '../dom.js';
import { t } from '../i18n.js';
import { storage } from '../storage.js';
import { clock } from './timer.js';
import { fetchRoom } from '../room_route.js';

const MAX_ROOMS = 20; // the most recent codes only: each is one request

async function summaryOf(code) {
  try {
    const res = await fetchRoom(code);
    if (res.status === 404) return { gone: true };
    if (!res.ok) return { failed: true };
    return { summary: await res.json() };
  } catch {
    return { failed: true };
  }
}

// One line of what the room waits for: your move, someone else's, the lobby, the end.
function statusOf(summary, seat) {
  const timer = summary.timer;
  if (summary.phase === 'lobby') return { text: t('home.game_lobby'), mine: false };
  if (summary.phase === 'finished') return { text: t('home.game_over'), mine: false };
  if (!timer) return { text: t('home.game_playing'), mine: false };
  const mine = seat !== null && timer.seats.includes(seat);
  const names = timer.seats.map((s) => summary.seats[s]?.name).filter(Boolean).join(', ');
  const left = timer.deadline_ms - Date.now();
  const time = left > 0 ? t('home.time_left', { time: clock(left) }) : t('home.time_up');
  return { text: `${mine ? t('home.my_turn') : t('home.waiting_for', { names })} · ${time}`, mine };
}

function gameRow(code, result, section) {
  const seat = storage.seat(code);
  if (result.gone) {
    const forget = h('button.small.forget', {
      type: 'button',
      'aria-label': t('home.game_forget', { code }),
      onclick: () => {
        storage.setToken(code, null);
        storage.setSeat(code, null);
        row.remove();
        if (!section.querySelector('li')) section.remove();
      },
    }, '×');
    const row = h('li.my-game.gone', { 'data-code': code }, h('span.code', code), h('span.status', t('home.game_gone')), forget);
    return row;
  }
  if (result.failed) return h('li.my-game', { 'data-code': code }, h('a.code', { href: `/r/${code}` }, code));
  const status = statusOf(result.summary, seat);
  return h(`li.my-game${status.mine ? '.mine' : ''}`, { 'data-code': code },
    h('a.code', { href: `/r/${code}` }, code),
    h('span.status', status.text));
}

// The section, filled in as the summaries arrive; null when this browser holds no seat anywhere.
export function myGames() {
  const codes = storage.seatedRooms().slice(-MAX_ROOMS);
  if (!codes.length) return null;
  const list = h('ul.my-games');
  const section = h('section.card#my-games', h('h2', t('home.my_games')), list);
  Promise.all(codes.map(async (code) => [code, await summaryOf(code)])).then((rows) => {
    // Rooms waiting for your move first, then the others as listed.
    const ordered = rows.map(([code, r]) => ({ code, r, mine: !!(r.summary && statusOf(r.summary, storage.seat(code)).mine) }))
      .sort((a, b) => Number(b.mine) - Number(a.mine));
    replace(list, ordered.map(({ code, r }) => gameRow(code, r, section)));
  });
  return section;
}
