#!/usr/bin/env node
// The end of a game in a real browser (Debian's chromium through playwright-core). Ana (host) and Bo
// seat themselves with a basic bot in a 3-point room with takeover after 0 s and close their tabs:
// bots finish the game in seconds (as in replay.test.mjs). Then:
//   - Ana, on a 360x640 touch phone, sees the winner panel: every part of each player's victory points
//     shows what the player has (3 settlements, 2 cities, a road of length 6, 3 knights, 1 card) and,
//     apart, the points it is worth ("Cities 2 → 4 VP"), adding up to the total;
//   - the end-of-game stats (doc.game.stats): rendered when the server sends them, absent without an
//     error when it does not; and rendered from a made-up doc by the module itself in the page;
//   - "See the board" closes the panel, and a Results button brings it back with Play again;
//   - Bo watches the replay; while he does he counts as connected, and when Ana plays again his replay
//     page tells him, and one tap takes him back to his seat in the lobby.
//
//   node tests/e2e/winner.test.mjs --server build/catan-server --out build/tests/e2e [--web-dir web]
import path from 'node:path';
import { e2e } from './harness.mjs';

const run = e2e('winner', { timeoutMs: 90_000, serverArgs: ['--bot-delay', '0'] });
const { check, OUT } = run;

const inView = (page, sel) => page.evaluate((s) => {
  const el = document.querySelector(s);
  if (!el) return 'missing';
  const r = el.getBoundingClientRect();
  if (!(r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5)) return `at ${Math.round(r.left)},${Math.round(r.top)} size ${Math.round(r.width)}x${Math.round(r.height)}`;
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return top && el.contains(top) ? 'ok' : 'covered';
}, sel);

// A finished game's view with the stats S1's server adds (docs/protocol.md, doc.game.stats).
const FAKE_STATS = {
  turns: 23,
  started_at: 1_700_000_000_000,
  ended_at: 1_700_000_000_000 + (12 * 60 + 34) * 1000,
  dice: [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1],
  players: [
    { seat: 0, gained: { brick: 3, lumber: 4, wool: 5, grain: 6, ore: 7 }, stolen: 2, lost: 1, discarded: 4, traded_given: 5, traded_received: 3, dev_cards_bought: 2, knights: 1, longest_road: 6 },
    { seat: 1, gained: { brick: 1, lumber: 0, wool: 2, grain: 0, ore: 1 }, stolen: 0, lost: 2, discarded: 0, traded_given: 3, traded_received: 5, dev_cards_bought: 0, knights: 0, longest_road: 3 },
  ],
};

