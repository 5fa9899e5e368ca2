#!/usr/bin/env node
// Seafarers (R-SF1..R-SF9) on a phone, in a real browser against the real server. Ana hosts on a
// 360x640 touch phone: in the lobby she picks Heading for New Shores (the scenario picker shows the
// board GET /api/boards/new_shores-3 describes and sets its points to win), two basic bots take the
// other seats (--bot-delay 0; --bots random|strong for another level). On the 72-hex sea frame: sea
// and gold hexes, harbors, the pirate, the robber, island VP tokens and the home islands are drawn;
// the whole frame fits at first and a pinch zooms it. Ana plays by tapping what her page offers,
// chosen among her legal actions: her setup settlements on the coast with a ship each (R-SF3), Roll,
// bank trades from the trade dialog, a ship bought with the Ship button (R-SF2), a ship moved with
// Move ship (R-SF4: its ring, then one of the destinations that light up), a settlement on the gold
// island (R-SF8), the pirate moved on her 7 (R-SF6: a sea hex, the victim dialog), and a gold resource
// chosen in the gold dialog (R-SF7: a tap on a card), End. At each of those steps what she needs (the
// spots, the dialog, the instruction line, the hand and the action bar) is inside the viewport and
// uncovered at 360x640 and 640x360. Screenshots sea-*.png.
//
//   node tests/e2e/sea.test.mjs --server build/catan-server --out build/tests/e2e [--web-dir web] [--seed 5] [--bots basic]
import path from 'node:path';
import { e2e } from './harness.mjs';
import { layoutProblems, frames, inView, noToasts as toastsGone, viewChecker } from './layout-checks.mjs';
import { snap, settle, actionsOf, pinch, tapFree } from './drive.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
};
const SEED = Number(arg('seed', '5'));
const BOTS = arg('bots', 'basic');
const run = e2e('sea', { timeoutMs: 170_000, serverArgs: ['--bot-delay', '0'] });
const { check, OUT } = run;
const ANA = 0;
const SIZES = [[360, 640], [640, 360]];
const t0 = Date.now();
const log = (...a) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1)}s]`, ...a);
const PIPS = { 2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1 };
const RES = ['brick', 'lumber', 'wool', 'grain', 'ore'];

try {
  const base = await run.startServer();
  const table = await (await fetch(`${base}/api/boards/new_shores-3`)).json();
  const rules = await (await fetch(`${base}/api/rules`)).json();
  const browser = await run.launch();
  const phone = run.watch(await (await browser.newContext({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true })).newPage());

  // --- the lobby: the scenario picker -------------------------------------------------------------------
  await run.createRoom(phone, base, { seed: SEED, name: 'Ana', players: 3 });
  await phone.waitForSelector('#opt-scenario');
  const offered = await phone.$$eval('#opt-scenario option', (els) => els.map((e) => e.value));
  check(['none', 'new_shores', 'four_islands'].every((v) => offered.includes(v)), `the lobby offers the scenarios (${offered.join(', ')})`);
  await phone.selectOption('#opt-scenario', 'new_shores');
  await phone.waitForFunction((n) => { const o = window.catanDebug.store.state.doc.room.options; return o.scenario === 'new_shores' && o.vp_target === n; }, table.scenario.victory_target);
  check(true, `picking New Shores sets the room's scenario and its ${table.scenario.victory_target} points to win`);
  await phone.waitForSelector('#scenario-preview svg');
  const preview = await phone.evaluate(() => ({
    land: document.querySelectorAll('#scenario-preview .hex-face').length,
    sea: document.querySelectorAll('#scenario-preview .sea-face').length,
    target: document.querySelector('#scenario-target')?.textContent,
    vp: document.querySelector('#opt-vp')?.value,
    players: [...document.querySelectorAll('#opt-players option')].map((o) => o.value),
  }));
  const land = table.scenario.hexes.filter((x) => x.terrain !== 'sea').length;
  check(preview.land === land && preview.sea === table.scenario.hexes.length - land, `the preview draws the scenario's ${land} land and ${table.scenario.hexes.length - land} sea hexes (${preview.land}, ${preview.sea})`);
  check(preview.target?.includes(String(table.scenario.victory_target)) && preview.vp === String(table.scenario.victory_target), `the preview says the target (${preview.target}; points to win ${preview.vp})`);
  const counts = [2, 3, 4, 5, 6].filter((n) => rules.boards[`new_shores-${n}`]).map(String);
  check(JSON.stringify(preview.players) === JSON.stringify(counts), `with a scenario the players choice offers its counts (${preview.players.join(', ')}; boards for ${counts.join(', ')})`);
  const lobbyView = await inView(phone, '#scenario-preview svg');
  await phone.locator('#scenario-preview').scrollIntoViewIfNeeded();
  await phone.screenshot({ path: path.join(OUT, 'sea-lobby-360x640.png') });
  check(lobbyView === 'ok' || (await inView(phone, '#scenario-preview svg')) === 'ok', 'the preview can be seen on the phone');
  // Two players is refused with a scenario, and the refusal names both.
  await phone.evaluate(() => window.catanDebug.store.send({ type: 'set_options', options: { players: 2 } }));
  const refusal = await phone.waitForFunction(() => [...document.querySelectorAll('#toast-root .toast')].map((e) => e.textContent).find((x) => /scenario/i.test(x)), null, { timeout: 5000 }).then((h) => h.jsonValue()).catch(() => null);
  check(!!refusal && /player/i.test(refusal), `2 players with a scenario is refused, naming both (${refusal})`);
  for (const seat of [1, 2]) {
    await phone.selectOption(`.seat[data-seat="${seat}"] .bot-level`, BOTS);
    await phone.tap(`.seat[data-seat="${seat}"] .add-bot`);
    await phone.waitForSelector(`.seat[data-seat="${seat}"] .tag.bot`);
  }
  await phone.tap('#start');
  await phone.waitForSelector('#game');
  await phone.waitForFunction(() => window.catanDebug.store.state.topology?.hexes?.length === 72);
  const topo = await phone.evaluate(() => window.catanDebug.store.state.topology);
  check(topo.hexes.length === 72 && topo.rules?.board === 'sea' && !!topo.rules?.costs?.ship, `the game's table is the sea frame (${topo.hexes.length} hexes, rules ${topo.rules?.board}, ship cost ${JSON.stringify(topo.rules?.costs?.ship)})`);

  // --- the board ------------------------------------------------------------------------------------------
  const noToasts = () => toastsGone(phone);
  await noToasts();
  await frames(phone);
  const first = await snap(phone);
  const drawn = await phone.evaluate(() => {
    const rect = (el) => el.getBoundingClientRect();
    const stage = rect(document.querySelector('#board'));
    const b = rect(document.querySelector('.board-layer'));
    return {
      sea: document.querySelectorAll('.layer-sea .terrain-sea').length,
      land: document.querySelectorAll('.layer-hexes .hex').length,
      gold: [...document.querySelectorAll('.layer-hexes .terrain-gold')].map((g) => g.querySelectorAll('.gold-rim').length),
      harbors: document.querySelectorAll('.layer-harbors .harbor').length,
      pirate: document.querySelectorAll('.pirate').length,
      robber: document.querySelectorAll('.layer-robber .robber').length,
      islandVp: [...document.querySelectorAll('.island-vp .island-vp-text')].map((e) => e.textContent),
      home: document.querySelectorAll('.home-mark').length,
      fits: b.left >= stage.left - 1 && b.top >= stage.top - 1 && b.right <= stage.right + 1 && b.bottom <= stage.bottom + 1,
      board: [b.left, b.top, b.right, b.bottom].map(Math.round), stageBox: [stage.left, stage.top, stage.right, stage.bottom].map(Math.round),
    };
  });
  const g0 = first.game;
  const seaCount = g0.board.terrain.filter((x) => x === 'sea').length;
  check(drawn.sea === seaCount && drawn.land === 72 - seaCount, `${drawn.sea} sea and ${drawn.land} land hexes drawn (the view has ${seaCount} sea)`);
  check(drawn.gold.length === g0.board.terrain.filter((x) => x === 'gold').length && drawn.gold.every((n) => n === 1), `gold fields drawn with a mark of their own, not colour only (${drawn.gold.length})`);
  check(drawn.harbors === g0.board.harbors.length, `the scenario's ${g0.board.harbors.length} harbors drawn on their paths (${drawn.harbors})`);
  check(drawn.pirate === 1 && drawn.robber === (g0.board.robber === null ? 0 : 1), `the pirate and the robber drawn (${drawn.pirate}, ${drawn.robber})`);
  check(drawn.islandVp.length > 0 && drawn.islandVp.every((x) => x === `+${g0.board.island_vp}`), `island VP tokens on the islands reached by sea (${drawn.islandVp.join(' ')})`);
  check(drawn.home === g0.board.home.length, `the home islands marked in setup (${drawn.home} of ${g0.board.home.length})`);
  check(drawn.fits, `the whole 72-hex frame fits on the phone at first (board ${drawn.board}, stage ${drawn.stageBox})`);
  await phone.screenshot({ path: path.join(OUT, 'sea-setup-360x640.png') });

  // A pinch zooms the frame (two touch points, DevTools protocol); the fit button shows it whole again.
  {
    const tokenSize = () => phone.evaluate(() => Math.min(...[...document.querySelectorAll('.layer-hexes .token-disc')].map((e) => e.getBoundingClientRect().width)));
    const fitSize = await tokenSize();
    await pinch(phone, '#board svg.board-svg');
    const zoomed = await tokenSize();
    check(zoomed >= 2.5 * fitSize && zoomed >= 28, `pinch-zoom on the sea frame: number tokens from ${fitSize.toFixed(1)} to ${zoomed.toFixed(1)} px`);
    const layout = await phone.evaluate(layoutProblems);
    check(layout.length === 0, `zoomed, the instruction line, hand and actions stay in view${layout.length ? `: ${layout.join('; ')}` : ''}`);
    await phone.screenshot({ path: path.join(OUT, 'sea-zoomed-360x640.png') });
    await phone.tap('.zoom-buttons button:nth-child(3)');
    const fitted = await phone.evaluate(() => document.querySelector('.board-layer').getAttribute('transform'));
    check(/scale\(1(\.0+)?\)/.test(fitted), `the fit button shows the whole frame again (${fitted})`);
  }

  // --- the places Ana aims for: New Shores' gold island (0,4) across one sea path from the main island ---
  const hexAt = (row, col) => row * 9 + col;
  const nodeOf = (...hexes) => topo.intersections.find((n) => n.hexes.length === hexes.length && hexes.every((x) => n.hexes.includes(x))).id;
  const pathOf = (a, b) => topo.paths.find((p) => p.intersections.includes(a) && p.intersections.includes(b)).id;
  const S1 = nodeOf(hexAt(2, 4), hexAt(1, 3), hexAt(1, 4)); // the main island's north tip
  const G = nodeOf(hexAt(0, 4), hexAt(1, 3), hexAt(1, 4)); // the gold hex's south corner
  const S3 = nodeOf(hexAt(0, 3), hexAt(0, 4), hexAt(1, 3)); // on the gold island, two paths from S1
  const P1 = pathOf(S1, G);
  const P2 = pathOf(G, S3);
  const coastal = (nid) => topo.intersections[nid].hexes.some((x) => g0.board.terrain[x] === 'sea');
  // Spots near the middle of the frame first: in a seeded game the unfair-game warning lies over the
  // board's top row on a phone held sideways.
  const mid = (() => { const c = topo.hexes[hexAt(4, 4)].nodes.map((i) => topo.intersections[i]); return { x: c.reduce((a, n) => a + n.x, 0) / 6, y: c.reduce((a, n) => a + n.y, 0) / 6 }; })();
  const far = (ids) => { const xs = ids.map((i) => topo.intersections[i]); return Math.hypot(xs.reduce((a, n) => a + n.x, 0) / xs.length - mid.x, (xs.reduce((a, n) => a + n.y, 0) / xs.length - mid.y) * 0.5); };
  const pathFar = (pid) => far(topo.paths[pid].intersections);
  const hexFar = (hid) => far(topo.hexes[hid].nodes);

  // --- Ana's taps -----------------------------------------------------------------------------------------
  const done = { setupShips: 0, shipBuilt: false, shipMoved: false, pirate: false, gold: false, island: false };
  const seqNow = async () => (await snap(phone)).seq;
  const movedOn = (before) => phone.waitForFunction((q) => window.catanDebug.store.state.seq > q && !window.catanDebug.store.state.pending, before);
  // Taps `sel` once it is in view and uncovered (a toast or the dice overlay may pass over it first).
  const tapWhenFree = (sel, what) => tapFree(phone, sel, what, check);
  const tapAndWait = async (sel, what) => {
    const before = await seqNow();
    await tapWhenFree(sel, what);
    await movedOn(before);
  };
  // At both sizes, once per step: the layout, and every selector in view and uncovered; a screenshot of each.
  // Sideways, the warning of these seeded games (test servers only) lies over the board's top row.
  const checkView = viewChecker(phone, {
    sizes: SIZES, out: OUT, prefix: 'sea', check, once: true,
    exempt: (sel, w, h, where) => w > h && sel.startsWith('[data-spot') && where === 'covered by unfair-warning',
  });
  const banner = () => phone.evaluate(() => document.querySelector('#banner .banner-text').textContent);

  const setup = async (st) => {
    const acts = actionsOf(st.legal);
    const g = st.game;
    if (g.phase === 'setup_settlement') {
      const mine = g.players[ANA].settlements.length;
      const score = (id) => topo.intersections[id].hexes.reduce((a, x) => a + (PIPS[g.board.numbers[x]] || 0), 0);
      const spots = acts.filter((a) => a.type === 'build_settlement').map((a) => a.intersection);
      const pick = mine === 0 && spots.includes(S1) ? S1 : spots.filter(coastal).sort((a, b) => score(b) - score(a) || a - b)[0] ?? spots[0];
      await tapAndWait(`[data-spot="node"][data-id="${pick}"]`, 'a setup settlement');
      return;
    }
    // The setup piece: a ship when one is legal (R-SF3), P1 after S1.
    const ships = acts.filter((a) => a.type === 'build_ship').map((a) => a.path);
    const roads = acts.filter((a) => a.type === 'build_road').map((a) => a.path);
    if (ships.length) {
      const pick = ships.includes(P1) ? P1 : ships[0];
      const kind = roads.includes(pick) ? 'either' : 'ship';
      if (done.setupShips === 0) {
        const text = await banner();
        check(/road or a ship/.test(text), `the setup instruction offers a road or a ship ("${text}")`);
        await checkView('setup-ship', [`[data-spot="${kind}"][data-id="${pick}"]`, '#banner']);
      }
      const before = await seqNow();
      await tapWhenFree(`[data-spot="${kind}"][data-id="${pick}"]`, 'a setup ship spot');
      if (kind === 'either') {
        await phone.waitForSelector('#piece-ship');
        await phone.tap('#piece-ship');
      }
      await movedOn(before);
      const now = await snap(phone);
      check(now.game.players[ANA].ships.includes(pick), `Ana's tap placed her setup ship on path ${pick}`);
      done.setupShips++;
      return;
    }
    await tapAndWait(`[data-spot="path"][data-id="${roads[0]}"]`, 'a setup road');
  };

  // A bank trade from the trade dialog: the most plentiful card Ana does not need for `want`.
  const bankFor = async (st, need) => {
    const acts = actionsOf(st.legal).filter((a) => a.type === 'bank_trade');
    const hand = st.game.me.hand;
    const lack = RES.filter((r) => (need[r] || 0) > hand[r]);
    const spare = (r) => hand[r] - (need[r] || 0);
    const trade = acts.filter((a) => lack.includes(a.get) && spare(a.give) >= (st.legal.bank_ratios?.[a.give] ?? 4)).sort((a, b) => spare(b.give) - spare(a.give))[0];
    if (!trade) return false;
    await tapWhenFree('#actions [data-action="trade"]', 'Trade');
    await phone.waitForSelector('#tab-bank');
    await phone.tap('#tab-bank');
    const before = await seqNow();
    await phone.tap(`.bank-suggest[data-give="${trade.give}"][data-get="${trade.get}"]`); // picks it; "Trade" makes it
    await phone.tap('#bank-do');
    await movedOn(before);
    await phone.keyboard.press('Escape');
    await phone.waitForSelector('.dialog', { state: 'detached' });
    return true;
  };

  const cost = topo.rules.costs;
  const afford = (hand, c) => RES.every((r) => hand[r] >= (c[r] || 0));
  const plus = (a, b) => Object.fromEntries(RES.map((r) => [r, (a[r] || 0) + (b[r] || 0)]));

  const mainTurn = async () => {
    for (let step = 0; step < 12; step++) {
      const st = await snap(phone);
      const g = st.game;
      if (g.phase !== 'main' || g.current !== ANA) return;
      const acts = actionsOf(st.legal);
      const me = g.players[ANA];
      // R-SF4: a ship at an open end moves once a turn: its ring, then a lit destination.
      const moves = acts.filter((a) => a.type === 'move_ship' && a.from !== P1 && a.from !== P2 && a.to !== P2);
      if (!done.shipMoved && moves.length) {
        const mv = [...moves].sort((a, b) => pathFar(a.to) - pathFar(b.to))[0];
        await tapWhenFree('#actions [data-action="move_ship"]', 'Move ship');
        await phone.waitForSelector(`[data-spot="ship_from"][data-id="${mv.from}"]`);
        const hint = await phone.textContent('.mode-hint');
        check(/ringed ships/.test(hint), `the move mode says what to tap ("${hint}")`);
        await tapWhenFree(`[data-spot="ship_from"][data-id="${mv.from}"]`, 'the ship to move');
        await phone.waitForSelector(`[data-spot="ship_to"][data-id="${mv.to}"]`);
        const lit = await phone.$$eval('[data-spot="ship_to"]', (els) => els.map((e) => Number(e.dataset.id)).sort((a, b) => a - b));
        const legalTo = acts.filter((a) => a.type === 'move_ship' && a.from === mv.from).map((a) => a.to).sort((a, b) => a - b);
        check(JSON.stringify(lit) === JSON.stringify(legalTo), `the chosen ship's destinations light up, exactly the legal ones (${lit.length})`);
        await checkView('move-ship', [`[data-spot="ship_to"][data-id="${mv.to}"]`, `[data-spot="ship_from"][data-id="${mv.from}"]`]);
        await tapAndWait(`[data-spot="ship_to"][data-id="${mv.to}"]`, 'the ship\'s destination');
        const after = (await snap(phone)).game.players[ANA].ships;
        check(after.includes(mv.to) && !after.includes(mv.from), `Ana's taps moved her ship from path ${mv.from} to ${mv.to}`);
        done.shipMoved = true;
        continue;
      }
      // The gold island's settlement (R-SF8), then the ship that reaches it (R-SF2).
      if (acts.some((a) => a.type === 'build_settlement' && a.intersection === S3)) {
        await tapWhenFree('#actions [data-action="settlement"]', 'Settlement');
        await tapAndWait(`[data-spot="node"][data-id="${S3}"]`, 'the gold island\'s corner');
        done.island = true;
        continue;
      }
      const shipTo = !me.ships.includes(P2) ? P2 : done.shipBuilt ? null : acts.filter((a) => a.type === 'build_ship').map((a) => a.path).sort((a, b) => pathFar(a) - pathFar(b))[0];
      if (shipTo !== null && shipTo !== undefined && acts.some((a) => a.type === 'build_ship' && a.path === shipTo)) {
        const chips = await phone.$$eval('#actions [data-action="ship"] .cost .res-chip', (els) => els.map((e) => e.title + e.textContent));
        check(chips.length === RES.filter((r) => cost.ship[r]).length, `the Ship button shows the rules block's cost (${chips.join(', ')})`);
        await tapWhenFree('#actions [data-action="ship"]', 'Ship');
        await phone.waitForSelector(`[data-spot="ship"][data-id="${shipTo}"]`);
        const lit = await phone.$$eval('[data-spot="ship"]', (els) => els.length);
        check(lit === acts.filter((a) => a.type === 'build_ship').length, `the Ship button lights exactly the legal ship paths (${lit})`);
        await checkView('build-ship', [`[data-spot="ship"][data-id="${shipTo}"]`, '.mode-hint']);
        await tapAndWait(`[data-spot="ship"][data-id="${shipTo}"]`, 'a ship spot');
        check((await snap(phone)).game.players[ANA].ships.includes(shipTo), `Ana's taps built a ship on path ${shipTo}`);
        done.shipBuilt = true;
        continue;
      }
      // Trade for what the next piece needs.
      const want = !me.ships.includes(P2) || !done.shipBuilt ? plus(cost.ship, done.island ? {} : cost.settlement) : done.island ? null : cost.settlement;
      if (want && !afford(g.me.hand, want) && await bankFor(st, want)) continue;
      break;
    }
    await tapAndWait('#actions [data-action="end"]', 'End turn');
  };

  const discard = async (st) => {
    const owed = st.game.players[ANA].discard_owed;
    const hand = { ...st.game.me.hand };
    const cards = {};
    for (let i = 0; i < owed; i++) {
      const r = RES.filter((x) => hand[x] > 0).sort((a, b) => hand[b] - hand[a])[0];
      hand[r]--;
      cards[r] = (cards[r] || 0) + 1;
    }
    const before = st.seq;
    await phone.evaluate((c) => window.catanDebug.store.command(c), { type: 'discard', cards });
    await movedOn(before);
  };

  // R-SF6: on her 7 Ana moves the pirate: a lit sea hex, then the victim if there are several.
  const robberStep = async (st) => {
    const acts = actionsOf(st.legal);
    const pirate = acts.filter((a) => a.type === 'move_pirate');
    const robber = acts.filter((a) => a.type === 'move_robber');
    const text = await banner();
    check(/robber or the pirate/.test(text), `the instruction line offers the robber or the pirate ("${text}")`);
    const lit = await phone.$$eval('[data-spot="hex"]', (els) => els.map((e) => Number(e.dataset.id)));
    const legalHexes = new Set([...pirate, ...robber].map((a) => a.hex));
    check(lit.length === legalHexes.size && lit.every((x) => legalHexes.has(x)), `every legal robber and pirate hex is lit, and no other (${lit.length})`);
    const byVictims = (a) => pirate.filter((x) => x.hex === a.hex && x.victim !== null && x.victim !== undefined).length;
    const mv = [...pirate].sort((a, b) => byVictims(b) - byVictims(a) || hexFar(a.hex) - hexFar(b.hex))[0];
    await checkView('pirate', [`[data-spot="hex"][data-id="${mv.hex}"]`]);
    const before = st.seq;
    await tapWhenFree(`[data-spot="hex"][data-id="${mv.hex}"]`, 'a sea hex for the pirate');
    if (byVictims(mv) > 1) {
      await phone.waitForSelector('.dialog-victim .victim');
      await phone.tap('.dialog-victim .victim');
    }
    await movedOn(before);
    const after = (await snap(phone)).game;
    check(after.board.pirate === mv.hex && after.phase !== 'move_robber', `Ana's tap moved the pirate to sea hex ${mv.hex}`);
    done.pirate = true;
  };

  // R-SF7: the gold dialog: a + per card owed, then Take them.
  const goldStep = async (st) => {
    const owed = st.game.players[ANA].gold_owed;
    await phone.waitForSelector('.dialog-gold #gold-confirm');
    const text = await banner();
    check(/gold fields/.test(text), `the instruction line asks for the gold ("${text}")`);
    check(await phone.isDisabled('#gold-confirm'), 'nothing is taken before the cards are picked');
    await checkView('gold', [...RES.map((r) => `.dialog-gold .pick-card[data-res="${r}"]`), '#gold-confirm', '#hand']);
    for (let i = 0; i < owed; i++) await phone.tap(`.dialog-gold .pick-card[data-res="${RES[(i + 4) % 5]}"]`);
    const handBefore = st.game.me.hand;
    const before = st.seq;
    await phone.tap('#gold-confirm');
    await movedOn(before);
    await phone.waitForFunction(() => window.catanDebug.store.state.doc.game.phase !== 'choose_gold', null, { timeout: 10000 });
    const after = (await snap(phone)).game.me.hand;
    const gained = RES.reduce((a, r) => a + after[r] - handBefore[r], 0);
    check(gained >= owed, `the gold arrives in Ana's hand once every owner has chosen (+${gained})`);
    done.gold = true;
  };

  let watchedWaiting = false;
  for (let i = 0; i < 900; i++) {
    if (done.shipBuilt && done.shipMoved && done.pirate && done.gold) break;
    const [st] = await settle([phone]);
    const g = st.game;
    if (g.phase === 'game_over') break;
    const acts = actionsOf(st.legal);
    const me = g.players[ANA];
    if (acts.some((a) => a.type === 'decline_trade')) {
      const before = st.seq;
      await phone.evaluate(() => window.catanDebug.store.command({ type: 'decline_trade' }));
      await movedOn(before);
      continue;
    }
    if (g.phase === 'discard' && me.discard_owed > 0) { await discard(st); continue; }
    if (g.phase === 'choose_gold' && me.gold_owed > 0) { await goldStep(st); continue; }
    if (g.phase === 'choose_gold' && !watchedWaiting) {
      const text = await banner();
      check(text === 'Waiting for gold choices', `while others choose gold Ana reads "${text}"`);
      watchedWaiting = true;
    }
    if (g.current === ANA && g.phase.startsWith('setup')) { await setup(st); continue; }
    if (g.current === ANA && g.phase === 'pre_roll') { await tapAndWait('#actions [data-action="roll"]', 'Roll'); continue; }
    if (g.current === ANA && g.phase === 'move_robber') { await robberStep(st); continue; }
    if (g.current === ANA && g.phase === 'main') { await mainTurn(); continue; }
    if (g.current === ANA && g.phase === 'road_building') {
      const a = acts.find((x) => x.type === 'build_ship') || acts.find((x) => x.type === 'build_road');
      const before = st.seq;
      await phone.evaluate((c) => window.catanDebug.store.command(c), a);
      await movedOn(before);
      continue;
    }
    await phone.waitForFunction((q) => window.catanDebug.store.state.seq > q, st.seq, { timeout: 15000 }); // the bots
  }
  log('done:', JSON.stringify(done));
  check(done.setupShips === 2, `Ana placed both setup ships by tapping (${done.setupShips})`);
  check(done.shipBuilt, 'Ana built a ship with the Ship button');
  check(done.shipMoved, 'Ana moved a ship by tapping it and a lit destination');
  check(done.pirate, 'Ana moved the pirate by tapping a sea hex');
  check(done.gold, 'Ana chose gold resources in the gold dialog');
  // Ana's facts strip: ships left and island VP (R-SF8), in view with the hand and the actions.
  await noToasts();
  await phone.tap('#players .player[data-seat="0"]');
  await phone.waitForSelector('#player-detail');
  const facts = await phone.evaluate(() => Object.fromEntries(['ships_left', 'island_vp'].map((f) => [f, document.querySelector(`#player-detail [data-fact="${f}"] b`)?.textContent])));
  const meNow = (await snap(phone)).game.players[ANA];
  check(facts.ships_left === String(meNow.ships_left) && facts.island_vp === String(meNow.island_vp), `Ana's facts strip shows ${facts.ships_left} ships left and ${facts.island_vp} island VP (the view: ${meNow.ships_left}, ${meNow.island_vp})`);
  check(await inView(phone, '#player-detail [data-fact="island_vp"]') === 'ok', 'the island VP fact is in view');
  await phone.screenshot({ path: path.join(OUT, 'sea-facts-360x640.png') });
  await phone.screenshot({ path: path.join(OUT, 'sea-end-360x640.png') });
  run.checkErrors();
  await run.done();
} catch (e) {
  await run.done(e);
}
