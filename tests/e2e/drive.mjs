// Moving a browser game along without the UI, for tests whose subject is elsewhere (the trade panel,
// the table facts, the winner panel): each page's own session (window.catanDebug.store) sends the
// command, exactly as its buttons would, and the test waits until every page has seen the update.
// Every command sent is one of the seat's legal actions (or a discard of its most plentiful cards).
// Also a two-finger pinch on a touch page (pinch), and a tap that waits for its target to be free (tapFree).
import { inView } from './layout-checks.mjs';

export const snap = (page) => page.evaluate(() => {
  const s = window.catanDebug.store.state;
  return { seat: s.seat, seq: s.seq, game: s.doc?.game ?? null, room: s.doc?.room ?? null, legal: s.legal, pending: !!s.pending };
});

export const actionsOf = (legal) => (legal && (legal.actions || legal.commands)) || [];

// Waits until every page shows the same seq (at least minSeq) with no command in flight.
export async function settle(pages, minSeq = 0) {
  const deadline = Date.now() + 10000;
  for (;;) {
    const states = await Promise.all(pages.map(snap));
    const seqs = states.map((s) => s.seq);
    if (seqs.every((q) => q === seqs[0] && q >= minSeq) && states.every((s) => !s.pending)) return states;
    if (Date.now() > deadline) throw new Error(`pages did not settle: seqs ${seqs.join(',')}`);
    await new Promise((r) => setTimeout(r, 40));
  }
}

// Sends `command` from `page` and waits for every page to see the room move on.
export async function send(pages, page, command) {
  const before = (await snap(page)).seq;
  await page.evaluate((c) => window.catanDebug.store.command(c), command);
  await page.waitForFunction((q) => window.catanDebug.store.state.seq > q, before);
  return settle(pages, before + 1);
}

// Runs `action` (a tap or click) on `page` and waits for every page to see the room move on.
export async function act(pages, page, action) {
  const before = (await snap(page)).seq;
  await action();
  await page.waitForFunction((q) => window.catanDebug.store.state.seq > q, before);
  return settle(pages, before + 1);
}

const PIPS = { 2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1 };

// The one decision a seat has now, if any: the best setup spot, the first road, a discard of the most
// plentiful cards, the robber on the first hex with a victim, a roll, the end of the turn, declining a
// bot's offer. Null when the seat has nothing to decide.
export function decision(st, topology) {
  const g = st.game;
  const acts = actionsOf(st.legal);
  const first = (type) => acts.find((a) => a.type === type);
  const owed = g.players.find((p) => p.seat === st.seat)?.discard_owed || 0;
  if (g.phase === 'discard' && owed > 0) {
    const hand = { ...g.me.hand };
    const cards = {};
    for (let i = 0; i < owed; i++) {
      const r = Object.keys(hand).sort((a, b) => hand[b] - hand[a] || a.localeCompare(b))[0];
      hand[r]--;
      cards[r] = (cards[r] || 0) + 1;
    }
    return { type: 'discard', cards };
  }
  if (acts.some((a) => a.type === 'decline_trade')) return { type: 'decline_trade' }; // a bot's offer
  if (g.current !== st.seat) return null;
  if (g.phase === 'setup_settlement') {
    const score = (id) => topology.intersections[id].hexes.reduce((a, h) => a + (PIPS[g.board.numbers[h]] || 0), 0);
    return acts.filter((a) => a.type === 'build_settlement').sort((a, b) => score(b.intersection) - score(a.intersection) || a.intersection - b.intersection)[0];
  }
  if (g.phase === 'setup_road' || g.phase === 'road_building') return first('build_road');
  if (g.phase === 'move_robber') return acts.find((a) => a.type === 'move_robber' && a.victim !== undefined && a.victim !== null) || first('move_robber');
  if (g.phase === 'pre_roll') return first('roll_dice');
  if (g.phase === 'main') return first('end_turn');
  return null;
}

// Lets every page take its pending decisions (bots take theirs) until `until(state)` holds.
export async function playUntil(pages, topology, until, { limit = 200 } = {}) {
  for (let i = 0; i < limit; i++) {
    const states = await settle(pages);
    if (until(states[0])) return states;
    let moved = false;
    for (let k = 0; k < pages.length; k++) {
      const cmd = decision(states[k], topology);
      if (!cmd) continue;
      await send(pages, pages[k], cmd);
      moved = true;
      break;
    }
    if (!moved) {
      // A bot's turn: wait for it to move.
      const q = states[0].seq;
      await pages[0].waitForFunction((s) => window.catanDebug.store.state.seq > s, q);
    }
  }
  throw new Error('the game did not reach the expected state');
}

// A two-finger pinch on `page` (a touch page): both fingers start `gap` px either side of the middle of
// `sel`'s box and move apart by `stride` px each per step, `steps` times, through the DevTools
// protocol (Playwright has no multi-touch of its own). A negative stride pinches in.
export async function pinch(page, sel, { gap = 20, stride = 12, steps = 10 } = {}) {
  const box = await page.locator(sel).boundingBox();
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  const cdp = await page.context().newCDPSession(page);
  const touch = (type, pts) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: pts.map(([px, py], id) => ({ x: px, y: py, id })) });
  await touch('touchStart', [[x - gap, y], [x + gap, y]]);
  for (let i = 1; i <= steps; i++) await touch('touchMove', [[x - gap - i * stride, y], [x + gap + i * stride, y]]);
  await touch('touchEnd', []);
  await cdp.detach();
}

// Taps `sel` on a touch page once it is in view and uncovered (a toast or the dice overlay may pass over
// it first, for up to 4 s); if it never is, `check` records why before the tap is tried anyway.
export async function tapFree(page, sel, what, check) {
  let where = 'missing';
  for (let i = 0; i < 40; i++) {
    where = await inView(page, sel);
    if (where === 'ok') break;
    await page.waitForTimeout(100);
  }
  if (where !== 'ok') check(false, `${what} (${sel}) can be tapped: ${where}`);
  await page.tap(sel);
}
