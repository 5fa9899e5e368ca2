// The game screen: turn banner with dice, players (cards, knights, public VP, awards), the board with
// only the legal spots highlighted, the open trade offer, the hand, the action bar (each action with
// its cost, disabled with the reason), development cards, the game log, and the decision dialogs.

import { h, replace } from '../dom.js';
import { t, RESOURCES } from '../i18n.js';
import { BoardView } from '../board.js';
import { icon, resIcon, seatBadge, dieFace, COSTS, SEAT_COLORS } from '../icons.js';
import { all, ids, has, reason } from '../legal.js';
import { seatName, logLines, bannerText } from '../format.js';
import { playerRows } from '../ui/players.js';
import { Modal, discardDialog, victimDialog, inventionDialog, monopolyDialog, devCardsDialog, devCardList, panelDialog } from '../ui/dialogs.js';
import { tradeDialog, counterDialog, offerPanel } from '../ui/trade.js';
import { winnerPanel } from '../ui/winner.js';
import { menuContent } from '../ui/menu.js';
import { toast } from '../ui/toast.js';
import { resChips, unfairWarning } from '../ui/common.js';
import { turnTimer } from '../ui/timer.js';

const ACTIONS = [
  { id: 'roll', icon: 'dice', cost: null },
  { id: 'road', icon: 'road', cost: COSTS.road, mode: true },
  { id: 'settlement', icon: 'settlement', cost: COSTS.settlement, mode: true },
  { id: 'city', icon: 'city', cost: COSTS.city, mode: true },
  { id: 'dev', icon: 'dev', cost: COSTS.dev },
  { id: 'trade', icon: 'trade', cost: null },
  { id: 'cards', icon: 'cards', cost: null },
  { id: 'end', icon: 'end', cost: null },
];

export class GameView {
  constructor(store) {
    this.store = store;
    this.mode = null; // 'road' | 'settlement' | 'city' while choosing where to build
    this.modal = new Modal();
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
    this.board = new BoardView(this.boardWrap, { onSpot: (kind, id) => this.onSpot(kind, id) });
    this.boardWrap.append(this.modeHint, this.zoomButtons());
    this.el.append(
      this.head,
      this.unfair,
      h('div.col-left', this.players, this.logPanel),
      h('div.col-center', this.boardWrap),
      h('div.col-right', this.offer, this.lastLog, this.hand, this.devPanel, this.actions),
      this.winner,
    );
    this.unsubEvents = store.onEvents((events, st) => this.onEvents(events, st));
  }

  destroy() {
    this.unsubEvents?.();
    this.modal.close();
  }

  zoomButtons() {
    const z = this.board.zoom;
    return h('div.zoom-buttons',
      h('button.icon-btn', { type: 'button', 'aria-label': t('zoom.in'), title: t('zoom.in'), onclick: () => z.zoomBy(1.4) }, '+'),
      h('button.icon-btn', { type: 'button', 'aria-label': t('zoom.out'), title: t('zoom.out'), onclick: () => z.zoomBy(1 / 1.4) }, '−'),
      h('button.icon-btn', { type: 'button', 'aria-label': t('zoom.reset'), title: t('zoom.reset'), onclick: () => z.reset() }, '⤢'));
  }

  chatBox() {
    const input = h('input.chat-input', { type: 'text', maxlength: 500, placeholder: t('chat.placeholder'), 'aria-label': t('chat.placeholder') });
    const list = h('ul.chat-list');
    this.chatLists = this.chatLists || new Set();
    this.chatLists.add(list);
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
    this.board.setTopology(st.topology);
    if (this.mode && !this.modeStillValid(st)) this.mode = null;
    this.renderHead(st, g);
    replace(this.unfair, unfairWarning(st.doc.room));
    this.el.classList.toggle('unfair', !!st.doc.room.seed_chosen);
    this.renderPlayers(st, g);
    this.board.render({ game: g, spots: this.spots(st, g) });
    this.renderModeHint(st, g);
    replace(this.offer, offerPanel(st, this.store, () => this.modal.open(counterDialog(this.store), st)));
    this.renderLog(st);
    this.renderHand(st, g);
    replace(this.devPanel, g.me ? h('div', h('h2', t('dev.title')), devCardList(st, this.store, (c) => this.playDev(c))) : null);
    this.renderActions(st, g);
    this.autoDialogs(st, g);
    this.modal.update(st);
    if (g.phase === 'game_over' && !this.winnerHidden) replace(this.winner, winnerPanel(st, this.store, () => { this.winnerHidden = true; replace(this.winner); }));
    else replace(this.winner);
    this.el.dataset.phase = g.phase;
    this.el.dataset.myTurn = String(g.current === st.seat);
  }

