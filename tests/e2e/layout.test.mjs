#!/usr/bin/env node
// The table's layout on phones and a desktop, in every phase one seeded 4-seat game reaches, in a real
// browser (Debian's chromium through playwright-core). Pia plays on a touch phone that is turned and
// resized (360x640, 640x360, 320x568, and 1440x900 for good measure); Dee plays on a 1440x900 desktop;
// Cy and Eve are sessions of the client's own store in a third page, driven command by command. Only
// Pia buys development cards, so seed 3's deck gives her Monopoly, Invention and a Knight (found by
// replaying bot games: the deck is shuffled once from the seed, before anything else happens).
//
// In every phase (setup, before the roll, after it with a build mode on, discard, robber and victim,
// a trade open with a counter-offer, the development card dialogs, the winner) the instruction line
// (#banner), the hand (#hand) and the action bar (#actions) must be wholly inside the viewport and on
// top at the centre of each of their parts (document.elementFromPoint), the instruction line's text not
// clipped, no horizontal scroll, no player card overflowing; a dialog inside the viewport and not under
// a toast. The robber's victim is chosen by tapping (the defect: the tap's own click closed the dialog);
// the dice of the last turn are not shown before this turn's roll; legal road spots do not look like
// any seat's roads; the build-mode hint does not sit on the board; removing a player from the lobby asks
// first; the fairness icon explains itself in all four languages. A second room (Pia and three bots;
// the bots finish it) shows the winner screen. Screenshots per phase and viewport, and per language, in --out.
//
//   node tests/e2e/layout.test.mjs --server build/catan-server --out build/tests/e2e [--web-dir web]
import path from 'node:path';
import { e2e } from './harness.mjs';
import { layoutProblems, frames } from './layout-checks.mjs';