try {
  const base = await run.startServer();
  const browser = await run.launch();
  const anaCtx = await browser.newContext({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });
  const boCtx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  let ana = run.watch(await anaCtx.newPage());
  let bo = run.watch(await boCtx.newPage());
  const { url, code } = await run.createRoom(ana, base, { seed: 5, name: 'Ana', players: 3 });
  await bo.goto(url);
  await bo.fill('#join-name', 'Bo');
  await bo.click('#join-seat');
  await bo.waitForSelector('#room-code');
  await ana.waitForSelector('.seat[data-seat="1"]:not(.empty)');
  await ana.tap('.seat[data-seat="2"] .add-bot');
  await ana.waitForSelector('.seat[data-seat="2"] .tag.bot');
  await ana.selectOption('#opt-vp', '3');
  // 0 s is not in the lobby's list (a test's choice): the same set_options the list sends.
  await ana.evaluate(() => window.catanDebug.store.send({ type: 'set_options', options: { takeover_after: 0 } }));
  await ana.waitForFunction(() => { const o = window.catanDebug.store.state.doc.room.options; return o.vp_target === 3 && o.takeover_after === 0; });
  await ana.tap('#start');
  await Promise.all([ana, bo].map((p) => p.waitForSelector('#game')));
  await ana.close();
  await bo.close();
  const { summary, seconds } = await run.waitFinished(base, code);
  check(summary.phase === 'finished', `the bots finished the game (${seconds.toFixed(1)} s)`);

  // --- the winner panel on Ana's phone ----------------------------------------------------------------------
  ana = run.watch(await anaCtx.newPage());
  await ana.goto(url);
  await ana.waitForSelector('#winner');
  const g = await ana.evaluate(() => window.catanDebug.store.state.doc.game);
  const parts = await ana.evaluate(() => [...document.querySelectorAll('#winner .vp-row')].map((row) => ({
    seat: Number(row.dataset.seat),
    total: Number(row.querySelector('.total').textContent),
    parts: Object.fromEntries([...row.querySelectorAll('.vp-part')].map((p) => [p.dataset.part, { count: p.dataset.count, points: p.dataset.points, text: p.textContent }])),
  })));
  const wrong = [];
  for (const row of parts) {
    const p = g.players.find((x) => x.seat === row.seat);
    const want = {
      settlements: [p.settlements.length, p.settlements.length, /Settlements/],
      cities: [p.cities.length, 2 * p.cities.length, /Cities/],
      longest_road: [p.road_length, g.longest_road === p.seat ? 2 : 0, /length \d/],
      largest_army: [p.knights, g.largest_army === p.seat ? 2 : 0, /knights?/],
      vp_cards: [p.vp_cards ?? 0, p.vp_cards ?? 0, /VP cards/],
    };
    let sum = 0;
    for (const [k, [count, points, word]] of Object.entries(want)) {
      const shown = row.parts[k];
      sum += Number(shown?.points);
      if (!shown || Number(shown.count) !== count || Number(shown.points) !== points || !shown.text.includes(String(count)) || !word.test(shown.text) || !shown.text.includes(`${points} VP`)) {
        wrong.push(`${row.seat}.${k}: ${JSON.stringify(shown)} want ${count} / ${points} VP`);
      }
    }
    if (sum !== row.total || row.total !== p.vp_total) wrong.push(`${row.seat}: parts add to ${sum}, total ${row.total}, vp_total ${p.vp_total}`);
  }
  check(parts.length === 3 && wrong.length === 0, `each VP part says the count and, apart, the points, adding up to the total${wrong.length ? `: ${wrong.slice(0, 4).join(' | ')}` : ''}`);

  // The stats: shown when the server sends them; absent (and no error) when it does not.
  if (g.stats) {
    const bars = await ana.evaluate(() => [...document.querySelectorAll('#winner-stats .dice-bar')].map((b) => Number(b.dataset.count)));
    check(JSON.stringify(bars) === JSON.stringify(g.stats.dice), `the server's stats are shown: the dice histogram (${bars.join(' ')})`);
    const rows = await ana.locator('#winner-stats .stats-player').count();
    check(rows === g.stats.players.length, `one stats row per player (${rows})`);
  } else {
    check(await ana.locator('#winner-stats').count() === 0, 'without doc.game.stats (older server) the panel shows no stats section');
  }
  await ana.screenshot({ path: path.join(OUT, 'winner-panel-phone.png') });

  // The stats display from a made-up finished game: histogram, turns, time, per-player figures.
  const fake = await ana.evaluate(async (stats) => {
    const { winnerPanel } = await import('/js/ui/winner.js');
    const real = window.catanDebug.store.state;
    const doc = JSON.parse(JSON.stringify(real.doc));
    doc.game.stats = stats;
    doc.game.players = doc.game.players.slice(0, 2);
    const el = winnerPanel({ ...real, doc }, { send: () => true }, () => {});
    el.id = 'fake-winner';
    el.style.display = 'none';
    document.body.append(el);
    const q = (s) => el.querySelector(s);
    const out = {
      bars: [...el.querySelectorAll('.dice-bar')].map((b) => Number(b.dataset.count)),
      sums: [...el.querySelectorAll('.dice-bar')].map((b) => Number(b.dataset.sum)),
      summary: q('.stats-summary')?.textContent ?? '',
      rows: [...el.querySelectorAll('.stats-player')].map((th) => Object.fromEntries([...el.querySelectorAll(`td[data-seat="${th.dataset.seat}"][data-stat]`)].map((c) => [c.dataset.stat, c.textContent]))),
    };
    el.remove();
    return out;
  }, FAKE_STATS);
  check(JSON.stringify(fake.bars) === JSON.stringify(FAKE_STATS.dice) && JSON.stringify(fake.sums) === JSON.stringify([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]),
    `with doc.game.stats, a dice histogram for sums 2..12 (${fake.bars.join(' ')})`);
  check(fake.summary.includes('23 turns') && fake.summary.includes('12:34'), `with stats, the turn count and the time played (${fake.summary})`);
  const p0 = fake.rows[0] || {};
  check(fake.rows.length === 2 && p0.gained === '25' && p0.gained_ore === '7' && p0.stolen === '2' && p0.lost === '1' && p0.discarded === '4' && p0.traded_given === '5' && p0.traded_received === '3' &&
    p0.dev_cards_bought === '2' && p0.knights === '1' && p0.longest_road === '6', `with stats, each player's gained, stolen, robbed, discarded, traded, bought, knights, road (${JSON.stringify(p0)})`);

  // The same, shown in place of the real panel: the phone keeps no horizontal scroll.
  await ana.evaluate(async (stats) => {
    const { winnerPanel } = await import('/js/ui/winner.js');
    const real = window.catanDebug.store.state;
    const doc = JSON.parse(JSON.stringify(real.doc));
    doc.game.stats = { ...stats, players: doc.game.players.map((p, i) => ({ ...stats.players[i % 2], seat: p.seat })) };
    const el = winnerPanel({ ...real, doc }, { send: () => true }, () => {});
    el.id = 'fake-winner';
    document.querySelector('#winner').hidden = true;
    document.querySelector('#winner').after(el);
  }, FAKE_STATS);
  check(await ana.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'the stats fit a 360 px phone without a horizontal scroll');
  await ana.screenshot({ path: path.join(OUT, 'winner-stats-phone.png') });
  await ana.evaluate(() => { document.querySelector('#fake-winner').remove(); document.querySelector('#winner').hidden = false; });

  // See the board, then bring the panel back.
  await ana.tap('#winner-board');
  await ana.waitForSelector('#winner', { state: 'detached' });
  const reopen = await inView(ana, '#results-btn');
  check(reopen === 'ok', `after "See the board" a Results button is in view (${reopen})`);
  if (reopen !== 'missing') {
    await ana.tap('#results-btn');
    await ana.waitForSelector('#winner #play-again', { timeout: 3000 }).catch(() => {});
  }
  check(await ana.locator('#winner #play-again').count() === 1 && await ana.locator('#winner #watch-replay').count() === 1,
    'Results reopens the panel, with Play again and the replay link for the host');
  await ana.screenshot({ path: path.join(OUT, 'winner-reopened-phone.png') });

  // --- Bo watches the replay while Ana plays again ---------------------------------------------------------
  bo = run.watch(await boCtx.newPage());
  await bo.goto(url);
  await bo.waitForSelector('#watch-replay');
  await bo.click('#watch-replay');
  await bo.waitForSelector('#replay-count');
  const online = await ana.waitForFunction(() => window.catanDebug.store.state.doc.room.seats[1].connected === true, null, { timeout: 5000 }).then(() => true, () => false);
  check(online, 'while Bo watches the replay, his seat counts as connected');
  if (await ana.locator('#play-again').count()) await ana.tap('#play-again');
  else await ana.evaluate(() => window.catanDebug.store.send({ type: 'play_again' })); // (a client without Results)
  await ana.waitForSelector('#room-code');
  const told = await bo.waitForSelector('#replay-rematch', { timeout: 8000 }).then(() => true, () => false);
  check(told, 'Bo\'s replay page tells him the host opened a new game');
  if (told) {
    check(/new game/.test(await bo.textContent('#replay-rematch')), `in words (${await bo.textContent('#replay-rematch')})`);
    await bo.screenshot({ path: path.join(OUT, 'replay-rematch.png') });
  }
  const lobbyOn = await ana.waitForSelector('.seat[data-seat="1"] .presence.on', { timeout: 3000 }).then(() => true, () => false);
  check(lobbyOn, 'Ana\'s new lobby shows Bo connected, not offline');
  if (told) {
    await bo.click('#rematch-go');
    await bo.waitForSelector('#room-code');
    check(await bo.locator('.seat.me[data-seat="1"]').count() === 1, 'one tap takes Bo back to his seat in the lobby');
  }
  run.checkErrors();
  await run.done();
} catch (e) {
  await run.done(e);
}
