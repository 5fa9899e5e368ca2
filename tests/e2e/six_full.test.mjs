#!/usr/bin/env node
// Whole 6-player games (R-X1) in a real browser against the real server, four people and two bots,
// once with the paired turns (R-X6) and once with the special building phase (R-X7), to a low
// victory target (R-O1) so each fits the time budget. Ana hosts on a 360x640 touch phone, Bo plays on
// another 360x640 phone, Cy on a 640x360 (turned) phone, Dee on a 1440x900 desktop; bots take seats 4
// and 5. The people play only by tapping or clicking what their page offers — highlighted spots, the
// action bar, the discard and victim dialogs, the offer panel's decline — choosing among the server's
// legal actions the page holds. Along the way: the six seats are told apart without colour (each
// seat's glyph shape differs, in the lobby, the players' panel and on the board pieces); on Ana's
// phone the 30-hex board pinch-zooms (two touch points) until its number tokens are large, and the
// fit button restores it; the first time each person's build step comes, their instruction line
// announces it, the action bar allows exactly what the legal actions allow, what they need is in
// view and uncovered, and every other person's page names the builder's build phase; at the end
// every page shows the winner panel with the same winner. Screenshots: six_full-*.png.
//
//   node tests/e2e/six_full.test.mjs --server build/catan-server --out build/tests/e2e [--web-dir web]
import path from 'node:path';
import { e2e } from './harness.mjs';
import { layoutProblems, frames, actionProblems } from './layout-checks.mjs';
import { snap, settle, act, actionsOf } from './drive.mjs';

