// The game screen: turn banner with dice, players (cards, knights, public VP, awards), the board with
// only the legal spots highlighted, the open trade offer, the hand, the action bar (each action with
// its cost, disabled with the reason), development cards, the game log, and the decision dialogs.

import { h, s as svg, replace } from '../dom.js';
import { t, RESOURCES } from '../i18n.js';
import { BoardView, isSea } from '../board.js';
import { icon, resIcon, seatBadge, dieFace, SEAT_COLORS } from '../icons.js';
import { gameRules, costOf, roomLimits } from '../rules.js';
import { all, ids, has, reason } from '../legal.js';
import { logLines, bannerText, handCardLabel, handLabel, actionLabel, announcement, turnToast, seatName } from '../format.js';
import { installKeys, shortcutTitle, SHORTCUTS } from '../ui/keys.js';
import { playerRows } from '../ui/players.js';
import { Modal, discardDialog, victimDialog, inventionDialog, monopolyDialog, devCardsDialog, devCardList, panelDialog, goldDialog, pieceDialog } from '../ui/dialogs.js';
import { tradeDialog, counterDialog, offerPanel } from '../ui/trade.js';
import { winnerPanel, resultsButton } from '../ui/winner.js';
import { menuContent } from '../ui/menu.js';
import { toast } from '../ui/toast.js';
import { resChips, unfairWarning, sum } from '../ui/common.js';
import { Feedback, chatLine } from '../ui/feedback.js';
import { turnTimer } from '../ui/timer.js';
import { focusKey, restoreFocus } from '../ui/focus.js';
import { handLayoutWanted } from '../ui/big_screen.js';

// `sea`: only in a Seafarers game (R-SF2, R-SF4).
const ACTIONS = [
  { id: 'roll', icon: 'dice' },
  { id: 'road', icon: 'road', mode: true },
  { id: 'ship', icon: 'ship', mode: true, sea: true },
  { id: 'settlement', icon: 'settlement', mode: true },
  { id: 'city', icon: 'city', mode: true },
  { id: 'move_ship', icon: 'move_ship', mode: true, sea: true },
  { id: 'dev', icon: 'dev' },
  { id: 'trade', icon: 'trade' },
  { id: 'cards', icon: 'cards' },
  { id: 'end', icon: 'end' },
];

export class GameView {
  constructor(store) {
    this.store = store;
    this.mode = null; // 'road' | 'ship' | 'settlement' | 'city' while choosing where to build, 'move_ship'
    this.shipFrom = null; // in 'move_ship': the ship chosen to move (its path), before its destination
    // A dialog whose opener is gone (a board spot taken, a finished discard) hands the focus to the
    // first action that can be taken.
    this.modal = new Modal({ fallbackFocus: () => this.actions.querySelector('button.action:not(.disabled)') || this.actions.querySelector('button') });
    this.winnerHidden = false;
    this.el = h('div.game#game');
    this.head = h('header.game-head');
    this.unfair = h('div.unfair-host');
    this.players = h('section.players#players', { 'aria-label': t('players.title') });
    this.boardWrap = h('section.board-wrap#board');
    this.modeHint = h('div.mode-hint', { hidden: true });
    this.offer = h('div.offer-host');
    this.lastLog = h('button.last-log#last-log', { type: 'button', onclick: () => this.openLog() });
    this.hand = h('section.hand#hand', { 'aria-label': t('hand.title') });
    this.devPanel = h('section.dev-panel#dev-panel');
    this.actions = h('nav.actions#actions', { 'aria-label': 'actions' });
    this.log = h('ol.log-list#log');
    this.logPanel = h('section.log-panel', h('h2', t('log.title')), this.log, this.chatBox());
    this.winner = h('div.winner-host');
    this.boardPeek = false; // in the hand layout, the board shown on request
    this.board = new BoardView(this.boardWrap, { onSpot: (kind, id) => this.onSpot(kind, id) });
    this.fb = new Feedback(store, { board: this.board, boardWrap: this.boardWrap });
    this.boardWrap.append(this.zoomButtons());
    // The build-mode hint sits in the column of the hand (over the last log line on a phone), never
    // on the board it asks you to tap.
    this.colCenter = h('div.col-center', this.boardWrap);
    this.colRight = h('div.col-right', this.offer, this.modeHint, this.lastLog, this.hand, this.devPanel, this.actions);
    this.el.append(
      this.head,
      this.unfair,
      h('div.col-left', this.players, this.logPanel),
      this.colCenter,
      this.colRight,
      this.winner,
    );
    this.unsubEvents = store.onEvents((events, st) => this.onEvents(events, st));
    this.live = h('div.sr#live', { role: 'status', 'aria-live': 'polite', 'aria-label': t('keys.live') });
    this.el.append(this.live);
    installKeys(this);
    this.watchStage();
    this.onHandLayoutChoice = () => this.st && this.update(this.st);
    window.addEventListener('catan:hand-layout', this.onHandLayoutChoice);
  }

