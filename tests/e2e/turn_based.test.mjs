#!/usr/bin/env node
// Turn-based rooms in the web client, in a real browser (Debian's chromium through playwright-core) on a
// 360x640 touch phone: the start page offers the pace, the hours each move may take (the server's
// range) and what happens when they run out; the room is made turn-based with those; the lobby shows
// them (the host may change them) and a basic bot takes the other seat; in the game the countdown reads
// in hours; back on the start page "My games" lists the room with whose move it is and the time left,
// inside the viewport at 360x640 and 640x360, and a room the server no longer has can be forgotten.
// Screenshots land in --out.
//
//   node tests/e2e/turn_based.test.mjs --server build/test/catan-server --out build/tests/e2e [--web-dir web]
import path from 'node:path';
import { e2e } from './harness.mjs';
import { inView, layoutProblems } from './layout-checks.mjs';

const run = e2e('turn_based', { timeoutMs: 80_000, serverArgs: ['--bot-delay', '50'] });
const { check, OUT } = run;

try {
  const base = await run.startServer();
  const browser = await run.launch();
  const context = await browser.newContext({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });
  const page = run.watch(await context.newPage());

  await page.goto(`${base}/?seed=4`);
  check((await page.locator('#my-games').count()) === 0, 'no "My games" before this browser holds a seat');
  await page.fill('#name', 'Ana');
  await page.selectOption('#players', '2');
  await page.waitForFunction(() => !document.querySelector('#pace').disabled);
  check(await page.locator('#turn-based-fields').isHidden(), 'live by default: no hours to choose');
  await page.selectOption('#pace', 'turn_based');
  check(await page.locator('#turn-based-fields').isVisible(), 'turn-based shows the hours and what happens when they run out');
  const hours = await page.locator('#turn-hours option').evaluateAll((os) => os.map((o) => Number(o.value)));
  const picked = await page.inputValue('#turn-hours');
  check(hours[0] >= 1 && hours[hours.length - 1] <= 168 && picked === '24', `hours within the server's range, 24 by default (${hours}; ${picked})`);
  await page.selectOption('#turn-hours', '8');
  await page.selectOption('#on-timeout', 'wait');
  const where = await inView(page, '#create');
  await page.screenshot({ path: path.join(OUT, 'turn-based-home-360x640.png') });
  check(where === 'ok' || where.startsWith('outside'), `the create button is on the page (${where})`);
  await page.click('#create');
  await page.waitForSelector('#room-code');
  const code = await page.textContent('#room-code');
  const options = await page.evaluate(() => window.catanDebug.store.state.doc.room.options);
  check(options.pace === 'turn_based' && options.turn_hours === 8 && options.on_timeout === 'wait',
    `the room is turn-based, 8 hours a move, waiting when they run out (${JSON.stringify(options)})`);
  check(await page.inputValue('#opt-pace') === 'turn_based' && await page.inputValue('#opt-turn-hours') === '8',
    'the host sees and may change the pace in the lobby');
  await page.selectOption('#opt-turn-hours', '12');
  await page.waitForFunction(() => window.catanDebug.store.state.doc.room.options.turn_hours === 12);
  check(true, 'the host changes the hours in the lobby');
  await page.tap('.seat[data-seat="1"] .add-bot');
  await page.waitForSelector('.seat[data-seat="1"] .tag.bot');
  await page.tap('#start');
  await page.waitForSelector('.turn-timer');
  const timer = await page.evaluate(() => window.catanDebug.store.state.doc.room.timer);
  check(timer.limit === 12 * 3600, `every decision gets the room's hours (limit ${timer.limit} s)`);
  const shown = await page.textContent('.turn-timer');
  check(/^1?\d:\d\d:\d\d$/.test(shown), `the countdown reads in hours (${shown})`);
  const label = await page.getAttribute('.turn-timer', 'aria-label');
  check(/left/.test(label) && !/seconds/.test(label), `its label says the time left in hours (${label})`);
  await page.screenshot({ path: path.join(OUT, 'turn-based-game-360x640.png') });

  // Back to the start page: the room is listed with what it waits for and the time left.
  await page.goto(`${base}/`);
  await page.waitForSelector(`#my-games li[data-code="${code}"] .status`);
  const status = await page.textContent(`#my-games li[data-code="${code}"] .status`);
  check(/^(Your move|Waiting for .+) · \d+:\d\d:\d\d left$/.test(status), `"My games" says whose move it is and how long is left (${status})`);
  for (const [width, height] of [[360, 640], [640, 360]]) {
    await page.setViewportSize({ width, height });
    const w = await inView(page, `#my-games li[data-code="${code}"] a.code`);
    check(w === 'ok', `the room's link is in the viewport at ${width}x${height} (${w})`);
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    check(scroll <= 0, `no sideways scroll at ${width}x${height}`);
    await page.screenshot({ path: path.join(OUT, `turn-based-my-games-${width}x${height}.png`) });
  }
  await page.setViewportSize({ width: 360, height: 640 });
  // A seat in a room the server no longer has: listed as gone, and forgotten on request.
  await page.evaluate(() => localStorage.setItem('catan.token.ZZZZZ', 'ab'.repeat(16)));
  await page.reload();
  await page.waitForSelector('#my-games li[data-code="ZZZZZ"].gone');
  await page.tap('#my-games li[data-code="ZZZZZ"] .forget');
  check((await page.locator('#my-games li[data-code="ZZZZZ"]').count()) === 0 &&
        (await page.evaluate(() => localStorage.getItem('catan.token.ZZZZZ'))) === null, 'a room that is gone is forgotten on request');
  // The link takes the seat back.
  await page.tap(`#my-games li[data-code="${code}"] a.code`);
  await page.waitForSelector('.turn-timer');
  check((await page.evaluate(() => window.catanDebug.store.state.seat)) === 0, 'the link in "My games" takes Ana back to her seat');
  const layout = await page.evaluate(layoutProblems);
  check(layout.length === 0, `the game's layout has no problem (${layout.join('; ')})`);
  // The lookup of the room the server does not have answers 404, as it should, and the browser logs it.
  const gone = run.errors.findIndex((e) => e.includes('status of 404'));
  if (gone >= 0) run.errors.splice(gone, 1);
  run.checkErrors();
  await run.done();
} catch (e) {
  await run.done(e);
}
