#!/usr/bin/env node
// The beginner set-up (room option layout: beginner, docs/rules-choices.md "Beginner layout") in a real
// browser against the real server. Ana hosts on a 360x640 touch phone: the lobby offers the board
// set-up with its one-line explanation (in the four languages); picking the beginner set-up with 5
// players brings the count to 4, and the players choice then offers 3 and 4 only; the balanced board
// is not offered with it. With 3 players the seat badges leave white out (seat 2 wears the red of the
// rule book: our reddish purple). Two bots sit down, the game starts at the first turn: every seat's
// two settlements and roads stand where the picture has them, no piece is white, Ana holds her three
// starting cards. The lobby and the game have no horizontal scroll at 360x640. Screenshots:
// beginner-lobby-360x640.png, beginner-game-360x640.png.
//
//   node tests/e2e/beginner.test.mjs --server build/catan-server --out build/tests/e2e [--web-dir web]
import path from 'node:path';
import { e2e } from './harness.mjs';
import { frames } from './layout-checks.mjs';

// --bot-delay: the bots must not move before the first view is looked at.
const run = e2e('beginner', { timeoutMs: 60_000, serverArgs: ['--bot-delay', '60000'] });
const { check, OUT } = run;
const WHITE = '#F2F2F2', RED = '#CC79A7';
const waitOptions = (page, want) => page.waitForFunction((w) => {
  const o = window.catanDebug.store.state.doc?.room?.options;
  return !!o && Object.entries(w).every(([k, v]) => o[k] === v);
}, want);
const noScroll = (page) => page.evaluate(() => document.documentElement.scrollWidth <= innerWidth);

try {
  const base = await run.startServer();
  const browser = await run.launch();
  const phone = run.watch(await (await browser.newContext({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true })).newPage());
  await run.createRoom(phone, base, { seed: 6, name: 'Ana', players: 4 });

  // The option and its explanation.
  await phone.waitForSelector('#opt-layout');
  const values = await phone.$$eval('#opt-layout option', (os) => os.map((o) => o.value));
  check(JSON.stringify(values) === '["random","beginner"]', `the lobby offers the random and the beginner set-up (${values})`);
  check((await phone.inputValue('#opt-layout')) === 'random', 'random by default');
  const english = {};
  for (const v of ['random', 'beginner']) {
    if (v === 'beginner') {
      // Picked with 5 players: the count comes down to 4 with it (the server would refuse the mix).
      await phone.selectOption('#opt-players', '5');
      await waitOptions(phone, { players: 5 });
      await phone.selectOption('#opt-layout', 'beginner');
      await waitOptions(phone, { layout: 'beginner', players: 4 });
    }
    english[v] = (await phone.textContent('#opt-layout-help')).trim();
    check(english[v].length > 20 && !/[{}]/.test(english[v]), `${v}: its one-line explanation ("${english[v]}")`);
  }
  check(english.beginner.includes('3 or 4') && english.beginner.includes('white'), 'the explanation names the counts and white staying in the box');
  const counts = await phone.$$eval('#opt-players option', (os) => os.map((o) => Number(o.value)));
  check(JSON.stringify(counts) === '[3,4]', `with the beginner set-up the players choice offers 3 and 4 (${counts})`);
  check((await phone.locator('#opt-balanced_board').count()) === 0, 'no balanced board with the fixed island');
  for (const lang of ['fr', 'ko', 'ja']) {
    await phone.selectOption('.lang-select select, select.lang-select', lang);
    await phone.waitForFunction((l) => document.documentElement.lang === l, lang);
    const text = (await phone.textContent('#opt-layout-help')).trim();
    check(text && text !== english.beginner && !/[{}]/.test(text), `${lang}: the beginner set-up explained ("${text}")`);
  }
  await phone.selectOption('.lang-select select, select.lang-select', 'en');
  await phone.waitForFunction(() => document.documentElement.lang === 'en');

  // Three players: seat 2 wears red, nobody white.
  await phone.selectOption('#opt-players', '3');
  await waitOptions(phone, { players: 3, layout: 'beginner' });
  await frames(phone);
  const badges = await phone.$$eval('.seat .seat-badge rect', (rs) => rs.map((r) => r.getAttribute('fill')));
  check(badges.length === 3 && badges[2] === RED && !badges.includes(WHITE), `the lobby's seats leave white out (${badges})`);
  check(await noScroll(phone), 'the lobby has no horizontal scroll at 360x640');
  await phone.screenshot({ path: path.join(OUT, 'beginner-lobby-360x640.png'), fullPage: true });

  // Two bots, and the game starts at the first turn with the pieces placed.
  for (const seat of [1, 2]) {
    await phone.click(`.seat[data-seat="${seat}"] .add-bot`);
    await phone.waitForSelector(`.seat[data-seat="${seat}"] .tag.bot`);
  }
  await phone.click('#start');
  await phone.waitForFunction(() => window.catanDebug.store.state.doc?.game?.phase === 'pre_roll');
  await phone.waitForSelector('#board .settlement');
  await frames(phone);
  const game = await phone.evaluate(() => window.catanDebug.store.state.doc.game);
  check(game.options.layout === 'beginner' && game.turn === 1 && game.setup_step === 6, `the game starts at the first turn (turn ${game.turn}, setup step ${game.setup_step})`);
  check(game.players.every((p) => p.settlements.length === 2 && p.roads.length === 2), 'every seat has its two settlements and two roads');
  const hand = Object.values(game.me.hand).reduce((a, b) => a + b, 0);
  check(hand === 3, `Ana holds her three starting cards (${JSON.stringify(game.me.hand)})`);
  const drawn = await phone.$$eval('#board .settlement', (gs) => gs.map((g) => ({ seat: Number(g.dataset.seat), node: Number(g.dataset.node),
    fill: g.querySelector('.piece-body').getAttribute('fill') })));
  check(drawn.length === 6, `six settlements on the board (${drawn.length})`);
  const want = new Set(game.players.flatMap((p) => p.settlements));
  check(drawn.every((d) => want.has(d.node)), 'each drawn where the game has it');
  check(drawn.every((d) => d.fill !== WHITE) && drawn.filter((d) => d.seat === 2).every((d) => d.fill === RED), 'no white piece; seat 2 is red');
  const roads = await phone.$$eval('#board .road .road-core', (ls) => ls.map((l) => l.getAttribute('stroke')));
  check(roads.length === 6 && !roads.includes(WHITE), `six roads, none white (${roads})`);
  check(await noScroll(phone), 'the game has no horizontal scroll at 360x640');
  await phone.screenshot({ path: path.join(OUT, 'beginner-game-360x640.png') });

  run.checkErrors();
  await run.done();
} catch (e) {
  await run.done(e);
}
