// The replay screen (/r/CODE#replay): the room's replay record (GET /api/rooms/CODE/replay) step by
// step — the board (read-only), the players, whose step it is, the log up to this step, and controls
// to go to the first, previous, next or last step, a slider, and autoplay. Once the game is over the
// record reveals the stolen resources and bought cards and the seed, shown with how to verify it.
// The board's geometry is that of the board the record's start view names (GET /api/boards/{id}).
//
// While the replay is open the page also stays in the room (followRoom): a player of the finished
// game takes their seat back with their token, so the room shows them connected, and when the host
// plays again (the room back in its lobby) or a new game starts, a notice takes them back in one tap.
// A socket rather than polling GET /api/rooms/CODE: the room pushes the change the moment it
// happens, polling would spend the address's lookup budget (429 after a while) and the seat would
// still look offline in the new lobby. During a running game the page only spectates: a player
// watching the replay is away from the game, and their seat's takeover bot must keep playing.

import { h, replace } from '../dom.js';
import { t, onLang } from '../i18n.js';
import { applyPatch } from '../patch.js';
import { BoardView } from '../board.js';
import { seatBadge, dieFace, setSeatLooks } from '../icons.js';
import { seatName, logLines, bannerText, isSeaBoard } from '../format.js';
import { playerRows } from '../ui/players.js';
import { fairnessCheck } from '../ui/winner.js';
import { langSelect } from '../ui/common.js';
import { Store } from '../store.js';
import { fetchBoard } from '../server_rules.js';
import { fetchRoom } from '../room_route.js';

const CHECKPOINT_EVERY = 50; // views kept: every 50th, so stepping back re-applies at most 49 patches
const AUTOPLAY_MS = 800;

// The board the replayed game was played on, as its start view names it (doc.game.options.board), not
// the room's board now: the room may have gone back to its lobby and changed its number of players.
// A Seafarers game's table is its scenario's board for its player count ("new_shores-3", R-SF1).
function recordBoard(record) {
  const options = record.start?.options;
  const board = options?.board;
  if (typeof board !== 'string') throw Object.assign(new Error('the record names no board'), { code: 'no_board' });
  if (isSeaBoard(board) && typeof options.scenario === 'string' && Number.isInteger(options.players)) return `${options.scenario}-${options.players}`;
  return board;
}

async function fetchRecord(code) {
  const res = await fetchRoom(code, '/replay');
  if (res.ok) return res.json();
  const body = await res.json().catch(() => ({}));
  throw Object.assign(new Error(body.message || res.status), { code: body.code || String(res.status) });
}

export function startReplay(app, code) {
  const page = new ReplayView(app, code);
  fetchRecord(code)
    .then(async (record) => page.load(record, await fetchBoard(recordBoard(record))))
    .catch((e) => page.fail(e));
  onLang(() => page.rebuild());
  window.catanDebug = { replay: page }; // read-only handle for tests and curious developers
  return page;
}

export class ReplayView {
  constructor(app, code) {
    Object.assign(this, { app, code, record: null, error: null, n: 0, timer: null, store: null, news: null, dismissed: null });
    this.rebuild();
    document.addEventListener('keydown', (e) => {
      if (!this.record || e.target.closest?.('input, select, textarea')) return;
      // Shift+arrows and Page Up/Down go by turns.
      if (e.key === 'PageUp' || (e.shiftKey && e.key === 'ArrowLeft')) this.go(this.turnBefore(this.n));
      else if (e.key === 'PageDown' || (e.shiftKey && e.key === 'ArrowRight')) this.go(this.turnAfter(this.n));
      else if (e.key === 'ArrowLeft') this.go(this.n - 1);
      else if (e.key === 'ArrowRight') this.go(this.n + 1);
    });
  }

  // The record as the viewer needs it: names for format.js, and the views kept as checkpoints.
  load(record, topology) {
    this.record = record;
    this.topology = topology;
    setSeatLooks(record.start?.options); // the game's seat colours (icons.js, seatLook)
    this.doc = { room: { code: record.code, fairness: record.fairness, seats: record.seats.map((name, seat) => ({ seat, name })) } };
    this.marks = [record.start];
    this.last = { n: 0, view: record.start };
    // The steps that start a turn (their events say so): where "next turn" and "previous turn" go.
    this.turnStarts = record.steps.map((s, i) => ((s.events || []).some((ev) => ev.type === 'turn_started') ? i + 1 : null)).filter((n) => n !== null);
    this.n = 0;
    this.rebuild();
    this.followRoom();
  }

  // The room itself, live (see the top of this file): `news` is 'lobby' once the host played again,
  // 'started' once another game than the replayed one is under way.
  followRoom() {
    if (this.store) return;
    const store = new Store(this.code);
    this.store = store;
    window.catanDebug.store = store;
    const replayed = this.record.fairness?.commitment ?? null;
    store.subscribe((st) => {
      const room = st.doc?.room;
      if (!room) return;
      let news = null;
      if (room.phase === 'lobby') news = 'lobby';
      else if (replayed && room.fairness?.commitment && room.fairness.commitment !== replayed) news = 'started';
      if (news === this.news) return;
      this.news = news;
      this.renderNews();
    });
    if (!this.record.finished) store.set({ token: null }); // spectate only (the token stays stored)
    store.connect(store.state.token ? { type: 'rejoin' } : { type: 'spectate' });
  }