  destroy() {
    this.unsubEvents?.();
    this.fb.destroy();
    this.modal.close();
    this.stageObserver?.disconnect();
    window.removeEventListener('resize', this.onResize);
    window.removeEventListener('catan:hand-layout', this.onHandLayoutChoice);
    for (const k of ['top', 'left', 'right', 'bottom']) document.documentElement.style.removeProperty(`--stage-${k}`);
  }

  // The stage: the part of the screen that decisions may cover (dialogs, the winner, toasts). It is
  // the board's column below the top bar, with the players and the open offer when they are stacked
  // in that column (a phone held upright); never the instruction line, the hand or the action bar.
  // Set as --stage-top/left/right/bottom (px from each edge of the viewport) for app.css.
  watchStage() {
    this.onResize = () => this.layoutStage();
    window.addEventListener('resize', this.onResize);
    if (typeof ResizeObserver === 'function') {
      this.stageObserver = new ResizeObserver(() => this.layoutStage());
      for (const el of [this.el, this.head, this.boardWrap, this.offer]) this.stageObserver.observe(el);
    }
  }

  layoutStage() {
    if (!this.el.isConnected) return;
    this.fitHead();
    this.keepButtonsOffBoard();
    const head = this.head.getBoundingClientRect();
    // In the hand layout without the board, decisions cover the hand's part of the screen instead.
    const boardHidden = this.el.classList.contains('hand-layout') && !this.el.classList.contains('board-shown');
    const board = (boardHidden ? this.hand : this.boardWrap).getBoundingClientRect();
    const offer = this.offer.getBoundingClientRect();
    const players = this.players.getBoundingClientRect();
    // Upright phone: the players sit above the board in its column, so the stage starts under the top bar.
    const stacked = players.height > 0 && players.bottom <= board.top + 1 && players.left < board.right && players.right > board.left;
    const top = stacked ? head.bottom : Math.max(head.bottom, board.top);
    let bottom = board.bottom;
    if (offer.height > 0 && offer.top >= board.bottom - 1 && offer.left < board.right && offer.right > board.left) bottom = Math.max(bottom, offer.bottom);
    const st = document.documentElement.style;
    st.setProperty('--stage-top', `${Math.round(top)}px`);
    st.setProperty('--stage-left', `${Math.round(board.left)}px`);
    st.setProperty('--stage-right', `${Math.max(0, Math.round(window.innerWidth - board.right))}px`);
    st.setProperty('--stage-bottom', `${Math.max(0, Math.round(window.innerHeight - bottom))}px`);
  }

