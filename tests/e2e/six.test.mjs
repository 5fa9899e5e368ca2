#!/usr/bin/env node
// Six players on the 30-hex board (R-X1), in a real browser against the real server. Ana hosts on a
// touch phone that is turned and resized (360x640, 640x360, 320x568, 1440x900), Bo plays on a
// 1440x900 desktop, four bots take the other seats. The first player is chosen by dice (R-O5): the log
// says each roll. Ana places her setup pieces by tapping the highlighted spots of the large board. When
// Ana's paired build step comes (R-X6: three seats after the turn's player), at every size: the board
// lies wholly inside its part of the screen (30 hexes, 11 harbors), all six player cards are in view,
// uncovered and not overflowing, the instruction line says it is her build phase and what she may do,
// the hand and the action bar are in view and uncovered, and every action button is enabled exactly
// when the server's legal actions allow it (no roll). Bo's desktop names Ana's build phase in its
// instruction line and its log. A second room with the special building phase (R-X7) does the same
// for Ana's special build step (no trade); that room was created for 4 players and switched to 6 in
// the lobby, so its game needs the large board's topology the first snapshot did not have. Screenshots: six-<step>-<size>.png, six-<step>-desktop.png.
//
//   node tests/e2e/six.test.mjs --server build/catan-server --out build/tests/e2e [--web-dir web]
import path from 'node:path';
import { e2e } from './harness.mjs';
import { layoutProblems, frames, actionProblems } from './layout-checks.mjs';
import { snap, settle, decision, actionsOf } from './drive.mjs';

const run = e2e('six', { timeoutMs: 90_000, serverArgs: ['--bot-delay', '0'] });
const { check, OUT } = run;
const SIZES = [[360, 640], [640, 360], [320, 568], [1440, 900]];
const ANA = 0;
const t0 = Date.now();
const log = (...a) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1)}s]`, ...a);

// The board inside its stage and every player's card in view, run in the page ([] when all is well).
function tableProblems(seats) {
  const out = [];
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const rect = (el) => el.getBoundingClientRect();
  const within = (a, b, what) => {
    if (a.left < b.left - 1 || a.top < b.top - 1 || a.right > b.right + 1 || a.bottom > b.bottom + 1) {
      out.push(`${what} at ${[a.left, a.top, a.right, a.bottom].map(Math.round)} leaves ${[b.left, b.top, b.right, b.bottom].map(Math.round)}`);
    }
  };
  const view = { left: 0, top: 0, right: vw, bottom: vh };
  const stage = rect(document.querySelector('#board'));
  within(stage, view, 'the board\'s part of the screen');
  within(rect(document.querySelector('.board-layer')), stage, 'the board');
  const hexes = document.querySelectorAll('.layer-hexes .hex').length;
  const harbors = document.querySelectorAll('.layer-harbors .harbor').length;
  if (hexes !== 30 || harbors !== 11) out.push(`${hexes} hexes and ${harbors} harbors drawn`);
  const panel = document.querySelector('#players');
  const shown = rect(panel);
  const cards = [...panel.querySelectorAll('.player')];
  if (cards.length !== seats) out.push(`${cards.length} player cards`);
  for (const card of cards) {
    const r = rect(card);
    within(r, view, `player card ${card.dataset.seat}`);
    within(r, shown, `player card ${card.dataset.seat} (in the players' panel)`);
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!top || !card.contains(top)) out.push(`player card ${card.dataset.seat} is covered by ${top ? top.className || top.tagName : 'nothing'}`);
    const name = card.querySelector('.name');
    if (!name || rect(name).width < 14) out.push(`player card ${card.dataset.seat} has no room for a name`);
  }
  return out;
}


