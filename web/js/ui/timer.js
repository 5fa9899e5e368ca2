// The turn timer's countdown (docs/protocol.md, "Turn timer"). The server sends room.timer only when
// the decision changes, with the time left as of when it built the document; this element counts
// down from there on its own, once a second, turns urgent in the last 10 s and stops at zero or when
// the decision changes. Kept across re-renders: the header is rebuilt on every update, the countdown
// of one decision is the same element throughout (so it neither restarts nor flickers).
import { h } from '../dom.js';
import { t } from '../i18n.js';

const URGENT_MS = 10_000;
let shown = null; // { id, remaining, deadline, decision, el, pending }

function stop() {
  if (shown) clearTimeout(shown.pending);
  shown = null;
}

function clock(ms) {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

function tick() {
  const c = shown;
  clearTimeout(c.pending);
  const left = Math.max(0, c.deadline - performance.now());
  c.el.textContent = clock(left);
  c.el.setAttribute('aria-label', t('timer.aria', { what: t(`timer.what.${c.decision}`), n: Math.ceil(left / 1000) }));
  c.el.classList.toggle('urgent', left <= URGENT_MS);
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
  shown.started = false;
  shown.el.dataset.decision = timer.decision;
  shown.el.classList.toggle('mine', seat !== null && timer.seats.includes(seat));
  tick();
  return shown.el;
}
