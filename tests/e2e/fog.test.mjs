#!/usr/bin/env node
// Face-down hexes (R-SF10) in a real browser against the real server: The Fog Islands and Through the
// Desert. Ana hosts on a 360x640 touch phone; Bo joins on a 1280x800 desktop; Cy is a session of the
// client's own store.js in a third page, driven command by command. In the lobby the scenario picker
// names both scenarios with the player counts they are played with (the boards GET /api/rules lists:
// "The Fog Islands (3 players only)" while it has no other), and the preview draws each board
// (GET /api/boards/{id}): Through the Desert's land and sea, The Fog Islands' face-down hexes as fog,
// with the points to win; the guest's desktop shows the same. In the game the face-down hexes are fog
// (a cloud with "?", no number), Ana places her setup settlements by tapping, each with a ship (or
// road) that reaches a face-down hex: the hex turns up (hex_revealed), the board draws its terrain and
// number where the fog was and its rim glows (the fog lifting away; with reduced motion, a still
// glow), a log line says what it was and what it paid, in the phone's log dialog and on the desktop;
// gold turned up opens the gold dialog (seed 1 turns up gold with Ana's second ship). At each step the
// spot or dialog Ana needs, the instruction line, the hand and the action bar are in view and
// uncovered at 360x640 and 640x360, and the desktop's table passes the same checks at 1280x800. Then
// the desktop hosts Through the Desert with three bots: its deserts drawn without numbers, belonging
// to no island, and an island VP token on every island but the home one. Last, the phone hosts The Fog
// Islands for 4 with three bots: every harbor, the one facing the frame's edge too, lies inside the
// preview's and the game board's viewBox; before that, The New World's preview is sea and a "?" with a
// line saying its board is drawn when the game starts. Screenshots fog-*.png.
//
//   node tests/e2e/fog.test.mjs --server build/catan-server --out build/tests/e2e [--web-dir web] [--seed 1]
import path from 'node:path';
import { e2e } from './harness.mjs';
import { layoutProblems, frames, inView, harborsOutside, noToasts as toastsGone, viewChecker } from './layout-checks.mjs';
import { snap, actionsOf, tapFree } from './drive.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
};
const SEED = Number(arg('seed', '1'));
const run = e2e('fog', { timeoutMs: 170_000 });
const { check, OUT } = run;
const SIZES = [[360, 640], [640, 360]];
const RES = ['brick', 'lumber', 'wool', 'grain', 'ore'];
const t0 = Date.now();
const log = (...a) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1)}s]`, ...a);
const fogOf = (board) => board.terrain.map((x, i) => (x === 'fog' ? i : -1)).filter((i) => i >= 0);
const waitOptions = (page, want) => page.waitForFunction((w) => {
  const o = window.catanDebug.store.state.doc?.room?.options;
  return !!o && Object.entries(w).every(([k, v]) => o[k] === v);
}, want);

try {
  const base = await run.startServer();
  const rules = await (await fetch(`${base}/api/rules`)).json();
  const tables = {};
  for (const id of ['fog_islands-3', 'through_the_desert-3']) tables[id] = await (await fetch(`${base}/api/boards/${id}`)).json();
  // The counts each scenario is played with, as the server lists its boards.
  const countsOf = (sc) => [2, 3, 4, 5, 6].filter((n) => rules.boards[`${sc}-${n}`]);
  const fogCounts = countsOf('fog_islands');
  const browser = await run.launch();
  const phone = run.watch(await (await browser.newContext({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true })).newPage());
  const desk = run.watch(await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage());
  const drv = run.watch(await (await browser.newContext()).newPage());

  // --- the lobby: the scenario picker ------------------------------------------------------------------
  const { url: roomUrl, code } = await run.createRoom(phone, base, { seed: SEED, name: 'Ana', players: 3 });
  await phone.waitForSelector('#opt-scenario');
  const offered = await phone.$$eval('#opt-scenario option', (els) => els.map((e) => ({ value: e.value, text: e.textContent, disabled: e.disabled })));
  const option = (v) => offered.find((o) => o.value === v);
  check(!!option('fog_islands') && !!option('through_the_desert'), `the picker offers The Fog Islands and Through the Desert (${offered.map((o) => o.value).join(', ')})`);
  const fogLabel = option('fog_islands')?.text ?? '';
  const fogWords = fogCounts.length === 1 ? `${fogCounts[0]} players only` : `${fogCounts[0]}–${fogCounts[fogCounts.length - 1]} players`;
  check(fogLabel === `The Fog Islands (${fogWords})`, `The Fog Islands is offered with the counts it is played with: "${fogLabel}" (boards for ${fogCounts.join(', ')})`);
  check(option('through_the_desert')?.text === 'Through the Desert (3–4 players)', `Through the Desert with its counts: "${option('through_the_desert')?.text}"`);

  // Through the Desert: its board and target in the preview.
  const desert = tables['through_the_desert-3'].scenario;
  await phone.selectOption('#opt-scenario', 'through_the_desert');
  await waitOptions(phone, { scenario: 'through_the_desert', vp_target: desert.victory_target });
  await phone.waitForSelector('#scenario-preview[data-board="through_the_desert-3"] svg');
  const desertView = await phone.evaluate(() => ({
    land: document.querySelectorAll('#scenario-preview .hex-face').length,
    sea: document.querySelectorAll('#scenario-preview .sea-face').length,
    fog: document.querySelectorAll('#scenario-preview .terrain-fog').length,
    target: document.querySelector('#scenario-target')?.textContent,
    help: document.querySelector('#opt-scenario-help')?.textContent,
    islandVp: document.querySelector('#scenario-island-vp')?.textContent,
  }));
  const desertLand = desert.hexes.filter((x) => x.terrain !== 'sea').length;
  check(desertView.land === desertLand && desertView.sea === desert.hexes.length - desertLand && desertView.fog === 0,
    `Through the Desert's preview: ${desertView.land} land and ${desertView.sea} sea hexes, no fog (the table: ${desertLand} land)`);
  check(desertView.target?.includes(String(desert.victory_target)) && /desert/.test(desertView.help) && desertView.islandVp?.includes(String(desert.island_vp)),
    `its target, help and island VP are said ("${desertView.target}", "${desertView.help}", "${desertView.islandVp}")`);
  await phone.locator('#scenario-preview').scrollIntoViewIfNeeded();
  await phone.screenshot({ path: path.join(OUT, 'fog-lobby-desert-360x640.png') });

  // The Fog Islands: its face-down hexes drawn as fog.
  const fogTable = tables['fog_islands-3'].scenario;
  const fogCells = fogTable.hexes.map((x, i) => (x.fog ? i : -1)).filter((i) => i >= 0);
  await phone.selectOption('#opt-scenario', 'fog_islands');
  await waitOptions(phone, { scenario: 'fog_islands', vp_target: fogTable.victory_target });
  await phone.waitForSelector('#scenario-preview[data-board="fog_islands-3"] svg');
  const fogView = await phone.evaluate(() => ({
    fog: [...document.querySelectorAll('#scenario-preview .terrain-fog')].map((g) => ({
      hex: Number(g.dataset.hex), cloud: g.querySelectorAll('.fog-cloud').length, q: g.querySelector('.fog-q')?.textContent,
      fill: getComputedStyle(g.querySelector('.fog-face')).fill,
    })),
    sea: getComputedStyle(document.querySelector('#scenario-preview .sea-face')).fill,
    target: document.querySelector('#scenario-target')?.textContent,
    fogNote: document.querySelector('#scenario-fog')?.textContent,
    counts: document.querySelector('#opt-scenario-players')?.textContent,
    help: document.querySelector('#opt-scenario-help')?.textContent,
    players: [...document.querySelectorAll('#opt-players option')].map((o) => Number(o.value)),
  }));
  check(JSON.stringify(fogView.fog.map((x) => x.hex).sort((a, b) => a - b)) === JSON.stringify(fogCells),
    `the preview draws the ${fogCells.length} face-down hexes as fog (${fogView.fog.length})`);
  check(fogView.fog.every((x) => x.cloud === 1 && x.q === '?' && x.fill !== fogView.sea), 'each is a cloud marked "?" on mist, not the sea\'s colour');
  check(fogView.target?.includes(String(fogTable.victory_target)) && fogView.fogNote?.includes(String(fogCells.length)),
    `the preview says the target and the fog ("${fogView.target}", "${fogView.fogNote}")`);
  check(fogView.counts === `The Fog Islands: ${fogWords}.` && JSON.stringify(fogView.players) === JSON.stringify(fogCounts),
    `the picker says The Fog Islands' counts ("${fogView.counts}"), the players choice offers them (${fogView.players})`);
  check(/hidden/.test(fogView.help), `the help says what is hidden ("${fogView.help}")`);
  await phone.locator('#scenario-preview').scrollIntoViewIfNeeded();
  check(await inView(phone, '#scenario-preview svg') === 'ok', 'the preview can be seen on the phone');
  check(await phone.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'no horizontal scroll in the lobby');
  await phone.screenshot({ path: path.join(OUT, 'fog-lobby-360x640.png') });
  // A count The Fog Islands has no board for is refused, naming both.
  const outside = [2, 4, 5, 6].find((n) => !fogCounts.includes(n));
  await phone.evaluate((n) => window.catanDebug.store.send({ type: 'set_options', options: { players: n } }), outside);
  const refusal = await phone.waitForFunction(() => [...document.querySelectorAll('#toast-root .toast')].map((e) => e.textContent).find((x) => /fog_islands/.test(x)), null, { timeout: 5000 }).then((h) => h.jsonValue()).catch(() => null);
  check(!!refusal && /player/.test(refusal), `${outside} players with The Fog Islands is refused, naming both ("${refusal}")`);

  // Bo joins on the desktop: the guest's lobby names the scenario and its counts, with the preview. His
  // page reads a rules answer with The Fog Islands' 3-player board only (the rule book's), so it must
  // say "3 players only" whatever boards this server has.
  const narrowed = { ...rules, boards: Object.fromEntries(Object.entries(rules.boards).filter(([id]) => !id.startsWith('fog_islands-') || id === 'fog_islands-3')) };
  await desk.route('**/api/rules', async (route) => route.fulfill({ response: await route.fetch(), json: narrowed }));
  await desk.goto(roomUrl);
  await desk.fill('#join-name', 'Bo');
  await desk.click('#join-seat');
  await desk.waitForSelector('#scenario-preview[data-board="fog_islands-3"] svg');
  const guest = await desk.evaluate(() => ({
    shown: document.querySelector('#opt-scenario-shown')?.textContent,
    counts: document.querySelector('#opt-scenario-players')?.textContent,
    fog: document.querySelectorAll('#scenario-preview .terrain-fog').length,
  }));
  check(guest.shown?.includes('The Fog Islands') && guest.counts === 'The Fog Islands: 3 players only.' && guest.fog === fogCells.length,
    `the guest's desktop lobby: "${guest.shown}", "${guest.counts}", ${guest.fog} fog hexes`);
  await desk.locator('#scenario-preview').scrollIntoViewIfNeeded();
  await desk.screenshot({ path: path.join(OUT, 'fog-lobby-desktop-1280x800.png') });

  // Cy: a session of the client's store in a third page.
  await drv.goto(`${base}/`);
  await drv.evaluate(async (c) => {
    const { Store } = await import('/js/store.js');
    const s = new Store(c);
    s.state.token = null;
    s.connect({ type: 'join', name: 'Cy' });
    window.cy = s;
    for (let i = 0; i < 200 && !(s.state.joined && s.state.seat !== null); i++) await new Promise((r) => setTimeout(r, 25));
  }, code);
  await phone.waitForFunction(() => document.querySelectorAll('#seats .seat:not(.empty)').length === 3);
  await phone.tap('#start');
  await Promise.all([phone, desk].map((p) => p.waitForSelector('#game')));
  await drv.waitForFunction(() => !!window.cy.state.doc?.game);

  // Who is who, and how each seat is read and moved.
  const seatOf = (page, cy) => page.evaluate((c) => (c ? window.cy : window.catanDebug.store).state.seat, cy);
  const seats = new Map([[await seatOf(phone, false), { page: phone, cy: false, name: 'Ana' }], [await seatOf(desk, false), { page: desk, cy: false, name: 'Bo' }], [await seatOf(drv, true), { page: drv, cy: true, name: 'Cy' }]]);
  const ANA = await seatOf(phone, false);
  check(seats.size === 3, `three seats (Ana ${ANA})`);
  const stateOf = (seat) => {
    const a = seats.get(seat);
    return a.page.evaluate((c) => {
      const s = (c ? window.cy : window.catanDebug.store).state;
      return { seq: s.seq, game: s.doc?.game ?? null, legal: s.legal, pending: !!s.pending, log: s.log };
    }, a.cy);
  };
  const settle = async (min = 0) => {
    for (let i = 0; i < 500; i++) {
      const q = await Promise.all([...seats.keys()].map(async (x) => stateOf(x)));
      if (q.every((x) => x.seq === q[0].seq && x.seq >= min && !x.pending)) return q[0];
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('the seats did not settle');
  };
  const command = async (seat, cmd) => {
    const a = seats.get(seat);
    const before = (await stateOf(seat)).seq;
    await a.page.evaluate(({ c, cmd }) => (c ? window.cy : window.catanDebug.store).command(cmd), { c: a.cy, cmd });
    await a.page.waitForFunction(({ c, q }) => (c ? window.cy : window.catanDebug.store).state.seq > q, { c: a.cy, q: before });
    return settle(before + 1);
  };

  const topo = await phone.evaluate(() => window.catanDebug.store.state.topology);
  const g0 = (await snap(phone)).game;
  const fog0 = fogOf(g0.board);
  check(topo.hexes.length === 72 && g0.options.scenario === 'fog_islands' && JSON.stringify(fog0) === JSON.stringify(fogCells),
    `the game's view: the sea frame with the ${fog0.length} face-down hexes as "fog" (${fog0.join(', ')})`);
  check(fog0.every((hx) => g0.board.numbers[hx] === null && g0.board.islands[hx] === 0), 'a face-down hex has no number and no island');

  // What the page draws for the fog and for one hex.
  const drawnFog = (page) => page.evaluate(() => [...document.querySelectorAll('.layer-hexes .terrain-fog')].map((g) => ({
    hex: Number(g.dataset.hex), cloud: g.querySelectorAll('.fog-cloud').length, q: g.querySelector('.fog-q')?.textContent,
    token: g.querySelectorAll('.token').length, fill: getComputedStyle(g.querySelector('.fog-face')).fill,
  })));
  const drawnHex = (page, hx) => page.evaluate((id) => {
    const g = document.querySelector(`.layer-hexes .hex[data-hex="${id}"], .layer-sea .hex[data-hex="${id}"]`);
    return g ? { cls: g.getAttribute('class'), token: g.querySelector('.token-num')?.textContent ?? null } : null;
  }, hx);
  {
    const f = await drawnFog(phone);
    const colours = await phone.evaluate(() => ({
      sea: getComputedStyle(document.querySelector('.layer-sea .sea-face')).fill,
      land: [...document.querySelectorAll('.layer-hexes .hex:not(.terrain-fog) .hex-face')].map((e) => getComputedStyle(e).fill),
    }));
    check(JSON.stringify(f.map((x) => x.hex).sort((a, b) => a - b)) === JSON.stringify(fog0), `the phone draws the ${f.length} face-down hexes as fog`);
    check(f.every((x) => x.cloud === 1 && x.q === '?' && x.token === 0), 'each fog hex: a cloud marked "?", no number token');
    check(f.every((x) => x.fill !== colours.sea && !colours.land.includes(x.fill)), `the fog's colour (${f[0]?.fill}) is no terrain's: not the sea, desert or any land`);
    const desktopFog = await drawnFog(desk);
    check(desktopFog.length === fog0.length, `the desktop draws them too (${desktopFog.length})`);
  }

  // --- Ana's taps -----------------------------------------------------------------------------------------
  const noToasts = (page = phone) => toastsGone(page);
  const tapWhenFree = (sel, what) => tapFree(phone, sel, what, check);
  const tapAndSettle = async (sel, what) => {
    const before = (await snap(phone)).seq;
    await tapWhenFree(sel, what);
    await phone.waitForFunction((q) => window.catanDebug.store.state.seq > q, before);
    return settle(before + 1);
  };
  // At both sizes: the layout, and every selector in view and uncovered; a screenshot of each.
  // Sideways, the warning of these seeded games (test servers only) lies over the board's top row.
  const checkView = viewChecker(phone, {
    sizes: SIZES, out: OUT, prefix: 'fog', check,
    exempt: (sel, w, h, where) => w > h && (sel.startsWith('[data-spot') || sel.includes('data-hex')) && where === 'covered by unfair-warning',
  });
  // The desktop's table at 1280x800: the same checks, and the whole frame inside its stage.
  const checkDesk = async (step) => {
    await noToasts(desk);
    const layout = await desk.evaluate(layoutProblems);
    check(layout.length === 0, `${step} on the 1280x800 desktop: instruction line, hand and actions in view and uncovered${layout.length ? `: ${layout.join('; ')}` : ''}`);
    const fits = await desk.evaluate(() => {
      const stage = document.querySelector('#board').getBoundingClientRect();
      const b = document.querySelector('.board-layer').getBoundingClientRect();
      return b.left >= stage.left - 1 && b.top >= stage.top - 1 && b.right <= stage.right + 1 && b.bottom <= stage.bottom + 1 && b.width > stage.width * 0.6;
    });
    check(fits, `${step} on the desktop: the whole sea frame fits its stage`);
    await desk.screenshot({ path: path.join(OUT, `fog-${step}-desktop-1280x800.png`) });
  };

  const touchesFog = (board, nid) => topo.intersections[nid].hexes.some((hx) => board.terrain[hx] === 'fog');
  const reachesFog = (board, pid) => topo.paths[pid].intersections.some((nid) => touchesFog(board, nid));
  const reveals = [];
  let goldDone = false;

  // One of Ana's setup rounds: a settlement from which a path reaches the fog, then a ship (else a
  // road) that does; the hex turns up.
  const anaSetup = async (round) => {
    let st = await settle();
    const g = st.game;
    const acts = actionsOf((await snap(phone)).legal);
    const spots = acts.filter((a) => a.type === 'build_settlement').map((a) => a.intersection);
    const node = spots.find((nid) => topo.paths.some((p) => p.intersections.includes(nid) && reachesFog(g.board, p.id)));
    check(node !== undefined, `round ${round}: a setup spot of Ana's reaches the fog (${node})`);
    const nodeSel = `[data-spot="node"][data-id="${node}"]`;
    await checkView(`setup-${round}`, [nodeSel, '#banner']);
    st = await tapAndSettle(nodeSel, 'a setup settlement');
    const me = await snap(phone);
    const pieces = actionsOf(me.legal).filter((a) => (a.type === 'build_ship' || a.type === 'build_road') && reachesFog(me.game.board, a.path));
    const piece = pieces.find((a) => a.type === 'build_ship') || pieces[0];
    check(!!piece, `round ${round}: a setup ${piece?.type === 'build_ship' ? 'ship' : 'road'} of Ana's reaches the fog (path ${piece?.path})`);
    const both = actionsOf(me.legal).filter((a) => a.path === piece.path).length > 1;
    const kind = both ? 'either' : piece.type === 'build_ship' ? 'ship' : 'path';
    const pieceSel = `[data-spot="${kind}"][data-id="${piece.path}"]`;
    await checkView(`setup-piece-${round}`, [pieceSel, '#banner']);
    const fogBefore = fogOf(me.game.board);
    const logBefore = me.game ? (await stateOf(ANA)).log.length : 0;
    const before = me.seq;
    await tapWhenFree(pieceSel, 'a setup piece that reaches the fog');
    if (both) {
      await phone.waitForSelector(piece.type === 'build_ship' ? '#piece-ship' : '#piece-road');
      await phone.tap(piece.type === 'build_ship' ? '#piece-ship' : '#piece-road');
    }
    await phone.waitForFunction((q) => window.catanDebug.store.state.seq > q, before);
    // The reveal's glow, seen by a MutationObserver-free look right away (it lasts 3.5 s).
    const fx = await phone.evaluate(() => [...document.querySelectorAll('.fx-reveal')].map((e) => ({ hex: Number(e.dataset.hex), still: e.classList.contains('still'), lifting: e.querySelectorAll('.fx-reveal-fog').length })));
    await phone.screenshot({ path: path.join(OUT, `fog-reveal-${round}-360x640.png`) });
    const deskFx = await desk.waitForFunction(() => document.querySelectorAll('.fx-reveal').length > 0, null, { timeout: 3000 }).then(() => true, () => false);
    st = await settle(before + 1);
    const events = (await stateOf(ANA)).log.slice(logBefore).map((x) => x.ev);
    const ev = events.find((e) => e.type === 'hex_revealed' && e.player === ANA);
    check(!!ev, `round ${round}: Ana's ${piece.type === 'build_ship' ? 'ship' : 'road'} on path ${piece.path} turned up hex ${ev?.hex}: ${ev?.terrain} ${ev?.number ?? ''} (${JSON.stringify(ev?.resources)})`);
    if (!ev) return null;
    reveals.push(ev);
    const g2 = st.game;
    check(g2.board.terrain[ev.hex] === ev.terrain && g2.board.numbers[ev.hex] === (ev.number ?? null) && !fogOf(g2.board).includes(ev.hex) && fogBefore.includes(ev.hex),
      `the view shows hex ${ev.hex} face up as ${g2.board.terrain[ev.hex]} ${g2.board.numbers[ev.hex] ?? ''}`);
    const drawn = await drawnHex(phone, ev.hex);
    check(!!drawn && drawn.cls.includes(`terrain-${ev.terrain}`) && !drawn.cls.includes('terrain-fog') && (drawn.token ?? null) === (ev.number === null ? null : String(ev.number)),
      `the phone draws hex ${ev.hex} with its terrain and number (${drawn?.cls}, token ${drawn?.token})`);
    const fogNow = await drawnFog(phone);
    check(fogNow.length === fogOf(g2.board).length, `the fog left on the board: ${fogNow.length} hexes`);
    const glow = fx.find((x) => x.hex === ev.hex);
    check(!!glow, `the turned hex glows on Ana's phone (${JSON.stringify(fx)})`);
    check(deskFx, 'and on Bo\'s desktop');
    // The log line, in the phone's log dialog and on the desktop's log panel.
    const words = [ev.terrain === 'sea' ? 'open sea' : '', ev.number ? String(ev.number) : ''].filter(Boolean);
    const took = RES.filter((r) => ev.resources?.[r]).map((r) => `${ev.resources[r]} ${r}`).join(', ');
    const lineOk = (text, who) => !!text && text.startsWith(`${who} turned up`) && words.every((w) => text.includes(w)) && (took ? text.includes(`and took ${took}`) : !text.includes('took'));
    const phoneLine = await phone.evaluate(() => [...document.querySelectorAll('#log .ev-hex_revealed')].map((e) => e.textContent).pop());
    const deskLine = await desk.evaluate(() => [...document.querySelectorAll('#log .ev-hex_revealed')].map((e) => e.textContent).pop());
    check(lineOk(phoneLine, 'You'), `Ana's log says it: "${phoneLine}"`);
    check(lineOk(deskLine, 'Ana'), `Bo's log says it: "${deskLine}"`);
    const deskLineSeen = await desk.evaluate(() => {
      const el = [...document.querySelectorAll('#log .ev-hex_revealed')].pop();
      const r = el.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return r.top >= 0 && r.bottom <= innerHeight && !!top && el.contains(top) ? 'ok' : `at ${Math.round(r.top)}..${Math.round(r.bottom)}, under ${top?.className}`;
    });
    check(deskLineSeen === 'ok', `the line is in view in the desktop's log panel (${deskLineSeen})`);
    return { ev, fx: glow, st };
  };

  // The others' setup: a spot whose paths do not reach the fog, and a piece that does not.
  const otherSetup = async (seat) => {
    for (let i = 0; i < 2; i++) {
      const s = await stateOf(seat);
      const b = s.game.board;
      const acts = actionsOf(s.legal);
      let cmd;
      if (s.game.phase === 'setup_settlement') {
        const all = acts.filter((a) => a.type === 'build_settlement');
        cmd = all.find((a) => !topo.paths.some((p) => p.intersections.includes(a.intersection) && reachesFog(b, p.id))) || all[0];
      } else {
        const all = acts.filter((a) => a.type === 'build_road' || a.type === 'build_ship');
        cmd = all.find((a) => !reachesFog(b, a.path)) || all[0];
      }
      await command(seat, cmd);
    }
  };

  const order = [];
  for (let step = 0; step < 30; step++) {
    const st = await settle();
    const g = st.game;
    if (!g.phase.startsWith('setup') && g.phase !== 'choose_gold') break;
    if (g.phase === 'choose_gold') {
      const owes = g.players[ANA].gold_owed > 0;
      if (!owes) throw new Error('a gold choice by another seat: pick another seed');
      // R-SF10 + R-SF7: the gold turned up is chosen in the gold dialog at once.
      await phone.waitForSelector('.dialog-gold #gold-confirm');
      const text = await phone.evaluate(() => document.querySelector('#banner .banner-text').textContent);
      check(/gold fields/.test(text), `the instruction line asks for the gold ("${text}")`);
      const deskText = await desk.evaluate(() => document.querySelector('#banner .banner-text').textContent);
      check(deskText === 'Waiting for gold choices', `Bo's desktop waits ("${deskText}")`);
      await checkDesk('gold-wait');
      await checkView('gold', [...RES.map((r) => `.dialog-gold .pick-card[data-res="${r}"]`), '#gold-confirm', '#hand']);
      const handBefore = (await snap(phone)).game.me.hand;
      await phone.tap('.dialog-gold .pick-card[data-res="ore"]');
      await tapAndSettle('#gold-confirm', 'Take them');
      await phone.waitForFunction(() => window.catanDebug.store.state.doc.game.phase !== 'choose_gold', null, { timeout: 10000 });
      const hand = (await snap(phone)).game.me.hand;
      check(hand.ore === handBefore.ore + 1, `the gold turned up paid the ore Ana chose (${handBefore.ore} -> ${hand.ore})`);
      goldDone = true;
      continue;
    }
    if (g.current === ANA && g.phase === 'setup_settlement') {
      const round = order.filter((x) => x === ANA).length + 1;
      if (round === 2) await phone.emulateMedia({ reducedMotion: 'reduce' });
      const r = await anaSetup(round);
      order.push(ANA);
      if (r && round === 1) check(!r.fx.still && r.fx.lifting === 1, 'with motion, the fog lifts away over the turned hex');
      if (r && round === 2) check(r.fx.still && r.fx.lifting === 0, 'with reduced motion, a still glow and no lifting fog');
      if (round === 1) {
        // The phone's log dialog: the line in view on a phone.
        await noToasts();
        await phone.tap('#last-log');
        await phone.waitForSelector('.log-list.full .log-line');
        await frames(phone);
        const last = await phone.evaluate(() => [...document.querySelectorAll('.log-list.full .log-line')].map((e) => e.textContent).filter((x) => /turned up/.test(x)).pop());
        check(/^You turned up/.test(last ?? ''), `the phone's log dialog holds the line ("${last}")`);
        const seen = await phone.evaluate(() => {
          const el = [...document.querySelectorAll('.log-list.full .log-line')].filter((e) => /turned up/.test(e.textContent)).pop();
          const r = el.getBoundingClientRect();
          return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth;
        });
        check(seen, 'and shows it in view');
        await phone.screenshot({ path: path.join(OUT, 'fog-log-360x640.png') });
        await phone.keyboard.press('Escape');
        await phone.waitForSelector('.log-list.full', { state: 'detached' });
        await checkDesk('revealed');
      }
      continue;
    }
    if (g.current !== ANA) {
      if (g.current === [...seats.keys()].find((x) => seats.get(x).name === 'Bo') && !order.includes(g.current)) await checkDesk('setup-bo');
      await otherSetup(g.current);
      order.push(g.current);
      continue;
    }
    throw new Error(`unexpected phase ${g.phase}`);
  }
  await phone.emulateMedia({ reducedMotion: null });
  log('reveals:', reveals.map((e) => `${e.hex} ${e.terrain} ${e.number ?? ''}`).join(', '));
  check(reveals.length === 2, `both of Ana's setup pieces turned up a face-down hex (${reveals.length})`);
  check(goldDone || reveals.every((e) => e.terrain !== 'gold'), 'gold turned up was chosen in the gold dialog');
  if (SEED === 1) check(goldDone, 'seed 1: Ana\'s second ship turns up gold, chosen in the gold dialog');

  // After the setup: the board as the game goes on, on both sizes and the desktop.
  const st = await settle();
  check(!st.game.phase.startsWith('setup'), `the setup is over (${st.game.phase})`);
  const turned = reveals.map((e) => `.layer-hexes [data-hex="${e.hex}"]`).filter((_, i) => reveals[i].terrain !== 'sea');
  await checkView('after-setup', turned);
  await checkDesk('after-setup');
  const finalFog = await drawnFog(desk);
  check(finalFog.length === fogOf(st.game.board).length && finalFog.length === fog0.length - reveals.length,
    `the desktop shows ${finalFog.length} hexes still face down (${fog0.length} less the ${reveals.length} turned)`);

  // --- Through the Desert on the desktop: the land beyond the desert pays island VP (R-SF8) --------------
  await run.createRoom(desk, base, { seed: 3, name: 'Dee', players: 4 });
  await desk.waitForSelector('#opt-scenario');
  await desk.selectOption('#opt-scenario', 'through_the_desert');
  await desk.waitForSelector('#scenario-preview[data-board="through_the_desert-4"] svg');
  for (const seat of [1, 2, 3]) {
    await desk.click(`.seat[data-seat="${seat}"] .add-bot`);
    await desk.waitForSelector(`.seat[data-seat="${seat}"] .tag.bot`);
  }
  await desk.click('#start');
  await desk.waitForSelector('#game');
  await desk.waitForFunction(() => window.catanDebug.store.state.doc?.game?.options?.scenario === 'through_the_desert');
  await frames(desk);
  const dg = (await snap(desk)).game;
  const drawnDesert = await desk.evaluate(() => ({
    deserts: [...document.querySelectorAll('.layer-hexes .terrain-desert')].map((g) => ({ hex: Number(g.dataset.hex), token: g.querySelectorAll('.token').length })),
    islandVp: [...document.querySelectorAll('.island-vp')].map((e) => Number(e.dataset.island)),
    fog: document.querySelectorAll('.terrain-fog').length,
  }));
  const deserts = dg.board.terrain.map((x, i) => (x === 'desert' ? i : -1)).filter((i) => i >= 0);
  check(JSON.stringify(drawnDesert.deserts.map((x) => x.hex)) === JSON.stringify(deserts) && drawnDesert.deserts.every((x) => x.token === 0) && drawnDesert.fog === 0,
    `Through the Desert on the desktop: the ${deserts.length} desert hexes drawn, no number, no fog`);
  const homeIslands = new Set(dg.board.home.map((hx) => dg.board.islands[hx]));
  const away = [...new Set(dg.board.islands.filter((x) => x && !homeIslands.has(x)))].sort((a, b) => a - b);
  check(JSON.stringify([...drawnDesert.islandVp].sort((a, b) => a - b)) === JSON.stringify(away) && deserts.every((hx) => dg.board.islands[hx] === 0),
    `a "+${dg.board.island_vp}" token on each island beyond the desert and the sea (${drawnDesert.islandVp.length} of ${away.length}); deserts belong to no island`);
  await checkDesk('desert');

  // --- The Fog Islands for 4 on the phone: the harbor facing the frame's edge is inside the board ------
  // Each harbor's box lies within the svg's viewBox, in the lobby's preview and on the game's board
  // (at the fitted zoom), so none is cut off at the frame's edge.
  {
    tables['fog_islands-4'] = await (await fetch(`${base}/api/boards/fog_islands-4`)).json();
    await phone.setViewportSize({ width: 360, height: 640 });
    await run.createRoom(phone, base, { seed: 5, name: 'Eve', players: 4 });
    await phone.waitForSelector('#opt-scenario');
    // The New World's board is drawn when its game starts: the preview is the frame's sea and a "?",
    // with a line saying so, never a frame of land.
    await phone.selectOption('#opt-scenario', 'new_world');
    await phone.waitForSelector('#scenario-preview[data-board="new_world-4"] svg');
    const nw = await phone.evaluate(() => ({
      land: document.querySelectorAll('#scenario-preview .hex-face').length,
      sea: document.querySelectorAll('#scenario-preview .sea-face').length,
      mark: document.querySelectorAll('#scenario-preview .preview-generated').length,
      text: document.querySelector('#scenario-generated')?.textContent ?? '',
      legend: [...document.querySelectorAll('#scenario-preview .opt-help')].map((e) => e.textContent).join(' '),
    }));
    check(nw.land === 0 && nw.sea === 72 && nw.mark === 1 && /drawn for each game/.test(nw.text) && /9 harbors/.test(nw.text) && !/dealt at random/.test(nw.legend),
      `The New World's preview: sea and "?", no land, and "${nw.text}" (${JSON.stringify({ ...nw, text: undefined })})`);
    await phone.locator('#scenario-generated').scrollIntoViewIfNeeded();
    const nwSeen = await inView(phone, '#scenario-generated');
    check(nwSeen === 'ok', `the New World line is in view at 360x640 (${nwSeen})`);
    await phone.selectOption('#opt-scenario', 'fog_islands');
    await phone.waitForSelector('#scenario-preview[data-board="fog_islands-4"] svg .harbor');
    const previewOut = await harborsOutside(phone, '#scenario-preview svg');
    check(previewOut.length === 0, `the Fog Islands 4-player preview holds every harbor (outside: ${previewOut.join(' ') || 'none'})`);
    for (const seat of [1, 2, 3]) {
      await phone.locator(`.seat[data-seat="${seat}"] .add-bot`).tap();
      await phone.waitForSelector(`.seat[data-seat="${seat}"] .tag.bot`);
    }
    await phone.locator('#start').tap();
    await phone.waitForSelector('#game .board-svg .harbor');
    await frames(phone);
    const harbors = await phone.locator('#game .board-svg .harbor').count();
    const boardOut = await harborsOutside(phone, '#game .board-svg');
    check(harbors === tables['fog_islands-4'].scenario.harbors.length && boardOut.length === 0,
      `the Fog Islands 4-player board at 360x640 holds all ${harbors} harbors (outside: ${boardOut.join(' ') || 'none'})`);
    await phone.screenshot({ path: path.join(OUT, 'fog-4-harbors.png') });
  }

  run.checkErrors();
  await run.done();
} catch (e) {
  await run.done(e);
}
