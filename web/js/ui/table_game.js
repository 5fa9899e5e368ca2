// The table display during a game: the board as large as the screen allows (read-only, no spots), and
// beside it (under it on an upright screen) whose turn it is and what they must do, this turn's dice
// and the turn timer, every player's public facts with the bank and the development cards left, the
// open offer, the tail of the log, and a small QR code of the room's link so a phone can join or come
// back. The dice, production and steals show as they happen (ui/feedback.js, as every spectator sees
// them). What a spectator may not see is not in its view to begin with: no hand, no legal action.
// At the end the results cover the board (ui/table_results.js).

import { h, replace } from '../dom.js';
import { t } from '../i18n.js';
import { BoardView, isSea } from '../board.js';
import { seatBadge, dieFace } from '../icons.js';
import { logLines, bannerText } from '../format.js';
import { playerRows } from './players.js';
import { Feedback } from './feedback.js';
import { turnTimer } from './timer.js';
import { offerPanel } from './trade.js';
import { unfairWarning } from './common.js';
import { joinQr } from './table_join.js';
import { tableResults } from './table_results.js';

const LOG_LINES = 40; // the log's tail: more than the tallest screen shows, the oldest clipped at the top
const MIN_LOG_LINES = 3; // what the players' cards leave to the log at least (see fit)
const ZOOM_BACK_MS = 30_000; // a board zoomed by a hand on a tablet goes back to the whole board
const NO_SPOTS = { node: new Set(), city: new Set(), path: new Set(), ship: new Set(), hex: new Set(), shipFrom: new Set(), shipTo: new Set(), selected: null };

export class TableGame {
  constructor(store) {
    this.store = store;
    this.el = h('div.tt-game#table-game');
    this.head = h('header.tt-head#table-head');
    this.unfair = h('div.tt-unfair');
    this.boardWrap = h('section.board-wrap.tt-board#board');
    this.offer = h('div.tt-offer');
    this.players = h('section.players.tt-players#players', { 'aria-label': t('players.title') });
    this.log = h('ol.log-list.tt-log#table-log');
    this.logPanel = h('section.tt-log-panel', h('h2', t('log.title')), this.log);
    this.corner = h('aside.tt-corner#table-corner');
    this.results = h('div.tt-results-host');
    this.board = new BoardView(this.boardWrap, { onSpot: () => {} });
    this.fb = new Feedback(store, { board: this.board, boardWrap: this.boardWrap });
    this.el.append(this.head, this.unfair, this.boardWrap, this.offer, this.players, this.logPanel, this.corner, this.results);
    this.unsubEvents = store.onEvents((events, st) => this.fb.onEvents(events, st));
    this.watchZoom();
    this.onResize = () => this.fit();
    window.addEventListener('resize', this.onResize);
  }

  destroy() {
    this.unsubEvents?.();
    this.fb.destroy();
    clearTimeout(this.zoomTimer);
    window.removeEventListener('resize', this.onResize);
  }

  // The log keeps a few lines in view beside the board: where the players' cards would squeeze it out
  // (five or six players, long names, a smaller screen), the cards give up their words first (a bot's
  // tag as its glyph, no row of pieces left), then the column tightens further. Measured each time:
  // the players, their tags and the language change.
  fit() {
    const el = this.el;
    if (!el.isConnected) return;
    el.classList.remove('tight', 'tighter');
    const enough = () => this.log.clientHeight >= parseFloat(getComputedStyle(this.log).fontSize) * 1.4 * MIN_LOG_LINES;
    if (enough()) return;
    el.classList.add('tight');
    if (!enough()) el.classList.add('tighter');
  }

  // The board can be pinched or wheeled (a tablet lying flat); left alone it shows the whole board again.
  watchZoom() {
    const later = () => {
      clearTimeout(this.zoomTimer);
      this.zoomTimer = setTimeout(() => this.board.zoom.reset(), ZOOM_BACK_MS);
    };
    for (const type of ['pointerup', 'wheel']) this.board.svg.addEventListener(type, later, { passive: true });
  }

  update(st) {
    const g = st.doc.game;
    if (!g) return;
    this.board.setTopology(st.topology);
    this.renderHead(st, g);
    replace(this.unfair, unfairWarning(st.doc.room));
    this.board.render({ game: g, spots: NO_SPOTS });
    replace(this.offer, offerPanel(st, this.store));
    replace(this.players, playerRows(st.doc, g, null));
    this.players.classList.toggle('many', g.players.length >= 5);
    this.renderLog(st);
    replace(this.corner, joinQr(st.doc.room.code, 'table-join-qr'),
      h('div.tt-corner-text', h('span.tt-corner-code', st.doc.room.code), h('span', t('table.rejoin'))));
    replace(this.results, g.phase === 'game_over' ? tableResults(st) : null);
    this.el.dataset.phase = g.phase;
    this.el.classList.toggle('sea', isSea(g));
    this.el.classList.toggle('over', g.phase === 'game_over');
    this.el.classList.toggle('many', g.players.length >= 5);
    this.fit();
  }

  renderHead(st, g) {
    // Only this turn's roll: before it (pre_roll) the last player's dice would say the wrong thing.
    const diceText = g.dice ? t('banner.dice', { a: g.dice[0], b: g.dice[1], n: g.dice[0] + g.dice[1] }) : '';
    const dice = g.rolled && g.dice && g.dice[0]
      ? h('span.dice.tt-dice#table-dice', { title: diceText, role: 'img', 'aria-label': diceText }, dieFace(g.dice[0]), dieFace(g.dice[1]))
      : null;
    replace(this.head,
      h('div.turn-banner.tt-banner#banner', { role: 'status', dataset: { phase: g.phase } },
        seatBadge(g.current, 'seat-badge tt-badge'), h('span.banner-text', bannerText(st.doc, g, null))),
      this.fb.soundBtn,
      h('div.tt-meta', dice, turnTimer(st.doc.room.timer, null)));
  }

  renderLog(st) {
    const lines = logLines(st.log, st.doc, null);
    const items = lines.slice(-LOG_LINES).map((l) => h(`li.log-line.ev-${l.type}`, { dataset: { seat: l.player ?? '' } },
      l.player !== undefined && l.player !== null ? seatBadge(l.player, 'seat-badge tiny') : null, h('span', l.text)));
    replace(this.log, items.length ? items : h('li.muted', t('log.empty')));
    this.log.dataset.total = String(lines.length);
  }
}
