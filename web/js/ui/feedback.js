// What makes the table feel alive, from the events the server sends (nothing here recomputes a rule):
// the dice overlay, which hex paid whom (hex_produced) on the board, cards flying onto each hand
// (produced), steals told to thief and victim with the card, Monopoly totals, a face-down hex turning up
// (hex_revealed: its fog lifts and its rim glows), sounds, and the unread chat badge with a toast on
// phones, where the chat hides in the log dialog.

import { h, s, replace } from '../dom.js';
import { t, resList, RESOURCES } from '../i18n.js';
import { icon, resIcon, glyphPath, SEAT_COLORS, SEAT_INK } from '../icons.js';
import { seatName, who, eventText } from '../format.js';
import { DiceOverlay, reducedMotion } from './dice.js';
import { fogShape } from '../board.js';
import { play, soundToggle } from './sound.js';
import { toast } from './toast.js';
import { sum } from './common.js';

const FLY_MS = 1600;
const CARD_MS = 3200;
const HEX_MS = 4000; // outlasts the dice overlay, which covers the middle of the board for a while
const REVEAL_MS = 3500; // a turned hex's glow: long enough to find it on a zoomed-out sea frame

const capital = (x) => (x ? x.charAt(0).toUpperCase() + x.slice(1) : x);

// A chat line as the log shows it; a spectator's line is marked (the server sends `spectator`; earlier
// servers only a null seat).
export function chatLine(c) {
  const spectator = c.spectator ?? (c.seat === null || c.seat === undefined);
  // "spectator" is the server's name for one who gave none: the tag alone says it, in the reader's language.
  const name = spectator && c.name === 'spectator' ? null : h('b', c.name || '?');
  return h(`li${spectator ? '.chat-spectator' : ''}`, name, spectator ? h('span.tag.chat-tag', t('fb.chat.spectator')) : null, ': ', c.text);
}

export class Feedback {
  // board: the BoardView (its pan-zoom layer carries our highlights); boardWrap: where the dice show.
  constructor(store, { board, boardWrap }) {
    this.store = store;
    this.board = board;
    this.dice = new DiceOverlay(boardWrap);
    this.root = h('div.fx-root#fx-root', { 'aria-hidden': 'true' });
    document.body.append(this.root);
    this.card = h('div.fx-card#fx-card', { hidden: true, role: 'status' });
    document.body.append(this.card);
    this.hexLayer = s('g', { class: 'fx-hexes' });
    this.revealLayer = s('g', { class: 'fx-reveals' });
    this.sound = soundToggle(h, t);
    this.soundBtn = this.sound.el;
    this.unread = 0;
    this.badge = h('span.chat-badge#chat-badge', { hidden: true });
    this.lastChatAt = null;
    this.onState(store.state); // what is already there when the game screen opens is not news
    this.cardTimer = 0;
    this.unsub = store.subscribe((st) => this.onState(st));
    // The dice start as the update arrives, before the game view re-renders (store.onArrival).
    this.unsubArrival = store.onArrival((events, st) => {
      const roll = events.find((e) => e.type === 'dice_rolled');
      if (roll) this.showRoll(roll, events, st.doc, st.seat);
      else if (events.some((e) => e.type === 'first_roll')) this.showRollOff(events.filter((e) => e.type === 'first_roll'), st.doc, st.seat);
    });
    this.onResize = () => this.chatSeen(false);
    window.addEventListener('resize', this.onResize);
    // The game's start brings the roll-off with it, before this screen exists to hear it: shown from the
    // log while no piece is on the board yet.
    const st = store.state;
    const rollOff = (st.log || []).filter((l) => l.seq === st.seq && l.ev.type === 'first_roll').map((l) => l.ev);
    if (rollOff.length && st.doc?.game?.players?.every((p) => !p.settlements?.length)) setTimeout(() => this.showRollOff(rollOff, st.doc, st.seat), 0);
  }

  destroy() {
    this.unsub?.();
    this.unsubArrival?.();
    this.sound.dispose();
    window.removeEventListener('resize', this.onResize);
    this.dice.destroy();
    this.root.remove();
    this.card.remove();
    this.hexLayer.remove();
    this.revealLayer.remove();
  }

  // --- events ------------------------------------------------------------------------------------