  modeStillValid(st) {
    const type = { road: 'build_road', settlement: 'build_settlement', city: 'build_city' }[this.mode];
    return st.doc.game.phase === 'main' && has(st.legal, type);
  }

  spots(st, g) {
    const out = { node: new Set(), city: new Set(), path: new Set(), hex: new Set() };
    const legal = st.legal;
    if (!legal) return out;
    switch (g.phase) {
      case 'setup_settlement':
        out.node = ids(legal, 'build_settlement', 'intersection');
        break;
      case 'setup_road':
      case 'road_building':
        out.path = ids(legal, 'build_road', 'path');
        break;
      case 'move_robber':
        out.hex = ids(legal, 'move_robber', 'hex');
        break;
      case 'main':
        if (this.mode === 'road') out.path = ids(legal, 'build_road', 'path');
        if (this.mode === 'settlement') out.node = ids(legal, 'build_settlement', 'intersection');
        if (this.mode === 'city') out.city = ids(legal, 'build_city', 'intersection');
        break;
      default:
        break;
    }
    return out;
  }

  renderHead(st, g) {
    const mine = g.current === st.seat;
    const dice = g.dice ? h('span.dice', { title: t('banner.dice', { a: g.dice[0], b: g.dice[1], n: g.dice[0] + g.dice[1] }) }, dieFace(g.dice[0]), dieFace(g.dice[1])) : null;
    replace(this.head,
      h('button.icon-btn.menu-btn#menu-btn', { type: 'button', 'aria-label': t('menu.title'), onclick: () => this.openMenu() }, '☰'),
      h(`div.turn-banner${mine ? '.mine' : ''}#banner`, { role: 'status', dataset: { phase: g.phase } },
        seatBadge(g.current, 'seat-badge small'), h('span.banner-text', bannerText(st.doc, g, st.seat))),
      dice,
      turnTimer(st.doc.room.timer, st.seat),
      st.seat === null ? h('span.tag', t('banner.spectating')) : null,
      this.fairnessTag(st.doc.room.fairness));
  }

  // The commitment to the secret seed, published at the start (docs/fairness.md): short, with the
  // whole hash on hover, so players can compare it with the record checked after the game.
  fairnessTag(fairness) {
    if (!fairness) return null;
    // A chosen seed makes "fair dice" untrue: the tag says so instead (the warning below explains).
    if (fairness.seed_chosen) return h('span.tag.unfair#commitment', { title: t('unfair.warning'), dataset: { commitment: fairness.commitment } }, `⚠ ${t('unfair.tag')}`);
    return h('span.tag.fairness#commitment', { title: t('fair.title', { hash: fairness.commitment }), dataset: { commitment: fairness.commitment } },
      t('fair.tag', { short: fairness.commitment.slice(0, 8) }));
  }

  renderPlayers(st, g) {
    replace(this.players, playerRows(st.doc, g, st.seat));
  }

  renderModeHint(st, g) {
    if (this.mode && g.phase === 'main') {
      this.modeHint.hidden = false;
      replace(this.modeHint, h('span', t(`mode.${this.mode}`)), h('button.small', { type: 'button', onclick: () => { this.mode = null; this.update(this.st); } }, t('mode.cancel')));
    } else this.modeHint.hidden = true;
  }

