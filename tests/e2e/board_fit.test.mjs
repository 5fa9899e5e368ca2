#!/usr/bin/env node
// The board on a phone, in Chromium against the real server. Ana hosts on a touch
// phone with bots (`--bot-delay 0`, they wait for her turn), a 3-seat room (19 hexes) and a 6-seat room (30
// hexes), and places her first settlement: at 360x640, 640x360 and 320x568 no highlighted spot lies
// under the zoom buttons (their centres are the spots' own), and on the 30-hex board at 360x640 the
// number tokens are at least 13 px across before any zoom (the seeded games' warning takes some of
// the height).
//
//   node tests/e2e/board_fit.test.mjs --server build/catan-server --out build/tests/e2e [--web-dir web]
import path from 'node:path';
import { e2e } from './harness.mjs';

const run = e2e('board_fit', { timeoutMs: 90_000, serverArgs: ['--bot-delay', '0'] });
const { check, OUT } = run;
const SIZES = [[360, 640], [640, 360], [320, 568]];

// Highlighted spots whose centre is under a zoom button.
const underButtons = (page) => page.evaluate(() => {
  const out = [];
  for (const sp of document.querySelectorAll('#board .spot')) {
    const r = sp.getBoundingClientRect();
    if (!r.width) continue;
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (top?.closest('.zoom-buttons')) out.push(`${sp.dataset.spot} ${sp.dataset.id}`);
  }
  return out;
});

try {
  const base = await run.startServer();
  const browser = await run.launch();
  for (const players of [3, 6]) {
    const ctx = await browser.newContext({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });
    const page = run.watch(await ctx.newPage());
    await run.createRoom(page, base, { seed: 2, name: 'Ana', players });
    for (let seat = 1; seat < players; seat++) {
      await page.tap(`li[data-seat="${seat}"] .add-bot`);
      await page.waitForFunction((s) => window.catanDebug.store.state.doc.room.seats.some((x) => x.seat === s && x.bot), seat);
    }
    await page.tap('#start');
    await page.waitForFunction(() => document.querySelectorAll('#board .spot').length > 10);
    for (const [w, h] of SIZES) {
      await page.setViewportSize({ width: w, height: h });
      await page.waitForTimeout(200);
      const covered = await underButtons(page);
      const spots = await page.locator('#board .spot').count();
      check(covered.length === 0, `${players} players ${w}x${h}: none of the ${spots} highlighted spots is under the zoom buttons (${covered.join(', ')})`);
      await page.screenshot({ path: path.join(OUT, `board_fit-${players}-${w}x${h}.png`) });
    }
    if (players === 6) {
      await page.setViewportSize({ width: 360, height: 640 });
      await page.waitForTimeout(200);
      const size = await page.evaluate(() => Math.min(...[...document.querySelectorAll('#board .token-disc')].map((e) => e.getBoundingClientRect().width)));
      check(size >= 13, `the 30-hex board's number tokens are readable at 360x640 before any zoom (${size.toFixed(1)} px across)`);
    }
    await ctx.close();
  }
  run.checkErrors();
  await run.done();
} catch (e) {
  await run.done(e);
}
