#!/usr/bin/env node
// The replay viewer draws the board of the game it replays, not the room's board now ("the client
// computes no rule"; R-X1: 5 and 6 players play the 30-hex board). Ana hosts a 5-seat room
// (four bots, 3 points to win, takeover after 0 s, --bot-delay 0) and closes her tab, so the bots
// finish the game in seconds. Four guests open its replay — 360x640, 320x568 and 640x360 phones (all
// touch) and a 1440x900 desktop — and get the record; then, before their pages hear from the room's
// socket, Ana taps "Play again", removes a bot and sets 4 players, so the room's board is the 19-hex one (the
// record and the room's socket are two requests: a host can do that between them; the test holds the
// pages' sockets until then). Each page must draw the replayed game's 30 hexes, the first settlement
// and, at the last step, every building where the record says, with the board and the controls in
// view and uncovered. Screenshots: replay_board-*.png.
//
//   node tests/e2e/replay_board.test.mjs --server build/catan-server --out build/tests/e2e [--web-dir web]
import path from 'node:path';
import { e2e } from './harness.mjs';
import { applyPatch } from '../../web/js/patch.js';

const run = e2e('replay_board', { timeoutMs: 85_000, serverArgs: ['--bot-delay', '0'] });
const { check, OUT } = run;

// 'ok' when the element is wholly inside the viewport and what lies at its centre is part of it.
const inView = (page, sel) => page.evaluate((s) => {
  const el = document.querySelector(s);
  if (!el) return 'missing';
  const r = el.getBoundingClientRect();
  if (!(r.width > 0 && r.height > 0 && r.top >= -1 && r.left >= -1 && r.bottom <= window.innerHeight + 1 && r.right <= window.innerWidth + 1))
    return `at ${Math.round(r.left)},${Math.round(r.top)} size ${Math.round(r.width)}x${Math.round(r.height)} in ${window.innerWidth}x${window.innerHeight}`;
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return top && (el.contains(top) || top.closest('svg') === el.closest('svg')) ? 'ok' : `covered by ${top?.id || top?.className || top?.tagName}`;
}, sel);

