#!/usr/bin/env node
// From a roll to the dice animation on every seat: four Chromium pages (360x640 touch phones) seated in a
// seeded 4-player room on a loopback server; the seat to act rolls through the client's store, and each
// page reports when the update reached its WebSocket and when its dice overlay started (the overlay's
// performance mark `catan:dice`). Everything runs on one machine, so the pages' clocks
// (performance.timeOrigin + now) and the server's log timestamps (ms, `--log-level debug` prints each
// applied command) are the same clock. Prints median / p95 per seat in ms after the roll was sent:
// `applied` (the server applied the command; ms resolution), `ws` (the update arrived), `dice` (the
// animation started). A 7 is resolved (discards, robber) and every turn ended between rolls.
//
//   node bench/web/dice_latency.mjs --server build/catan-server [--web-dir web] [--rolls 40] [--seed 3]
import { arg, launch, startServer, seatRoom, playSetup, settle, act, stats, fmt } from './common.mjs';

const ROLLS = Number(arg('rolls', '40'));
const SEED = arg('seed', '3');

// Timestamps of the updates carrying a dice_rolled event, taken by a listener registered before the
// client's own (same task, so the difference to the mark is the client's handling and render).
function wsProbe() {
  window.__wsDice = [];
  const WS = window.WebSocket;
  window.WebSocket = class extends WS {
    constructor(...a) {
      super(...a);
      this.addEventListener('message', (e) => {
        if (typeof e.data === 'string' && e.data.includes('"dice_rolled"')) window.__wsDice.push(performance.timeOrigin + performance.now());
      });
    }
  };
}

const { base, proc, lines } = await startServer({ server: arg('server', 'build/catan-server'), webDir: arg('web-dir', null), logLevel: 'debug' });
const browser = await launch();
try {
  const pages = [];
  for (let i = 0; i < 4; i++) {
    const ctx = await browser.newContext({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });
    await ctx.addInitScript(wsProbe);
    const p = await ctx.newPage();
    p.setDefaultTimeout(20000);
    pages.push(p);
  }
  await seatRoom(pages, base, { seed: SEED, players: 4 });
  let states = await playSetup(pages);
  const bySeat = new Map(states.map((s, i) => [s.seat, pages[i]]));
  const seats = [...bySeat.keys()].sort();
  const rows = new Map(seats.map((s) => [s, { ws: [], dice: [] }]));
  const applied = [];
  const logTime = (line) => {
    // "2026-12-01 15:40:35.323 debug ..." in the server's local time, like new Date(local string).
    const m = line.match(/^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d\.\d{3}) /);
    return m ? new Date(`${m[1]}T${m[2]}`).getTime() : NaN;
  };
  for (let roll = 0; roll < ROLLS; roll++) {
    const roller = bySeat.get(states[0].game.current);
    const marks = await Promise.all(pages.map((p) => p.evaluate(() => performance.getEntriesByName('catan:dice').length)));
    const logFrom = lines.length;
    const before = states[0].seq;
    const sent = await roller.evaluate(() => {
      const at = performance.timeOrigin + performance.now();
      window.catanDebug.store.command({ type: 'roll_dice' });
      return at;
    });
    const shown = await Promise.all(pages.map(async (p, i) => {
      await p.waitForFunction((n) => performance.getEntriesByName('catan:dice').length > n, marks[i], { polling: 'raf' });
      return p.evaluate(() => ({ dice: performance.timeOrigin + performance.getEntriesByName('catan:dice').at(-1).startTime, ws: window.__wsDice.at(-1) }));
    }));
    states = await settle(pages, before + 1);
    for (const i of pages.keys()) {
      const seat = states[i].seat;
      rows.get(seat).ws.push(shown[i].ws - sent);
      rows.get(seat).dice.push(shown[i].dice - sent);
    }
    const line = lines.slice(logFrom).find((l) => / roll_dice$/.test(l));
    if (line) applied.push(logTime(line) - sent);
    // Resolve a 7, then end the turn.
    for (let guard = 0; states[0].game.phase === 'discard' && guard < 8; guard++) {
      const i = states.findIndex((s) => s.legal.some((a) => a.type === 'discard'));
      states = await act(pages, pages[i], states[i].legal.find((a) => a.type === 'discard'));
    }
    if (states[0].game.phase === 'move_robber') {
      const i = pages.indexOf(roller);
      states = await act(pages, roller, states[i].legal.find((a) => a.type === 'move_robber'));
    }
    if (states[0].game.phase === 'main') states = await act(pages, roller, { type: 'end_turn' });
  }
  const a = stats(applied);
  console.log(`dice latency: ${ROLLS} rolls, 4 pages (360x640 touch) on one machine, ${arg('web-dir', null) ? `web from ${arg('web-dir')}` : 'embedded web files'}`);
  console.log(`server applied the roll: median ${fmt(a.median)} ms, p95 ${fmt(a.p95)} ms (log timestamps, ms resolution; n=${a.n})`);
  console.log('seat | update at WebSocket: median / p95 | dice animation starts: median / p95 | max (ms after the roll was sent)');
  const allDice = [];
  for (const seat of seats) {
    const w = stats(rows.get(seat).ws);
    const d = stats(rows.get(seat).dice);
    allDice.push(...rows.get(seat).dice);
    console.log(`${seat}    | ${fmt(w.median)} / ${fmt(w.p95)} | ${fmt(d.median)} / ${fmt(d.p95)} | ${fmt(d.max)}`);
  }
  const t = stats(allDice);
  console.log(`all seats: dice animation starts median ${fmt(t.median)} ms, p95 ${fmt(t.p95)} ms after the roll was sent (n=${t.n})`);
} finally {
  await browser.close();
  proc.kill('SIGKILL');
}