  // The instruction line gets a row of its own when beside the top bar's buttons it would take more
  // than two lines, or two lines squeezed narrower than 8 characters ("Ana's / turn" in a spectator's
  // bar); measured in one row each time: the sentence and the screen change.
  fitHead() {
    const text = this.head.querySelector('.banner-text');
    if (!text) return;
    this.head.classList.remove('two-rows');
    const cs = getComputedStyle(text);
    const size = parseFloat(cs.fontSize);
    const line = parseFloat(cs.lineHeight) || size * 1.2;
    const box = text.getBoundingClientRect();
    const lines = Math.round(box.height / line);
    if (lines > 2 || (lines > 1 && box.width < 8 * size)) this.head.classList.add('two-rows');
  }

  // The zoom buttons stand at the board's right edge: when the board fitted to its part of the screen
  // would reach under them, it is drawn in the width left of them (moved left, or a little smaller),
  // so no spot lies under a button.
  keepButtonsOffBoard() {
    const svg = this.board.svg;
    const vb = svg.viewBox?.baseVal;
    const buttons = this.boardWrap.querySelector('.zoom-buttons');
    if (!vb || !vb.width || !vb.height || !buttons) return;
    const wrap = this.boardWrap.getBoundingClientRect();
    const strip = wrap.right - buttons.getBoundingClientRect().left + 4;
    const drawn = Math.min(wrap.width, wrap.height * (vb.width / vb.height));
    const room = (wrap.width - drawn) / 2 >= strip;
    svg.style.width = room ? '' : `${Math.max(0, Math.floor(wrap.width - strip))}px`;
  }

  zoomButtons() {
    const z = this.board.zoom;
    return h('div.zoom-buttons',
      h('button.icon-btn', { type: 'button', 'aria-label': t('zoom.in'), title: t('zoom.in'), onclick: () => z.zoomBy(1.4) }, '+'),
      h('button.icon-btn', { type: 'button', 'aria-label': t('zoom.out'), title: t('zoom.out'), onclick: () => z.zoomBy(1 / 1.4) }, '−'),
      h('button.icon-btn', { type: 'button', 'aria-label': t('zoom.reset'), title: t('zoom.reset'), onclick: () => z.reset() }, '⤢'));
  }

  chatBox() {
    // The room's chat limit (doc.room.limits); an older server's refusal says it instead.
    const chars = roomLimits(this.st?.doc?.room).chat_chars;
    const input = h('input.chat-input', { type: 'text', maxlength: chars, placeholder: t('chat.placeholder'), 'aria-label': t('chat.placeholder') });
    const list = h('ul.chat-list');
    this.chatLists = this.chatLists || new Set();
    this.chatLists.add(list);
    if (this.st) replace(list, this.st.chat.slice(-30).map(chatLine)); // a chat opened in the log dialog shows its lines at once
    return h('form.chat', { onsubmit: (e) => {
      e.preventDefault();
      const text = input.value.trim();
      if (text && this.store.send({ type: 'chat', text })) input.value = '';
    } }, list, h('div.chat-row', input, h('button.small', { type: 'submit' }, t('chat.send'))));
  }

  // --- state → screen ----------------------------------------------------------------------------

  update(st) {
    this.st = st;
    const g = st.doc.game;
    if (!g) return;
    // Everything below is rebuilt: the focused button or spot is found again afterwards.
    const focus = focusKey(this.el);
    this.board.setTopology(st.topology);
    if (this.mode && !this.modeStillValid(st)) this.mode = null;
    if (this.mode !== 'move_ship' || !all(st.legal, 'move_ship').some((a) => a.from === this.shipFrom)) this.shipFrom = null;
    const spots = this.spots(st, g);
    this.layOutForHand(st, g, spots); // before the top bar: its board switch depends on it
    this.sayTakeovers(st);
    this.renderHead(st, g);
    replace(this.unfair, unfairWarning(st.doc.room));
    this.el.classList.toggle('unfair', !!st.doc.room.seed_chosen);
    this.renderPlayers(st, g);
    this.board.render({ game: g, spots });
    this.renderModeHint(st, g);
    this.renderOffer(st);
    this.renderLog(st);
    this.renderHand(st, g);
    replace(this.devPanel, g.me ? h('div', h('h2', t('dev.title')), devCardList(st, this.store, (c) => this.playDev(c))) : null);
    this.renderActions(st, g);
    this.autoDialogs(st, g);
    this.modal.update(st);
    if (g.phase === 'game_over' && !this.winnerHidden) replace(this.winner, winnerPanel(st, this.store, () => { this.winnerHidden = true; this.update(this.st); }));
    else replace(this.winner);
    this.el.dataset.phase = g.phase;
    this.el.classList.toggle('sea', isSea(g));
    this.el.dataset.myTurn = String(g.current === st.seat);
    this.layoutStage();
    restoreFocus(this.el, focus);
  }