  renderLog(st) {
    const lines = logLines(st.log, st.doc, st.seat);
    const items = lines.slice(-120).map((l) => h(`li.log-line.ev-${l.type}`, { dataset: { seat: l.player ?? '' } }, l.player !== undefined && l.player !== null ? seatBadge(l.player, 'seat-badge tiny') : null, h('span', l.text)));
    replace(this.log, items.length ? items : h('li.muted', t('log.empty')));
    this.log.scrollTop = this.log.scrollHeight;
    const last = lines[lines.length - 1];
    replace(this.lastLog, last ? h('span', last.text) : h('span.muted', t('log.empty')), h('span.more', '☰'));
    for (const list of this.chatLists) {
      if (!list.isConnected) continue;
      replace(list, st.chat.slice(-30).map((c) => h('li', h('b', c.name || '?'), ': ', c.text)));
      list.scrollTop = list.scrollHeight;
    }
  }

  renderHand(st, g) {
    if (!g.me) {
      replace(this.hand);
      return;
    }
    const total = RESOURCES.reduce((a, r) => a + g.me.hand[r], 0);
    replace(this.hand,
      h('div.hand-cards', RESOURCES.map((r) => h(`div.card.res-${r}${g.me.hand[r] ? '' : '.zero'}`, { dataset: { res: r, count: g.me.hand[r] }, title: t(`res.${r}`) }, resIcon(r, 'icon card-icon'), h('b.count', String(g.me.hand[r]))))),
      h('div.hand-total', t('hand.total', { n: total })));
  }

  renderActions(st, g) {
    const seat = st.seat;
    if (seat === null) {
      replace(this.actions);
      return;
    }
    const devCount = g.me ? Object.values(g.me.dev).reduce((a, b) => a + b, 0) : 0;
    const buttons = ACTIONS.map((a) => {
      let why = a.id === 'cards' ? null : reason(a.id, g, st.legal, seat);
      const active = a.mode && this.mode === a.id;
      const label = a.id === 'cards' ? `${t('act.cards')} (${devCount})` : t(`act.${a.id}`);
      return h(`button.action${why ? '.disabled' : ''}${active ? '.active' : ''}${a.id === 'roll' && !why ? '.primary' : ''}`, {
        type: 'button',
        dataset: { action: a.id },
        'aria-disabled': String(!!why),
        'aria-pressed': a.mode ? String(active) : undefined,
        title: why || label,
        onclick: () => (why ? toast(why, 'error') : this.doAction(a.id)),
      },
      h('span.action-main', icon(a.icon, 'icon', a.mode ? SEAT_COLORS[seat] : undefined), h('span.action-label', label)),
      a.cost ? h('span.cost', resChips(a.cost, 'cost-chips')) : null,
      why ? h('span.why', why) : null);
    });
    replace(this.actions, buttons);
  }

  autoDialogs(st, g) {
    const owed = g.players.find((p) => p.seat === st.seat)?.discard_owed || 0;
    if (g.phase === 'discard' && owed > 0 && this.modal.id !== 'discard') this.modal.open(discardDialog(this.store), st);
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
      case 'settlement':
      case 'city':
        this.mode = this.mode === id ? null : id;
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
    else if (kind === 'hex') {
      const opts = all(st.legal, 'move_robber').filter((a) => a.hex === id);
      const victims = opts.filter((a) => a.victim !== undefined && a.victim !== null);
      if (victims.length > 1) {
        this.modal.open(victimDialog(this.store, id), st);
        return;
      }
      action = victims[0] || opts[0];
    }
    if (!action) return;
    this.mode = null;
    this.store.command(action);
  }

  onEvents(events, st) {
    // A few events deserve a toast for the player they concern.
    for (const ev of events) {
      if (ev.type === 'stole' && ev.victim === st.seat && ev.resource) toast(t('ev.stole.from_me', { who: seatName(st.doc, ev.player), res: t(`res.${ev.resource}`) }));
      if (ev.type === 'turn_started' && ev.player === st.seat) toast(t('ev.turn_started.me'));
    }
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
  }

  openMenu() {
    this.modal.open(panelDialog('menu', () => t('menu.title'), (st, close) => menuContent(st, this.store, close)), this.st);
  }
}
