#!/usr/bin/env node
// The client shows the rules the server states, not copies of its own: a 6-player room in
// real Chromium against the real server. In the lobby the host's choices (players, points to win,
// discard limit, turn timer, turn structure) are exactly the ranges of the topology's rules block and
// doc.room.limits, and they follow the board when the host switches to 4 players (the base box: no
// turn structure) and back. In the game, on the host's own turn: each action button's cost chips are
// rules.costs, the chat field's length is limits.chat_chars, and the trade offer's "you want" picker
// takes up to rules.bank_per_resource cards of a kind — 24 in the 5-6 box, where the base box has 19.
//
//   node tests/e2e/rules.test.mjs --server build/catan-server --out build/tests/e2e [--web-dir web]
import path from 'node:path';
import { e2e } from './harness.mjs';
import { snap, playUntil } from './drive.mjs';

const run = e2e('rules', { timeoutMs: 90_000, serverArgs: ['--bot-delay', '0'] });
const { check, OUT } = run;
const RES = ['brick', 'lumber', 'wool', 'grain', 'ore'];
const range = (o) => Array.from({ length: o.max - o.min + 1 }, (_, i) => o.min + i);
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

const stateOf = (page) => page.evaluate(() => {
  const s = window.catanDebug.store.state;
  return { rules: s.topology?.rules ?? null, limits: s.doc?.room?.limits ?? null, options: s.doc?.room?.options ?? null };
});
const choices = (page, sel) => page.evaluate((s) => [...document.querySelectorAll(`${s} option`)].map((o) => o.value), sel);
// The cost chips of an action button, as a resource set without zeros.
const chips = (page, action) => page.evaluate((a) => Object.fromEntries([...document.querySelectorAll(`[data-action="${a}"] .cost .res-chip`)].map((c) => {
  const res = [...c.querySelector('svg').classList].find((k) => k.startsWith('res-')).slice(4);
  return [res, Number(c.querySelector('b').textContent)];
})), action);
const nonzero = (set) => Object.fromEntries(RES.filter((r) => set[r] > 0).map((r) => [r, set[r]]));

try {
  const base = await run.startServer();
  const browser = await run.launch();
  const ana = run.watch(await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage());
  await run.createRoom(ana, base, { seed: 5, name: 'Ana', players: 6 });
  await ana.waitForFunction(() => window.catanDebug.store.state.topology?.rules?.board === 'large');

  // --- the lobby -----------------------------------------------------------------------------------------
  let { rules, limits } = await stateOf(ana);
  check(!!rules && !!limits, 'the snapshot brings the rules block (with the topology) and doc.room.limits');
  const asNumbers = (v) => v.map(Number);
  check(same(asNumbers(await choices(ana, '#opt-players')), range(rules.options.players)), `the players choices are rules.options.players (${rules.options.players.min}-${rules.options.players.max})`);
  check(same(asNumbers(await choices(ana, '#opt-vp')), range(rules.options.vp_target)), `the points-to-win choices are rules.options.vp_target (${rules.options.vp_target.min}-${rules.options.vp_target.max})`);
  check(same(asNumbers(await choices(ana, '#opt-discard_limit')), range(rules.options.discard_limit)), 'the discard limit choices are rules.options.discard_limit');
  check(same(asNumbers(await choices(ana, '#opt-timer')), limits.turn_timer), `the turn timer choices are doc.room.limits.turn_timer (${limits.turn_timer})`);
  check(rules.options.turn_structure.used && same(await choices(ana, '#opt-turn_structure'), rules.options.turn_structure.values), 'the 5-6 box offers the turn structures it lists');

  await ana.selectOption('#opt-players', '4');
  await ana.waitForFunction(() => window.catanDebug.store.state.topology?.rules?.board === 'base');
  await ana.waitForSelector('#opt-players');
  ({ rules } = await stateOf(ana));
  check(!rules.options.turn_structure.used && await ana.locator('#opt-turn_structure').count() === 0, 'with 4 players the base box has no turn structure, and the lobby offers none');
  check(rules.bank_per_resource === 19 && same(asNumbers(await choices(ana, '#opt-players')), range(rules.options.players)), 'the base box: 19 cards of a kind, the same players range');
  await ana.selectOption('#opt-players', '6');
  await ana.waitForFunction(() => window.catanDebug.store.state.topology?.rules?.board === 'large');
  await ana.waitForSelector('#opt-turn_structure');
  ({ rules } = await stateOf(ana));
  check(rules.bank_per_resource === 24, 'back to 6 players: the 5-6 box, 24 cards of a kind');

  for (let seat = 1; seat < 6; seat++) {
    await ana.click(`.seat[data-seat="${seat}"] .add-bot`);
    await ana.waitForSelector(`.seat[data-seat="${seat}"] .tag.bot`);
  }
  await ana.click('#start');
  await ana.waitForSelector('#game');
  const topology = await ana.evaluate(() => window.catanDebug.store.state.topology);

  // --- the host's own turn -------------------------------------------------------------------------------
  await playUntil([ana], topology, (st) => st.game.phase === 'main' && st.game.current === 0 && st.game.step === 'turn');
  ({ rules, limits } = await stateOf(ana));
  for (const [action, cost] of [['road', 'road'], ['settlement', 'settlement'], ['city', 'city'], ['dev', 'dev_card']]) {
    const shown = await chips(ana, action);
    check(same(shown, nonzero(rules.costs[cost])), `the ${action} button's cost is rules.costs.${cost} (${JSON.stringify(shown)})`);
  }
  const chat = await ana.evaluate(() => [...document.querySelectorAll('.chat-input')].map((i) => i.maxLength));
  check(chat.length > 0 && chat.every((n) => n === limits.chat_chars), `the chat field takes doc.room.limits.chat_chars characters (${chat})`);

  const st = await snap(ana);
  check(!!st.legal?.may_propose_trade, 'Ana may offer a trade now');
  await ana.click('[data-action="trade"]');
  await ana.waitForSelector('[data-dialog="trade"]');
  if (await ana.locator('#tab-players').count()) await ana.click('#tab-players');
  const want = ana.locator('.picker[data-name="want"] .pick-card[data-res="brick"]');
  const supply = rules.bank_per_resource;
  let taps = 0;
  while (taps < supply && !(await want.isDisabled())) {
    await want.click();
    taps++;
  }
  const picked = await ana.evaluate(() => Number(document.querySelector('.picker[data-name="want"] .picked[data-res="brick"]')?.dataset.count ?? 0));
  check(taps === supply && picked === supply, `"you want" takes ${supply} brick, the box's supply (took ${picked})`);
  check(await want.isDisabled(), `and no more than ${supply}`);
  await ana.screenshot({ path: path.join(OUT, 'rules-trade.png') });
  run.checkErrors();
  await run.done();
} catch (e) {
  await run.done(e);
}