  // While a table display shows the board (room.displays), a seated phone shows its hand large in the
  // board's place: the board comes back when a placement needs it (legal spots to tap, a build mode)
  // or when the player asks for it. The player may turn this off for the device (ui/big_screen.js).
  layOutForHand(st, g, spots) {
    const on = st.seat !== null && (st.doc.room.displays || 0) > 0 && g.phase !== 'game_over' && handLayoutWanted();
    if (!on) this.boardPeek = false;
    const placing = !!this.mode || Object.values(spots).some((v) => v instanceof Set && v.size > 0);
    const boardShown = !on || placing || this.boardPeek;
    this.el.classList.toggle('hand-layout', on);
    this.el.classList.toggle('board-shown', on && boardShown);
    this.placing = placing;
    // On a wide screen the columns are real: the hand takes the board's column while the board is away.
    const home = boardShown ? this.colRight : this.colCenter;
    if (this.hand.parentNode !== home) {
      if (boardShown) this.colRight.insertBefore(this.hand, this.devPanel);
      else this.colCenter.append(this.hand);
    }
  }

  // The hand layout's switch between the hand and the board (none while a placement shows the board).
  boardToggle() {
    if (!this.el.classList.contains('hand-layout') || this.placing) return null;
    const label = t(this.boardPeek ? 'handview.hide_board' : 'handview.show_board');
    return h('button.board-toggle#board-toggle', {
      type: 'button', 'aria-pressed': String(this.boardPeek), title: label,
      onclick: () => { this.boardPeek = !this.boardPeek; this.update(this.st); },
    }, label);
  }

  // A toast when a bot starts playing for someone away, and when they are back (a person's seat only;
  // the first view of the room says nothing: the cards show it).
  sayTakeovers(st) {
    const now = new Map(st.doc.room.seats.filter((x) => x.name && !x.bot).map((x) => [x.seat, x.controlled_by]));
    if (this.controlledBy) {
      for (const [seat, by] of now) {
        const was = this.controlledBy.get(seat);
        if (!was || was === by || seat === st.seat) continue;
        const who = seatName(st.doc, seat);
        toast(by === 'bot' ? t('bot.took_over', { who }) : t('bot.back', { who }));
      }
    }
    this.controlledBy = now;
  }

  modeStillValid(st) {
    const type = { road: 'build_road', ship: 'build_ship', settlement: 'build_settlement', city: 'build_city', move_ship: 'move_ship' }[this.mode];
    return st.doc.game.phase === 'main' && has(st.legal, type);
  }