try {
  const base = await run.startServer();
  const browser = await run.launch();
  const { watch } = run;

  // A 5-seat game the bots play to its end.
  const ana = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  let host = watch(await ana.newPage());
  const { url: roomUrl, code } = await run.createRoom(host, base, { seed: 11, name: 'Ana', players: 5 });
  for (const seat of [1, 2, 3, 4]) {
    await host.click(`.seat[data-seat="${seat}"] .add-bot`);
    await host.waitForSelector(`.seat[data-seat="${seat}"] .tag.bot`);
  }
  await host.evaluate(() => window.catanDebug.store.send({ type: 'set_options', options: { vp_target: 3, takeover_after: 0 } }));
  await host.waitForFunction(() => { const o = window.catanDebug.store.state.doc.room.options; return o.vp_target === 3 && o.takeover_after === 0; });
  await host.click('#start');
  await host.waitForSelector('.player');
  await host.close();
  const { summary, seconds } = await run.waitFinished(base, code);
  check(summary.phase === 'finished', `the bots finished the 5-player game (${seconds.toFixed(1)} s)`);
  const record = await (await fetch(`${base}/api/rooms/${code}/replay`)).json();
  const total = record.steps.length;
  check(record.options.players === 5 && record.start.board.terrain.length === 30, 'the record is of a 5-player game on the 30-hex board');
  let last = record.start;
  for (const s of record.steps) last = applyPatch(last, s.patch);
  const built = last.players.flatMap((p) => [...p.settlements.map((n) => ['settlement', n]), ...p.cities.map((n) => ['city', n])]);

  // The guests open the replay; their sockets wait until the room has gone back to a 4-seat lobby.
  let release;
  const released = new Promise((r) => { release = r; });
  const viewers = [];
  for (const [label, viewport, touch] of [['360x640', { width: 360, height: 640 }, true], ['320x568', { width: 320, height: 568 }, true], ['640x360', { width: 640, height: 360 }, true], ['desktop', { width: 1440, height: 900 }, false]]) {
    const ctx = await browser.newContext({ viewport, hasTouch: touch, isMobile: touch });
    await ctx.routeWebSocket((url) => url.pathname === '/ws', async (ws) => {
      const early = [];
      let server = null;
      ws.onMessage((m) => (server ? server.send(m) : early.push(m)));
      ws.onClose((c, reason) => server?.close({ code: c, reason }));
      await released;
      server = ws.connectToServer();
      server.onMessage((m) => ws.send(m));
      server.onClose((c, reason) => ws.close({ code: c, reason }));
      for (const m of early) server.send(m);
    });
    const page = watch(await ctx.newPage());
    page.label = label;
    page.touch = touch;
    const got = page.waitForResponse((r) => r.url().endsWith(`/api/rooms/${code}/replay`));
    await page.goto(`${base}/r/${code}#replay`);
    check((await got).status() === 200, `${label}: the page got the record of the finished game`);
    viewers.push(page);
  }

  // Ana plays again and sets 4 players: the room's board is the base board from now on.
  host = watch(await ana.newPage());
  await host.goto(roomUrl);
  await host.waitForSelector('#play-again');
  await host.click('#play-again');
  await host.waitForFunction(() => window.catanDebug.store.state.doc?.room.phase === 'lobby');
  await host.evaluate(() => window.catanDebug.store.send({ type: 'remove_bot', seat: 4 }));
  await host.waitForFunction(() => !window.catanDebug.store.state.doc.room.seats[4].name);
  await host.selectOption('#opt-players', '4');
  await host.waitForFunction(() => window.catanDebug.store.state.doc.room.options.players === 4);
  check((await fetch(`${base}/api/rooms/${code}/replay`)).status === 409, 'the room in its lobby has no replay any more (the pages hold the one they got)');
  release();

  for (const page of viewers) {
    const l = page.label;
    await page.waitForSelector('#replay-count');
    check(await page.locator('#board g.hex').count() === 30, `${l}: the replay draws the replayed game's 30 hexes (${await page.locator('#board g.hex').count()})`);
    check((await page.textContent('#replay-count')).includes(String(total)), `${l}: the controls count the record's ${total} steps`);
    const tap = (sel) => (page.touch ? page.tap(sel) : page.click(sel));
    await tap('#replay-next');
    await page.waitForFunction(() => document.querySelector('#replay').dataset.step === '1');
    const first = record.steps[0].command.intersection;
    check(await page.locator(`#board .settlement[data-node="${first}"]`).count() === 1, `${l}: step 1's settlement stands at intersection ${first}`);
    await tap('#replay-last');
    await page.waitForFunction((n) => document.querySelector('#replay').dataset.step === String(n), total);
    const missing = [];
    for (const [kind, node] of built) if (await page.locator(`#board .${kind}[data-node="${node}"]`).count() !== 1) missing.push(`${kind} ${node}`);
    check(missing.length === 0 && await page.locator('#board .settlement, #board .city').count() === built.length,
      `${l}: the last step shows the game's ${built.length} buildings where the record says (${missing.join(', ') || 'all there'}; ${Math.max(...built.map(([, n]) => n))} the highest intersection)`);
    // The rematch notice (the room is in its lobby) may be dismissed; then the board and controls are in view.
    if (await page.locator('#rematch-stay').count()) await tap('#rematch-stay');
    for (const sel of ['#board svg', '#replay-prev', '#replay-next', '#replay-last', '#replay-slider', '#replay-count']) {
      const shown = await inView(page, sel);
      check(shown === 'ok', `${l}: ${sel} is in view and uncovered (${shown})`);
    }
    check(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${l}: no horizontal scroll`);
    await page.screenshot({ path: path.join(OUT, `replay_board-${l}.png`) });
  }
  run.checkErrors();
  await run.done();
} catch (e) {
  await run.done(e);
}
