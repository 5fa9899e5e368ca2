#!/usr/bin/env node
// End-to-end test of the web client in a real browser (Debian's chromium through playwright-core).
//
// Starts the real catan-server, creates a seeded 3-player room through the start page, joins it from two
// more browser contexts through the room URL (one a 360x640 phone with touch), places the setup pieces by
// tapping highlighted spots, and plays turns until it has seen a roll, a build, a bank trade, a domestic
// trade accepted in another browser, a 7 with a discard and a robber move. It reloads the phone
// mid-game and checks the same view comes back, opens the "continue on another device" link, and saves
// screenshots (lobby and mid-game, phone and desktop) under --out. Any console error or uncaught
// exception in a page fails the test. A hard timeout bounds the run; the server is killed at the end.
//
//   node tests/e2e/game.test.mjs --server build/catan-server --out build/tests/e2e [--web-dir web]
//                                [--embedded] [--seed 11] [--chromium /usr/bin/chromium] [--headed]

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { snap, settle, act, actionsOf } from './drive.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}
const flag = (name) => process.argv.includes(`--${name}`);

const SERVER = arg('server', path.join(repo, 'build', 'catan-server'));
const OUT = path.resolve(arg('out', path.join(repo, 'build', 'tests', 'e2e')));
const WEB_DIR = flag('embedded') ? null : path.resolve(arg('web-dir', path.join(repo, 'web')));
const SEED = arg('seed', '11');
const CHROMIUM = arg('chromium', process.env.CHROMIUM || '/usr/bin/chromium');
const HARD_TIMEOUT_MS = Number(arg('timeout', '170')) * 1000;
const MAX_TURNS = Number(arg('max-turns', '60'));

// playwright-core from the repository's node_modules (npm ci at the repository root).
const require = createRequire(path.join(repo, 'package.json'));
let chromium;
try {
  ({ chromium } = require('playwright-core'));
} catch {
  console.error('playwright-core is missing: run `npm ci` at the repository root');
  process.exit(1);
}

let passed = 0;
let failed = 0;
const problems = [];
const t0 = Date.now();
const log = (...a) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1)}s]`, ...a);
function check(cond, what) {
  if (cond) {
    passed++;
    log(`ok - ${what}`);
  } else {
    failed++;
    problems.push(what);
    log(`not ok - ${what}`);
  }
}

let server = null;
let browser = null;
async function cleanup() {
  try {
    if (browser) await browser.close();
  } catch {
    /* already gone */
  }
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => {
      const k = setTimeout(() => {
        server.kill('SIGKILL');
        r();
      }, 3000);
      server.once('exit', () => {
        clearTimeout(k);
        r();
      });
    });
  }
}

const hardTimer = setTimeout(async () => {
  console.error(`e2e: hard timeout after ${HARD_TIMEOUT_MS / 1000} s`);
  failed++;
  await cleanup();
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(1);
}, HARD_TIMEOUT_MS);

async function startServer() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'catan-e2e-'));
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  const portFile = path.join(dir, 'port');
  // A fresh data file per run; seeded rooms (/?seed=...) need a test server (docs/security.md).
  const args = ['--listen', '127.0.0.1:0', '--port-file', portFile, '--log-level', 'warn',
                '--data', path.join(path.dirname(portFile), 'catan.db'), '--allow-client-seeds'];
  if (WEB_DIR) args.push('--web-dir', WEB_DIR);
  server = spawn(SERVER, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  server.on('exit', (code, sig) => {
    if (!shuttingDown) log(`server exited early (${code ?? sig})`);
  });
  for (let i = 0; i < 100; i++) {
    if (fs.existsSync(portFile)) {
      const port = fs.readFileSync(portFile, 'utf8').trim();
      if (port) return `http://127.0.0.1:${port}`;
    }
    if (server.exitCode !== null) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not write its port file');
}
let shuttingDown = false;

// --- pages -------------------------------------------------------------------------------------------