  renderNews() {
    if (!this.newsHost) return;
    const show = this.news && this.news !== this.dismissed;
    replace(this.newsHost, show
      ? h('div.replay-rematch#replay-rematch', { role: 'alert' },
        h('p', t(this.news === 'lobby' ? 'replay.rematch_lobby' : 'replay.rematch_started')),
        h('div.rematch-buttons',
          h('a.button.primary#rematch-go', { href: `/r/${encodeURIComponent(this.code)}` }, t('replay.rematch_go')),
          h('button#rematch-stay', { type: 'button', onclick: () => { this.dismissed = this.news; this.renderNews(); } }, t('replay.rematch_stay'))))
      : null);
  }

  fail(e) {
    this.error = e;
    this.rebuild();
  }

  get total() {
    return this.record ? this.record.steps.length : 0;
  }

  // The view after step n (0: before the first command), from the nearest checkpoint or the view shown.
  viewAt(n) {
    const steps = this.record.steps;
    const base = n - (n % CHECKPOINT_EVERY);
    for (let k = this.marks.length; k * CHECKPOINT_EVERY <= base; k++) {
      let v = this.marks[k - 1];
      for (let i = (k - 1) * CHECKPOINT_EVERY; i < k * CHECKPOINT_EVERY; i++) v = applyPatch(v, steps[i].patch);
      this.marks.push(v);
    }
    let from = base;
    let v = this.marks[base / CHECKPOINT_EVERY];
    if (this.last.n >= base && this.last.n <= n) ({ n: from, view: v } = this.last);
    for (let i = from; i < n; i++) v = applyPatch(v, steps[i].patch);
    this.last = { n, view: v };
    return v;
  }

  // A step's events: as everyone saw them, or with what was hidden once the game is over.
  eventsOf(step) {
    return this.record.finished && Array.isArray(step.revealed_events) ? step.revealed_events : step.events;
  }

  go(n) {
    if (!this.record) return;
    const next = Math.max(0, Math.min(this.total, n));
    if (next === this.total) this.stop();
    if (next === this.n && this.built) return;
    this.n = next;
    this.render();
  }

  // The last turn start before step n (0 when none), and the first after it (the end when none).
  turnBefore(n) {
    return [...this.turnStarts].reverse().find((s) => s < n) ?? 0;
  }

  turnAfter(n) {
    return this.turnStarts.find((s) => s > n) ?? this.total;
  }

  play() {
    if (this.timer) return this.stop();
    if (this.n >= this.total) this.n = 0;
    this.timer = setInterval(() => this.go(this.n + 1), AUTOPLAY_MS);
    this.render();
  }

  stop() {
    clearInterval(this.timer);
    this.timer = null;
    if (this.built) this.render();
  }

  // --- screen ----------------------------------------------------------------------------------------

  rebuild() {
    this.built = false;
    const back = h('a.button#replay-room', { href: `/r/${encodeURIComponent(this.code)}` }, t('replay.to_room'));
    const head = h('header.room-head', h('a.home-link', { href: '/' }, t('app.title')), h('h1', t('replay.title', { code: this.code })), langSelect());
    if (this.error) {
      const text = this.error.code === 'no_such_room' ? t('join.no_room', { code: this.code })
        : this.error.code === 'wrong_phase' ? t('replay.none') : t('replay.failed', { message: this.error.message });
      replace(this.app, h('main.join#replay', head, h('section.card', h('p.error#replay-error', { role: 'alert' }, text), back)));
      return;
    }
    if (!this.record) {
      replace(this.app, h('main.join#replay', head, h('p.muted.center', t('replay.loading'))));
      return;
    }
    this.head = h('header.game-head');
    this.players = h('section.players#players', { 'aria-label': t('players.title') });
    this.boardWrap = h('section.board-wrap#board');
    this.controls = h('nav.replay-controls#replay-controls', { 'aria-label': t('replay.controls') });
    this.stepInfo = h('section.replay-step#replay-step', { 'aria-live': 'polite' });
    this.log = h('ol.log-list#log');
    this.logPanel = h('section.log-panel', h('h2', t('log.title')), this.log);
    this.foot = h('section.replay-foot');
    this.board = new BoardView(this.boardWrap, { onSpot: () => {} });
    this.board.setTopology(this.topology);
    this.buildControls();
    this.newsHost = h('div.rematch-host');
    replace(this.app, h('div.game.replay#replay',
      this.head,
      h('div.col-left', this.players, this.logPanel),
      h('div.col-center', this.boardWrap),
      h('div.col-right', this.controls, this.stepInfo, this.foot)), this.newsHost);
    this.built = true;
    this.render();
    this.renderNews();
  }