const run = e2e('six_full', { timeoutMs: 320_000, serverArgs: ['--bot-delay', '0'] });
const { check, OUT } = run;
const VP = 3; // R-O1's lowest target: a settlement or a city more than the setup's two settlements
const t0 = Date.now();
const log = (...a) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1)}s]`, ...a);
const PIPS = { 2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1 };

// Tap on a touch page, click on the desktop.
async function press(page, selector) {
  const loc = page.locator(selector).first();
  if (page.touch) await loc.tap();
  else await loc.click();
}

// The shape of a seat glyph without its colour or position: its element and, for a path, how many
// drawing commands it has (circle, triangle, square, diamond, cross and star all differ).
function glyphShapes(selector) {
  return [...document.querySelectorAll(selector)].map((el) => {
    const shape = [...el.children].filter((c) => ['circle', 'path', 'rect', 'polygon'].includes(c.tagName)).pop();
    const d = shape?.getAttribute('d');
    return { seat: el.dataset.seat ?? el.closest('[data-seat]')?.dataset.seat, shape: shape ? `${shape.tagName}${d ? `:${(d.match(/[a-z]/gi) || []).length}` : ''}` : 'none' };
  });
}

// The production chips on the board after a roll (whose cards a hex paid): each chip's seat and the
// shape drawn on it besides its background.
function chipShapes() {
  return [...document.querySelectorAll('.fx-hex-chip')].map((chip) => {
    const shape = [...chip.children].filter((c) => ['circle', 'path', 'rect', 'polygon'].includes(c.tagName)).slice(1).pop();
    const d = shape?.getAttribute('d');
    return { seat: chip.dataset.seat, shape: shape ? `${shape.tagName}${d ? `:${(d.match(/[a-z]/gi) || []).length}` : ''}` : 'none' };
  });
}

// Of the ids of highlighted spots of a kind, those whose centre is not covered by something else
// (on a turned phone the unfair-game warning of these seeded test games lies over the board's top
// row): a person taps only what they can reach.
function uncovered([kind, ids]) {
  return ids.filter((id) => {
    const el = document.querySelector(`[data-spot="${kind}"][data-id="${id}"]`);
    if (!el) return false;
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return top && el.contains(top);
  });
}


const noFlash = (page) => page.waitForFunction(() => ![...document.querySelectorAll('#toast-root .toast, .fx-card, #dice-fx')].some((e) => !e.hidden && e.getBoundingClientRect().height > 0), null, { timeout: 8000 });
const nextSeq = (page, q) => page.waitForFunction((s) => window.catanDebug.store.state.seq > s, q);

try {
  const base = await run.startServer();
  const browser = await run.launch();
  const open = async (label, viewport, touch) => {
    const ctx = await browser.newContext({ viewport, hasTouch: touch, isMobile: touch });
    const page = run.watch(await ctx.newPage());
    page.label = label;
    page.touch = touch;
    return page;
  };
  const ana = await open('Ana (360x640)', { width: 360, height: 640 }, true);
  const bo = await open('Bo (360x640)', { width: 360, height: 640 }, true);
  const cy = await open('Cy (640x360)', { width: 640, height: 360 }, true);
  const dee = await open('Dee (1440x900)', { width: 1440, height: 900 }, false);
  const people = [ana, bo, cy, dee];
  const NAMES = ['Ana', 'Bo', 'Cy', 'Dee'];

  // The lobby: Ana creates a 6-seat room with the target and the turn structure, the three others
  // join by the room's link, two bots take the last seats, Ana starts.
  const lobby = async (structure, seed) => {
    const { url } = await run.createRoom(ana, base, { seed, name: 'Ana', players: 6 });
    await ana.selectOption('#opt-vp', String(VP));
    await ana.waitForSelector('#opt-turn_structure');
    if (structure !== 'paired') await ana.selectOption('#opt-turn_structure', structure);
    await ana.waitForFunction(([vp, st]) => { const o = window.catanDebug.store.state.doc.room.options; return o.vp_target === vp && (o.turn_structure ?? 'paired') === st; }, [VP, structure]);
    for (const [k, page] of people.entries()) {
      if (k === 0) continue;
      await page.goto(url);
      await page.fill('#join-name', NAMES[k]);
      await press(page, '#join-seat');
      await page.waitForSelector('.seat.me');
    }
    for (const seat of [4, 5]) {
      await press(ana, `.seat[data-seat="${seat}"] .add-bot`);
      await ana.waitForSelector(`.seat[data-seat="${seat}"] .tag.bot`);
    }
    await settle(people);
    const seats = await Promise.all(people.map((p) => snap(p).then((s) => s.seat)));
    check(seats.join() === '0,1,2,3', `the four people hold seats 0-3 (${seats.join()})`);
    const lobbyGlyphs = await dee.evaluate(glyphShapes, '.seat .seat-badge');
    return { lobbyGlyphs };
  };

  // The six seats apart without colour: one glyph shape per seat, the same wherever the seat is shown.
  const panelShape = new Map(); // seat -> its glyph's shape in the players' panel
  const chipsSeen = [];
  const glyphCheck = async (page, where, found) => {
    if (where.includes('players')) for (const { seat, shape } of found) panelShape.set(seat, shape);
    const bySeat = new Map();
    for (const { seat, shape } of found) {
      if (!bySeat.has(seat)) bySeat.set(seat, new Set());
      bySeat.get(seat).add(shape);
    }
    const shapes = [...bySeat.values()].map((s) => [...s].join('|'));
    const ok = bySeat.size === 6 && shapes.every((s) => !s.includes('|') && s !== 'none') && new Set(shapes).size === 6;
    check(ok, `${page.label}: the six seats have six different glyph shapes ${where} (${[...bySeat].map(([s, v]) => `${s}=${[...v].join('|')}`).join(' ')})`);
  };

  // Pinch-zoom on the 30-hex board with two touch points (DevTools protocol), then the fit button.
  const pinch = async (page) => {
    const tokenSize = () => page.evaluate(() => Math.min(...[...document.querySelectorAll('.layer-hexes .token-disc, .token .token-disc')].map((e) => e.getBoundingClientRect().width)));
    const fitSize = await tokenSize();
    await noFlash(page);
    const box = await page.locator('#board svg.board-svg').boundingBox();
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    const cdp = await page.context().newCDPSession(page);
    const touch = (type, pts) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: pts.map(([px, py], id) => ({ x: px, y: py, id })) });
    await touch('touchStart', [[x - 20, y], [x + 20, y]]);
    for (let i = 1; i <= 8; i++) await touch('touchMove', [[x - 20 - i * 12, y], [x + 20 + i * 12, y]]);
    await touch('touchEnd', []);
    await cdp.detach();
    const transform = await page.evaluate(() => document.querySelector('.board-layer').getAttribute('transform'));
    const k = Number(/scale\(([0-9.]+)\)/.exec(transform || '')?.[1] || 1);
    const zoomedSize = await tokenSize();
    check(k > 2, `${page.label}: pinch-zoom scales the 30-hex board (x${k.toFixed(2)})`);
    check(zoomedSize >= 2 * fitSize && zoomedSize >= 28, `${page.label}: zoomed in, the number tokens grow from ${fitSize.toFixed(1)} to ${zoomedSize.toFixed(1)} px`);
    const layout = await page.evaluate(layoutProblems);
    check(layout.length === 0, `${page.label}: zoomed, the instruction line, hand and actions stay in view and uncovered${layout.length ? `: ${layout.join('; ')}` : ''}`);
    await page.screenshot({ path: path.join(OUT, 'six_full-zoomed-360x640.png') });
    await press(page, '.zoom-buttons button:nth-child(3)');
    await page.waitForFunction(() => /scale\(1(\.0+)?\)/.test(document.querySelector('.board-layer').getAttribute('transform')), null, { timeout: 3000 }).catch(() => {});
    const fitted = await page.evaluate(() => document.querySelector('.board-layer').getAttribute('transform'));
    check(/scale\(1(\.0+)?\)/.test(fitted), `${page.label}: the fit button shows the whole board again (${fitted})`);
  };

  // The first build step of each person: announced on their page and on every other person's.
  const announced = new Set();
  const buildStep = async (page, st, structure) => {
    const key = `${structure}:${page.label}`;
    if (announced.has(key)) return;
    announced.add(key);
    const step = st.game.step;
    const me = NAMES[st.seat];
    await noFlash(page);
    await frames(page);
    const own = await page.evaluate(() => ({ step: document.querySelector('#banner').dataset.step, text: document.querySelector('#banner .banner-text').textContent }));
    const mine = step === 'paired_build' ? 'Your build phase: trade with the bank, build' : 'Your build phase: build, buy cards';
    check(own.step === step && own.text === mine, `${page.label}: the instruction line announces the ${step} step ("${own.text}")`);
    const layout = await page.evaluate(layoutProblems);
    check(layout.length === 0, `${page.label} in its ${step} step: instruction line, hand and actions in view and uncovered${layout.length ? `: ${layout.join('; ')}` : ''}`);
    const actions = (await page.evaluate(actionProblems)).out;
    check(actions.length === 0, `${page.label} in its ${step} step: the action bar allows exactly the legal actions${actions.length ? `: ${actions.join('; ')}` : ''}`);
    const theirs = step === 'paired_build' ? `${me}'s build phase: bank trades, building` : `${me}'s build phase: building, buying cards`;
    const line = step === 'paired_build' ? `${me} takes the build phase: bank trades and building.` : `${me} may build now (special building phase).`;
    for (const other of people.filter((p) => p !== page)) {
      const text = await other.evaluate(() => document.querySelector('#banner .banner-text').textContent);
      check(text === theirs, `${other.label} names ${me}'s ${step} step ("${text}")`);
      if (other === dee) { // the desktop shows its log beside the board (a phone opens it as a dialog)
        const logged = await dee.$$eval('#log li.ev-build_phase_started', (els) => els.map((e) => e.textContent));
        check(logged.includes(line), `${other.label}'s log tells "${line}"`);
      }
    }
    await page.screenshot({ path: path.join(OUT, `six_full-${step}-${page.label.split(' ')[0]}.png`) });
  };

  // One decision of the person whose page must act, by a tap or click on what the page offers.
  const personTurn = async (page, st, topology) => {
    const g = st.game;
    const acts = actionsOf(st.legal);
    const reachable = async (kind, options, key) => {
      const ok = new Set(await page.evaluate(uncovered, [kind, options.map((a) => a[key])]));
      const out = options.filter((a) => ok.has(a[key]));
      if (!out.length) throw new Error(`${page.label}: every ${kind} spot offered is covered`);
      return out;
    };
    const find = (type) => acts.filter((a) => a.type === type);
    if (g.phase === 'setup_settlement') {
      const score = (id) => topology.intersections[id].hexes.reduce((a, h) => a + (PIPS[g.board.numbers[h]] || 0), 0);
      const best = (await reachable('node', find('build_settlement'), 'intersection')).sort((a, b) => score(b.intersection) - score(a.intersection) || a.intersection - b.intersection)[0];
      return act(people, page, () => press(page, `[data-spot="node"][data-id="${best.intersection}"]`));
    }
    if (g.phase === 'setup_road' || g.phase === 'road_building') {
      await page.waitForSelector('[data-spot="path"]');
      const [road] = await reachable('path', find('build_road'), 'path');
      return act(people, page, () => press(page, `[data-spot="path"][data-id="${road.path}"]`));
    }
    if (g.phase === 'pre_roll') {
      await page.waitForSelector('[data-action="roll"][aria-disabled="false"]');
      const states = await act(people, page, () => press(page, '[data-action="roll"]'));
      for (const p of [ana, dee]) {
        const chips = await p.evaluate(chipShapes);
        if (chips.length && p === dee && !chipsSeen.some((c) => c.page === dee.label)) {
          await dee.waitForFunction(() => document.querySelectorAll('.fx-hex-chip').length === 0 || [...document.querySelectorAll('.fx-hex-chip')].every((c) => c.getAnimations().every((a) => a.playState === 'finished')));
          await dee.screenshot({ path: path.join(OUT, 'six_full-production-desktop.png') });
        }
        chipsSeen.push(...chips.map((c) => ({ ...c, page: p.label })));
      }
      return states;
    }
    if (g.phase === 'move_robber') {
      await page.waitForSelector('[data-spot="hex"]');
      const opts = await reachable('hex', find('move_robber'), 'hex');
      const pick = opts.find((a) => a.victim !== undefined && a.victim !== null) || opts[0];
      const sameHex = opts.filter((a) => a.hex === pick.hex && a.victim !== undefined && a.victim !== null);
      return act(people, page, async () => {
        await press(page, `[data-spot="hex"][data-id="${pick.hex}"]`);
        if (sameHex.length > 1) {
          await page.waitForSelector('[data-dialog="victim"]');
          await press(page, `.victim[data-victim="${pick.victim}"]`);
        }
      });
    }
    if (g.phase === 'main') {
      const city = find('build_city')[0];
      const settlement = find('build_settlement')[0];
      const road = find('build_road')[0];
      const mine = g.players.find((p) => p.seat === st.seat);
      if (city || settlement) {
        const kind = city ? 'city' : 'node';
        await press(page, `[data-action="${city ? 'city' : 'settlement'}"]`);
        await page.waitForSelector(`[data-spot="${kind}"]`);
        const [pick] = await reachable(kind, find(city ? 'build_city' : 'build_settlement'), 'intersection');
        return act(people, page, () => press(page, `[data-spot="${kind}"][data-id="${pick.intersection}"]`));
      }
      if (road && mine.roads.length < 6) {
        await press(page, '[data-action="road"]');
        await page.waitForSelector('[data-spot="path"]');
        const [pick] = await reachable('path', find('build_road'), 'path');
        return act(people, page, () => press(page, `[data-spot="path"][data-id="${pick.path}"]`));
      }
      await page.waitForSelector('[data-action="end"][aria-disabled="false"]');
      return act(people, page, () => press(page, '[data-action="end"]'));
    }
    throw new Error(`${page.label}: no way to act in phase ${g.phase}`);
  };

  // A discard: the page's dialog, its most plentiful cards, confirm.
  const discard = async (page, st) => {
    const owed = st.game.players.find((x) => x.seat === st.seat).discard_owed;
    await page.waitForSelector('[data-dialog="discard"]');
    const hand = { ...st.game.me.hand };
    for (let i = 0; i < owed; i++) {
      const r = Object.keys(hand).sort((a, b) => hand[b] - hand[a] || a.localeCompare(b))[0];
      hand[r]--;
      await press(page, `[data-dialog="discard"] .stepper[data-res="${r}"] .inc`);
    }
    return act(people, page, () => press(page, '#discard-confirm'));
  };

  const game = async (structure, seed) => {
    const started = Date.now();
    const { lobbyGlyphs } = await lobby(structure, seed);
    await press(ana, '#start');
    await Promise.all(people.map((p) => p.waitForSelector('#game')));
    const topology = await ana.evaluate(() => window.catanDebug.store.state.topology);
    check(topology.hexes.length === 30, `${structure}: the game is on the server's 30-hex topology`);
    const drawn = await Promise.all(people.map((p) => p.evaluate(() => document.querySelectorAll('.layer-hexes .hex').length)));
    check(drawn.every((n) => n === 30), `${structure}: every page draws the 30 hexes (${drawn.join(', ')})`);
    if (structure === 'paired') await glyphCheck(dee, 'in the lobby', lobbyGlyphs);
    let zoomed = structure !== 'paired';
    let glyphsOnBoard = structure !== 'paired';
    const bySeat = new Map(people.map((p, k) => [k, p]));
    let decisions = 0;
    const ownTurn = new Set();
    for (let i = 0; i < 3000; i++) {
      const states = await settle(people);
      const g = states[0].game;
      if (g.phase === 'game_over') break;
      if (!glyphsOnBoard && !g.phase.startsWith('setup')) {
        glyphsOnBoard = true;
        for (const p of [ana, dee]) {
          await glyphCheck(p, 'in the players\' panel', await p.evaluate(glyphShapes, '#players .player[data-seat] .seat-badge'));
          await glyphCheck(p, 'on the board\'s settlements', await p.evaluate(glyphShapes, '.layer-buildings [data-seat]'));
        }
        await glyphCheck(dee, 'in the log', await dee.evaluate(glyphShapes, '#log li.log-line .seat-badge'));
      }
      // A bot's offer to a person: declined from the offer panel.
      const offered = states.findIndex((st) => actionsOf(st.legal).some((a) => a.type === 'decline_trade'));
      if (offered >= 0) {
        const page = people[offered];
        await act(people, page, () => press(page, '#offer-decline'));
        decisions++;
        continue;
      }
      if (g.phase === 'discard') {
        const owing = states.findIndex((st) => (st.game.players.find((x) => x.seat === st.seat)?.discard_owed || 0) > 0);
        if (owing >= 0) {
          await discard(people[owing], states[owing]);
          decisions++;
        } else await nextSeq(ana, states[0].seq); // the bots discard
        continue;
      }
      const page = bySeat.get(g.current);
      if (!page) {
        await nextSeq(ana, states[0].seq); // a bot's move
        continue;
      }
      const st = states[g.current];
      if (!zoomed && page === ana && g.phase === 'pre_roll') {
        zoomed = true;
        await pinch(ana);
      }
      if (g.step === 'paired_build' || g.step === 'special_build') await buildStep(page, st, structure);
      else if (g.phase === 'main' && !ownTurn.has(page)) {
        ownTurn.add(page); // the first own turn after a roll: what the player needs is in view
        await noFlash(page);
        const layout = await page.evaluate(layoutProblems);
        const actions = (await page.evaluate(actionProblems)).out;
        check(layout.length === 0 && actions.length === 0, `${structure}: ${page.label}'s own turn: instruction line, hand and actions in view and uncovered, the action bar as legal${[...layout, ...actions].length ? `: ${[...layout, ...actions].join('; ')}` : ''}`);
      }
      await personTurn(page, st, topology);
      decisions++;
    }
    const end = await settle(people);
    const g = end[0].game;
    check(g.phase === 'game_over', `${structure}: the game ended (turn ${g.turn}, ${decisions} decisions by the people, ${((Date.now() - started) / 1000).toFixed(1)} s)`);
    log(`${structure}: over at turn ${g.turn}, winner seat ${g.winner}`);
    for (const name of NAMES) check(announced.has(`${structure}:${people[NAMES.indexOf(name)].label}`), `${structure}: ${name}'s build step came and was announced`);
    // Every page shows the same winner.
    await Promise.all(people.map((p) => p.waitForSelector('#winner')));
    const winnerName = g.winner < 4 ? NAMES[g.winner] : null; // the bots' names are the server's
    const shown = await Promise.all(people.map((p) => p.evaluate(() => ({
      seat: window.catanDebug.store.state.doc.game.winner,
      text: document.querySelector('#winner h2')?.textContent || '',
    }))));
    check(shown.every((x) => x.seat === g.winner), `${structure}: every page's game has winner seat ${g.winner}`);
    // The winner reads "You win!", everyone else the winner's name.
    const headline = shown.map((x) => x.text);
    const others = headline.filter((_, k) => k !== g.winner);
    check(others.every((x) => x === others[0] && x.length > 0) && (!winnerName || others[0].includes(winnerName)),
      `${structure}: every page's winner panel names the same winner (${headline.join(' | ')})`);
    if (winnerName) check(headline[g.winner] === 'You win!', `${structure}: ${winnerName}'s own page says "You win!" (${headline[g.winner]})`);
    for (const p of people) {
      await noFlash(p);
      const layout = await p.evaluate(layoutProblems);
      check(layout.length === 0, `${structure}: ${p.label}'s winner panel in view${layout.length ? `: ${layout.join('; ')}` : ''}`);
    }
    await ana.screenshot({ path: path.join(OUT, `six_full-${structure}-winner-360x640.png`) });
    await cy.screenshot({ path: path.join(OUT, `six_full-${structure}-winner-640x360.png`) });
  };

  await game('paired', 6101);
  await game('special_build', 6102);
  // Who a hex paid is told by the glyph as well as the colour (the chips last 4 s, past the roll).
  const wrong = chipsSeen.filter((c) => c.shape !== panelShape.get(c.seat));
  check(chipsSeen.length > 0 && wrong.length === 0, `the production chips after the people's rolls carry their seat's glyph (${chipsSeen.length} chips seen, of seats ${[...new Set(chipsSeen.map((c) => c.seat))].sort().join(',')})${wrong.length ? `: ${wrong.slice(0, 4).map((c) => `seat ${c.seat} shows ${c.shape} on ${c.page}`).join('; ')}` : ''}`);
  log('done');
  run.checkErrors();
  await run.done();
} catch (e) {
  await run.done(e);
}