try {
  const base = await run.startServer();
  const browser = await run.launch();
  const phone = run.watch(await (await browser.newContext({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true })).newPage());
  const desk = run.watch(await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage());

  // The lobby: six seats, the paired turns shown as the 5–6 turn structure, first player by dice.
  const host = async (structure, seed, botsFrom, createWith = 6) => {
    const room = await run.createRoom(phone, base, { seed, name: 'Ana', players: createWith });
    if (createWith !== 6) await phone.selectOption('#opt-players', '6');
    await phone.waitForSelector('#opt-turn_structure');
    if (structure !== 'paired') await phone.selectOption('#opt-turn_structure', structure);
    await phone.tap('#opt-first_by_dice');
    await phone.waitForFunction((st) => { const o = window.catanDebug.store.state.doc.room.options; return o.first_by_dice === true && (o.turn_structure ?? 'paired') === st; }, structure);
    check(await phone.inputValue('#opt-turn_structure') === structure, `the lobby shows the ${structure} turn structure for 6 players`);
    for (let seat = botsFrom; seat < 6; seat++) {
      await phone.tap(`.seat[data-seat="${seat}"] .add-bot`);
      await phone.waitForSelector(`.seat[data-seat="${seat}"] .tag.bot`);
    }
    return room;
  };

  // Each page takes its decisions: Ana's setup pieces by a tap on the phone's board, the rest through
  // its session (drive.mjs), a roll whenever a roll is all there is (the first-player rolls).
  const playUntil = async (pages, until) => {
    const topology = await phone.evaluate(() => window.catanDebug.store.state.topology);
    for (let i = 0; i < 600; i++) {
      const states = await settle(pages);
      if (until(states[0])) return states;
      let moved = false;
      for (let k = 0; k < pages.length && !moved; k++) {
        const st = states[k];
        const acts = actionsOf(st.legal);
        const cmd = decision(st, topology) || (acts.length === 1 && acts[0].type === 'roll_dice' ? acts[0] : null);
        if (!cmd) continue;
        const before = st.seq;
        const tapped = k === 0 && (st.game.phase === 'setup_settlement' || st.game.phase === 'setup_road') && cmd.type.startsWith('build_');
        if (tapped) {
          const sel = cmd.type === 'build_settlement' ? `[data-spot="node"][data-id="${cmd.intersection}"]` : `[data-spot="path"][data-id="${cmd.path}"]`;
          await phone.tap(sel);
        } else await pages[k].evaluate((c) => window.catanDebug.store.command(c), cmd);
        await pages[k].waitForFunction((q) => window.catanDebug.store.state.seq > q, before);
        if (tapped) {
          const me = (await snap(phone)).game.players[ANA];
          const placed = cmd.type === 'build_settlement' ? me.settlements.includes(cmd.intersection) : me.roads.includes(cmd.path);
          if (!placed) check(false, `Ana's tap on the large board placed ${cmd.type} ${cmd.intersection ?? cmd.path}`);
          tapsPlaced++;
        }
        moved = true;
      }
      if (!moved) await pages[0].waitForFunction((q) => window.catanDebug.store.state.seq > q, states[0].seq); // a bot's move
    }
    throw new Error('the game did not reach the expected step');
  };
  let tapsPlaced = 0;

  // At every size: the table's layout, the large board, the six cards, the banner, the action bar.
  const checkpoint = async (step, banner) => {
    // What a roll or a steal showed for a moment (toasts, the stolen card, the dice) goes first.
    await phone.waitForFunction(() => ![...document.querySelectorAll('#toast-root .toast, .fx-card, #dice-fx')].some((e) => !e.hidden && e.getBoundingClientRect().height > 0), null, { timeout: 8000 });
    for (const [w, h] of SIZES) {
      await phone.setViewportSize({ width: w, height: h });
      await frames(phone);
      const size = `${w}x${h}`;
      const layout = await phone.evaluate(layoutProblems);
      check(layout.length === 0, `${step} at ${size}: instruction line, hand and actions in view and uncovered${layout.length ? `: ${layout.join('; ')}` : ''}`);
      const table = await phone.evaluate(tableProblems, 6);
      check(table.length === 0, `${step} at ${size}: the 30-hex board inside its stage, all six players in view${table.length ? `: ${table.join('; ')}` : ''}`);
      const shown = await phone.evaluate(() => ({ step: document.querySelector('#banner').dataset.step, text: document.querySelector('#banner .banner-text').textContent }));
      check(shown.step === step && shown.text === banner, `${step} at ${size}: the instruction line says "${banner}" (shows "${shown.text}", step ${shown.step})`);
      const { out, allowed } = await phone.evaluate(actionProblems);
      check(out.length === 0, `${step} at ${size}: the action bar allows what the legal actions allow (${Object.keys(allowed).filter((k) => allowed[k]).join(', ')})${out.length ? `: ${out.join('; ')}` : ''}`);
      check(!allowed.roll, `${step}: no roll in a build step`);
      if (w < 900) {
        // A tapped player's facts strip: in view, and the hand and the action bar still are.
        await phone.tap('#players .player[data-seat="4"]');
        await phone.waitForSelector('#player-detail');
        await frames(phone);
        const open = await phone.evaluate(layoutProblems);
        const head = await phone.evaluate(() => { const r = document.querySelector('#player-detail .detail-head').getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight + 0.5; });
        check(open.length === 0 && head, `${step} at ${size}: a player's facts strip open in view, the hand and the actions too${open.length ? `: ${open.join('; ')}` : ''}`);
        await phone.screenshot({ path: path.join(OUT, `six-${step}-strip-${size}.png`) });
        await phone.tap('#player-detail .detail-close');
        await phone.waitForSelector('#player-detail', { state: 'detached' });
      }
      await phone.screenshot({ path: path.join(OUT, `six-${step}-${size}.png`) });
    }
    await phone.setViewportSize({ width: 360, height: 640 });
    await frames(phone);
  };

  // --- the paired turns (R-X6), with Bo on a desktop ---------------------------------------------------
  const { url } = await host('paired', 21, 2);
  await desk.goto(url);
  await desk.fill('#join-name', 'Bo');
  await desk.click('#join-seat');
  await desk.waitForSelector('.seat.me');
  check(await desk.locator('#opt-turn_structure-shown').count() === 1, 'a guest reads the 5–6 turn structure in the lobby');
  await phone.tap('#start');
  await phone.waitForSelector('#game');
  await desk.waitForSelector('#game');
  const pages = [phone, desk];
  const topo = await phone.evaluate(() => window.catanDebug.store.state.topology);
  check(topo.hexes.length === 30 && topo.intersections.length === 80 && topo.paths.length === 109, `the topology of the 5–6 board (${topo.hexes.length} hexes, ${topo.intersections.length} intersections, ${topo.paths.length} paths)`);

  await playUntil(pages, (s) => s.game.phase === 'main' && s.game.step === 'paired_build' && s.game.current === ANA);
  log('Ana\'s paired build step');
  check(tapsPlaced === 4, `Ana placed her 2 settlements and 2 roads by tapping the large board (${tapsPlaced} taps)`);
  const firstRolls = await desk.$$eval('#log li.ev-first_roll', (els) => els.map((e) => e.textContent));
  check(firstRolls.length >= 6 && firstRolls.every((x) => /rolled \d+ (in the tie-break )?for first player\.$/.test(x)), `the log says each roll for first player (${firstRolls.length}: ${firstRolls.slice(0, 2).join(' | ')})`);
  await checkpoint('paired_build', 'Your build phase: trade with the bank, build');
  const bo = await desk.evaluate(() => document.querySelector('#banner .banner-text').textContent);
  check(bo === "Ana's build phase: bank trades, building", `Bo's instruction line names Ana's build phase ("${bo}")`);
  const boLog = await desk.$$eval('#log li.ev-build_phase_started', (els) => els.map((e) => e.textContent));
  check(boLog.includes('Ana takes the build phase: bank trades and building.'), `Bo's log tells Ana's build phase (${boLog.slice(-1)})`);
  const deskLayout = [...await desk.evaluate(layoutProblems), ...await desk.evaluate(tableProblems, 6)];
  check(deskLayout.length === 0, `Bo's desktop during Ana's build step${deskLayout.length ? `: ${deskLayout.join('; ')}` : ''}`);
  await desk.screenshot({ path: path.join(OUT, 'six-paired_build-desktop.png') });
  // Ana ends her build phase from the action bar; the step moves on.
  const before = (await snap(phone)).seq;
  await phone.tap('#actions [data-action="end"]');
  await phone.waitForFunction((q) => window.catanDebug.store.state.seq > q, before);
  const after = (await snap(phone)).game;
  check(!(after.step === 'paired_build' && after.current === ANA), `ending the build phase from the action bar (now step ${after.step}, seat ${after.current})`);

  // --- the special building phase (R-X7): Ana and five bots ---------------------------------------------
  await desk.goto('about:blank');
  // Created for 4 and switched to 6 in the lobby: the connection's first topology was the base
  // board's; the server's snapshot brings the large one (docs/protocol.md, "The board and its topology").
  await host('special_build', 22, 1, 4);
  await phone.tap('#start');
  await phone.waitForSelector('#game');
  await phone.waitForFunction(() => window.catanDebug.store.state.topology?.hexes.length === 30, null, { timeout: 5000 }).catch(() => {});
  const hexes = await phone.evaluate(() => [window.catanDebug.store.state.topology.hexes.length, document.querySelectorAll('.layer-hexes .hex').length]);
  check(hexes[0] === 30 && hexes[1] === 30, `a room switched from 4 to 6 players in its lobby plays on the drawn 30-hex board (topology ${hexes[0]}, drawn ${hexes[1]})`);
  tapsPlaced = 0;
  await playUntil([phone], (s) => s.game.phase === 'main' && s.game.step === 'special_build' && s.game.current === ANA);
  log('Ana\'s special build step');
  await checkpoint('special_build', 'Your build phase: build, buy cards');
  const trade = await phone.evaluate(() => document.querySelector('#actions [data-action="trade"]').getAttribute('aria-disabled'));
  check(trade === 'true', 'no trade in the special building phase');
  run.checkErrors();
  await run.done();
} catch (e) {
  await run.done(e);
}
