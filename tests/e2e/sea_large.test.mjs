#!/usr/bin/env node
// Seafarers on the 5–6 sea frame (board "sea_large", 70 hexes), on a phone, in a real browser against
// the real server. Ana hosts a room for 6 on a 360x640 touch phone. In the lobby the scenario picker
// names Heading for New Shores and The New World with the counts GET /api/rules has boards for
// ("(3–6 players)"), while The Four Islands stays "(3–4 players)" and, once six are seated, is greyed
// and refused by the server. The New World for 6 previews the 70-hex frame's sea and a "?". New
// Shores for 6: the preview (GET /api/boards/new_shores-6) draws its 70 hexes, land and sea, says the
// points to win and the island VP, holds every harbor inside its viewBox and can be seen on the
// phone, with no horizontal scroll. Five bots take the other seats
// (--bot-delay 0). In the game the board is the 70-hex frame (options.board "sea_large"): every hex
// inside the board's visible area at first, a pinch zooms it, every harbor inside the viewBox, the
// pirate drawn. Ana places her setup settlements on the coast and a ship (or road) beside each by
// tapping lit spots, the first of each with the spot, the instruction line, the hand and the action
// bar in view and uncovered at 360x640 and 640x360. Screenshots sea-large-*.png.
//
//   node tests/e2e/sea_large.test.mjs --server build/catan-server --out build/tests/e2e [--web-dir web] [--seed 7]
import path from 'node:path';
import { e2e } from './harness.mjs';
import { layoutProblems, frames, inView, harborsOutside, noToasts as toastsGone, viewChecker } from './layout-checks.mjs';
import { snap, settle, actionsOf, pinch, tapFree } from './drive.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
};
const SEED = Number(arg('seed', '7'));
const run = e2e('sea_large', { timeoutMs: 110_000, serverArgs: ['--bot-delay', '0'] });
const { check, OUT } = run;
const ANA = 0;
const PLAYERS = 6;
const SIZES = [[360, 640], [640, 360]];
const PIPS = { 2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1 };
const t0 = Date.now();
const log = (...a) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1)}s]`, ...a);

try {
  const base = await run.startServer();
  const rules = await (await fetch(`${base}/api/rules`)).json();
  const table = await (await fetch(`${base}/api/boards/new_shores-${PLAYERS}`)).json();
  const countsOf = (sc) => [2, 3, 4, 5, 6].filter((n) => rules.boards[`${sc}-${n}`]);
  const span = (sc) => { const c = countsOf(sc); return `${c[0]}–${c[c.length - 1]} players`; };
  check(['new_shores', 'new_world'].every((sc) => rules.boards[`${sc}-5`]?.board === 'sea_large' && rules.boards[`${sc}-6`]?.board === 'sea_large'),
    'GET /api/rules lists New Shores and The New World for 5 and 6 on the board "sea_large"');
  check(table.hexes.length === 70 && table.rules?.board === 'sea_large' && table.scenario?.hexes?.length === 70,
    `GET /api/boards/new_shores-6: ${table.hexes.length} hexes, board ${table.rules?.board}, a scenario of ${table.scenario?.hexes?.length}`);
  const browser = await run.launch();
  const phone = run.watch(await (await browser.newContext({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true })).newPage());

  // --- the lobby: the scenario picker for 6 -------------------------------------------------------------
  await run.createRoom(phone, base, { seed: SEED, name: 'Ana', players: PLAYERS });
  await phone.waitForSelector('#opt-scenario');
  const options = () => phone.$$eval('#opt-scenario option', (els) => Object.fromEntries(els.map((e) => [e.value, { text: e.textContent, disabled: e.disabled }])));
  let offered = await options();
  check(offered.new_shores?.text === `Heading for New Shores (${span('new_shores')})` && span('new_shores') === '3–6 players',
    `New Shores is offered for 3–6: "${offered.new_shores?.text}"`);
  check(offered.new_world?.text === `The New World (${span('new_world')})` && span('new_world') === '3–6 players',
    `The New World is offered for 3–6: "${offered.new_world?.text}"`);
  check(offered.four_islands?.text === 'The Four Islands (3–4 players)', `The Four Islands stays "${offered.four_islands?.text}"`);

  // The New World for 6: its board is drawn when the game starts, so the preview is the 70-hex frame's
  // sea and a "?".
  await phone.selectOption('#opt-scenario', 'new_world');
  await phone.waitForSelector(`#scenario-preview[data-board="new_world-${PLAYERS}"] svg`);
  const nw = await phone.evaluate(() => ({
    land: document.querySelectorAll('#scenario-preview .hex-face').length,
    sea: document.querySelectorAll('#scenario-preview .sea-face').length,
    mark: document.querySelectorAll('#scenario-preview .preview-generated').length,
    players: window.catanDebug.store.state.doc.room.options.players,
  }));
  check(nw.land === 0 && nw.sea === 70 && nw.mark === 1 && nw.players === PLAYERS, `The New World for ${nw.players}: the preview is the 70-hex frame's sea and a "?" (${nw.sea} sea, ${nw.land} land)`);

  await phone.selectOption('#opt-scenario', 'new_shores');
  await phone.waitForFunction(([n, p]) => { const o = window.catanDebug.store.state.doc.room.options; return o.scenario === 'new_shores' && o.vp_target === n && o.players === p; }, [table.scenario.victory_target, PLAYERS]);
  check(true, `picking New Shores keeps the room at ${PLAYERS} players and sets its ${table.scenario.victory_target} points to win`);
  await phone.waitForSelector(`#scenario-preview[data-board="new_shores-${PLAYERS}"] svg .harbor`);
  const preview = await phone.evaluate(() => ({
    land: document.querySelectorAll('#scenario-preview .hex-face').length,
    sea: document.querySelectorAll('#scenario-preview .sea-face').length,
    harbors: document.querySelectorAll('#scenario-preview .harbor').length,
    target: document.querySelector('#scenario-target')?.textContent,
    islandVp: document.querySelector('#scenario-island-vp')?.textContent,
    players: [...document.querySelectorAll('#opt-players option')].map((o) => Number(o.value)),
  }));
  const land = table.scenario.hexes.filter((x) => x.terrain !== 'sea').length;
  check(preview.land === land && preview.sea === 70 - land, `the preview draws the 70 hexes: ${preview.land} land and ${preview.sea} sea (the table: ${land} land)`);
  check(preview.target?.includes(String(table.scenario.victory_target)) && preview.islandVp?.includes(String(table.scenario.island_vp)),
    `the preview says the target and the island VP ("${preview.target}", "${preview.islandVp}")`);
  check(JSON.stringify(preview.players) === JSON.stringify(countsOf('new_shores')), `the players choice offers New Shores' counts (${preview.players})`);
  const previewOut = await harborsOutside(phone, '#scenario-preview svg');
  check(preview.harbors === table.scenario.harbors.length && previewOut.length === 0,
    `the preview holds all ${preview.harbors} harbors inside its viewBox (outside: ${previewOut.join(' ') || 'none'})`);
  await phone.locator('#scenario-preview').scrollIntoViewIfNeeded();
  const seen = await inView(phone, '#scenario-preview svg');
  check(seen === 'ok', `the preview can be seen on the phone (${seen})`);
  check(await phone.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'no horizontal scroll in the lobby');
  await phone.screenshot({ path: path.join(OUT, 'sea-large-lobby-360x640.png') });

  // --- five bots; with six seated The Four Islands is greyed, and the server refuses it -------------------
  for (let seat = 1; seat < PLAYERS; seat++) {
    await phone.locator(`.seat[data-seat="${seat}"] .add-bot`).tap();
    await phone.waitForSelector(`.seat[data-seat="${seat}"] .tag.bot`);
  }
  await phone.waitForFunction(() => document.querySelector('#opt-scenario option[value="four_islands"]')?.disabled);
  offered = await options();
  check(offered.four_islands.disabled && !offered.new_shores.disabled && !offered.new_world.disabled,
    `with six seated The Four Islands is greyed, New Shores and The New World are not (${Object.entries(offered).filter(([, o]) => o.disabled).map(([v]) => v)})`);
  await phone.evaluate(() => window.catanDebug.store.send({ type: 'set_options', options: { scenario: 'four_islands', players: 4 } }));
  const refusal = await phone.waitForFunction(() => [...document.querySelectorAll('#toast-root .toast')].map((e) => e.textContent).find((x) => /seat|player/i.test(x)), null, { timeout: 5000 }).then((h) => h.jsonValue()).catch(() => null);
  const after = (await snap(phone)).room.options;
  check(!!refusal && after.scenario === 'new_shores' && after.players === PLAYERS, `The Four Islands for six seated is refused ("${refusal}"), the room stays New Shores for ${after.players}`);
  await phone.waitForFunction(() => ![...document.querySelectorAll('#toast-root .toast')].some((e) => e.getBoundingClientRect().height > 0), null, { timeout: 10000 }).catch(() => {});
  await phone.locator('#start').tap();
  await phone.waitForSelector('#game');
  await phone.waitForFunction(() => window.catanDebug.store.state.topology?.hexes?.length === 70 && window.catanDebug.store.state.doc?.game);
  const topo = await phone.evaluate(() => window.catanDebug.store.state.topology);
  log('game started');

  // --- the 70-hex board ---------------------------------------------------------------------------------
  const noToasts = () => toastsGone(phone);
  await noToasts();
  await frames(phone);
  const g0 = (await snap(phone)).game;
  check(g0.options?.board === 'sea_large' && topo.rules?.board === 'sea_large' && topo.intersections.length === 174 && topo.paths.length === 243,
    `the game is on the 5–6 sea frame (options.board ${g0.options?.board}; ${topo.hexes.length} hexes, ${topo.intersections.length} intersections, ${topo.paths.length} paths)`);
  const drawn = await phone.evaluate(() => {
    const svg = document.querySelector('#board svg.board-svg');
    const a = svg.getBoundingClientRect();
    const st = document.querySelector('#board').getBoundingClientRect();
    // The board's visible area: the svg, within its stage and the viewport.
    const area = { left: Math.max(a.left, st.left, 0), top: Math.max(a.top, st.top, 0), right: Math.min(a.right, st.right, innerWidth), bottom: Math.min(a.bottom, st.bottom, innerHeight) };
    const hexes = [...svg.querySelectorAll('.layer-sea .terrain-sea, .layer-hexes .hex')];
    const out = hexes.map((e) => [Number(e.dataset.hex), e.getBoundingClientRect()])
      .filter(([, r]) => r.left < area.left - 1 || r.top < area.top - 1 || r.right > area.right + 1 || r.bottom > area.bottom + 1).map(([id]) => id);
    return {
      sea: svg.querySelectorAll('.layer-sea .terrain-sea').length,
      land: svg.querySelectorAll('.layer-hexes .hex').length,
      ids: new Set(hexes.map((e) => e.dataset.hex)).size,
      out,
      area: [area.left, area.top, area.right, area.bottom].map(Math.round),
      harbors: svg.querySelectorAll('.layer-harbors .harbor').length,
      pirate: svg.querySelectorAll('.layer-robber .pirate').length,
    };
  });
  const seaCount = g0.board.terrain.filter((x) => x === 'sea').length;
  check(drawn.sea + drawn.land === 70 && drawn.ids === 70 && drawn.sea === seaCount, `the board draws the 70 hexes: ${drawn.land} land, ${drawn.sea} sea (the view: ${seaCount} sea)`);
  check(drawn.out.length === 0, `the whole 70-hex frame fits on the phone at first (hexes outside ${drawn.area}: ${drawn.out.join(', ') || 'none'})`);
  const boardOut = await harborsOutside(phone, '#board svg.board-svg');
  check(drawn.harbors === g0.board.harbors.length && boardOut.length === 0, `all ${drawn.harbors} harbors drawn inside the viewBox (outside: ${boardOut.join(' ') || 'none'})`);
  check(drawn.pirate === 1 && Number.isInteger(g0.board.pirate), `the pirate drawn (${drawn.pirate}, on hex ${g0.board.pirate})`);
  await phone.screenshot({ path: path.join(OUT, 'sea-large-setup-360x640.png') });

  // A pinch zooms the frame; the fit button shows it whole again.
  {
    const tokenSize = () => phone.evaluate(() => Math.min(...[...document.querySelectorAll('.layer-hexes .token-disc')].map((e) => e.getBoundingClientRect().width)));
    const fitSize = await tokenSize();
    await pinch(phone, '#board svg.board-svg');
    const zoomed = await tokenSize();
    check(zoomed >= 2.5 * fitSize && zoomed >= 28, `pinch-zoom on the 70-hex frame: number tokens from ${fitSize.toFixed(1)} to ${zoomed.toFixed(1)} px`);
    const layout = await phone.evaluate(layoutProblems);
    check(layout.length === 0, `zoomed, the instruction line, hand and actions stay in view${layout.length ? `: ${layout.join('; ')}` : ''}`);
    await phone.screenshot({ path: path.join(OUT, 'sea-large-zoomed-360x640.png') });
    await phone.tap('.zoom-buttons button:nth-child(3)');
    const fitted = await phone.evaluate(() => document.querySelector('.board-layer').getAttribute('transform'));
    check(/scale\(1(\.0+)?\)/.test(fitted), `the fit button shows the whole frame again (${fitted})`);
  }

  // --- Ana's setup taps -----------------------------------------------------------------------------------
  // Spots near the middle of the frame first: in a seeded game the unfair-game warning lies over the
  // board's top row on a phone held sideways.
  const xs = topo.intersections.map((n) => n.x);
  const ys = topo.intersections.map((n) => n.y);
  const mid = { x: (Math.min(...xs) + Math.max(...xs)) / 2, y: (Math.min(...ys) + Math.max(...ys)) / 2 };
  const far = (ids) => { const ns = ids.map((i) => topo.intersections[i]); return Math.hypot(ns.reduce((a, n) => a + n.x, 0) / ns.length - mid.x, (ns.reduce((a, n) => a + n.y, 0) / ns.length - mid.y) * 1.5); };
  const seqNow = async () => (await snap(phone)).seq;
  const movedOn = (before) => phone.waitForFunction((q) => window.catanDebug.store.state.seq > q && !window.catanDebug.store.state.pending, before);
  const tapWhenFree = (sel, what) => tapFree(phone, sel, what, check);
  // At both sizes: the layout, and every selector in view and uncovered; a screenshot of each.
  const checkView = viewChecker(phone, { sizes: SIZES, out: OUT, prefix: 'sea-large', check });
  const banner = () => phone.evaluate(() => document.querySelector('#banner .banner-text').textContent);

  const placed = { settlements: 0, pieces: 0, ships: 0 };
  const setupSettlement = async (st) => {
    const g = st.game;
    const score = (id) => topo.intersections[id].hexes.reduce((a, x) => a + (PIPS[g.board.numbers[x]] || 0), 0);
    const spots = actionsOf(st.legal).filter((a) => a.type === 'build_settlement').map((a) => a.intersection);
    const lit = await phone.$$eval('[data-spot="node"]', (els) => els.length);
    // On the coast, so that a ship may follow (R-SF3).
    const coastal = spots.filter((id) => topo.intersections[id].hexes.some((x) => g.board.terrain[x] === 'sea'));
    const pick = [...(coastal.length ? coastal : spots)].sort((a, b) => far([a]) - far([b]) || score(b) - score(a))[0];
    const sel = `[data-spot="node"][data-id="${pick}"]`;
    if (placed.settlements === 0) {
      check(lit === spots.length, `every legal setup spot is lit, and no other (${lit} of ${spots.length})`);
      await checkView('settlement', [sel, '#banner']);
    }
    const before = st.seq;
    await tapWhenFree(sel, 'a setup settlement');
    await movedOn(before);
    const now = (await snap(phone)).game.players[ANA];
    check(now.settlements.includes(pick), `Ana's tap placed setup settlement ${placed.settlements + 1} on intersection ${pick}`);
    placed.settlements++;
  };
  const setupPiece = async (st) => {
    const acts = actionsOf(st.legal);
    const ships = acts.filter((a) => a.type === 'build_ship').map((a) => a.path);
    const roads = acts.filter((a) => a.type === 'build_road').map((a) => a.path);
    const ship = ships.length > 0;
    const pick = [...(ship ? ships : roads)].sort((a, b) => far(topo.paths[a].intersections) - far(topo.paths[b].intersections))[0];
    const kind = ship ? (roads.includes(pick) ? 'either' : 'ship') : 'path';
    const sel = `[data-spot="${kind}"][data-id="${pick}"]`;
    if (placed.pieces === 0) {
      const text = await banner();
      check(/road/.test(text) && (!ship || /ship/.test(text)), `the setup instruction names the piece ("${text}")`);
      await checkView(ship ? 'ship' : 'road', [sel, '#banner']);
    }
    const before = st.seq;
    await tapWhenFree(sel, `a setup ${ship ? 'ship' : 'road'} spot`);
    if (kind === 'either') {
      await phone.waitForSelector('#piece-ship');
      await phone.tap('#piece-ship');
    }
    await movedOn(before);
    const me = (await snap(phone)).game.players[ANA];
    check((ship ? me.ships : me.roads).includes(pick), `Ana's tap placed her setup ${ship ? 'ship' : 'road'} on path ${pick}`);
    placed.pieces++;
    if (ship) placed.ships++;
  };

  for (let i = 0; i < 400 && placed.pieces < 2; i++) {
    const [st] = await settle([phone]);
    const g = st.game;
    if (g.current === ANA && g.phase === 'setup_settlement') { await setupSettlement(st); continue; }
    if (g.current === ANA && g.phase.startsWith('setup')) { await setupPiece(st); continue; }
    if (!g.phase.startsWith('setup')) break;
    await phone.waitForFunction((q) => window.catanDebug.store.state.seq > q, st.seq, { timeout: 15000 }); // the bots
  }
  log('setup:', JSON.stringify(placed));
  check(placed.settlements === 2 && placed.pieces === 2, `Ana placed both setup settlements and their pieces by tapping (${placed.settlements}, ${placed.pieces}; ${placed.ships} ships)`);
  await noToasts();
  await phone.screenshot({ path: path.join(OUT, 'sea-large-end-360x640.png') });
  run.checkErrors();
  await run.done();
} catch (e) {
  await run.done(e);
}
