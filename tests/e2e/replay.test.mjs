#!/usr/bin/env node
// The replay viewer in a real browser (Debian's chromium through playwright-core): Ana hosts a 2-seat
// room with a bot, 3 victory points to win and takeover after 0 s, starts and closes her tab, so bots
// play the whole game in seconds. She comes back to the winner screen and follows "Watch the replay":
// step 0 shows the empty board, the next step places the first settlement and the previous one removes
// it, the last step shows the finished game's winner and points, the hidden information (stolen
// resources, bought cards, the seed) is revealed, autoplay moves on, and the screen fits a phone in
// another language. A room without a game says it has nothing to replay. Screenshots land in --out.
//
//   node tests/e2e/replay.test.mjs --server build/catan-server --out build/tests/e2e [--web-dir web]
import path from 'node:path';
import { e2e } from './harness.mjs';

const run = e2e('replay', { timeoutMs: 90_000, serverArgs: ['--bot-delay', '0'] });
const { check, OUT } = run;

const buildings = (page) => page.locator('#board .settlement, #board .city').count();
// 'ok' when the element is wholly inside the viewport, its text not clipped and nothing on top of it.
const shownInViewport = (page, sel) => page.evaluate((s) => {
  const el = document.querySelector(s);
  if (!el) return 'missing';
  const r = el.getBoundingClientRect();
  const inside = r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  if (!inside) return `at ${Math.round(r.left)},${Math.round(r.top)} size ${Math.round(r.width)}x${Math.round(r.height)} in ${window.innerWidth}x${window.innerHeight}`;
  if (el.scrollHeight > el.clientHeight + 1) return 'its text is clipped';
  return top && el.contains(top) ? 'ok' : 'covered';
}, sel);
const texts = (page, sel) => page.locator(sel).allTextContents();

