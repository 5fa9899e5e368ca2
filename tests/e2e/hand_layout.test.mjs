#!/usr/bin/env node
// The phones' hand layout while a table display shows the board, in Chromium against the real server.
// Three seats: Ana on a 360x640 touch phone (the host), Bo on a 640x360 touch phone, Cy on a 1280x800
// desktop. The lobby and the game's menu offer "Show on a big screen" with the table link (#table) and
// its QR code. Without a display every page shows the board. Once a display connects (a WebSocket that
// says display:true, as the table page does), each seated page:
//   - in the setup: the one who must place sees the board with its spots inside the viewport; the
//     others see their hand large in the board's place (each card at least 60 px high, all inside the
//     viewport), the note that the board is on the big screen, and a "Board" switch that brings the
//     board back and takes it away again;
//   - after the setup, before a roll: the hand large and the roll button inside the viewport, larger
//     cards than without the display;
//   - the choice in the menu turns the hand layout off for that device, and on again.
// When the display goes, every page shows the board again. Screenshots `hand-layout-<size>.png`.
//
//   node tests/e2e/hand_layout.test.mjs --server build/catan-server --out build/tests/e2e [--web-dir web]
import path from 'node:path';
import { e2e } from './harness.mjs';
import { settle, send, decision } from './drive.mjs';
import { inView, frames } from './layout-checks.mjs';

const run = e2e('hand_layout', { timeoutMs: 150_000, serverArgs: ['--bot-delay', '0'] });
const { check, OUT } = run;

const sizeOf = (page) => `${page.viewportSize().width}x${page.viewportSize().height}`;
const layout = (page) => page.evaluate(() => {
  const game = document.querySelector('#game');
  const board = document.querySelector('#board').getBoundingClientRect();
  const cards = [...document.querySelectorAll('#hand .card')].map((c) => c.getBoundingClientRect());
  return {
    hand: game.classList.contains('hand-layout'),
    boardShown: board.width > 0 && board.height > 0,
    cardHeight: cards.length ? Math.min(...cards.map((r) => r.height)) : 0,
    cardsInside: cards.length === 5 && cards.every((r) => r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5),
    note: !!document.querySelector('#hand .hand-note'),
    toggle: !!document.querySelector('#board-toggle'),
  };
});
// The legal spots drawn on the board that lie inside the viewport, and how many are drawn.
const spotsInside = (page) => page.evaluate(() => {
  const spots = [...document.querySelectorAll('#board .spot-dot, #board .spot-line')];
  const inside = spots.filter((s) => { const r = s.getBoundingClientRect(); return (r.width > 0 || r.height > 0) && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; });
  return { drawn: spots.length, inside: inside.length };
});
// Checks made at every step of the setup are reported once each: the first failure, or the first pass.
const noted = new Map();
const note = (key, ok, what) => { const prev = noted.get(key); if (!prev || (prev.ok && !ok)) noted.set(key, { ok, what }); };
const displays = (page) => page.evaluate(() => window.catanDebug.store.state.doc.room.displays);