  spots(st, g) {
    const out = { node: new Set(), city: new Set(), path: new Set(), ship: new Set(), hex: new Set(), shipFrom: new Set(), shipTo: new Set(), selected: null };
    const legal = st.legal;
    if (!legal) return out;
    switch (g.phase) {
      case 'setup_settlement':
        out.node = ids(legal, 'build_settlement', 'intersection');
        break;
      case 'setup_road':
      case 'road_building':
        // On the sea a setup settlement on the coast may take a ship instead (R-SF3), and Road
        // Building's free pieces may be ships (R-SF9): whatever the legal actions list.
        out.path = ids(legal, 'build_road', 'path');
        out.ship = ids(legal, 'build_ship', 'path');
        break;
      case 'move_robber':
        // The robber onto land or the pirate onto the sea (R-SF6).
        out.hex = new Set([...ids(legal, 'move_robber', 'hex'), ...ids(legal, 'move_pirate', 'hex')]);
        break;
      case 'main':
        if (this.mode === 'road') out.path = ids(legal, 'build_road', 'path');
        if (this.mode === 'ship') out.ship = ids(legal, 'build_ship', 'path');
        if (this.mode === 'settlement') out.node = ids(legal, 'build_settlement', 'intersection');
        if (this.mode === 'city') out.city = ids(legal, 'build_city', 'intersection');
        if (this.mode === 'move_ship') {
          // First the ships that may move, then, for the chosen one, where it may go (R-SF4).
          out.shipFrom = ids(legal, 'move_ship', 'from');
          if (this.shipFrom !== null) {
            out.selected = this.shipFrom;
            out.shipFrom = new Set([this.shipFrom]);
            out.shipTo = new Set(all(legal, 'move_ship').filter((a) => a.from === this.shipFrom).map((a) => a.to));
          }
        }
        break;
      default:
        break;
    }
    return out;
  }

  renderHead(st, g) {
    const mine = g.current === st.seat;
    // Only this turn's roll: before it (pre_roll) the last player's dice would say the wrong thing.
    const diceText = g.dice ? t('banner.dice', { a: g.dice[0], b: g.dice[1], n: g.dice[0] + g.dice[1] }) : '';
    const dice = g.rolled && g.dice && g.dice[0] ? h('span.dice', { title: diceText, role: 'img', 'aria-label': diceText }, dieFace(g.dice[0]), dieFace(g.dice[1])) : null;
    replace(this.head,
      h('button.icon-btn.menu-btn#menu-btn', { type: 'button', 'aria-label': t('menu.title'), onclick: () => this.openMenu() }, '☰'),
      this.boardToggle(),
      h(`div.turn-banner${mine ? '.mine' : ''}#banner`, { role: 'status', dataset: { phase: g.phase, step: g.step || 'turn' } },
        seatBadge(g.current, 'seat-badge small'), h('span.banner-text', bannerText(st.doc, g, st.seat))),
      // After "See the board" the results (Play again, the replay link) can be opened again.
      g.phase === 'game_over' && this.winnerHidden ? resultsButton(() => { this.winnerHidden = false; this.update(this.st); }) : null,
      dice,
      turnTimer(st.doc.room.timer, st.seat),
      this.fb.soundBtn,
      st.seat === null ? h('span.tag', t('banner.spectating')) : null,
      this.fairnessTag(st.doc.room.fairness));
  }

  // The commitment to the secret seed, published at the start (docs/fairness.md), as a small icon
  // that leaves the top bar to the instruction line; tapping it says in plain words what it means and
  // shows the commitment, so players can compare it with the record checked after the game.
  fairnessTag(fairness) {
    if (!fairness) return null;
    // A chosen seed makes "fair dice" untrue: the icon says so instead (the warning below explains).
    const unfair = !!fairness.seed_chosen;
    const label = unfair ? t('unfair.tag') : t('fair.short');
    return h(`button.fair-icon${unfair ? '.unfair' : ''}#commitment`, {
      type: 'button', title: label, 'aria-label': `${label}: ${t('fair.what')}`, dataset: { commitment: fairness.commitment },
      onclick: () => this.openFairness(),
    }, unfair ? h('span.fair-glyph', { 'aria-hidden': 'true' }, '⚠') : shieldIcon(), h('span.sr', label));
  }

