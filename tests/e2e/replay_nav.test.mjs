#!/usr/bin/env node
// The end of a game and its replay, as a new user reads them, in Chromium against
// the real server. Ana hosts a 2-seat room with a basic bot, 5 points to win and takeover after 0 s
// (`--bot-delay 0`), starts and closes her tab; the bots finish the game. Back on the winner screen,
// every player card shows the points the results show (Victory Point cards revealed: the seed gives
// the winner one). In the replay: no step's sentences name a hex by its number ("hex 7"), the board's
// places are named as in the game ("the 6 ore"); "Next turn" and "Previous turn" (and Page Down / Page
// Up) go from turn start to turn start, and the count says which turn; and the board keeps its place
// and size from step to step at 360x640, 640x360 and 1440x900 (the step's text does not push it).
//
//   node tests/e2e/replay_nav.test.mjs --server build/catan-server --out build/tests/e2e [--web-dir web]
import path from 'node:path';
import { e2e } from './harness.mjs';

const SEED = Number(process.argv[process.argv.indexOf('--seed') + 1]) || 4;
const run = e2e('replay_nav', { timeoutMs: 110_000, serverArgs: ['--bot-delay', '0'] });
const { check, OUT } = run;

try {
  const base = await run.startServer();
  const browser = await run.launch();
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  let page = run.watch(await ctx.newPage());
  const { url, code } = await run.createRoom(page, base, { seed: SEED, name: 'Ana', players: 2 });
  await page.click('.seat[data-seat="1"] .add-bot');
  await page.waitForSelector('.seat[data-seat="1"] .tag.bot');
  await page.selectOption('#opt-vp', '5');
  await page.evaluate(() => window.catanDebug.store.send({ type: 'set_options', options: { takeover_after: 0 } }));
  await page.waitForFunction(() => { const o = window.catanDebug.store.state.doc.room.options; return o.vp_target === 5 && o.takeover_after === 0; });
  await page.click('#start');
  await page.waitForSelector('#banner');
  await page.close();
  const { summary } = await run.waitFinished(base, code, { timeoutMs: 60000 });
  check(summary.phase === 'finished', 'the bots finished the game');

  // --- the winner screen: the player cards count what the results count ------------------------------
  page = run.watch(await ctx.newPage());
  await page.goto(url);
  await page.waitForSelector('#winner');
  const points = await page.evaluate(() => {
    const g = window.catanDebug.store.state.doc.game;
    return g.players.map((p) => ({
      seat: p.seat,
      cards: p.vp_cards ?? 0,
      card: Number(document.querySelector(`#players .player[data-seat="${p.seat}"] .stat.vp b`)?.textContent),
      results: Number(document.querySelector(`#winner .vp-row[data-seat="${p.seat}"] .total`)?.textContent),
    }));
  });
  check(points.some((p) => p.cards > 0), `a player holds a Victory Point card (${JSON.stringify(points)}; try another --seed otherwise)`);
  check(points.every((p) => p.card === p.results), `every player card shows the results' points after the game (${points.map((p) => `seat ${p.seat}: card ${p.card}, results ${p.results}`).join('; ')})`);
  await page.screenshot({ path: path.join(OUT, 'replay_nav-winner.png') });

  // --- the replay ------------------------------------------------------------------------------------
  await page.goto(`${url}#replay`);
  await page.waitForSelector('#replay-count');
  const rawIds = await page.evaluate(async () => {
    const { t } = await import('/js/i18n.js');
    const raw = new RegExp(`^${t('place.hex_id', { id: '\\d+' })}$|${t('place.hex_id', { id: '\\d+' })}`);
    const v = window.catanDebug.replay;
    const found = [];
    for (let n = 1; n <= v.total; n++) {
      v.go(n);
      for (const li of document.querySelectorAll('#step-events li')) if (raw.test(li.textContent)) found.push(`step ${n}: ${li.textContent}`);
    }
    return found;
  });
  check(rawIds.length === 0, `no replay sentence names a hex by its number (${rawIds.slice(0, 3).join(' | ')})`);

  // Turn by turn: Next turn from the start lands on a step that starts a turn, Previous turn comes back.
  const turnStep = () => page.evaluate(() => {
    const v = window.catanDebug.replay;
    const step = v.record.steps[v.n - 1];
    return { n: v.n, starts: !!step && step.events.some((e) => e.type === 'turn_started'), count: document.querySelector('#replay-count').textContent };
  });
  await page.click('#replay-first');
  const hasButtons = (await page.locator('#replay-next-turn').count()) === 1 && (await page.locator('#replay-prev-turn').count()) === 1;
  check(hasButtons, 'the replay has "Next turn" and "Previous turn"');
  if (hasButtons) {
    const seen = [];
    for (let i = 0; i < 3; i++) {
      await page.click('#replay-next-turn');
      seen.push(await turnStep());
    }
    check(seen.every((s) => s.starts) && seen[0].n < seen[1].n && seen[1].n < seen[2].n, `"Next turn" goes from turn start to turn start (steps ${seen.map((s) => s.n).join(', ')})`);
    check(/turn \d+/.test(seen[2].count), `the count says the turn ("${seen[2].count}")`);
    await page.click('#replay-prev-turn');
    const back = await turnStep();
    check(back.n === seen[1].n, `"Previous turn" goes back to the turn before (step ${back.n}, expected ${seen[1].n})`);
    await page.keyboard.press('PageDown');
    check((await turnStep()).n === seen[2].n, 'Page Down goes to the next turn');
  }

  // The board stays put from step to step.
  for (const [w, h, touch] of [[360, 640, true], [640, 360, true], [1440, 900, false]]) {
    const c = await browser.newContext({ viewport: { width: w, height: h }, hasTouch: touch, isMobile: touch });
    const p = run.watch(await c.newPage());
    await p.goto(`${url}#replay`);
    await p.waitForSelector('#replay-count');
    const boxes = await p.evaluate(async () => {
      const v = window.catanDebug.replay;
      const out = [];
      for (const n of [0, 1, 2, 5, 9, 20, Math.floor(v.total / 2), v.total - 1, v.total]) {
        v.go(n);
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        const r = document.querySelector('#board').getBoundingClientRect();
        out.push(`${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)}`);
      }
      return out;
    });
    const moved = new Set(boxes).size > 1;
    check(!moved, `${w}x${h}: the board keeps its place and size from step to step (${[...new Set(boxes)].join(' | ')})`);
    await p.screenshot({ path: path.join(OUT, `replay_nav-${w}x${h}.png`) });
    await c.close();
  }
  run.checkErrors();
  await run.done();
} catch (e) {
  await run.done(e);
}