try {
  const base = await run.startServer();
  const browser = await run.launch();
  const phone = (width, height) => browser.newContext({ viewport: { width, height }, hasTouch: true, isMobile: true });
  const ana = run.watch(await (await phone(360, 640)).newPage());
  const { code, url } = await run.createRoom(ana, base, { seed: 11, name: 'Ana', players: 3 });

  // The lobby offers the table link with its QR code.
  const lobbyLink = await ana.evaluate(() => {
    const box = document.querySelector('#big-screen');
    box.open = true;
    return { link: document.querySelector('#table-link')?.value, qr: !!box.querySelector('.qr svg'), open: document.querySelector('#open-table')?.getAttribute('href') };
  });
  check(lobbyLink.link === `${url}#table` && lobbyLink.open === lobbyLink.link && lobbyLink.qr, `the lobby offers the table link with a QR code (${lobbyLink.link})`);
  await ana.evaluate(() => document.querySelector('#big-screen').scrollIntoView());
  const linkSeen = await inView(ana, '#table-link');
  check(linkSeen === 'ok', `the table link can be read on a 360x640 phone (${linkSeen})`);

  const bo = run.watch(await (await phone(640, 360)).newPage());
  const cy = run.watch(await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage());
  for (const [page, name] of [[bo, 'Bo'], [cy, 'Cy']]) {
    await page.goto(url);
    await page.fill('#join-name', name);
    await page.click('#join-seat');
    await page.waitForSelector('#room-code');
  }
  const pages = [ana, bo, cy];
  await ana.waitForFunction(() => window.catanDebug.store.state.doc.room.seats.filter((x) => x.name).length === 3);
  await ana.tap('#start');
  await Promise.all(pages.map((p) => p.waitForSelector('#actions')));
  const topology = await ana.evaluate(() => window.catanDebug.store.state.topology);

  // Without a display: the board everywhere.
  await settle(pages);
  for (const p of pages) {
    const l = await layout(p);
    check(!l.hand && l.boardShown && !l.toggle, `${sizeOf(p)}: without a big screen the page shows the board`);
  }

  // A display connects (from a page of the server's own origin, as the table page would).
  const tv = run.watch(await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage());
  await tv.goto(`${base}/`);
  await tv.evaluate((room) => new Promise((resolve, reject) => {
    const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/ws`);
    window.tableSocket = ws;
    ws.onopen = () => ws.send(JSON.stringify({ v: 1, type: 'spectate', room, display: true }));
    ws.onmessage = (m) => { if (JSON.parse(m.data).type === 'welcome') resolve(); };
    ws.onerror = () => reject(new Error('the display socket failed'));
  }), code);
  await Promise.all(pages.map((p) => p.waitForFunction(() => window.catanDebug.store.state.doc.room.displays === 1)));
  check(true, 'the display is counted on every seated page (room.displays 1)');

  // The setup, with the display on: whoever places sees the board, the others their hand.
  let sawPlacer = false;
  let sawWaiting = new Set();
  let toggled = false;
  for (let i = 0; i < 40; i++) {
    const states = await settle(pages);
    if (states[0].game.phase === 'pre_roll' || states[0].game.phase === 'main') break;
    for (let k = 0; k < pages.length; k++) {
      const p = pages[k];
      await frames(p);
      const l = await layout(p);
      const placing = states[k].game.current === states[k].seat;
      if (placing) {
        const s = await spotsInside(p);
        note(`placer-${k}`, l.hand && l.boardShown && s.drawn > 0 && s.inside === s.drawn,
          `${sizeOf(p)}: placing in the setup shows the board with its ${s.drawn} spots inside the viewport (${s.inside} inside)`);
        sawPlacer = true;
      } else {
        note(`waiting-${k}`, l.hand && !l.boardShown && l.note && l.toggle && l.cardsInside && l.cardHeight >= 60,
          `${sizeOf(p)}: waiting in the setup shows the hand large instead of the board (cards ${Math.round(l.cardHeight)} px high, inside: ${l.cardsInside}, note: ${l.note})`);
        if (!sawWaiting.has(k)) await p.screenshot({ path: path.join(OUT, `hand-layout-${sizeOf(p)}.png`) });
        sawWaiting.add(k);
        if (!toggled) {
          await (k === 2 ? p.click('#board-toggle') : p.tap('#board-toggle'));
          const shown = await layout(p);
          await (k === 2 ? p.click('#board-toggle') : p.tap('#board-toggle'));
          const hidden = await layout(p);
          check(shown.boardShown && !shown.note && !hidden.boardShown && hidden.note, `${sizeOf(p)}: the Board switch brings the board back and takes it away again`);
          toggled = true;
        }
      }
    }
    const k = states.findIndex((s) => decision(s, topology));
    await send(pages, pages[k], decision(states[k], topology));
  }
  for (const { ok, what } of noted.values()) check(ok, what);
  check(sawPlacer && sawWaiting.size === 3, `every page was seen placing and waiting (waiting: ${[...sawWaiting].join(',')})`);

  // After the setup, before the roll: the hand large and the roll button at hand on the roller's page.
  const states = await settle(pages);
  const roller = pages[states.findIndex((s) => s.game.current === s.seat)];
  const big = await layout(roller);
  check(big.hand && !big.boardShown && big.cardsInside && await inView(roller, '#actions [data-action="roll"]') === 'ok',
    `${sizeOf(roller)}: before the roll the hand is large and the roll button inside the viewport`);

  // The choice in the menu turns it off for the device (the board comes back, the cards get smaller), and on again.
  const openMenu = async (p) => { await p.click('#menu-btn'); await p.waitForSelector('#big-screen'); await p.evaluate(() => { document.querySelector('#big-screen').open = true; }); };
  await openMenu(ana);
  const menuLink = await ana.evaluate(() => ({ link: document.querySelector('#table-link').value, qr: !!document.querySelector('#big-screen .qr svg') }));
  check(menuLink.link === `${url}#table` && menuLink.qr, 'the menu offers the table link with a QR code');
  const bigCards = (await layout(ana)).cardHeight;
  await ana.evaluate(() => document.querySelector('#hand-layout-choice').click());
  await ana.keyboard.press('Escape');
  const off = await layout(ana);
  check(!off.hand && off.boardShown && off.cardHeight < bigCards, `turned off in the menu, the phone shows the board again (cards ${Math.round(off.cardHeight)} px, ${Math.round(bigCards)} px in the hand layout)`);
  await openMenu(ana);
  await ana.evaluate(() => document.querySelector('#hand-layout-choice').click());
  await ana.keyboard.press('Escape');
  check((await layout(ana)).hand, 'turned on again, the hand layout is back');

  // The display goes: every page shows the board again.
  await tv.evaluate(() => window.tableSocket.close());
  await Promise.all(pages.map((p) => p.waitForFunction(() => window.catanDebug.store.state.doc.room.displays === 0)));
  for (const p of pages) {
    const l = await layout(p);
    check(!l.hand && l.boardShown, `${sizeOf(p)}: once the display has gone the page shows the board again`);
  }
  check((await displays(ana)) === 0, 'the display is no longer counted');
  run.checkErrors();
  await run.done();
} catch (e) {
  await run.done(e);
}
