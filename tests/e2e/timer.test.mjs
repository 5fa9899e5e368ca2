#!/usr/bin/env node
// The turn timer in the web client, in a real browser (Debian's chromium through playwright-core) on a
// 360x640 touch phone: the host picks 60 s per turn in the lobby (a spectator's lobby shows it), seats
// a basic bot and starts; the header shows a countdown (room.timer) that is inside the viewport, not
// covered, readable by a screen reader and going down; placing in time starts the next decision's countdown afresh (the old one
// stops); it stays in view on the other phone and desktop sizes. The countdown element itself turns
// urgent in its last 10 s. Screenshots land in --out.
//
//   node tests/e2e/timer.test.mjs --server build/test/catan-server --out build/tests/e2e [--web-dir web]
import path from 'node:path';
import { e2e } from './harness.mjs';
import { inView } from './layout-checks.mjs';

const run = e2e('timer', { timeoutMs: 80_000, serverArgs: ['--bot-delay', '50'] });
const { check, OUT } = run;

const state = (page) => page.evaluate(() => {
  const s = window.catanDebug.store.state;
  return { room: s.doc?.room ?? null, game: s.doc?.game ?? null, legal: s.legal, seq: s.seq, seat: s.seat };
});

try {
  const base = await run.startServer();
  const browser = await run.launch();
  const context = await browser.newContext({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });
  const page = run.watch(await context.newPage());

  const { url: roomUrl } = await run.createRoom(page, base, { seed: 4, name: 'Ana', players: 2 });
  check((await state(page)).room.options.turn_timer === 0, 'a new room has no turn timer');
  const choices = await page.locator('#opt-timer option').evaluateAll((os) => os.map((o) => o.value));
  check(choices.join(',') === '0,60,90,120', `the host can choose off, 60, 90 or 120 s (${choices})`);
  await page.selectOption('#opt-timer', '60');
  await page.waitForFunction(() => window.catanDebug.store.state.doc.room.options.turn_timer === 60);
  check(await page.locator('#opt-timer').evaluate((s) => s.selectedOptions[0].textContent.includes('60')), 'the lobby shows 60 s chosen');
  // Someone watching the lobby on another phone sees the choice, not a control.
  const watcher = run.watch(await (await browser.newContext({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true })).newPage());
  await watcher.goto(roomUrl);
  await watcher.tap('#spectate');
  await watcher.waitForSelector('#opt-timer-shown');
  const told = await watcher.textContent('#opt-timer-shown');
  check(told.includes('Time per turn') && told.includes('60 s') && (await watcher.locator('#opt-timer').count()) === 0,
    `a spectator is told the limit (${told.slice(0, 40)}…) and cannot change it`);
  await page.tap('.seat[data-seat="1"] .add-bot');
  await page.waitForSelector('.seat[data-seat="1"] .tag.bot');
  await page.screenshot({ path: path.join(OUT, 'timer-lobby-360x640.png') });
  // The narrowest phone: the select fits beside the other options, nothing scrolls sideways.
  await page.setViewportSize({ width: 320, height: 568 });
  const fit = await page.evaluate(() => {
    const r = document.querySelector('#opt-timer').getBoundingClientRect();
    return { inside: r.left >= 0 && r.right <= innerWidth && r.width >= 80, scroll: document.documentElement.scrollWidth - innerWidth };
  });
  check(fit.inside && fit.scroll <= 0, `the option fits a 320 px phone (${JSON.stringify(fit)})`);
  await page.setViewportSize({ width: 360, height: 640 });

  await page.tap('#start');
  await page.waitForSelector('.turn-timer');
  // The bot's placement takes 50 ms; then it is Ana's and her countdown runs.
  await page.waitForFunction(() => {
    const s = window.catanDebug.store.state;
    return s.doc.room.timer && s.doc.room.timer.seats.includes(s.seat) && s.legal?.actions?.length > 0;
  });
  const s = await state(page);
  check(s.room.timer.decision === 'setup' && s.room.timer.limit === 30, `room.timer: a setup placement with half the turn limit (${JSON.stringify(s.room.timer)})`);
  const where = await inView(page, '.turn-timer');
  check(where === 'ok', `the countdown is in the viewport and not covered at 360x640 (${where})`);
  const first = Number(await page.getAttribute('.turn-timer', 'data-remaining'));
  const text = await page.textContent('.turn-timer');
  check(first > 20 && first <= 30 && /^0:[0-3]\d$/.test(text), `it shows the time left (${text})`);
  const label = await page.getAttribute('.turn-timer', 'aria-label');
  check(label.includes(String(first)) && label.includes('Placement'), `its label reads (${label})`);
  check(await page.locator('.turn-timer').evaluate((el) => el.classList.contains('mine') && !el.classList.contains('urgent')),
    'marked as Ana\'s own, not urgent yet');
  // Counting down on its own: no update comes from the server meanwhile.
  const seq = s.seq;
  await page.waitForFunction((n) => Number(document.querySelector('.turn-timer')?.dataset.remaining) < n, first, { timeout: 5000 });
  check(true, 'the countdown goes down');
  check((await state(page)).seq === seq, 'with no message from the server');
  await page.screenshot({ path: path.join(OUT, 'timer-game-360x640.png') });
  await watcher.waitForSelector('.turn-timer');
  check(await watcher.locator('.turn-timer').evaluate((el) => !el.classList.contains('mine') && el.textContent.startsWith('0:')),
    'the spectator sees the countdown too, not marked as theirs');

  // Placed in time: that countdown stops (its element leaves the page), the next decision gets its own.
  const old = await page.$('.turn-timer');
  const id = s.room.timer.id;
  for (const type of ['build_settlement', 'build_road']) {
    const st = await state(page);
    const a = st.legal.actions.find((x) => x.type === type);
    await page.tap(type === 'build_settlement' ? `[data-spot="node"][data-id="${a.intersection}"]` : `[data-spot="path"][data-id="${a.path}"]`);
    await page.waitForFunction((q) => window.catanDebug.store.state.seq > q, st.seq);
  }
  await page.waitForFunction((i) => window.catanDebug.store.state.doc.room.timer?.id !== i, id);
  check(!(await old.evaluate((el) => el.isConnected)), 'the old countdown is gone once the decision changed');
  await page.waitForSelector('.turn-timer');

  for (const [width, height] of [[640, 360], [320, 568], [1440, 900]]) {
    await page.setViewportSize({ width, height });
    const w = await inView(page, '.turn-timer');
    check(w === 'ok', `the countdown is in the viewport and not covered at ${width}x${height} (${w})`);
  }
  await page.setViewportSize({ width: 360, height: 640 });

  // The element on its own: urgent in the last 10 s, stopped at zero.
  const urgent = await page.evaluate(async () => {
    const { turnTimer } = await import('/js/ui/timer.js');
    const el = turnTimer({ id: -1, decision: 'discard', limit: 30, remaining_ms: 9500, seats: [0] }, 0);
    const zero = turnTimer({ id: -2, decision: 'trade', limit: 30, remaining_ms: 0, seats: [1] }, 0);
    return { urgent: el.classList.contains('urgent'), text: el.textContent, zero: zero.textContent, zeroMine: zero.classList.contains('mine') };
  });
  check(urgent.urgent && urgent.text === '0:10', `urgent in its last 10 s (${urgent.text})`);
  check(urgent.zero === '0:00' && !urgent.zeroMine, `stopped at zero, and not marked when someone else is waited for (${urgent.zero})`);
  run.checkErrors();
  await run.done();
} catch (e) {
  await run.done(e);
}