  onEvents(events, st) {
    const me = st.seat;
    const doc = st.doc;
    const hexes = events.filter((e) => e.type === 'hex_produced');
    if (hexes.length) this.showHexes(hexes);
    const turned = events.filter((e) => e.type === 'hex_revealed');
    if (turned.length) this.showReveals(turned);
    for (const ev of events) {
      if (ev.type === 'produced' || ev.type === 'starting_resources') this.flyGain(ev.player, ev.resources, me);
      else if (ev.type === 'stole') this.showSteal(ev, doc, me);
      else if (ev.type === 'built') play('build');
      else if (ev.type === 'turn_started' && ev.player === me && me !== null) play('turn');
      else if (ev.type === 'trade_proposed' && ev.player !== me && me !== null && (ev.to === null || ev.to === undefined || ev.to === me)) play('trade');
    }
    const mono = events.filter((e) => e.type === 'monopoly_taken');
    if (mono.length) this.showMonopoly(mono, doc, me);
  }

  showRoll(ev, events, doc, me) {
    const gains = events.filter((e) => e.type === 'produced' && sum(e.resources) > 0);
    let kind = 'produced';
    let caption;
    if (ev.sum === 7) {
      kind = 'seven';
      caption = t('fb.dice.seven');
    } else if (!gains.length) {
      kind = 'nothing';
      caption = t('fb.dice.nothing');
    } else {
      caption = gains.map((g) => capital(t(g.player === me ? 'ev.got.me' : 'ev.got', { who: who(doc, g.player, me), list: resList(g.resources) }))).join(t('list.sep2'));
    }
    this.dice.show({ dice: ev.dice, sum: ev.sum, kind, caption, who: ev.player === me ? t('fb.dice.rolled.me') : t('fb.dice.rolled', { who: seatName(doc, ev.player) }) });
    play('dice');
  }

  // The roll-off for the first player (R-O5): every roll, round by round, and who starts (the game's
  // first_player), over the board like a roll.
  showRollOff(rolls, doc, me) {
    const starter = doc?.game?.first_player;
    const rounds = [];
    for (const e of rolls) (rounds[(e.round || 1) - 1] ||= []).push(`${who(doc, e.player, me)} ${(e.dice?.[0] ?? 0) + (e.dice?.[1] ?? 0)}`);
    const last = [...rolls].reverse().find((e) => e.player === starter) || rolls[rolls.length - 1];
    const starts = Number.isInteger(starter) ? capital(t(starter === me ? 'ev.first_player.me' : 'ev.first_player', { who: seatName(doc, starter) })) : '';
    this.dice.show({
      dice: last.dice, sum: last.dice[0] + last.dice[1], kind: 'first', who: t('fb.first.title'),
      caption: [rounds.filter(Boolean).map((r) => r.join(' · ')).join(' / '), starts].filter(Boolean).join(' — '),
    });
    play('dice');
  }

  // Which hex paid whom: the hex glows and shows a chip per player in the seat's colour with its glyph
  // (colour is never the only cue: six seats must be told apart without it).
  showHexes(list) {
    const geo = this.board.geo;
    if (!geo) return;
    if (!this.hexLayer.isConnected) this.board.layer.append(this.hexLayer);
    replace(this.hexLayer);
    const byHex = new Map();
    for (const e of list) {
      if (!geo.hexes[e.hex]) continue;
      if (!byHex.has(e.hex)) byHex.set(e.hex, []);
      byHex.get(e.hex).push(e);
    }
    for (const [id, pays] of byHex) {
      const hx = geo.hexes[id];
      const pts = hx.corners.map((c) => `${c.x.toFixed(1)},${c.y.toFixed(1)}`).join(' ');
      const grp = s('g', { class: 'fx-hex', dataset: { hex: id, players: pays.map((p) => p.player).join(',') } });
      grp.append(s('polygon', { points: pts, class: 'fx-hex-glow' }));
      pays.forEach((p, i) => {
        const x = hx.x + (i - (pays.length - 1) / 2) * 46;
        const y = hx.y - 44;
        const chip = s('g', { class: 'fx-hex-chip', dataset: { seat: p.player } });
        chip.append(s('rect', { x: x - 22, y: y - 11, width: 44, height: 22, rx: 11, fill: SEAT_COLORS[p.player], stroke: '#1b1b1b', 'stroke-width': 1.5 }));
        const glyph = glyphPath(p.player, x - 10, y, 6);
        glyph.setAttribute('fill', SEAT_INK[p.player]);
        chip.append(glyph);
        chip.append(s('text', { x: x + 7, y: y + 1, 'text-anchor': 'middle', 'dominant-baseline': 'middle', fill: SEAT_INK[p.player], class: 'fx-hex-num' }, `+${sum(p.resources)}`));
        grp.append(chip);
      });
      this.hexLayer.append(grp);
    }
    clearTimeout(this.hexTimer);
    this.hexTimer = setTimeout(() => replace(this.hexLayer), HEX_MS);
  }

