#!/usr/bin/env node
// Keyboard focus, in Chromium against the real server. Ana hosts on a 1280x800
// desktop and plays by keyboard with two basic bots (`--bot-delay 0`). In the lobby every action keeps
// the focus where it was (an option changed, a bot seated in the row of that seat, the removal asked
// and taken back); in the game each dialog (trade, development cards, the menu, the log, the robber's
// victim, the discard) takes the focus when it opens, Tab and Shift+Tab stay inside it, a re-render
// keeps the focused control, and closing it gives the focus back to what opened it. On a 360x640 and
// a 640x360 touch phone the log dialog does not focus the chat field (a phone's keyboard would cover
// the dialog) and the focused control is inside the viewport.
//
//   node tests/e2e/focus.test.mjs --server build/catan-server --out build/tests/e2e [--web-dir web]
import path from 'node:path';
import { e2e } from './harness.mjs';
import { snap, settle, send, decision } from './drive.mjs';

const run = e2e('focus', { timeoutMs: 100_000, serverArgs: ['--bot-delay', '0'] });
const { check, OUT } = run;

// What has the focus: where it is (body, the dialog, the page) and how to name it.
const focused = (page) => page.evaluate(() => {
  const el = document.activeElement;
  const r = el?.getBoundingClientRect();
  return {
    body: !el || el === document.body,
    inDialog: !!el?.closest('#modal-root .dialog'),
    dialog: el?.closest('[data-dialog]')?.dataset.dialog ?? null,
    id: el?.id || '',
    action: el?.dataset?.action ?? null,
    seat: el?.closest('[data-seat]')?.dataset.seat ?? null,
    spot: el?.dataset?.spot ? `${el.dataset.spot}:${el.dataset.id}` : null,
    tag: el?.tagName.toLowerCase() ?? '',
    inView: !!r && r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5,
    text: (el?.getAttribute?.('aria-label') || el?.textContent || '').trim().slice(0, 40),
  };
});

// Opens a dialog from the focused `opener` with Enter, checks it took the focus, that 2n Tabs and n
// Shift+Tabs stay inside, and that Escape gives the focus back to the opener.
async function dialogRound(page, what, opener, { isOpener, escape = true } = {}) {
  await page.focus(opener);
  await page.keyboard.press('Enter');
  await page.waitForSelector('#modal-root .dialog');
  const first = await focused(page);
  check(first.inDialog, `${what}: the dialog takes the focus when it opens (focus on ${first.tag} "${first.text}")`);
  let wandered = null;
  for (let i = 0; i < 24; i++) {
    await page.keyboard.press(i < 16 ? 'Tab' : 'Shift+Tab');
    const f = await focused(page);
    if (!f.inDialog) {
      wandered = f;
      break;
    }
  }
  check(!wandered, `${what}: Tab and Shift+Tab stay inside the dialog${wandered ? ` (went to ${wandered.tag} "${wandered.text}")` : ''}`);
  if (!escape) return;
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('#modal-root .dialog'));
  const back = await focused(page);
  check(isOpener(back), `${what}: closing gives the focus back to what opened it (now ${back.tag} "${back.text}")`);
}

