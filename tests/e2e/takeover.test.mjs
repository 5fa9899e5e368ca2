#!/usr/bin/env node
// A bot playing for an absent friend (issue 22, item 4), in Chromium against the real server. Ana hosts
// a 2-seat room on a 360x640 touch phone with takeover after 0 s (`--bot-delay 150`); Bo joins on a
// desktop, the game starts, and Bo closes his tab. On Ana's phone, upright (360x640, 320x568) and
// sideways (640x360), Bo's card says a bot plays for him (a mark in view, not only a tag that gives way
// on a narrow card), and a toast tells her when it happens and when he is back. Screenshots
// `takeover-<size>.png`.
//
//   node tests/e2e/takeover.test.mjs --server build/catan-server --out build/tests/e2e [--web-dir web]
import path from 'node:path';
import { e2e } from './harness.mjs';

const run = e2e('takeover', { timeoutMs: 100_000, serverArgs: ['--bot-delay', '150'] });
const { check, OUT } = run;

// Bo's card's takeover mark: present, shown and inside the viewport and its card.
const markOf = (page, seat) => page.evaluate((s) => {
  const card = document.querySelector(`#players .player[data-seat="${s}"]`);
  const mark = card?.querySelector('.takeover-mark');
  if (!mark) return 'no mark';
  const r = mark.getBoundingClientRect();
  const c = card.getBoundingClientRect();
  if (!r.width || getComputedStyle(mark).visibility === 'hidden') return 'hidden';
  if (r.right > Math.min(innerWidth, c.right) + 0.5 || r.left < c.left - 0.5 || r.bottom > innerHeight) return `cut off (${Math.round(r.left)}..${Math.round(r.right)} in ${Math.round(c.left)}..${Math.round(c.right)})`;
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return top && mark.contains(top) ? 'ok' : `covered by ${top?.className}`;
}, seat);

try {
  const base = await run.startServer();
  const browser = await run.launch();
  const ana = run.watch(await (await browser.newContext({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true })).newPage());
  const { url } = await run.createRoom(ana, base, { seed: 6, name: 'Ana', players: 2 });
  await ana.evaluate(() => window.catanDebug.store.send({ type: 'set_options', options: { takeover_after: 0, vp_target: 10 } }));
  const boCtx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  let bo = run.watch(await boCtx.newPage());
  await bo.goto(url);
  await bo.fill('#join-name', 'Bo');
  await bo.click('#join-seat');
  await ana.waitForFunction(() => window.catanDebug.store.state.doc.room.seats.filter((x) => x.name).length === 2 && window.catanDebug.store.state.doc.room.options.takeover_after === 0);
  await ana.tap('#start');
  await Promise.all([ana, bo].map((p) => p.waitForSelector('#actions')));
  const boSeat = await bo.evaluate(() => window.catanDebug.store.state.seat);

  // Toasts are recorded as they come (they pass in a few seconds).
  await ana.evaluate(() => {
    window.toasts = [];
    new MutationObserver((ms) => { for (const m of ms) for (const n of m.addedNodes) if (n.classList?.contains('toast')) window.toasts.push(n.textContent); })
      .observe(document.getElementById('toast-root'), { childList: true });
  });
  await bo.close();
  await ana.waitForFunction((s) => window.catanDebug.store.state.doc.room.seats[s].controlled_by === 'bot', boSeat);
  await ana.waitForTimeout(200);
  for (const [w, h] of [[360, 640], [320, 568], [640, 360]]) {
    await ana.setViewportSize({ width: w, height: h });
    await ana.waitForTimeout(150);
    const where = await markOf(ana, boSeat);
    check(where === 'ok', `${w}x${h}: Bo's card shows that a bot plays for him (${where})`);
    await ana.screenshot({ path: path.join(OUT, `takeover-${w}x${h}.png`) });
  }
  await ana.setViewportSize({ width: 360, height: 640 });
  const away = await ana.evaluate(() => window.toasts.slice());
  check(away.some((x) => /Bo/.test(x) && /bot/i.test(x)), `a toast says a bot plays for Bo (${JSON.stringify(away)})`);

  // Bo comes back on the same device: his seat is his again, and Ana is told.
  bo = run.watch(await boCtx.newPage());
  await bo.goto(url);
  await bo.waitForSelector('#actions');
  await ana.waitForFunction((s) => window.catanDebug.store.state.doc.room.seats[s].controlled_by === 'player', boSeat);
  await ana.waitForTimeout(200);
  check(await ana.locator(`#players .player[data-seat="${boSeat}"] .takeover-mark`).count() === 0, 'with Bo back the mark is gone');
  const back = await ana.evaluate(() => window.toasts.slice());
  check(back.some((x) => /Bo/.test(x) && /back/i.test(x)), `a toast says Bo is back (${JSON.stringify(back)})`);
  run.checkErrors();
  await run.done();
} catch (e) {
  await run.done(e);
}