  // R-SF10: a face-down hex turned up. The board already shows what it is (the view changed first);
  // over it the fog lifts away (not with reduced motion) and its rim glows a while. What it paid flies
  // to the finder's hand like production.
  showReveals(list) {
    const geo = this.board.geo;
    if (!geo) return;
    if (!this.revealLayer.isConnected) this.board.layer.append(this.revealLayer);
    const still = reducedMotion();
    for (const e of list) {
      const hx = geo.hexes[e.hex];
      if (!hx) continue;
      this.revealLayer.querySelector(`.fx-reveal[data-hex="${e.hex}"]`)?.remove();
      const grp = s('g', { class: `fx-reveal${still ? ' still' : ''}`, dataset: { hex: e.hex, terrain: e.terrain ?? '', seat: e.player ?? '' } });
      if (!still) {
        const fog = fogShape(hx);
        fog.setAttribute('class', 'fx-reveal-fog');
        grp.append(fog);
      }
      grp.append(s('polygon', { points: hx.corners.map((c) => `${c.x.toFixed(1)},${c.y.toFixed(1)}`).join(' '), class: 'fx-reveal-ring' }));
      this.revealLayer.append(grp);
      setTimeout(() => grp.remove(), REVEAL_MS);
    }
    for (const e of list) if (sum(e.resources) > 0) this.flyGain(e.player, e.resources, this.store.state.seat);
    play('reveal');
  }

  // Cards flying onto a hand: "+2 ore" rising from the player's card count, and for our own seat each
  // card coming down from the board into its card of the hand, which bumps as it lands (with reduced
  // motion the "+2" stands by the card instead).
  flyGain(seat, resources, me) {
    let i = 0;
    for (const r of RESOURCES) {
      const n = resources?.[r] || 0;
      if (!n) continue;
      this.fly(`.player[data-seat="${seat}"] .stat.cards`, `+${n}`, resIcon(r, 'icon'), 'gain', { seat, res: r }, i++);
      if (seat === me) this.flyInto(r, n);
    }
  }

  flyInto(r, n) {
    const sel = `#hand .card[data-res="${r}"]`;
    const target = document.querySelector(sel);
    const from = this.board.svg.getBoundingClientRect();
    if (!target || reducedMotion() || !from.width) {
      this.fly(sel, `+${n}`, resIcon(r, 'icon'), 'gain', { res: r, mine: 1 });
      return;
    }
    const to = target.getBoundingClientRect();
    const chip = this.fly(sel, `+${n}`, resIcon(r, 'icon'), 'gain.fx-into', { res: r, mine: 1 });
    if (chip) {
      chip.style.setProperty('--from-x', `${Math.round(from.left + from.width / 2 - (to.left + to.width / 2))}px`);
      chip.style.setProperty('--from-y', `${Math.round(from.top + from.height / 2 - to.top)}px`);
    }
    setTimeout(() => {
      const card = document.querySelector(sel); // the hand may have been drawn again meanwhile
      if (!card) return;
      card.classList.add('fx-land');
      setTimeout(() => card.classList.remove('fx-land'), 400);
    }, 600);
  }

  // nth: the chip's place in a row of chips bound for one spot (each a little later and further right).
  fly(selector, text, pic, kind, data, nth = 0) {
    const target = document.querySelector(selector);
    if (!target) return;
    const r = target.getBoundingClientRect();
    if (!r.width && !r.height) return;
    const chip = h(`div.fx-fly.fx-${kind}${reducedMotion() ? '.still' : ''}`, {
      dataset: data,
      style: { left: `${r.left + r.width / 2 + nth * 44}px`, top: `${r.top}px`, animationDelay: `${nth * 150}ms` },
    }, pic, h('b', text));
    this.root.append(chip);
    setTimeout(() => chip.remove(), FLY_MS + nth * 150);
    return chip;
  }

  // A steal: thief and victim see the card that changed hands (the server tells only them which);
  // everyone sees a card leave the victim and reach the thief.
  showSteal(ev, doc, me) {
    const pic = ev.resource ? resIcon(ev.resource, 'icon') : icon('cards', 'icon');
    this.fly(`.player[data-seat="${ev.victim}"] .stat.cards`, '−1', pic.cloneNode(true), 'loss', { seat: ev.victim });
    this.fly(`.player[data-seat="${ev.player}"] .stat.cards`, '+1', pic.cloneNode(true), 'gain', { seat: ev.player });
    if (!ev.resource || (me !== ev.player && me !== ev.victim)) return;
    const mine = me === ev.victim;
    this.fly(`#hand .card[data-res="${ev.resource}"]`, mine ? '−1' : '+1', resIcon(ev.resource, 'icon'), mine ? 'loss' : 'gain', { res: ev.resource, mine: 1 });
    this.showCard(`steal${mine ? '.victim' : '.thief'}`, { res: ev.resource }, resIcon(ev.resource, 'icon fx-card-icon'), h('b.fx-card-big', mine ? '−1' : '+1'), h('p', eventText(ev, doc, me)));
  }