const pageErrors = [];
async function newPage(name, options) {
  const ctx = await browser.newContext(options);
  const page = await ctx.newPage();
  page.setDefaultTimeout(10000);
  page.on('console', (m) => {
    if (m.type() === 'error') pageErrors.push(`${name}: console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => pageErrors.push(`${name}: uncaught: ${e.message}`));
  page.label = name;
  page.touch = !!options.hasTouch;
  return page;
}

// Tap on the phone, click elsewhere.
async function press(page, selector) {
  const loc = page.locator(selector).first();
  if (page.touch) await loc.tap();
  else await loc.click();
}

// --- the game policy (deterministic: the same seed gives the same game) ----------------------------------

const PIPS = { 2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1 };
function nodeScore(topology, game, id) {
  return topology.intersections[id].hexes.reduce((a, h) => a + (h === game.board.robber ? 0 : PIPS[game.board.numbers[h]] || 0), 0);
}


// Setup: the current player taps the best highlighted spot (most pips), then the lowest highlighted path.
async function placeSetup(pages, bySeat, topology, verify) {
  const first = pages[0];
  let guard = 0;
  for (;;) {
    const st = await snap(first);
    const g = st.game;
    if (!g.phase.startsWith('setup')) break;
    if (++guard > 20) throw new Error('setup does not end');
    const page = bySeat.get(g.current);
    const mine = await snap(page);
    if (g.phase === 'setup_settlement') {
      const legalIds = actionsOf(mine.legal).filter((a) => a.type === 'build_settlement').map((a) => a.intersection);
      await page.waitForSelector('[data-spot="node"]');
      const shown = await page.$$eval('[data-spot="node"]', (els) => els.map((e) => Number(e.dataset.id)));
      if (verify && guard === 1) check(shown.length === legalIds.length && shown.every((x) => legalIds.includes(x)), 'only legal settlement spots are highlighted');
      const best = [...legalIds].sort((a, b) => nodeScore(topology, g, b) - nodeScore(topology, g, a) || a - b)[0];
      await act(pages, page, () => press(page, `[data-spot="node"][data-id="${best}"]`));
    } else {
      const legalIds = actionsOf(mine.legal).filter((a) => a.type === 'build_road').map((a) => a.path).sort((a, b) => a - b);
      await page.waitForSelector(`[data-spot="path"][data-id="${legalIds[0]}"]`);
      await act(pages, page, () => press(page, `[data-spot="path"][data-id="${legalIds[0]}"]`));
    }
  }
}

// After a roll: every page that owes a discard picks its most plentiful cards in the dialog; then the
// roller taps a highlighted hex (preferring one with a victim) and picks the victim if asked.
async function resolveSeven(pages, page, onDiscard) {
  let st = await snap(page);
  if (st.game.phase === 'discard') {
    for (const p of pages) {
      const s = await snap(p);
      const owed = s.game.players.find((x) => x.seat === s.seat).discard_owed;
      if (!owed) continue;
      await p.waitForSelector('[data-dialog="discard"]');
      const hand = { ...s.game.me.hand };
      for (let i = 0; i < owed; i++) {
        const r = Object.keys(hand).sort((a, b) => hand[b] - hand[a] || a.localeCompare(b))[0];
        hand[r]--;
        await press(p, `[data-dialog="discard"] .stepper[data-res="${r}"] .inc`);
      }
      await onDiscard?.(p, owed);
      await act(pages, p, () => press(p, '#discard-confirm'));
    }
    st = await snap(page);
  }
  if (st.game.phase !== 'move_robber') return null;
  const opts = actionsOf(st.legal).filter((a) => a.type === 'move_robber');
  const shown = await page.$$eval('[data-spot="hex"]', (els) => els.map((e) => Number(e.dataset.id)));
  const pick = opts.find((a) => a.victim !== undefined && a.victim !== null) || opts[0];
  const sameHex = opts.filter((a) => a.hex === pick.hex && a.victim !== undefined && a.victim !== null);
  const before = st.seq;
  await press(page, `[data-spot="hex"][data-id="${pick.hex}"]`);
  if (sameHex.length > 1) {
    await page.waitForSelector('[data-dialog="victim"]');
    await press(page, `.victim[data-victim="${pick.victim}"]`);
  }
  await page.waitForFunction((q) => window.catanDebug.store.state.seq > q, before);
  const states = await settle(pages, before + 1);
  return { shownOk: shown.length === new Set(opts.map((a) => a.hex)).size, moved: states[0].game.board.robber === pick.hex };
}

// Plays a development card through the UI (the "My cards" dialog on a phone, the side panel on a
// desktop) and answers its dialog or placements. Returns the card played, or null.
async function playDevCard(pages, page, st, played) {
  const acts = actionsOf(st.legal);
  const order = [['play_invention', 'invention'], ['play_monopoly', 'monopoly'], ['play_road_building', 'road_building'], ['play_knight', 'knight']];
  const pick = order.find(([type]) => acts.some((a) => a.type === type));
  if (!pick) return null;
  const [type, card] = pick;
  const scope = page.touch ? '[data-dialog="devcards"]' : '#dev-panel';
  if (page.touch) await press(page, '[data-action="cards"]');
  await page.waitForSelector(`${scope} .dev-card[data-card="${card}"] .play[aria-disabled="false"]`);
  if (card === 'knight' || card === 'road_building') {
    await act(pages, page, () => press(page, `${scope} .dev-card[data-card="${card}"] .play`));
    if (card === 'knight') await resolveSeven(pages, page);
    else {
      for (let i = 0; i < 2; i++) {
        const s = await snap(page);
        if (s.game.phase !== 'road_building') break;
        const paths = actionsOf(s.legal).filter((a) => a.type === 'build_road').map((a) => a.path).sort((a, b) => a - b);
        await act(pages, page, () => press(page, `[data-spot="path"][data-id="${paths[0]}"]`));
      }
    }
  } else if (card === 'invention') {
    await press(page, `${scope} .dev-card[data-card="${card}"] .play`);
    await page.waitForSelector('[data-dialog="invention"]');
    const take = acts.find((a) => a.type === type).take;
    for (const [r, n] of Object.entries(take)) for (let i = 0; i < n; i++) await press(page, `[data-dialog="invention"] .stepper[data-res="${r}"] .inc`);
    await act(pages, page, () => press(page, '#invention-confirm'));
  } else {
    await press(page, `${scope} .dev-card[data-card="${card}"] .play`);
    await page.waitForSelector('[data-dialog="monopoly"]');
    const res = acts.find((a) => a.type === type).resource;
    await act(pages, page, () => press(page, `[data-dialog="monopoly"] .res-button[data-res="${res}"]`));
  }
  played.add(card);
  return card;
}

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  const base = await startServer();
  log(`server at ${base} (${WEB_DIR ? `web from ${WEB_DIR}` : 'embedded web files'})`);
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking'],
    headless: !flag('headed'),
  });

  // Three players: a desktop host, a phone with touch, a second desktop.
  const ana = await newPage('Ana (desktop)', { viewport: { width: 1440, height: 900 } });
  const bo = await newPage('Bo (phone)', { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const cy = await newPage('Cy (desktop, fr browser)', { viewport: { width: 1280, height: 800 }, locale: 'fr-FR' });

  // Create the room through the start page (the seed makes the game repeatable).
  await ana.goto(`${base}/?seed=${SEED}`);
  await ana.fill('#name', 'Ana');
  await ana.selectOption('#players', '3');
  await ana.click('#create');
  await ana.waitForURL(/\/r\/[A-Z0-9]{5}$/);
  await ana.waitForSelector('#room-code');
  const roomUrl = await ana.inputValue('#room-url');
  const code = (await ana.textContent('#room-code')).trim();
  check(roomUrl.endsWith(`/r/${code}`) && (await ana.locator('.card.share .qr svg').count()) === 1, 'room link, code and QR code shown');

  for (const [page, name] of [[bo, 'Bo'], [cy, 'Cy']]) {
    await page.goto(roomUrl);
    await page.fill('#join-name', name);
    await press(page, '#join-seat');
    await page.waitForSelector('#room-code');
  }
  await ana.waitForFunction(() => document.querySelectorAll('#seats .seat:not(.empty)').length === 3);
  check((await cy.textContent('.lobby h1')) === 'En attente des joueurs', 'a French browser gets the lobby in French');
  const pages = [ana, bo, cy];
  await settle(pages);
  check((await bo.evaluate(() => document.documentElement.scrollWidth)) <= 360, 'phone lobby has no horizontal scroll');
  await ana.screenshot({ path: path.join(OUT, 'lobby-desktop.png') });
  await bo.screenshot({ path: path.join(OUT, 'lobby-phone.png'), fullPage: true });

  await press(ana, '#start');
  await Promise.all(pages.map((p) => p.waitForSelector('#game')));
  let states = await settle(pages);
  const bySeat = new Map();
  for (let i = 0; i < pages.length; i++) bySeat.set(states[i].seat, pages[i]);
  check(bySeat.size === 3, 'three seated players');
  const topology = await ana.evaluate(() => window.catanDebug.store.state.topology);

  // Cy switches to Japanese from the in-game menu.
  await press(cy, '#menu-btn');
  await cy.selectOption('[data-dialog="menu"] .lang-select', 'ja');
  await cy.waitForFunction(() => document.querySelector('[data-action="roll"] .action-label')?.textContent === 'サイコロ');
  check((await cy.evaluate(() => document.documentElement.lang)) === 'ja', 'the language can be switched in the game (Japanese)');

  await placeSetup(pages, bySeat, topology, true);
  states = await settle(pages);
  check(states[0].game.players.every((p) => p.settlements.length === 2 && p.roads.length === 2), 'setup placed 2 settlements and 2 roads each by tapping');

  // Pinch-zoom and pan on the phone (two touch points through the DevTools protocol), then fit again.
  {
    const box = await bo.locator('#board svg').boundingBox();
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const cdp = await bo.context().newCDPSession(bo);
    const touch = (type, pts) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: pts.map(([x, y], id) => ({ x, y, id })) });
    await touch('touchStart', [[cx - 30, cy], [cx + 30, cy]]);
    for (let i = 1; i <= 6; i++) await touch('touchMove', [[cx - 30 - i * 12, cy], [cx + 30 + i * 12, cy]]);
    await touch('touchEnd', []);
    const scale = await bo.evaluate(() => window.catanDebug && document.querySelector('.board-layer').getAttribute('transform'));
    const k = Number(/scale\(([0-9.]+)\)/.exec(scale)?.[1] || 1);
    check(k > 1.5, `pinch-zoom on the phone scales the board (x${k.toFixed(2)})`);
    await touch('touchStart', [[cx, cy]]);
    for (let i = 1; i <= 5; i++) await touch('touchMove', [[cx + i * 10, cy + i * 6]]);
    await touch('touchEnd', []);
    const panned = await bo.evaluate(() => document.querySelector('.board-layer').getAttribute('transform'));
    check(panned !== scale, 'one-finger drag pans the zoomed board');
    await bo.screenshot({ path: path.join(OUT, 'zoomed-phone.png') });
    await bo.waitForTimeout(500); // a tap right after a quick drag only stops the fling, as on a real phone
    await press(bo, '.zoom-buttons button:nth-child(3)');
    const fitted = await bo.evaluate(() => document.querySelector('.board-layer').getAttribute('transform'));
    check(/scale\(1(\.0+)?\)/.test(fitted), `the fit button resets the zoom (${fitted})`);
    await cdp.detach();
  }

  // Turns.
  const done = { roll: false, build: false, bank: false, domestic: false, counter: false, discard: false, robber: false };
  let screenshots = false;
  let reloaded = false;
  for (let turn = 0; turn < MAX_TURNS && !Object.values(done).every(Boolean); turn++) {
    let st = await snap(ana);
    const page = bySeat.get(st.game.current);
    await page.waitForSelector('[data-action="roll"][aria-disabled="false"]');
    states = await act(pages, page, () => press(page, '[data-action="roll"]'));
    done.roll = true;
    st = states[pages.indexOf(page)];

    if (st.game.phase === 'discard' || st.game.phase === 'move_robber') {
      const wasDiscard = st.game.phase === 'discard';
      const r = await resolveSeven(pages, page, async (p, owed) => {
        const total = await p.textContent('#discard-total');
        check(total.includes(`${owed} / ${owed}`), `${p.label} sees the running discard total ${owed}/${owed}`);
        if (p === bo && !fs.existsSync(path.join(OUT, 'discard-phone.png'))) await bo.screenshot({ path: path.join(OUT, 'discard-phone.png') });
      });
      if (wasDiscard) done.discard = true;
      check(r.shownOk, 'only legal robber hexes are highlighted');
      check(r.moved, 'the robber moved to the tapped hex');
      done.robber = true;
      st = await snap(page);
    }
    if (st.game.phase !== 'main') throw new Error(`unexpected phase ${st.game.phase}`);

    // A build: a road, by choosing "Road" and tapping a highlighted path.
    if (!done.build && actionsOf(st.legal).some((a) => a.type === 'build_road')) {
      await press(page, '[data-action="road"]');
      const paths = actionsOf(st.legal).filter((a) => a.type === 'build_road').map((a) => a.path).sort((a, b) => a - b);
      await page.waitForSelector(`[data-spot="path"][data-id="${paths[0]}"]`);
      const roadsBefore = st.game.players.find((p) => p.seat === st.seat).roads.length;
      states = await act(pages, page, () => press(page, `[data-spot="path"][data-id="${paths[0]}"]`));
      check(states[0].game.players.find((p) => p.seat === st.seat).roads.length === roadsBefore + 1, `${page.label} built a road`);
      done.build = true;
      st = await snap(page);
    }

    // A bank trade through the trade dialog.
    const bankTrades = actionsOf(st.legal).filter((a) => a.type === 'bank_trade');
    if (!done.bank && bankTrades.length) {
      const tr = bankTrades[0];
      await press(page, '[data-action="trade"]');
      await press(page, '#tab-bank');
      const handBefore = st.game.me.hand;
      await press(page, `.bank-suggest[data-give="${tr.give}"][data-get="${tr.get}"]`); // picks it; "Trade" makes it
      states = await act(pages, page, () => press(page, '#bank-do'));
      const hand = states[pages.indexOf(page)].game.me.hand;
      check(hand[tr.get] === handBefore[tr.get] + 1 && hand[tr.give] < handBefore[tr.give], `${page.label} traded ${tr.give} for ${tr.get} with the bank`);
      await page.keyboard.press('Escape');
      done.bank = true;
      st = await snap(page);
    }

    // A domestic trade: offer 1 card to one player who has what we want; they accept; we confirm. On a
    // later turn an offer to everyone: one player counters, the other declines, we take the counter.
    const counterTurn = done.domestic && !done.counter;
    if ((!done.domestic || counterTurn) && st.legal?.may_propose_trade) {
      const myHand = st.game.me.hand;
      let deal = null;
      for (const other of pages) {
        if (other === page) continue;
        const os = await snap(other);
        for (const give of Object.keys(myHand)) {
          if (!myHand[give]) continue;
          const want = Object.keys(os.game.me.hand).find((r) => r !== give && os.game.me.hand[r] > 0);
          if (want) {
            deal = { other, seat: os.seat, give, want };
            break;
          }
        }
        if (deal) break;
      }
      if (deal && counterTurn) {
        await press(page, '[data-action="trade"]');
        await press(page, '#tab-players');
        await press(page, `.picker[data-name="give"] .pick-card[data-res="${deal.give}"]`);
        await press(page, `.picker[data-name="want"] .pick-card[data-res="${deal.want}"]`);
        await press(page, '#to-all');
        await act(pages, page, () => press(page, '#offer-send'));
        const third = pages.find((p) => p !== page && p !== deal.other);
        await deal.other.waitForSelector('#offer-counter');
        if (pages.includes(bo) && page !== bo) await bo.screenshot({ path: path.join(OUT, 'offer-phone.png') });
        await press(deal.other, '#offer-counter');
        await deal.other.waitForSelector('#offer-panel .counter-editor');
        await act(pages, deal.other, () => press(deal.other, '#counter-send'));
        await act(pages, third, () => press(third, '#offer-decline'));
        await page.waitForSelector(`.response.countered[data-seat="${deal.seat}"] .confirm`);
        await page.screenshot({ path: path.join(OUT, `offer-proposer-${page.touch ? 'phone' : 'desktop'}.png`) });
        const before = (await snap(deal.other)).game.me.hand;
        states = await act(pages, page, () => press(page, `.confirm[data-with="${deal.seat}"]`));
        const after = states[pages.indexOf(deal.other)].game.me.hand;
        check(after[deal.give] === before[deal.give] + 1 && after[deal.want] === before[deal.want] - 1, `${deal.other.label} countered an offer to everyone, ${third.label} declined, ${page.label} took the counter`);
        done.counter = true;
        st = await snap(page);
      } else if (deal) {
        await press(page, '[data-action="trade"]');
        await press(page, '#tab-players');
        await press(page, `.picker[data-name="give"] .pick-card[data-res="${deal.give}"]`);
        await press(page, `.picker[data-name="want"] .pick-card[data-res="${deal.want}"]`);
        await press(page, `.to[data-seat="${deal.seat}"]`);
        await act(pages, page, () => press(page, '#offer-send'));
        await deal.other.waitForSelector('#offer-accept:not([disabled])');
        await act(pages, deal.other, () => press(deal.other, '#offer-accept'));
        await page.waitForSelector(`.confirm[data-with="${deal.seat}"]`);
        const before = (await snap(deal.other)).game.me.hand;
        states = await act(pages, page, () => press(page, `.confirm[data-with="${deal.seat}"]`));
        const after = states[pages.indexOf(deal.other)].game.me.hand;
        check(after[deal.give] === before[deal.give] + 1 && after[deal.want] === before[deal.want] - 1, `${page.label} and ${deal.other.label} traded 1 ${deal.give} for 1 ${deal.want}`);
        done.domestic = true;
        st = await snap(page);
      }
    }

    if (!screenshots && done.build && (done.bank || done.domestic)) {
      screenshots = true;
      await ana.screenshot({ path: path.join(OUT, 'game-desktop.png') });
      await bo.screenshot({ path: path.join(OUT, 'game-phone.png') });
      await cy.screenshot({ path: path.join(OUT, 'game-desktop-1280.png') });
    }

    // Reload the phone mid-game: the same view comes back.
    if (!reloaded && done.build && st.game.turn >= 2) {
      reloaded = true;
      const view = () => bo.evaluate(() => ({
        banner: document.querySelector('#banner')?.textContent,
        hand: document.querySelector('#hand')?.textContent,
        players: document.querySelector('#players')?.textContent,
        pieces: document.querySelectorAll('.layer-roads .road, .layer-buildings > g').length,
        robber: document.querySelectorAll('.hex.robbed').length && document.querySelector('.hex.robbed').dataset.hex,
        log: document.querySelector('#last-log')?.textContent,
      }));
      const before = await view();
      await bo.reload();
      await bo.waitForSelector('#game');
      await bo.waitForFunction(() => window.catanDebug.store.state.joined && window.catanDebug.store.state.doc?.game);
      await settle(pages);
      const after = await view();
      check(JSON.stringify(before) === JSON.stringify(after), 'reloading the phone mid-game restores the same view');
      if (JSON.stringify(before) !== JSON.stringify(after)) log(JSON.stringify(before), '\n', JSON.stringify(after));
    }

    await page.waitForSelector('[data-action="end"][aria-disabled="false"]');
    await act(pages, page, () => press(page, '[data-action="end"]'));
  }
  for (const [k, v] of Object.entries(done)) check(v, `seen: ${k}`);

  // Continue on another device: the private link takes Bo's seat in a fresh browser context.
  const deviceLink = await bo.evaluate(() => `${location.origin}/r/${window.catanDebug.store.state.code}#token=${window.catanDebug.store.state.token}`);
  const other = await newPage('Bo (second device)', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await other.goto(deviceLink);
  await other.waitForSelector('#game');
  await other.waitForFunction(() => window.catanDebug.store.state.joined);
  const boSeat = (await snap(bo)).seat;
  check((await snap(other)).seat === boSeat, 'the device link takes the same seat on another device');
  check(!(await other.evaluate(() => location.hash)), 'the token is removed from the address bar');

  // Someone without a seat opens the room link after the start: they can watch, without an action bar.
  const watcher = await newPage('Watcher (desktop)', { viewport: { width: 1024, height: 768 } });
  await watcher.goto(roomUrl);
  await press(watcher, '#spectate');
  await watcher.waitForSelector('#game');
  await watcher.waitForFunction(() => window.catanDebug.store.state.joined);
  const w = await snap(watcher);
  check(w.seat === null && (await watcher.locator('#actions button').count()) === 0 && (await watcher.locator('.board-svg .settlement').count()) === 6, 'a spectator sees the board without an action bar');
  await watcher.context().close();

  // Losing the network: the banner shows, and the client reconnects and takes its seat back by itself.
  await bo.context().setOffline(true);
  await bo.waitForSelector('#conn-banner');
  check(true, 'the disconnection banner shows when the connection drops');
  await bo.context().setOffline(false);
  await bo.waitForFunction(() => window.catanDebug.store.state.joined && !document.querySelector('#conn-banner'), null, { timeout: 20000 });
  await settle(pages);
  check((await snap(bo)).seat === boSeat, 'the client reconnected by itself and has its seat back');
  await other.context().close();

  // Layout: no horizontal scroll on the phone, tap targets of at least 40 px in the action bar.
  check((await bo.evaluate(() => document.documentElement.scrollWidth)) <= 360, 'phone game has no horizontal scroll');
  // One evaluation (an update between query and measure would re-render the action bar).
  const small = await bo.evaluate(() => [...document.querySelectorAll('#actions button, .zoom-buttons button')].map((e) => ({ e, r: e.getBoundingClientRect() })).filter(({ r }) => r.width < 39.5 || r.height < 39.5).map(({ e, r }) => `${e.dataset.action || e.getAttribute('aria-label')} ${r.width}x${r.height}`));

  if (small.length) {
    await bo.screenshot({ path: path.join(OUT, 'small-fail.png') });
    log(await bo.evaluate(() => document.querySelector('#app').innerHTML.slice(0, 400) + ' | ' + JSON.stringify({ w: innerWidth, h: innerHeight, vis: document.visibilityState })));
  }
  check(small.length === 0, `phone action and zoom buttons are at least 40x40 px${small.length ? `: ${small.join(', ')}` : ''}`);

  await winnerGame(base, ana, bo);
}

// A short 2-player game (3 points to win) played greedily until someone wins: the winner screen with
// the VP breakdown, then "play again" takes both players back to the room's lobby and a new game.
async function winnerGame(base, host, phone) {
  const pages = [host, phone];
  await host.goto(`${base}/?seed=${arg('seed2', '7')}`);
  await host.selectOption('#players', '2');
  await host.selectOption('#vp', '3');
  await host.click('#create');
  await host.waitForSelector('#room-code');
  const url = await host.inputValue('#room-url');
  await phone.goto(url);
  await phone.fill('#join-name', 'Bo');
  await press(phone, '#join-seat');
  await host.waitForFunction(() => document.querySelectorAll('#seats .seat:not(.empty)').length === 2);
  // The host's lobby controls: room for a third person (options), move them up, remove them.
  await host.selectOption('#opt-players', '3');
  await host.waitForFunction(() => document.querySelectorAll('#seats .seat').length === 3);
  const dee = await newPage('Dee (desktop)', { viewport: { width: 1024, height: 768 } });
  await dee.goto(url);
  await dee.fill('#join-name', 'bo');
  await press(dee, '#join-seat');
  await dee.waitForSelector('#join-form .error');
  check(/taken/.test(await dee.textContent('#join-form .error')), 'a name already taken in the room is refused in the join form');
  await dee.fill('#join-name', '\u0412\u043e'); // Cyrillic Ve and o: looks like Bo
  await press(dee, '#join-seat');
  await dee.waitForSelector('#join-form .error');
  check(/taken/.test(await dee.textContent('#join-form .error')) && !(await dee.$('#room-code')),
    'a name that only looks like a seated name is refused in the join form too');
  await dee.fill('#join-name', 'Dee');
  await press(dee, '#join-seat');
  await dee.waitForSelector('#room-code');
  await host.waitForFunction(() => document.querySelectorAll('#seats .seat:not(.empty)').length === 3);
  await press(host, '#seats .seat[data-seat="2"] .move-up');
  await host.waitForFunction(() => document.querySelector('#seats .seat[data-seat="1"] .seat-name')?.textContent.startsWith('Dee'));
  await dee.waitForSelector('#seats .seat.me[data-seat="1"]');
  check(true, 'the host moved a player up a seat, and that player sees their new seat');
  await press(host, '#seats .seat[data-seat="1"] .kick');
  await press(host, '#seats .seat[data-seat="1"] .kick-yes'); // removing a person asks first
  await dee.waitForFunction(() => !document.querySelector('#room-code') && /host/i.test(document.body.textContent));
  await host.waitForFunction(() => document.querySelectorAll('#seats .seat:not(.empty)').length === 2);
  check(true, 'the host removed a player, who is told so');
  await dee.context().close();
  await host.selectOption('#opt-players', '2');
  await host.waitForFunction(() => document.querySelectorAll('#seats .seat').length === 2);
  await press(host, '#start');
  await Promise.all(pages.map((p) => p.waitForSelector('#game')));
  const states = await settle(pages);
  const bySeat = new Map(states.map((st, i) => [st.seat, pages[i]]));
  const topology = await host.evaluate(() => window.catanDebug.store.state.topology);
  // Fair dice: the commitment to the seed is in the top bar from the start, the same for both players.
  const shown = await Promise.all(pages.map((p) => p.getAttribute('#commitment', 'data-commitment')));
  check(/^[0-9a-f]{64}$/.test(shown[0]) && shown[1] === shown[0] && states[0].room.fairness.commitment === shown[0] &&
        states[0].room.fairness.seed === null, 'the commitment to the secret seed is shown in the top bar, seed still hidden');
  await placeSetup(pages, bySeat, topology, false);

  const DEV = ['wool', 'grain', 'ore'];
  const played = new Set();
  let turns = 0;
  for (; turns < MAX_TURNS; turns++) {
    let st = await snap(host);
    if (st.game.phase === 'game_over') break;
    const page = bySeat.get(st.game.current);
    await page.waitForSelector('[data-action="roll"][aria-disabled="false"]');
    await act(pages, page, () => press(page, '[data-action="roll"]'));
    await resolveSeven(pages, page);
    for (let step = 0; step < 8; step++) {
      st = await snap(page);
      if (st.game.phase !== 'main') break;
      const acts = actionsOf(st.legal);
      const city = acts.find((a) => a.type === 'build_city');
      const settlement = acts.find((a) => a.type === 'build_settlement');
      const hand = st.game.me.hand;
      if (acts.some((a) => a.type.startsWith('play_'))) {
        await playDevCard(pages, page, st, played);
      } else if (city || settlement) {
        const mode = city ? 'city' : 'settlement';
        await press(page, `[data-action="${mode}"]`);
        const id = (city || settlement).intersection;
        await act(pages, page, () => press(page, `[data-spot="${city ? 'city' : 'node'}"][data-id="${id}"]`));
      } else if (acts.some((a) => a.type === 'buy_dev_card')) {
        await act(pages, page, () => press(page, '[data-action="dev"]'));
      } else {
        const lack = DEV.filter((r) => hand[r] === 0);
        const tr = acts.find((a) => a.type === 'bank_trade' && lack.includes(a.get) && (!DEV.includes(a.give) || hand[a.give] > 4));
        if (!tr) break;
        await press(page, '[data-action="trade"]');
        await press(page, '#tab-bank');
        await press(page, `.bank-suggest[data-give="${tr.give}"][data-get="${tr.get}"]`);
        await act(pages, page, () => press(page, '#bank-do'));
        await page.keyboard.press('Escape');
      }
    }
    st = await snap(page);
    if (st.game.phase === 'game_over') break;
    await page.waitForSelector('[data-action="end"][aria-disabled="false"]');
    await act(pages, page, () => press(page, '[data-action="end"]'));
  }
  const end = await snap(host);
  check(end.game.phase === 'game_over', `the 3-point game ended after ${turns + 1} turns`);
  log(`development cards played through the UI: ${[...played].join(', ') || 'none'}`);
  if (end.game.phase !== 'game_over') return;
  await Promise.all(pages.map((p) => p.waitForSelector('#winner')));
  const winner = end.game.players.find((p) => p.seat === end.game.winner);
  const row = await host.textContent(`#winner [data-seat="${winner.seat}"] .total`);
  check(Number(row) === winner.vp_total && winner.vp_total >= 3, `the winner screen shows the winner's ${winner.vp_total} points`);
  // "Check this game": the replay record, now with the seed and salt behind the same commitment.
  const href = await host.getAttribute('#check-game', 'href');
  check(href === `/api/rooms/${end.room.code}/replay`, 'the winner screen links the replay record ("Check this game")');
  const record = await host.evaluate(async (u) => (await fetch(u)).json(), href);
  check(record.finished && record.fairness.commitment === shown[0] && /^[0-9]+$/.test(record.fairness.seed) &&
        end.room.fairness.seed === record.fairness.seed && record.steps.length > 0,
        'the replay record reveals the seed and salt behind the commitment shown during the game');
  check(/catan-server verify/.test(await host.textContent('#fairness-check')), 'the winner screen says how to verify the game');
  await host.screenshot({ path: path.join(OUT, 'winner-desktop.png') });
  await phone.screenshot({ path: path.join(OUT, 'winner-phone.png') });

  // Play again: the host takes the same room back to its lobby (same seats, same link); the other
  // player waits on the winner screen and is taken along by the room's update.
  const hostPage = bySeat.get(end.room.host);
  const guest = pages.find((p) => p !== hostPage);
  const guestSeat = states[pages.indexOf(guest)].seat;
  await guest.waitForSelector('#winner #waiting-host');
  check((await guest.$('#play-again')) === null, 'play again: only the host has the button, the others wait for the host');
  await press(hostPage, '#play-again');
  await Promise.all(pages.map((p) => p.waitForSelector('#room-code')));
  for (const p of pages) check((await p.textContent('#room-code')).trim() === end.room.code, `play again: ${p === hostPage ? 'the host is' : 'the guest is'} back in the same room's lobby`);
  await hostPage.waitForFunction(() => document.querySelectorAll('#seats .seat:not(.empty)').length === 2);
  await guest.waitForSelector(`#seats .seat.me[data-seat="${guestSeat}"]`);
  const lobby = await settle(pages);
  check(lobby.every((st) => st.game === null && st.room.phase === 'lobby' && st.seat === st.room.you) && lobby[pages.indexOf(guest)].seat === guestSeat, 'play again: the game is dropped, everyone keeps their seat (doc.room.you)');
  const logs = await Promise.all(pages.map((p) => p.evaluate(() => window.catanDebug.store.state.log.length)));
  check(logs.every((n) => n === 0), 'play again: the game log starts afresh');
  await press(hostPage, '#start');
  await Promise.all(pages.map((p) => p.waitForSelector('#game')));
  const next = await settle(pages);
  check(next.every((st) => st.room.phase === 'playing' && st.game.viewer === st.room.you && st.game.winner === null), 'play again: a new game starts in the same room, with the same players');
}

try {
  await main();
} catch (e) {
  failed++;
  problems.push(String(e.stack || e));
  log(`error: ${e.stack || e}`);
}
for (const e of pageErrors) {
  failed++;
  problems.push(e);
}
check(pageErrors.length === 0, 'no console errors or uncaught exceptions in any page');
if (pageErrors.length) for (const e of pageErrors) log(e);
shuttingDown = true;
await cleanup();
clearTimeout(hardTimer);
log(`screenshots in ${OUT}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