  openFairness() {
    this.modal.open({
      id: 'fairness',
      valid: (st) => !!st.doc?.room?.fairness,
      title: (st) => (st.doc.room.fairness.seed_chosen ? t('unfair.tag') : t('fair.short')),
      render: (st) => {
        const f = st.doc.room.fairness;
        return h('div.fairness-explain',
          // A chosen seed: the promise of fair dice does not hold, so only the warning is said.
          f.seed_chosen ? h('p.unfair-note', t('unfair.warning')) : h('p', t('fair.explain')),
          h('p.muted.commitment', t('fair.fingerprint', { hash: f.commitment })));
      },
    }, this.st);
  }

  renderPlayers(st, g) {
    replace(this.players, playerRows(st.doc, g, st.seat));
    this.players.classList.toggle('many', g.players.length >= 5); // compact cards (css/table.css)
  }

  renderModeHint(st, g) {
    if (this.mode && g.phase === 'main') {
      this.modeHint.hidden = false;
      const hint = this.mode === 'move_ship' && this.shipFrom !== null ? 'mode.move_ship.to' : `mode.${this.mode}`;
      replace(this.modeHint, h('span', t(hint)), h('button.small', { type: 'button', onclick: () => { this.mode = null; this.shipFrom = null; this.update(this.st); } }, t('mode.cancel')));
    } else this.modeHint.hidden = true;
  }

  // The open offer, with a toggle that folds it to its first line on a phone (the board back in view).
  renderOffer(st) {
    const panel = offerPanel(st, this.store, () => this.modal.open(counterDialog(this.store), st));
    if (!panel) this.offerFolded = false;
    const folded = !!panel && !!this.offerFolded;
    const toggle = panel ? h('button.icon-btn.offer-toggle#offer-toggle', {
      type: 'button', 'aria-expanded': String(!folded), 'aria-controls': 'offer-panel', title: t(folded ? 'offer.unfold' : 'offer.fold'), 'aria-label': t(folded ? 'offer.unfold' : 'offer.fold'),
      onclick: () => { this.offerFolded = !folded; this.update(this.st); },
    }, folded ? '▴' : '▾') : null;
    replace(this.offer, panel, toggle);
    this.offer.classList.toggle('folded', folded);
  }

  renderLog(st) {
    const lines = logLines(st.log, st.doc, st.seat);
    const items = lines.slice(-120).map((l) => h(`li.log-line.ev-${l.type}`, { dataset: { seat: l.player ?? '' } }, l.player !== undefined && l.player !== null ? seatBadge(l.player, 'seat-badge tiny') : null, h('span', l.text)));
    replace(this.log, items.length ? items : h('li.muted', t('log.empty')));
    this.log.scrollTop = this.log.scrollHeight;
    const last = lines[lines.length - 1];
    replace(this.lastLog, last ? h('span', last.text) : h('span.muted', t('log.empty')), h('span.more', '☰'), this.fb.badge);
    const chars = roomLimits(st.doc?.room).chat_chars; // the server's chat limit, for every chat field
    if (chars) for (const input of document.querySelectorAll('.chat-input')) input.maxLength = chars;
    const panelList = this.chatLists.values().next().value; // the log panel's, made with the view
    for (const list of this.chatLists) {
      // A closed log dialog's list never comes back (the next opening makes a new one): let it go.
      if (!list.isConnected) {
        if (list !== panelList) this.chatLists.delete(list);
        continue;
      }
      replace(list, st.chat.slice(-30).map(chatLine));
      list.scrollTop = list.scrollHeight;
    }
  }

  renderHand(st, g) {
    if (!g.me) {
      replace(this.hand);
      return;
    }
    const total = sum(g.me.hand);
    const away = this.el.classList.contains('hand-layout') && !this.el.classList.contains('board-shown');
    replace(this.hand,
      away ? h('p.hand-note', t('handview.on_screen')) : null,
      h('div.hand-cards', { role: 'group', 'aria-label': handLabel(g.me.hand) }, RESOURCES.map((r) => h(`div.card.res-${r}${g.me.hand[r] ? '' : '.zero'}`, { dataset: { res: r, count: g.me.hand[r] }, title: handCardLabel(r, g.me.hand[r]), role: 'img', 'aria-label': handCardLabel(r, g.me.hand[r]) }, resIcon(r, 'icon card-icon'), h('b.count', { 'aria-hidden': 'true' }, String(g.me.hand[r]))))),
      h('div.hand-total', { 'aria-hidden': 'true' }, t('hand.total', { n: total })));
  }

