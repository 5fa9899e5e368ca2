// The turn timer's countdown (docs/protocol.md, "Turn timer"). The server sends room.timer only when
// the decision changes, with the time left as of when it built the document; this element counts
// down from there on its own, once a second, turns urgent in the last 10 s (the last hour of a
// turn-based room's hours-long decisions) and stops at zero or when the decision changes. Kept across re-renders: the header is rebuilt on every update, the countdown
// of one decision is the same element throughout (so it neither restarts nor flickers).
import { h } from '../dom.js';
import { t } from '../i18n.js';

const URGENT_MS = 10_000;
const HOUR_MS = 3_600_000;
let shown = null; // { id, remaining, deadline, decision, el, pending }

function stop() {
  if (shown) clearTimeout(shown.pending);
  shown = null;
}

// m:ss, h:mm:ss past an hour, and "2 d 03:15" past a day (turn-based rooms).
export function clock(ms) {
  const s = Math.ceil(ms / 1000);
  const two = (n) => String(n).padStart(2, '0');
  if (s < 3600) return `${Math.floor(s / 60)}:${two(s % 60)}`;
  const h = Math.floor(s / 3600);
  if (h < 24) return `${h}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`;
  return `${t('timer.days', { n: Math.floor(h / 24) })} ${two(h % 24)}:${two(Math.floor(s / 60) % 60)}`;
}

function tick() {
  const c = shown;
  clearTimeout(c.pending);
  const left = Math.max(0, c.deadline - performance.now());
  c.el.textContent = clock(left);
  const what = t(`timer.what.${c.decision}`);
  c.el.setAttribute('aria-label', left < 60_000 ? t('timer.aria', { what, n: Math.ceil(left / 1000) }) : t('timer.aria_long', { what, time: clock(left) }));
  c.el.classList.toggle('urgent', left <= (c.limit >= HOUR_MS ? HOUR_MS : URGENT_MS));
  c.el.dataset.remaining = String(Math.ceil(left / 1000));
  // Next on the next whole second; none once at zero, or once the element has left the page (a
  // later render with the same decision puts it back and starts it again).
  if (left > 0 && (c.el.isConnected || !c.started)) c.pending = setTimeout(tick, left % 1000 || 1000);
  c.started = true;
}

// The countdown for `timer` (room.timer, null when off or nothing is timed), marked as the viewer's
// own when `seat` is among the seats being waited for. Null when there is nothing to count.
export function turnTimer(timer, seat = null) {
  if (!timer) {
    stop();
    return null;
  }
  if (!shown || shown.id !== timer.id) {
    stop();
    shown = { id: timer.id, remaining: null, el: h('span.turn-timer', { role: 'timer' }) };
  }
  if (shown.remaining !== timer.remaining_ms) { // a new decision, or the server re-sent the time left
    shown.remaining = timer.remaining_ms;
    shown.deadline = performance.now() + timer.remaining_ms;
  }
  shown.decision = timer.decision;
  shown.limit = (timer.limit || 0) * 1000;
  shown.started = false;
  shown.el.dataset.decision = timer.decision;
  shown.el.classList.toggle('mine', seat !== null && timer.seats.includes(seat));
  tick();
  return shown.el;
}