try {
  const base = await run.startServer();
  const browser = await run.launch();
  const { watch } = run;
  const ana = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  let page = watch(await ana.newPage());

  // A room without a game has nothing to replay.
  const empty = await (await fetch(`${base}/api/rooms`, { method: 'POST', body: '{}' })).json();
  await page.goto(`${base}/r/${empty.code}#replay`);
  await page.waitForSelector('#replay-error');
  check((await page.textContent('#replay-error')).includes('no game to replay'), 'a room in its lobby says it has no game to replay');
  await page.click('#replay-room');
  await page.waitForSelector('#join-name');
  check(new URL(page.url()).hash === '', '"Back to the room" opens the room page');
  run.errors.length = 0; // Chromium logs the expected 409 of that replay request as a console error

  // Ana, a bot, 3 points to win, takeover at once; she leaves and the bots play the game.
  const { url: roomUrl, code } = await run.createRoom(page, base, { seed: 5, name: 'Ana', players: 2 });
  await page.click('.seat[data-seat="1"] .add-bot');
  await page.waitForSelector('.seat[data-seat="1"] .tag.bot');
  await page.selectOption('#opt-vp', '3');
  await page.selectOption('#opt-takeover', '0').catch(() => page.evaluate(() => window.catanDebug.store.send({ type: 'set_options', options: { takeover_after: 0 } })));
  await page.waitForFunction(() => { const o = window.catanDebug.store.state.doc.room.options; return o.vp_target === 3 && o.takeover_after === 0; });

  // The test server let the creator choose the seed: everyone is told the game is not fair, in the
  // lobby and in the game, on phones upright and sideways (docs/security.md).
  check(await page.locator('#unfair-warning').isVisible(), 'the host\'s lobby says the game is not fair');
  const phones = [];
  for (const [width, height] of [[360, 640], [640, 360]]) {
    const p = watch(await (await browser.newContext({ viewport: { width, height }, hasTouch: true, isMobile: true })).newPage());
    await p.goto(roomUrl);
    await p.click('#spectate');
    await p.waitForSelector('#unfair-warning');
    const shown = await shownInViewport(p, '#unfair-warning');
    check(shown === 'ok', `a spectator's lobby at ${width}x${height} shows the unfair-game warning in view (${shown})`);
    phones.push([p, `${width}x${height}`]);
  }
  await page.click('#start');
  await page.waitForSelector('.player');
  for (const [p, size] of phones) {
    await p.waitForSelector('.game .player');
    await p.waitForSelector('#unfair-warning');
    const shown = await shownInViewport(p, '#unfair-warning');
    check(shown === 'ok', `the game at ${size} shows the unfair-game warning in view (${shown})`);
    check((await p.textContent('#commitment')).includes('Not fair'), `the top bar at ${size} says "Not fair" instead of "Fair dice"`);
    check(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `no horizontal scroll at ${size}`);
    await p.screenshot({ path: path.join(OUT, `unfair-${size}.png`) });
    await p.close();
  }
  check(await page.locator('#unfair-warning').isVisible(), 'the host\'s game says it is not fair');
  await page.close();
  const { summary, seconds } = await run.waitFinished(base, code);
  check(summary.phase === 'finished', `the bots finished the game (${seconds.toFixed(1)} s)`);
  const record = await (await fetch(`${base}/api/rooms/${code}/replay`)).json();

  // Ana is back: the winner screen links the replay.
  page = watch(await ana.newPage());
  await page.goto(roomUrl);
  await page.waitForSelector('#winner');
  const game = await page.evaluate(() => window.catanDebug.store.state.doc.game);
  const names = await page.evaluate(() => window.catanDebug.store.state.doc.room.seats.map((s) => s.name));
  await page.click('#watch-replay');
  await page.waitForSelector('#replay-count');
  check(new URL(page.url()).hash === '#replay', 'the winner screen\'s "Watch the replay" opens /r/CODE#replay');
  const total = record.steps.length;
  check((await page.textContent('#replay-count')) === `Step 0 of ${total}`, `the replay starts at step 0 of ${total}`);
  check(await buildings(page) === 0, 'step 0: the board has no pieces');
  check((await texts(page, '#step-who'))[0].includes('before the first move'), 'step 0 says it is the board before the first move');
  check(await page.locator('#board [data-spot]').count() === 0, 'nothing on the board is tappable');
  await page.screenshot({ path: path.join(OUT, 'replay-start.png') });

  check(record.steps[0].command.type === 'build_settlement', 'the first step of the record places a settlement');
  await page.click('#replay-next');
  await page.waitForSelector('#board .settlement');
  check(await buildings(page) === 1 && (await page.locator(`#board .settlement[data-node="${record.steps[0].command.intersection}"]`).count()) === 1,
    'step 1: the first settlement stands where the record says');
  check((await page.textContent('#step-who')).includes(`${names[record.steps[0].seat]} played this step`), 'step 1 says who acted');
  check((await page.textContent('#step-events')).includes('built a settlement'), 'step 1 shows its event as a sentence');
  await page.click('#replay-prev');
  await page.waitForFunction(() => document.querySelector('#replay').dataset.step === '0');
  check(await buildings(page) === 0, 'back to step 0: the settlement is gone');

  // The last step is the finished game.
  await page.click('#replay-last');
  await page.waitForFunction((n) => document.querySelector('#replay').dataset.step === String(n), total);
  const banner = await page.textContent('#banner');
  check(banner.includes(names[game.winner]) && game.winner === record.winner, `the last step shows the winner (${banner})`);
  const vps = await texts(page, '.player .stat.vp b');
  check(JSON.stringify(vps) === JSON.stringify(game.players.map((p) => String(p.vp))), `the last step shows the final points (${vps.join(', ')})`);
  check(await buildings(page) === game.players.reduce((a, p) => a + p.settlements.length + p.cities.length, 0), 'the last step shows every building of the finished game');
  check((await page.textContent('#replay-seed')).includes(record.fairness.seed) && (await page.locator('#check-game').count()) === 1,
    'the seed, salt and how to verify are shown');
  check(record.fairness.seed_chosen === true && (await page.locator('.unfair-note').count()) === 1,
    'the record and the replay say the creator chose the seed: not a fair game');

  // Hidden information, revealed now: a stolen resource or a bought card, in the step's own words.
  const hidden = record.steps.findIndex((s) => (s.revealed_events || []).some((e) => (e.type === 'stole' && e.resource) || (e.type === 'dev_card_bought' && e.card)));
  check(hidden >= 0, 'the game has a step with hidden information');
  if (hidden >= 0) {
    const e = record.steps[hidden].revealed_events.find((x) => (x.type === 'stole' && x.resource) || (x.type === 'dev_card_bought' && x.card));
    for (let i = 0; i < 400 && Number(await page.getAttribute('#replay', 'data-step')) > hidden + 1; i++) await page.click('#replay-prev');
    const line = await page.textContent('#step-events');
    const words = e.type === 'stole' ? `stole 1 ${e.resource}` : 'bought a development card:';
    check(line.includes(words), `step ${hidden + 1} reveals it: ${line}`);
  }
  await page.screenshot({ path: path.join(OUT, 'replay-end.png') });

  // Autoplay moves on by itself and pauses.
  await page.click('#replay-first');
  await page.click('#replay-play');
  await page.waitForFunction(() => Number(document.querySelector('#replay').dataset.step) >= 2, null, { timeout: 5000 });
  await page.click('#replay-play');
  const paused = await page.getAttribute('#replay', 'data-step');
  await page.waitForTimeout(1000);
  check(paused === await page.getAttribute('#replay', 'data-step'), `autoplay ran to step ${paused} and paused`);

  // A phone, in Korean: everything fits, the controls are big enough to tap.
  const phone = watch(await (await browser.newContext({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true })).newPage());
  await phone.goto(`${base}/r/${code}#replay`);
  await phone.waitForSelector('#replay-count');
  await phone.selectOption('.lang-select', 'ko');
  await phone.waitForFunction((n) => document.querySelector('#replay-count')?.textContent === `${n}단계 중 0단계`, total);
  await phone.tap('#replay-last');
  await phone.waitForFunction((n) => document.querySelector('#replay').dataset.step === String(n), total);
  check((await phone.textContent('#replay-fair')).includes('공개'), 'the phone shows the end in Korean');
  const fits = await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  check(fits, 'no horizontal scroll at 360 px');
  const small = await phone.evaluate(() => [...document.querySelectorAll('#replay-controls button, #replay-back')]
    .filter((b) => b.getBoundingClientRect().height < 40 || b.getBoundingClientRect().width < 40).map((b) => b.id));
  check(small.length === 0, `the replay buttons are at least 40 px (${small.join(', ') || 'all'})`);
  await phone.screenshot({ path: path.join(OUT, 'replay-phone.png') });
  run.checkErrors();
  await run.done();
} catch (e) {
  await run.done(e);
}