  renderActions(st, g) {
    const seat = st.seat;
    if (seat === null) {
      replace(this.actions);
      return;
    }
    const devCount = g.me ? Object.values(g.me.dev).reduce((a, b) => a + b, 0) : 0;
    const rules = gameRules(st); // the costs are the server's (rules.js)
    const sea = isSea(g);
    this.actions.classList.toggle('sea', sea);
    const buttons = ACTIONS.filter((a) => !a.sea || sea).map((a) => {
      const cost = costOf(rules, a.id);
      let why = a.id === 'cards' ? null : reason(a.id, g, st.legal, seat, rules);
      const active = a.mode && this.mode === a.id;
      // In a 5-6 player build step (R-X6, R-X7) "End" ends the build phase, not a turn.
      const buildStep = g.step === 'paired_build' || g.step === 'special_build';
      const label = a.id === 'cards' ? `${t('act.cards')} (${devCount})` : a.id === 'end' && buildStep ? t('act.end_build') : t(`act.${a.id}`);
      return h(`button.action${why ? '.disabled' : ''}${active ? '.active' : ''}${a.id === 'roll' && !why ? '.primary' : ''}`, {
        type: 'button',
        dataset: { action: a.id },
        'aria-disabled': String(!!why),
        'aria-pressed': a.mode ? String(active) : undefined,
        title: shortcutTitle(a.id, why || label),
        'aria-label': actionLabel(label, cost, why),
        'aria-keyshortcuts': SHORTCUTS[a.id],
        onclick: () => (why ? toast(why, 'error') : this.doAction(a.id)),
      },
      h('span.action-main', icon(a.icon, 'icon', a.mode ? SEAT_COLORS[seat] : undefined), h('span.action-label', label)),
      cost ? h('span.cost', resChips(cost, 'cost-chips')) : null,
      why ? h('span.why', why) : null);
    });
    replace(this.actions, buttons);
  }

  autoDialogs(st, g) {
    const me = g.players.find((p) => p.seat === st.seat);
    const owed = me?.discard_owed || 0;
    if (g.phase === 'discard' && owed > 0 && this.modal.id !== 'discard') this.modal.open(discardDialog(this.store), st);
    // R-SF7: every owner chooses gold at the same time; a choice sent leaves the dialog closed.
    if (g.phase === 'choose_gold' && (me?.gold_owed || 0) > 0 && this.modal.id !== 'gold') this.modal.open(goldDialog(this.store), st);
  }

  // --- user actions --------------------------------------------------------------------------------

  offline() {
    if (this.store.conn.isOpen && this.st.joined) return false;
    toast(t('conn.connecting'), 'error');
    return true;
  }

  doAction(id) {
    const st = this.st;
    if (id !== 'cards' && this.offline()) return;
    switch (id) {
      case 'roll':
        this.store.command({ type: 'roll_dice' });
        break;
      case 'road':
      case 'ship':
      case 'settlement':
      case 'city':
      case 'move_ship':
        this.mode = this.mode === id ? null : id;
        this.shipFrom = null;
        this.update(st);
        break;
      case 'dev':
        this.store.command({ type: 'buy_dev_card' });
        break;
      case 'trade':
        this.modal.open(tradeDialog(this.store), st);
        break;
      case 'cards':
        this.modal.open(devCardsDialog(this.store, (c) => this.playDev(c)), st);
        break;
      case 'end':
        this.mode = null;
        this.shipFrom = null;
        this.store.command({ type: 'end_turn' });
        break;
      default:
        break;
    }
  }