  render() {
    const r = this.record;
    const g = this.viewAt(this.n);
    const step = this.n > 0 ? r.steps[this.n - 1] : null;
    const dice = g.dice ? h('span.dice', { title: t('banner.dice', { a: g.dice[0], b: g.dice[1], n: g.dice[0] + g.dice[1] }) }, dieFace(g.dice[0]), dieFace(g.dice[1])) : null;
    replace(this.head,
      h('a.button.icon-btn#replay-back', { href: `/r/${encodeURIComponent(this.code)}`, 'aria-label': t('replay.to_room'), title: t('replay.to_room') }, '←'),
      h('div.turn-banner#banner', { role: 'status', dataset: { phase: g.phase } }, seatBadge(g.current, 'seat-badge small'), h('span.banner-text', bannerText(this.doc, g, null))),
      dice,
      h('span.tag', t('replay.tag')));
    replace(this.players, playerRows(this.doc, g, null));
    this.players.classList.toggle('many', g.players.length >= 5);
    this.board.render({ game: g, spots: { node: new Set(), city: new Set(), path: new Set(), hex: new Set() } });
    this.renderControls();
    replace(this.stepInfo,
      h('p.step-who#step-who', step ? [seatBadge(step.seat, 'seat-badge tiny'), ' ', t('replay.acted', { who: seatName(this.doc, step.seat) })] : t('replay.before_first')),
      h('ul.step-events#step-events', this.lines(this.n - 1, this.n, g).map((l) => h('li.log-line', h('span', l.text)))));
    const all = this.lines(0, this.n, g);
    replace(this.log, all.length ? all.slice(-120).map((l) => h(`li.log-line.ev-${l.type}`, l.player !== undefined && l.player !== null ? seatBadge(l.player, 'seat-badge tiny') : null, h('span', l.text))) : h('li.muted', t('log.empty')));
    this.log.scrollTop = this.log.scrollHeight;
    replace(this.foot, r.finished
      ? h('div.replay-fair#replay-fair',
        h('p', t('replay.revealed')),
        r.fairness.seed !== null ? h('p.muted.small.seed#replay-seed', t('replay.seed', { seed: r.fairness.seed, salt: r.fairness.salt })) : null,
        fairnessCheck(this.doc))
      : h('p.muted#replay-running', t('replay.running')),
    langSelect());
    this.app.querySelector('#replay').dataset.step = String(this.n);
  }

  // Log lines of steps from+1..to (1-based step numbers), one sequence number per step; places are
  // named from the board of the view `g` ("the 6 ore", not a hex's number).
  lines(from, to, g) {
    const log = [];
    for (let i = Math.max(0, from); i < to; i++) for (const ev of this.eventsOf(this.record.steps[i])) log.push({ seq: i + 1, ev });
    return logLines(log, { ...this.doc, game: g }, null);
  }

  // The controls are made once per build (a slider being dragged must stay the same element).
  buildControls() {
    const btn = (id, label, glyph, onclick) => h(`button.icon-btn.replay-btn#${id}`, { type: 'button', 'aria-label': label, title: label, onclick }, glyph);
    this.buttons = {
      first: btn('replay-first', t('replay.first'), '«', () => this.go(0)),
      prevTurn: btn('replay-prev-turn', t('replay.prev_turn'), '⏮', () => this.go(this.turnBefore(this.n))),
      prev: btn('replay-prev', t('replay.prev'), '‹', () => this.go(this.n - 1)),
      play: btn('replay-play', t('replay.play'), '▶', () => this.play()),
      next: btn('replay-next', t('replay.next'), '›', () => this.go(this.n + 1)),
      nextTurn: btn('replay-next-turn', t('replay.next_turn'), '⏭', () => this.go(this.turnAfter(this.n))),
      last: btn('replay-last', t('replay.last'), '»', () => this.go(this.total)),
    };
    this.slider = h('input.replay-slider#replay-slider', { type: 'range', min: 0, max: this.total, value: 0, 'aria-label': t('replay.slider'), oninput: (e) => this.go(Number(e.target.value)) });
    this.count = h('p.replay-count#replay-count');
    replace(this.controls, h('div.replay-buttons', Object.values(this.buttons)), this.slider, this.count);
  }

  renderControls() {
    const { n, total, buttons } = this;
    buttons.first.disabled = buttons.prev.disabled = buttons.prevTurn.disabled = n === 0;
    buttons.next.disabled = buttons.last.disabled = buttons.nextTurn.disabled = n === total;
    buttons.play.disabled = total === 0;
    const label = this.timer ? t('replay.pause') : t('replay.play');
    buttons.play.textContent = this.timer ? '⏸' : '▶';
    buttons.play.setAttribute('aria-label', label);
    buttons.play.title = label;
    this.slider.value = String(n);
    const turn = this.viewAt(n).turn;
    this.count.textContent = Number.isInteger(turn) && turn > 0 ? t('replay.count_turn', { n, total, turn }) : t('replay.count', { n, total });
  }
}
