// The roll everyone sees: two dice tumbling over the board, then the total in large type and one line
// that says what it means ("7 — the robber moves", "Nobody produced anything", "You got 2 ore").
// Driven by the dice_rolled event, so every seat and spectator gets it, not just the roller. With
// prefers-reduced-motion the dice do not move; the total is still shown large.

import { h, replace } from '../dom.js';
import { dieFace } from '../icons.js';

const SHOW_MS = 2200;

export const reducedMotion = () => !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

export class DiceOverlay {
  constructor(host) {
    // aria-hidden: the log and the turn banner already tell screen readers about the roll.
    this.el = h('div.dice-fx#dice-fx', { hidden: true, 'aria-hidden': 'true' });
    host.append(this.el);
    this.timer = 0;
    this.count = 0;
  }

  // roll: {dice:[a,b], sum, who, caption, kind: 'seven' | 'nothing' | 'produced'}
  show(roll) {
    clearTimeout(this.timer);
    const still = reducedMotion();
    this.count++;
    replace(this.el,
      h('div.dice-fx-who', roll.who),
      h('div.dice-fx-dice', dieFace(roll.dice[0], 'die dice-fx-die'), dieFace(roll.dice[1], 'die dice-fx-die second')),
      h('div.dice-fx-sum', String(roll.sum)),
      roll.caption ? h('div.dice-fx-caption', roll.caption) : null);
    this.el.className = `dice-fx kind-${roll.kind}${still ? ' still' : ' rolling'}`;
    Object.assign(this.el.dataset, { sum: roll.sum, kind: roll.kind, count: this.count });
    this.el.hidden = false;
    // Restart the CSS animation for a roll that follows the last one closely.
    void this.el.offsetWidth;
    // The moment the animation starts, for bench/web/dice_latency.mjs (performance entries are cheap and
    // invisible to the player).
    performance.mark('catan:dice', { detail: { sum: roll.sum } });
    this.timer = setTimeout(() => this.hide(), SHOW_MS);
  }

  hide() {
    clearTimeout(this.timer);
    this.el.hidden = true;
  }

  destroy() {
    this.hide();
    this.el.remove();
  }
}