  // Monopoly: the total taken, and from whom, in one card for everyone.
  showMonopoly(list, doc, me) {
    const taker = list[0].player;
    const res = list[0].resource;
    const n = list.reduce((a, e) => a + e.count, 0);
    const parts = list.map((e) => capital(t('fb.monopoly.from', { from: who(doc, e.from, me), n: e.count }))).join(t('list.sep'));
    const lost = list.find((e) => e.from === me && me !== null);
    for (const e of list) if (e.count) this.fly(`.player[data-seat="${e.from}"] .stat.cards`, `−${e.count}`, resIcon(res, 'icon'), 'loss', { seat: e.from, res });
    if (n) this.fly(`.player[data-seat="${taker}"] .stat.cards`, `+${n}`, resIcon(res, 'icon'), 'gain', { seat: taker, res });
    if (taker === me && n) this.fly(`#hand .card[data-res="${res}"]`, `+${n}`, resIcon(res, 'icon'), 'gain', { res, mine: 1 });
    if (lost?.count) this.fly(`#hand .card[data-res="${res}"]`, `−${lost.count}`, resIcon(res, 'icon'), 'loss', { res, mine: 1 });
    const big = taker === me ? `+${n}` : lost ? `−${lost.count}` : String(n);
    this.showCard(`monopoly${lost ? '.victim' : ''}`, { res, total: n }, resIcon(res, 'icon fx-card-icon'), h('b.fx-card-big', big),
      h('p', t(taker === me ? 'fb.monopoly.me' : 'fb.monopoly', { who: seatName(doc, taker), n, res: t(`res.${res}`) })), h('p.fx-card-parts', parts));
  }

  showCard(kind, data, ...children) {
    clearTimeout(this.cardTimer);
    replace(this.card, ...children);
    this.card.className = `fx-card fx-card-${kind.replace('.', ' fx-card-')}${reducedMotion() ? ' still' : ''}`;
    this.card.dataset.kind = kind;
    this.card.dataset.count = String((Number(this.card.dataset.count) || 0) + 1);
    Object.assign(this.card.dataset, data);
    this.card.hidden = false;
    this.cardTimer = setTimeout(() => { this.card.hidden = true; }, CARD_MS);
  }

  // --- chat: unread badge and toasts where the chat is not on screen ---------------------------------

  chatVisible() {
    return [...document.querySelectorAll('.chat-list')].some((el) => el.getClientRects().length > 0);
  }

  // The chat is open (the log dialog, or the side panel on a wide screen): nothing is unread.
  chatSeen(force = true) {
    if (!force && !this.chatVisible()) return;
    this.unread = 0;
    this.paintBadge();
  }

  paintBadge() {
    this.badge.hidden = this.unread === 0;
    this.badge.textContent = this.unread > 9 ? '9+' : String(this.unread);
    this.badge.dataset.unread = String(this.unread);
    this.badge.setAttribute('aria-label', t('fb.chat.unread', { n: this.unread }));
  }

  onState(st) {
    const chat = st.chat || [];
    const latest = chat.reduce((a, c) => Math.max(a, c.at || 0), 0);
    // The history that came with the first snapshot is not news.
    if (this.lastChatAt === null) {
      if (st.doc) this.lastChatAt = latest;
      return;
    }
    const fresh = chat.filter((c) => (c.at || 0) > this.lastChatAt && !(st.seat !== null && c.seat === st.seat));
    if (latest > this.lastChatAt) this.lastChatAt = latest;
    if (!fresh.length) return;
    play('chat');
    if (this.chatVisible()) return this.chatSeen();
    this.unread += fresh.length;
    this.paintBadge();
    const last = fresh[fresh.length - 1];
    const spectator = last.spectator ?? last.seat === null;
    const name = spectator && last.name === 'spectator' ? t('fb.chat.spectator') : `${last.name || '?'}${spectator ? ` (${t('fb.chat.spectator')})` : ''}`;
    toast(`${name}: ${last.text}`, 'chat', 4500);
  }
}