const run = e2e('layout', { timeoutMs: 150_000, serverArgs: ['--bot-delay', '0'] });
const { check, OUT } = run;
const SEED = 3;
const PHONE_SIZES = [[360, 640], [640, 360], [320, 568], [1440, 900]];
const SEAT_COLORS = ['#0072B2', '#E69F00', '#F2F2F2', '#CC79A7', '#6B3E1C', '#111111']; // web/js/icons.js, all six seats
const NEEDS = ['wool', 'grain', 'ore'];
const t0 = Date.now();
const log = (...a) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1)}s]`, ...a);


try {
  const base = await run.startServer();
  const browser = await run.launch();
  const phoneCtx = await browser.newContext({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });
  const phone = run.watch(await phoneCtx.newPage());
  const desk = run.watch(await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage());
  const drv = run.watch(await (await browser.newContext()).newPage());

  // Checks the layout of the phone at each size (and the desktop as it is), with screenshots.
  const checkpoint = async (phase) => {
    for (const [w, h] of PHONE_SIZES) {
      await phone.setViewportSize({ width: w, height: h });
      await frames(phone);
      const problems = await phone.evaluate(layoutProblems);
      check(problems.length === 0, `${phase} at ${w}x${h}: banner, hand and actions in view and uncovered${problems.length ? `: ${problems.join('; ')}` : ''}`);
      await phone.screenshot({ path: path.join(OUT, `layout-${phase}-${w}x${h}.png`) });
    }
    await phone.setViewportSize({ width: 360, height: 640 });
    await frames(phone);
    const problems = await desk.evaluate(layoutProblems);
    check(problems.length === 0, `${phase} on the 1440x900 desktop: banner, hand and actions in view and uncovered${problems.length ? `: ${problems.join('; ')}` : ''}`);
    await desk.screenshot({ path: path.join(OUT, `layout-${phase}-desktop.png`) });
  };

  // --- the lobby: Pia hosts; removing a player asks first -----------------------------------------------
  const { url: roomUrl, code } = await run.createRoom(phone, base, { seed: SEED, name: 'Pia', players: 4 });
  await drv.goto(`${base}/`);
  const joinDriver = (name) => drv.evaluate(async ({ code, name }) => {
    const { Store } = await import('/js/store.js');
    window.drivers = window.drivers || [];
    const s = new Store(code);
    s.state.token = null; // each session its own seat (they share this page's storage)
    s.connect({ type: 'join', name });
    window.drivers.push(s);
    for (let i = 0; i < 200 && !(s.state.joined && s.state.seat !== null); i++) await new Promise((r) => setTimeout(r, 25));
    return window.drivers.length - 1;
  }, { code, name });
  await joinDriver('Zed');
  await phone.waitForSelector('.seat[data-seat="1"]:not(.empty)');
  await phone.tap('.seat[data-seat="1"] .kick');
  const asked = await phone.waitForSelector('.seat[data-seat="1"] .kick-yes', { timeout: 3000 }).then(() => true, () => false);
  const stillThere = await phone.evaluate(() => window.catanDebug.store.state.doc.room.seats[1].name);
  check(asked && stillThere === 'Zed', `removing a player from the lobby asks first (${asked ? 'asked' : 'not asked'}, seat 1: ${stillThere})`);
  if (asked) {
    await phone.tap('.seat[data-seat="1"] .kick-yes');
    await phone.waitForSelector('.seat.empty[data-seat="1"]');
    check(true, 'confirming removes the player');
  } else await phone.waitForSelector('.seat.empty[data-seat="1"]');

  await desk.goto(roomUrl);
  await desk.fill('#join-name', 'Dee');
  await desk.click('#join-seat');
  await desk.waitForSelector('#room-code');
  const drivers = [await joinDriver('Cy'), await joinDriver('Eve')];
  await phone.waitForFunction(() => document.querySelectorAll('#seats .seat:not(.empty)').length === 4);
  await phone.tap('#start');
  await Promise.all([phone, desk].map((p) => p.waitForSelector('#game')));

  // Who plays which seat, and how to read and move each one.
  const who = new Map();
  const seatOf = (page, idx = null) => page.evaluate((i) => (i === null ? window.catanDebug.store.state : window.drivers[i].state).seat, idx);
  who.set(await seatOf(phone), { page: phone, idx: null, name: 'Pia' });
  who.set(await seatOf(desk), { page: desk, idx: null, name: 'Dee' });
  for (const i of drivers) who.set(await seatOf(drv, i), { page: drv, idx: i, name: `driver ${i}` });
  const PIA = await seatOf(phone);
  const DEE = await seatOf(desk);
  check(who.size === 4, `four seats (Pia ${PIA}, Dee ${DEE})`);
  const snapOf = (seat) => {
    const a = who.get(seat);
    return a.page.evaluate((i) => {
      const s = i === null ? window.catanDebug.store.state : window.drivers[i].state;
      return { seq: s.seq, seat: s.seat, game: s.doc?.game ?? null, legal: s.legal, pending: !!s.pending, error: s.error };
    }, a.idx);
  };
  const seqs = async () => Promise.all([...who.keys()].map(async (seat) => (await snapOf(seat)).seq));
  const settle = async (min) => {
    for (let i = 0; i < 400; i++) {
      const q = await seqs();
      if (q.every((x) => x === q[0] && x >= min)) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`the seats did not settle at ${min}: ${(await seqs()).join(',')}`);
  };
  const actsOf = (s, type) => ((s.legal && s.legal.actions) || []).filter((a) => a.type === type);
  // A command from a seat's session (not through its screen); waits until every seat has its result.
  const command = async (seat, cmd) => {
    const a = who.get(seat);
    const before = (await snapOf(seat)).seq;
    await a.page.evaluate(({ i, cmd }) => (i === null ? window.catanDebug.store : window.drivers[i]).command(cmd), { i: a.idx, cmd });
    for (let i = 0; i < 250; i++) {
      const s = await snapOf(seat);
      if (s.seq > before) break;
      if (s.error && !s.pending) throw new Error(`${a.name}: ${JSON.stringify(cmd)} refused: ${s.error.message}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    await settle(before + 1);
  };
  // A tap on Pia's phone that changes the game; waits until every seat has seen it.
  const tapMove = async (selector) => {
    const before = (await snapOf(PIA)).seq;
    await phone.tap(selector);
    await phone.waitForFunction((q) => window.catanDebug.store.state.seq > q, before);
    await settle(before + 1);
  };

  const topology = await phone.evaluate(() => window.catanDebug.store.state.topology);
  const seen = {};
  const once = (k) => (seen[k] ? false : (seen[k] = true));

  // Setup: Dee's second settlement goes next to a driver's, so one hex touches two of Pia's opponents.
  let shared = null;
  const placeSetup = async (s) => {
    const g = s.game;
    const seat = g.current;
    const me = await snapOf(seat);
    if (g.phase === 'setup_settlement') {
      const spots = actsOf(me, 'build_settlement');
      if (seat === PIA) {
        if (once('setup')) await checkpoint('setup');
        await tapMove(`[data-spot="node"][data-id="${spots[0].intersection}"]`);
        return;
      }
      let pick = spots[0];
      if (seat === DEE) {
        const driverNodes = new Set(g.players.filter((p) => p.seat !== PIA && p.seat !== DEE).flatMap((p) => p.settlements));
        const driverHexes = new Set([...driverNodes].flatMap((n) => topology.intersections[n].hexes).filter((hx) => g.board.terrain[hx] !== 'desert'));
        const near = spots.find((a) => topology.intersections[a.intersection].hexes.some((hx) => driverHexes.has(hx)));
        if (near) {
          pick = near;
          shared = topology.intersections[near.intersection].hexes.find((hx) => driverHexes.has(hx));
        }
      }
      await command(seat, pick);
    } else {
      const roads = actsOf(me, 'build_road');
      if (seat === PIA) {
        if (once('road-spots')) {
          const strokes = await phone.$$eval('[data-spot="path"] .spot-line', (els) => els.map((e) => getComputedStyle(e).stroke));
          const rgb = (c) => (c.startsWith('#') ? [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)) : (c.match(/[0-9.]+/g) || []).slice(0, 3).map(Number));
          const far = strokes.length > 0 && strokes.every((c) => SEAT_COLORS.every((sc) => Math.hypot(...rgb(c).map((v, i) => v - rgb(sc)[i])) > 100));
          check(far, `legal road spots are drawn in a colour unlike every seat's (${[...new Set(strokes)].join(', ')})`);
          await checkpoint('setup-road');
        }
        await tapMove(`[data-spot="path"][data-id="${roads[0].path}"]`);
      } else await command(seat, roads[0]);
    }
  };

  // Pia moves the robber by tapping a hex; where two opponents touch it, she picks one in the dialog.
  const robberByTap = async () => {
    const s = await snapOf(PIA);
    const opts = actsOf(s, 'move_robber');
    const byHex = new Map();
    for (const a of opts) byHex.set(a.hex, [...(byHex.get(a.hex) || []), a]);
    const two = [...byHex.entries()].find(([, v]) => v.filter((a) => a.victim !== undefined && a.victim !== null).length >= 2);
    const [hex, choices] = two || [...byHex.entries()][0];
    if (two && !seen.victim) await checkpoint('robber');
    const before = s.seq;
    await phone.tap(`[data-spot="hex"][data-id="${hex}"]`);
    if (!two) {
      await phone.waitForFunction((q) => window.catanDebug.store.state.seq > q, before);
      await settle(before + 1);
      return;
    }
    await phone.waitForSelector('[data-dialog="victim"]', { timeout: 3000 }).catch(() => {});
    await frames(phone);
    const open = (await phone.locator('[data-dialog="victim"]').count()) === 1;
    if (once('victim')) {
      check(open, `tapping a hex touching two opponents opens the victim dialog and it stays open (hex ${hex})`);
      if (open) await checkpoint('victim');
    }
    if (!open) {
      await command(PIA, choices[0]); // the defect: finish the move the way the phone could not
      return;
    }
    const victim = choices.find((a) => a.victim !== undefined && a.victim !== null).victim;
    await tapMove(`.victim[data-victim="${victim}"]`);
    const after = await snapOf(PIA);
    check(after.game.board.robber === hex, `the victim was chosen by tap: the robber is on hex ${hex}, seat ${victim} robbed`);
  };

  const discards = async () => {
    for (const seat of who.keys()) {
      const s = await snapOf(seat);
      const owed = s.game.players.find((p) => p.seat === seat).discard_owed;
      if (!owed) continue;
      const hand = { ...s.game.me.hand };
      const pick = {};
      for (let i = 0; i < owed; i++) {
        const r = Object.keys(hand).sort((a, b) => hand[b] - hand[a] || a.localeCompare(b))[0];
        hand[r]--;
        pick[r] = (pick[r] || 0) + 1;
      }
      if (seat !== PIA) {
        await command(seat, { type: 'discard', cards: pick });
        continue;
      }
      await phone.waitForSelector('[data-dialog="discard"]');
      for (const [r, n] of Object.entries(pick)) for (let i = 0; i < n; i++) await phone.tap(`[data-dialog="discard"] .stepper[data-res="${r}"] .inc`);
      if (once('discard')) {
        await phone.tap('[data-action="end"]', { force: true }); // a disabled action says why in a toast: it must not cover the dialog
        const said = await phone.waitForSelector('#toast-root .toast', { timeout: 3000 }).then(() => true, () => false);
        check(said, 'a tap on a disabled action during the discard says why (a toast)');
        await checkpoint('discard');
      }
      // (Where the dialog covered the action bar, that tap hit the dialog's own confirm button.)
      if (await phone.locator('#discard-confirm').count()) await tapMove('#discard-confirm');
      else await settle((await snapOf(PIA)).seq);
    }
  };

  // Pia's turn after the roll: a build mode, the development cards, a trade with a counter-offer.
  let bought = 0;
  const piaMain = async () => {
    let s = await snapOf(PIA);
    const g = s.game;
    const mode = ['road', 'settlement', 'city'].find((m) => actsOf(s, `build_${m}`).length);
    if (mode && !seen.mode) {
      seen.mode = true;
      await phone.tap(`[data-action="${mode}"]`);
      await phone.waitForSelector('.mode-hint:not([hidden])');
      const hint = await phone.evaluate(() => {
        const a = document.querySelector('.mode-hint').getBoundingClientRect();
        const b = document.querySelector('#board').getBoundingClientRect();
        return a.top < b.bottom - 0.5 && a.bottom > b.top + 0.5 && a.left < b.right && a.right > b.left;
      });
      check(!hint, 'the build-mode hint does not sit on the board');
      await checkpoint('build-mode');
      await phone.tap(`[data-action="${mode}"]`);
    }
    const playable = Object.entries(g.me.dev_playable || {}).filter(([c, n]) => n > 0 && c !== 'victory_point').map(([c]) => c);
    const card = ['monopoly', 'invention', 'knight'].find((c) => playable.includes(c) && !seen[c] && actsOf(s, `play_${c}`).length);
    if (card) {
      seen[card] = true;
      await phone.tap('[data-action="cards"]');
      await phone.waitForSelector(`[data-dialog="devcards"] .dev-card[data-card="${card}"] .play`);
      if (once('devcards')) await checkpoint('devcards');
      if (card === 'knight') {
        await tapMove(`[data-dialog="devcards"] .dev-card[data-card="knight"] .play`);
        await robberByTap();
      } else {
        await phone.tap(`[data-dialog="devcards"] .dev-card[data-card="${card}"] .play`);
        await phone.waitForSelector(`[data-dialog="${card}"]`);
        if (card === 'invention') {
          const take = actsOf(s, 'play_invention')[0].take;
          for (const [r, n] of Object.entries(take)) for (let i = 0; i < n; i++) await phone.tap(`[data-dialog="invention"] .stepper[data-res="${r}"] .inc`);
          await checkpoint('invention');
          await tapMove('#invention-confirm');
        } else {
          await checkpoint('monopoly');
          await tapMove(`[data-dialog="monopoly"] .res-button[data-res="${actsOf(s, 'play_monopoly')[0].resource}"]`);
        }
      }
      s = await snapOf(PIA);
      if (s.game.phase !== 'main') return;
    }
    // Development cards (only Pia buys), bank trades for what they cost.
    for (let i = 0; i < 6 && bought < 3; i++) {
      s = await snapOf(PIA);
      if (actsOf(s, 'buy_dev_card').length) {
        await command(PIA, { type: 'buy_dev_card' });
        bought++;
        continue;
      }
      const hand = s.game.me.hand;
      const tr = actsOf(s, 'bank_trade').find((a) => NEEDS.includes(a.get) && !hand[a.get] && (!NEEDS.includes(a.give) || hand[a.give] > 4));
      if (!tr) break;
      await command(PIA, tr);
    }
    // A trade offer to everyone; Dee counters. The proposer must still see her hand and actions.
    s = await snapOf(PIA);
    if (!seen.trade && s.legal?.may_propose_trade) {
      const hand = s.game.me.hand;
      const give = Object.keys(hand).find((r) => hand[r] > 0);
      const want = Object.keys(hand).find((r) => r !== give);
      if (give) {
        seen.trade = true;
        await command(PIA, { type: 'propose_trade', give: { [give]: 1 }, want: { [want]: 1 } });
        const d = await snapOf(DEE);
        const counterGive = Object.keys(d.game.me.hand).find((r) => d.game.me.hand[r] > 0 && r !== want) || Object.keys(d.game.me.hand).find((r) => d.game.me.hand[r] > 0);
        if (d.legal?.may_counter_trade && counterGive) {
          await command(DEE, { type: 'counter_trade', give: { [counterGive]: 1 }, want: { [give === counterGive ? want : give]: 1 } });
          await phone.waitForSelector('#offer-panel .response.countered');
        }
        await checkpoint('trade-counter');
        // On a phone the offer folds to one line, giving the board back, and unfolds again.
        for (const [w, h] of [[360, 640], [640, 360]]) {
          await phone.setViewportSize({ width: w, height: h });
          await frames(phone);
          const open = await phone.evaluate(() => [document.querySelector('.offer-host').getBoundingClientRect().height, document.querySelector('#board').getBoundingClientRect().height]);
          await phone.tap('#offer-toggle');
          await frames(phone);
          const folded = await phone.evaluate(() => [document.querySelector('.offer-host').getBoundingClientRect().height, document.querySelector('#board').getBoundingClientRect().height]);
          const problems = await phone.evaluate(layoutProblems);
          check(folded[0] <= 50 && folded[0] < open[0] && folded[1] >= open[1] && problems.length === 0,
            `at ${w}x${h} the open offer folds (${Math.round(open[0])} -> ${Math.round(folded[0])} px high, board ${Math.round(open[1])} -> ${Math.round(folded[1])} px)${problems.length ? `: ${problems.join('; ')}` : ''}`);
          await phone.screenshot({ path: path.join(OUT, `layout-trade-folded-${w}x${h}.png`) });
          await phone.tap('#offer-toggle');
        }
        await phone.setViewportSize({ width: 360, height: 640 });
        if (once('languages')) await languages();
        await command(PIA, { type: 'cancel_trade' });
      }
    }
    await tapMove('[data-action="end"]');
  };

  // The same screen in French, Korean, Japanese and English: the instruction line fits, and the
  // fairness icon says in plain words what it means.
  const languages = async () => {
    const texts = {};
    for (const lang of ['fr', 'ko', 'ja', 'en']) {
      await phone.tap('#menu-btn');
      await phone.selectOption('[data-dialog="menu"] .lang-select', lang);
      await phone.waitForFunction((l) => document.documentElement.lang === l, lang);
      await phone.keyboard.press('Escape');
      for (const [w, h] of [[360, 640], [320, 568], [640, 360]]) {
        await phone.setViewportSize({ width: w, height: h });
        await frames(phone);
        const problems = await phone.evaluate(layoutProblems);
        check(problems.length === 0, `${lang} at ${w}x${h}: the table fits${problems.length ? `: ${problems.join('; ')}` : ''}`);
        await phone.screenshot({ path: path.join(OUT, `layout-lang-${lang}-${w}x${h}.png`) });
      }
      await phone.setViewportSize({ width: 360, height: 640 });
      await phone.tap('#commitment');
      const said = await phone.waitForSelector('[data-dialog="fairness"]', { timeout: 3000 }).then(() => phone.textContent('[data-dialog="fairness"] .dialog-body'), () => '');
      texts[lang] = said;
      check(said.length > 40 && !/[a-z]+\.[a-z_]+/.test(said.replace(/catan-server|docs\/\S+|[0-9a-f]{8,}/g, '')), `${lang}: tapping the fairness icon explains it in plain words (${said.slice(0, 70)}…)`);
      if (said) await phone.screenshot({ path: path.join(OUT, `layout-fairness-${lang}.png`) });
      await phone.keyboard.press('Escape');
    }
    check(new Set(Object.values(texts)).size === 4, 'the fairness explanation is in each language, not English everywhere');
  };

  // --- the game -------------------------------------------------------------------------------------------
  const goals = ['setup', 'road-spots', 'preroll', 'mode', 'discard', 'victim', 'trade', 'devcards', 'monopoly', 'invention', 'knight'];
  let steps = 0;
  for (; steps < 600 && !goals.every((k) => seen[k]); steps++) {
    const s = await snapOf(PIA);
    const g = s.game;
    if (g.phase.startsWith('setup')) await placeSetup(s);
    else if (g.phase === 'discard') await discards();
    else if (g.phase === 'move_robber') {
      if (g.current === PIA) await robberByTap();
      else {
        const c = await snapOf(g.current);
        const opts = actsOf(c, 'move_robber');
        await command(g.current, opts.find((a) => a.hex !== shared && a.victim !== PIA && a.victim !== undefined) || opts.find((a) => a.hex !== shared) || opts[0]);
      }
    } else if (g.phase === 'road_building') {
      const c = await snapOf(g.current);
      await command(g.current, actsOf(c, 'build_road')[0]);
    } else if (g.phase === 'pre_roll') {
      if (g.current === PIA) {
        if (!seen.preroll && g.dice && g.dice[0]) {
          seen.preroll = true;
          const dice = await phone.locator('#game .game-head .dice, #game .game-head .die').count();
          check(dice === 0, `before her roll, Pia does not see the last turn's dice (${g.dice.join('+')}) in the top bar`);
          await checkpoint('pre-roll');
        }
        await tapMove('[data-action="roll"]');
      } else await command(g.current, { type: 'roll_dice' });
    } else if (g.phase === 'main' || g.phase === 'trade_offer') {
      if (g.current === PIA) await piaMain();
      else {
        // The others feed Pia what development cards cost, then end their turn.
        const c = await snapOf(g.current);
        const pia = (await snapOf(PIA)).game.me.hand;
        const give = Object.fromEntries(NEEDS.filter((r) => c.game.me.hand[r] > 0 && pia[r] < 3).map((r) => [r, Math.min(2, c.game.me.hand[r])]));
        const want = Object.keys(pia).find((r) => pia[r] > 0 && !give[r]);
        if (Object.keys(give).length && want && c.legal?.may_propose_trade) {
          await command(g.current, { type: 'propose_trade', give, want: { [want]: 1 }, to: PIA });
          const p = await snapOf(PIA);
          if (actsOf(p, 'accept_trade').length) {
            await command(PIA, { type: 'accept_trade' });
            await command(g.current, { type: 'confirm_trade', with: PIA });
          } else await command(g.current, { type: 'cancel_trade' });
        }
        await command(g.current, { type: 'end_turn' });
      }
    } else break;
  }
  const s = await snapOf(PIA);
  log(`after ${steps} steps, turn ${s.game.turn}, phase ${s.game.phase}, shared hex ${shared}, cards bought ${bought}`);
  for (const k of goals) check(!!seen[k], `reached: ${k}`);

  // --- the winner: a second room, Pia and a bot; Pia steps away and the bots finish the game -------------
  // Four seats, so that at 320 px the cards with a bot's tag are narrow. No seed: a fair game.
  await phone.goto(`${base}/`);
  await phone.fill('#name', 'Pia');
  await phone.selectOption('#players', '4');
  await phone.tap('#create');
  await phone.waitForSelector('#room-code');
  const second = { code: await phone.textContent('#room-code'), url: await phone.inputValue('#room-url') };
  for (const seat of [1, 2, 3]) {
    await phone.tap(`.seat[data-seat="${seat}"] .add-bot`);
    await phone.waitForSelector(`.seat[data-seat="${seat}"] .tag.bot`);
  }
  await phone.selectOption('#opt-vp', '3');
  await phone.evaluate(() => window.catanDebug.store.send({ type: 'set_options', options: { takeover_after: 0 } }));
  await phone.waitForFunction(() => { const o = window.catanDebug.store.state.doc.room.options; return o.vp_target === 3 && o.takeover_after === 0; });
  await phone.tap('#start');
  await phone.waitForSelector('#game');
  await phone.goto('about:blank'); // Pia steps away: a bot plays her seat at once
  const { summary } = await run.waitFinished(base, second.code, { timeoutMs: 20000, everyMs: 100 });
  check(summary.phase === 'finished', 'the bots finished the second game');
  await phone.goto(second.url);
  await phone.waitForSelector('#winner');
  await checkpoint('winner');
  await phone.tap('#winner-board'); // the finished board, with the bots' cards in view
  await checkpoint('final-board');
  await phone.tap('#commitment');
  await phone.waitForSelector('[data-dialog="fairness"]');
  const fair = await phone.textContent('[data-dialog="fairness"] .dialog-body');
  const commitment = await phone.getAttribute('#commitment', 'data-commitment');
  check(/Nobody can choose or change the dice/.test(fair) && fair.includes(commitment),
    `in a fair game the shield icon explains fair dice and shows the commitment (${fair.slice(0, 60)}…)`);
  await phone.screenshot({ path: path.join(OUT, 'layout-fairness-fair.png') });
  run.checkErrors();
  await run.done();
} catch (e) {
  await run.done(e);
}