try {
  const base = await run.startServer();
  const browser = await run.launch();
  const page = run.watch(await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage());
  const { code } = await run.createRoom(page, base, { seed: 7, name: 'Ana', players: 3 });
  const room = () => snap(page).then((s) => s.room);

  // --- the lobby ---------------------------------------------------------------------------------
  await page.waitForSelector('#opt-vp');
  const vpNow = (await room()).options.vp_target;
  await page.focus('#opt-vp');
  const other = await page.$eval('#opt-vp', (sel, now) => [...sel.options].map((o) => Number(o.value)).filter((v) => v !== now).pop(), vpNow); // the most: the game lasts
  await page.selectOption('#opt-vp', String(other));
  await page.waitForFunction((v) => window.catanDebug.store.state.doc.room.options.vp_target === v, other);
  await page.waitForTimeout(100);
  let f = await focused(page);
  check(f.id === 'opt-vp', `lobby: after the points to win change the select keeps the focus (now ${f.tag}#${f.id} "${f.text}")`);

  for (const seat of [1, 2]) {
    await page.focus(`li[data-seat="${seat}"] .add-bot`);
    await page.keyboard.press('Enter');
    await page.waitForFunction((s) => window.catanDebug.store.state.doc.room.seats.some((x) => x.seat === s && x.bot), seat);
    await page.waitForTimeout(100);
    f = await focused(page);
    check(!f.body && f.seat === String(seat), `lobby: after "Add a bot" to seat ${seat} the focus stays in that seat's row (now ${f.tag} "${f.text}", seat ${f.seat})`);
  }
  // The removal of a bot happens at once; the focus stays in the row (the empty seat's controls).
  await page.focus('li[data-seat="2"] .kick');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => !window.catanDebug.store.state.doc.room.seats.some((x) => x.seat === 2 && x.name));
  await page.waitForTimeout(100);
  f = await focused(page);
  check(!f.body && f.seat === '2', `lobby: after removing the bot of seat 2 the focus stays in its row (now ${f.tag} "${f.text}")`);
  await page.focus('li[data-seat="2"] .add-bot');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.catanDebug.store.state.doc.room.seats.some((x) => x.seat === 2 && x.bot));

  // --- the game ----------------------------------------------------------------------------------
  await page.focus('#start');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#actions');
  const topology = await page.evaluate(() => window.catanDebug.store.state.topology);
  const pages = [page];
  const seen = new Set();

  // Ana's decisions by the drive's choices until her first turn after the setup.
  const mine = (s) => s.game.current === s.seat && ['pre_roll', 'main'].includes(s.game.phase);
  let s = await settle(pages).then((x) => x[0]);
  for (let i = 0; i < 60 && !(mine(s) && s.game.phase === 'pre_roll' && s.game.turn > 0); i++) {
    const cmd = decision(s, topology);
    if (cmd) s = (await send(pages, page, cmd))[0];
    else {
      await page.waitForFunction((q) => window.catanDebug.store.state.seq > q, s.seq);
      s = (await settle(pages))[0];
    }
  }
  await page.keyboard.press('r');
  await page.waitForFunction(() => window.catanDebug.store.state.doc.game.rolled);

  const backTo = (action) => (x) => x.action === action;
  await dialogRound(page, 'trade', '[data-action="trade"]', { isOpener: backTo('trade') });
  // A change inside the dialog re-renders it: the tab pressed keeps the focus.
  await page.focus('[data-action="trade"]');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#tab-players');
  await page.focus('#tab-players');
  await page.keyboard.press('Enter');
  await page.waitForSelector('.offer-editor');
  f = await focused(page);
  check(f.id === 'tab-players', `trade: the tab chosen by Enter keeps the focus after the dialog is rebuilt (now ${f.tag}#${f.id})`);
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('#modal-root .dialog'));
  await dialogRound(page, 'menu', '#menu-btn', { isOpener: (x) => x.id === 'menu-btn' });
  await page.screenshot({ path: path.join(OUT, 'focus-desktop.png') });
  // The development cards and the log are dialogs on a smaller screen (a desktop shows them as panels).
  await page.setViewportSize({ width: 640, height: 360 });
  await page.waitForTimeout(150);
  await dialogRound(page, 'development cards', '[data-action="cards"]', { isOpener: backTo('cards') });
  await dialogRound(page, 'log', '#last-log', { isOpener: (x) => x.id === 'last-log' });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Ending the turn by keyboard keeps a control focused (the page would lose it on the re-render).
  await page.focus('[data-action="end"]');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.catanDebug.store.state.doc.game.current !== window.catanDebug.store.state.seat);
  await page.waitForTimeout(100);
  f = await focused(page);
  check(!f.body, `game: after End turn by keyboard the focus is still on a control (now ${f.tag} "${f.text}")`);

  // The victim and the discard come when the dice say so: play on (rolls, ends) until both were seen.
  for (let i = 0; i < 400 && seen.size < 2; i++) {
    s = (await settle(pages))[0];
    const g = s.game;
    const me = g.players.find((p) => p.seat === s.seat);
    if (g.phase === 'game_over') break;
    if (g.phase === 'discard' && (me.discard_owed || 0) > 0 && !seen.has('discard')) {
      seen.add('discard');
      await page.waitForSelector('[data-dialog="discard"]');
      f = await focused(page);
      check(f.inDialog && f.dialog === 'discard', `discard: the dialog has the focus when it opens (now ${f.tag} "${f.text}")`);
      await dialogTabs(page, 'discard');
    }
    if (g.phase === 'move_robber' && g.current === s.seat && !seen.has('victim')) {
      const acts = s.legal?.actions || [];
      const byHex = new Map();
      for (const a of acts.filter((x) => x.type === 'move_robber' && x.victim !== undefined && x.victim !== null)) byHex.set(a.hex, (byHex.get(a.hex) || 0) + 1);
      const hex = [...byHex.entries()].find(([, n]) => n >= 2)?.[0];
      if (hex !== undefined) {
        seen.add('victim');
        const spot = `[data-spot="hex"][data-id="${hex}"]`;
        await dialogRound(page, 'victim', spot, { isOpener: (x) => x.spot === `hex:${hex}` });
      }
    }
    const cmd = decision(s, topology);
    if (cmd) await send(pages, page, cmd);
    else {
      const moved = await page.waitForFunction((q) => window.catanDebug.store.state.seq > q, s.seq, { timeout: 8000 }).then(() => true, () => false);
      if (!moved) throw new Error(`the game waits in phase ${g.phase} (current ${g.current}, Ana ${s.seat}, legal ${JSON.stringify(s.legal?.actions?.map((a) => a.type))})`);
    }
  }
  check(seen.has('discard'), 'the game reached a discard of Ana\'s');
  check(seen.has('victim'), 'the game reached Ana\'s robber with two victims to choose from');

  // --- phones: the log dialog's focus is a button, in view -----------------------------------------
  for (const [w, hgt] of [[360, 640], [640, 360]]) {
    const ctx = await browser.newContext({ viewport: { width: w, height: hgt }, hasTouch: true, isMobile: true });
    const phone = run.watch(await ctx.newPage());
    await phone.goto(`${base}/r/${code}`);
    await phone.click('#spectate');
    await phone.waitForSelector('#last-log');
    await phone.tap('#last-log');
    await phone.waitForSelector('[data-dialog="log"]');
    f = await focused(phone);
    check(f.inDialog && f.tag !== 'input', `${w}x${hgt}: the log dialog takes the focus, not on the chat field (now ${f.tag} "${f.text}")`);
    check(f.inView, `${w}x${hgt}: the focused control of the log dialog is in view`);
    await phone.screenshot({ path: path.join(OUT, `focus-log-${w}x${hgt}.png`) });
    await ctx.close();
  }
  run.checkErrors();
  await run.done();
} catch (e) {
  await run.done(e);
}

// Tab and Shift+Tab inside an open dialog that Escape does not close.
async function dialogTabs(page, what) {
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press(i < 14 ? 'Tab' : 'Shift+Tab');
    const f = await focused(page);
    if (!f.inDialog) {
      check(false, `${what}: Tab stays inside the dialog (went to ${f.tag} "${f.text}")`);
      return;
    }
  }
  check(true, `${what}: Tab and Shift+Tab stay inside the dialog`);
}