  playDev(card) {
    const st = this.st;
    if (card === 'knight') this.store.command({ type: 'play_knight' });
    else if (card === 'road_building') this.store.command({ type: 'play_road_building' });
    else if (card === 'invention') this.modal.open(inventionDialog(this.store), st);
    else if (card === 'monopoly') this.modal.open(monopolyDialog(this.store), st);
  }

  onSpot(kind, id) {
    const st = this.st;
    if (!st || this.offline()) return;
    let action = null;
    if (kind === 'node') action = all(st.legal, 'build_settlement').find((a) => a.intersection === id);
    else if (kind === 'city') action = all(st.legal, 'build_city').find((a) => a.intersection === id);
    else if (kind === 'path') action = all(st.legal, 'build_road').find((a) => a.path === id);
    else if (kind === 'ship') action = all(st.legal, 'build_ship').find((a) => a.path === id);
    else if (kind === 'either') {
      // A coast path takes a road or a ship (R-SF3, R-SF9): the player says which.
      this.modal.open(pieceDialog(this.store, id), st);
      return;
    } else if (kind === 'ship_from') {
      this.shipFrom = this.shipFrom === id ? null : id;
      this.update(st);
      return;
    } else if (kind === 'ship_to') action = all(st.legal, 'move_ship').find((a) => a.from === this.shipFrom && a.to === id);
    else if (kind === 'hex') {
      // Land: the robber; the sea: the pirate (R-SF6). Victims are chosen alike.
      const type = all(st.legal, 'move_pirate').some((a) => a.hex === id) ? 'move_pirate' : 'move_robber';
      const opts = all(st.legal, type).filter((a) => a.hex === id);
      const victims = opts.filter((a) => a.victim !== undefined && a.victim !== null);
      if (victims.length > 1) {
        this.modal.open(victimDialog(this.store, id, type), st);
        return;
      }
      action = victims[0] || opts[0];
    }
    if (!action) return;
    this.mode = null;
    this.shipFrom = null;
    this.store.command(action);
  }

  onEvents(events, st) {
    const said = announcement(events, st.doc, st.seat);
    if (said) this.live.textContent = said;
    this.fb.onEvents(events, st); // dice, production, steals (thief and victim), Monopoly, sounds
    const turn = turnToast(events, st.seat);
    if (turn) toast(turn);
  }

  openLog() {
    const list = h('ol.log-list.full');
    const fill = (st) => {
      const lines = logLines(st.log, st.doc, st.seat);
      replace(list, lines.map((l) => h('li.log-line', l.player !== undefined && l.player !== null ? seatBadge(l.player, 'seat-badge tiny') : null, h('span', l.text))));
      setTimeout(() => { list.scrollTop = list.scrollHeight; }, 0);
    };
    this.modal.open({
      id: 'log',
      persistent: true,
      title: () => t('log.title'),
      render: (st) => {
        fill(st);
        return h('div', list, this.chatBox());
      },
      refresh: (st) => {
        fill(st);
        this.renderLog(st);
      },
    }, this.st);
    this.fb.chatSeen();
  }

  openMenu() {
    this.modal.open(panelDialog('menu', () => t('menu.title'), (st, close) => menuContent(st, this.store, close)), this.st);
  }
}

// A shield with a tick: "these dice are locked in" (drawn here so the top bar needs no font glyph).
function shieldIcon() {
  return svg('svg', { class: 'icon fair-shield', viewBox: '0 0 24 24', 'aria-hidden': 'true' },
    svg('path', { d: 'M12 2 L20 5 V11 C20 16 16.5 20 12 22 C7.5 20 4 16 4 11 V5 Z', fill: 'none', stroke: 'currentColor', 'stroke-width': 2, 'stroke-linejoin': 'round' }),
    svg('path', { d: 'M8 12 L11 15 L16 9', fill: 'none', stroke: 'currentColor', 'stroke-width': 2.2, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }));
}
