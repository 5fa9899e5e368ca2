#!/usr/bin/env node
// Bots in the web client, in a real browser (Debian's chromium through playwright-core): Ana hosts,
// Bob joins from another browser; Ana adds a strong bot to an empty seat from the lobby, removes it,
// seats a basic and a random bot, sets the takeover grace period, and starts. Bob closes his tab: after
// the grace period everyone sees "played by a bot" on his seat and a bot places his pieces; he opens
// the room again and has his seat back. The setup ends with every seat's pieces placed. Screenshots of
// the lobby and of the takeover land in --out. The replay of the running game shows the public record so
// far and no seed.
//
//   node tests/e2e/bots.test.mjs --server build/catan-server --out build/tests/e2e [--web-dir web]
import path from 'node:path';
import { e2e } from './harness.mjs';

const run = e2e('bots', { timeoutMs: 120_000, serverArgs: ['--bot-delay', '50', '--strong-bot-time', '50'] });
const { check, OUT } = run;

const state = (page) => page.evaluate(() => {
  const s = window.catanDebug.store.state;
  return { room: s.doc?.room ?? null, game: s.doc?.game ?? null, legal: s.legal, seq: s.seq };
});

try {
  const base = await run.startServer();
  const browser = await run.launch();
  const page = run.watch(await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage());

  const { url: roomUrl } = await run.createRoom(page, base, { seed: 4, name: 'Ana', players: 4 });
  const bobContext = await browser.newContext({ viewport: { width: 1024, height: 800 } });
  let bob = await bobContext.newPage();
  await bob.goto(roomUrl);
  await bob.fill('#join-name', 'Bob');
  await bob.click('#join-seat');
  await bob.waitForSelector('#room-code');
  await page.waitForSelector('.seat[data-seat="1"]:not(.empty)');

  // A strong bot in seat 2, then gone again.
  await page.selectOption('.seat[data-seat="2"] .bot-level', 'strong');
  await page.click('.seat[data-seat="2"] .add-bot');
  await page.waitForSelector('.seat[data-seat="2"] .tag.bot');
  const badge = await page.textContent('.seat[data-seat="2"] .tag.bot');
  check(badge.includes('strong'), `the seat shows the bot and its level (${badge})`);
  check((await state(page)).room.seats[2].bot === 'strong', 'the room lists a strong bot in seat 2');
  check((await bob.locator('.seat[data-seat="2"] .tag.bot').count()) === 1 && (await bob.locator('.add-bot').count()) === 0,
    'Bob sees the bot, and no controls to add one');
  await page.click('.seat[data-seat="2"] .kick');
  await page.waitForSelector('.seat.empty[data-seat="2"]');
  check((await state(page)).room.seats[2].name === null, 'the host removed the bot');

  // A basic and a random bot; the takeover grace period: never, then 15 s.
  await page.click('.seat[data-seat="2"] .add-bot');
  await page.waitForSelector('.seat[data-seat="2"] .tag.bot');
  await page.selectOption('.seat[data-seat="3"] .bot-level', 'random');
  await page.click('.seat[data-seat="3"] .add-bot');
  await page.waitForSelector('.seat[data-seat="3"] .tag.bot');
  await page.selectOption('#opt-takeover', 'never');
  await page.waitForFunction(() => window.catanDebug.store.state.doc.room.options.takeover_after === 'never');
  check(true, 'the host set the takeover grace period to never');
  await page.selectOption('#opt-takeover', '15');
  await page.waitForFunction(() => window.catanDebug.store.state.doc.room.options.takeover_after === 15);
  await page.screenshot({ path: path.join(OUT, 'lobby-bots.png') });

  await page.click('#start');
  await page.waitForSelector('.player[data-seat="2"] .tag.bot');
  check((await page.locator('.player .tag.bot').count()) === 2, 'the game shows both bots with their badge');
  await bob.waitForSelector('.player');
  await bob.close();  // Bob walks away

  // Setup: whoever is here places on the first highlighted spots; the bots place their own.
  const placeUntil = async (pages, done, what) => {
    const deadline = Date.now() + 60000;
    for (;;) {
      if (await done()) return;
      if (Date.now() > deadline) throw new Error(`setup: ${what} did not happen`);
      let placed = false;
      for (const p of pages) {
        const s = await state(p);
        if (!s.game.phase.startsWith('setup')) continue;
        const acts = (s.legal && s.legal.actions) || [];
        const node = acts.find((a) => a.type === 'build_settlement');
        const road = acts.find((a) => a.type === 'build_road');
        if (!node && !road) continue;
        // A busy machine may draw the board again under the pointer (a bot's move): then look again.
        const spot = node ? `[data-spot="node"][data-id="${node.intersection}"]` : `[data-spot="path"][data-id="${road.path}"]`;
        if (!(await p.click(spot, { timeout: 5000 }).then(() => true, () => false))) continue;
        await p.waitForFunction((q) => window.catanDebug.store.state.seq > q, s.seq);
        placed = true;
      }
      if (!placed) await page.waitForTimeout(50);
    }
  };
  const gone = Date.now();
  await placeUntil([page], async () => (await page.locator('.player[data-seat="1"] .tag.bot').count()) === 1, 'the takeover');
  check(Date.now() - gone >= 14000, `a bot plays Bob's seat after the grace period (${((Date.now() - gone) / 1000).toFixed(1)} s)`);
  check((await page.textContent('.player[data-seat="1"] .tag.bot')).includes('played by a bot'), 'everyone sees "played by a bot"');
  await page.screenshot({ path: path.join(OUT, 'takeover.png') });
  await placeUntil([page], async () => (await state(page)).game.players[1].settlements_left < 5 || !(await state(page)).game.phase.startsWith('setup'),
    'a bot placing for Bob');

  // Bob is back (his token is in this browser): his seat is his again.
  bob = await bobContext.newPage();
  await bob.goto(roomUrl);
  await bob.waitForSelector('.player');
  await page.waitForFunction(() => window.catanDebug.store.state.doc.room.seats[1].controlled_by === 'player');
  check((await page.locator('.player[data-seat="1"] .tag.bot').count()) === 0, 'Bob has his seat back at once');
  await placeUntil([page, bob], async () => !(await state(page)).game.phase.startsWith('setup'), 'the end of the setup');
  const s = await state(page);
  const pieces = s.game.players.map((p) => 5 - p.settlements_left);
  check(pieces.every((n) => n === 2), `every seat placed two settlements (${pieces.join(',')})`);
  check((await state(bob)).game.me.seat === 1, 'Bob plays seat 1');

  // The replay of the running game: the public record so far, and a note that the rest comes at the end.
  const viewer = run.watch(await (await browser.newContext({ viewport: { width: 1024, height: 800 } })).newPage());
  await viewer.goto(`${roomUrl}#replay`);
  await viewer.waitForSelector('#replay-running');
  check((await viewer.locator('#replay-seed').count()) === 0, 'a running game\'s replay shows no seed');
  await viewer.click('#replay-last');
  const shown = await viewer.locator('#board .settlement').count();
  check(Number(await viewer.getAttribute('#replay-slider', 'max')) >= 16 && shown >= 8, `its last step shows the setup's settlements (${shown})`);
  run.checkErrors();
  await run.done();
} catch (e) {
  await run.done(e);
}
