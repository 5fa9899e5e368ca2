// The roll everyone sees: two dice tumbling over the board, their faces turning over until they land on
// the roll, then the total in large type and one line that says what it means ("7 — the robber moves",
// "Nobody produced anything", "You got 2 ore"). Driven by the dice_rolled event, so every seat and
// spectator gets it, not just the roller. With prefers-reduced-motion the dice do not move and show the
// roll at once; the total is still shown large.

import { h, replace } from '../dom.js';
import { dieFace } from '../icons.js';

const SHOW_MS = 2200;
const TUMBLE_FACES = 6; // faces turned over while the dice tumble (one every 80 ms), then the roll
const FACE_EVERY_MS = 80;

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
    // Two dice kept for the whole show (their tumble runs once); only their faces are drawn anew.
    const dieA = dieFace(roll.dice[0], 'die dice-fx-die');
    const dieB = dieFace(roll.dice[1], 'die dice-fx-die second');
    const dice = h('div.dice-fx-dice', dieA, dieB);
    const faces = (a, b, settled) => {
      dieA.replaceChildren(...dieFace(a).childNodes);
      dieB.replaceChildren(...dieFace(b).childNodes);
      dieA.setAttribute('aria-label', String(a));
      dieB.setAttribute('aria-label', String(b));
      dice.dataset.faces = `${a},${b}`;
      dice.dataset.settled = settled ? '1' : '0';
    };
    clearInterval(this.tumble);
    if (still) faces(roll.dice[0], roll.dice[1], true);
    else {
      // Faces only for the show: the roll is the server's, shown once they land.
      const any = () => 1 + Math.floor(Math.random() * 6);
      let shown = 1;
      faces(any(), any(), false);
      this.tumble = setInterval(() => {
        if (shown++ < TUMBLE_FACES) faces(any(), any(), false);
        else {
          clearInterval(this.tumble);
          faces(roll.dice[0], roll.dice[1], true);
        }
      }, FACE_EVERY_MS);
    }
    replace(this.el,
      h('div.dice-fx-who', roll.who),
      dice,
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
    clearInterval(this.tumble);
    this.el.hidden = true;
  }

  destroy() {
    this.hide();
    this.el.remove();
  }
}
