#!/usr/bin/env node
// Trading and the table facts in a real browser (Debian's chromium through playwright-core). A seeded
// 4-seat room: Ana on a 360x640 touch phone (host, seat 0), Bo on a 1440x900 desktop, Cy on a 320x568
// touch phone in Japanese, and a basic bot. The game is moved along through each page's own session
// (tests/e2e/drive.mjs); what is under test is done by tapping:
//   - the table facts: bank counts, development cards left, pieces left, road length, knights, cards and
//     development cards of every player, on the desktop at once and on the phone by tapping a player;
//     at 320 px no player card overflows and every name keeps room to be read;
//   - a domestic offer picked by tapping cards (no +/- steppers), made to Bo only: the others show as
//     "not asked", never "declined"; the phone's offer panel stays compact with the hand in view;
//   - Bo counters in one step, inside the offer panel (prefilled with the offer inverted, edited by
//     tapping, sent), and Ana takes the counter;
//   - quick bank trades: one button per legal `bank_trade` the server lists, at the ratio it costs.
//
//   node tests/e2e/trade.test.mjs --server build/catan-server --out build/tests/e2e [--web-dir web]
import path from 'node:path';
import { e2e } from './harness.mjs';
import { snap, settle, act, actionsOf, playUntil } from './drive.mjs';

const run = e2e('trade', { timeoutMs: 90_000, serverArgs: ['--bot-delay', '0'] });
const { check, OUT } = run;
const RES = ['brick', 'lumber', 'wool', 'grain', 'ore'];

// 'ok' when the element is wholly inside the viewport and nothing covers its middle.
const inView = (page, sel) => page.evaluate((s) => {
  const el = document.querySelector(s);
  if (!el) return 'missing';
  const r = el.getBoundingClientRect();
  if (!(r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5)) {
    return `at ${Math.round(r.left)},${Math.round(r.top)} size ${Math.round(r.width)}x${Math.round(r.height)} in ${innerWidth}x${innerHeight}`;
  }
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return top && el.contains(top) ? 'ok' : `covered by ${top?.className?.baseVal ?? top?.className}`;
}, sel);

// The facts shown for each player ([data-fact] inside the player's card or detail), as numbers.
const factsShown = (page, scope) => page.evaluate((sc) => {
  const out = {};
  for (const el of document.querySelectorAll(`${sc} [data-fact]`)) {
    const holder = el.closest('[data-seat], [data-table]');
    const seat = !holder || 'table' in holder.dataset ? 'table' : holder.dataset.seat;
    const visible = el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    (out[seat] ||= {})[el.dataset.fact] = visible ? Number(el.querySelector('b')?.textContent ?? el.textContent) : 'hidden';
  }
  return out;
}, scope);

function expectedFacts(g) {
  const out = { table: { dev_deck: g.dev_deck } };
  for (const r of RES) out.table[`bank_${r}`] = g.bank[r];
  for (const p of g.players) {
    out[p.seat] = {};
    for (const k of ['cards', 'dev_cards', 'knights', 'road_length', 'settlements_left', 'cities_left', 'roads_left']) out[p.seat][k] = p[k];
  }
  return out;
}
const same = (shown, want, seats) => seats.every((s) => Object.entries(want[s]).every(([k, v]) => shown[s]?.[k] === v));
const diff = (shown, want, seats) => seats.flatMap((s) => Object.entries(want[s]).filter(([k, v]) => shown[s]?.[k] !== v).map(([k, v]) => `${s}.${k}: ${shown[s]?.[k]} != ${v}`)).slice(0, 6).join(', ');

try {
  const base = await run.startServer();
  const browser = await run.launch();
  const phone = { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true };
  const ana = run.watch(await (await browser.newContext(phone)).newPage());
  const bo = run.watch(await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage());
  const cy = run.watch(await (await browser.newContext({ viewport: { width: 320, height: 568 }, hasTouch: true, isMobile: true, locale: 'ja-JP' })).newPage());

  const { url } = await run.createRoom(ana, base, { seed: 21, name: 'Ana', players: 4 });
  for (const [p, name] of [[bo, 'Bo'], [cy, 'Cy']]) {
    await p.goto(url);
    await p.fill('#join-name', name);
    await p.click('#join-seat');
    await p.waitForSelector('#room-code');
  }
  await ana.waitForFunction(() => document.querySelectorAll('#seats .seat:not(.empty)').length === 3);
  await ana.tap('.seat[data-seat="3"] .add-bot');
  await ana.waitForSelector('.seat[data-seat="3"] .tag.bot');
  await ana.tap('#start');
  const pages = [ana, bo, cy];
  await Promise.all(pages.map((p) => p.waitForSelector('#game')));
  const topology = await ana.evaluate(() => window.catanDebug.store.state.topology);
  const seatOf = new Map();
  for (const p of pages) seatOf.set(p, (await snap(p)).seat);
  check(seatOf.get(ana) === 0 && seatOf.get(bo) === 1 && seatOf.get(cy) === 2, 'Ana, Bo and Cy hold seats 0, 1 and 2; a bot seat 3');

  // Ana's first turn after the setup, rolled.
  let states = await playUntil(pages, topology, (st) => st.game.phase === 'main' && st.game.current === 0);
  let g = states[0].game;

  // --- table facts -------------------------------------------------------------------------------------
  const want = expectedFacts(g);
  const seats = ['0', '1', '2', '3'];
  const desk = await factsShown(bo, '#players');
  check(same(desk, want, ['table', ...seats]), `the desktop shows every table fact at once (bank, deck, each player's cards, development cards, knights, road, pieces left)${same(desk, want, ['table', ...seats]) ? '' : `: ${diff(desk, want, ['table', ...seats])}`}`);
  check(await inView(bo, '#table-facts') === 'ok', `the desktop's bank and deck line is in view (${await inView(bo, '#table-facts')})`);

  await ana.tap('#players .player[data-seat="1"]');
  await ana.waitForSelector('#player-detail[data-seat="1"]', { timeout: 3000 }).catch(() => {});
  const tapped = await factsShown(ana, '#player-detail');
  const detailWant = { 1: want[1], table: want.table };
  check(same(tapped, detailWant, ['1', 'table']), `on the phone, tapping Bo's card shows his facts and the bank's${same(tapped, detailWant, ['1', 'table']) ? '' : `: ${diff(tapped, detailWant, ['1', 'table'])}`}`);
  check(await inView(ana, '#player-detail') === 'ok', `the phone's player detail is in view (${await inView(ana, '#player-detail')})`);
  await ana.screenshot({ path: path.join(OUT, 'table-facts-phone.png') });
  await ana.tap('#players .player[data-seat="1"]');
  check(await ana.waitForSelector('#player-detail', { state: 'detached', timeout: 3000 }).then(() => true, () => false), 'tapping the card again folds the detail away');

  // 320 px, Japanese: no player card overflows, every name keeps room.
  const cards = await cy.evaluate(() => [...document.querySelectorAll('#players .player')].map((el) => {
    const r = el.getBoundingClientRect();
    const out = [...el.querySelectorAll('*')].filter((c) => c.getClientRects().length).map((c) => c.getBoundingClientRect())
      .filter((c) => c.right > r.right + 0.5 || c.left < r.left - 0.5 || c.bottom > r.bottom + 0.5).length;
    const name = el.querySelector('.name')?.getBoundingClientRect().width ?? 0;
    return { seat: el.dataset.seat, overflow: el.scrollWidth > el.clientWidth + 0.5 || out > 0, name: Math.round(name), right: r.right };
  }));
  const bad = cards.filter((c) => c.overflow || c.name < 20 || c.right > 320.5);
  check(cards.length === 4 && bad.length === 0, `at 320 px (Japanese) no player card overflows and every name has room${bad.length ? `: ${JSON.stringify(bad)}` : ''}`);
  check(await cy.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'no horizontal scroll at 320 px');
  await cy.screenshot({ path: path.join(OUT, 'players-320.png') });

  // --- an offer picked by tapping, to Bo only ----------------------------------------------------------
  const hand = g.me ? g.me.hand : (await snap(ana)).game.me.hand;
  const boHand = (await snap(bo)).game.me.hand;
  const give = RES.filter((r) => hand[r] > 0).sort((a, b) => hand[b] - hand[a])[0];
  const get = RES.find((r) => r !== give && boHand[r] > 0);
  check(!!give && !!get, `Ana has ${give} to give and Bo has ${get}`);
  await ana.tap('[data-action="trade"]');
  await ana.waitForSelector('[data-dialog="trade"]');
  if (await ana.locator('#tab-players').count()) await ana.tap('#tab-players');
  await ana.waitForSelector('.picker[data-name="give"]', { timeout: 3000 }).catch(() => {});
  check(await ana.locator('[data-dialog="trade"] .stepper, [data-dialog="trade"] .step').count() === 0, 'the offer editor has no +/- steppers');
  const pick = (p, side, r) => p.tap(`.picker[data-name="${side}"] .pick-card[data-res="${r}"]`);
  const picked = (p, side) => p.evaluate((sd) => Object.fromEntries([...document.querySelectorAll(`.picker[data-name="${sd}"] .picked[data-res]`)].map((e) => [e.dataset.res, Number(e.dataset.count)])), side);
  if (await ana.locator('.picker[data-name="give"]').count()) {
    await pick(ana, 'give', give);
    if (hand[give] > 1) await pick(ana, 'give', give);
    const two = await picked(ana, 'give');
    check(two[give] === Math.min(2, hand[give]), `tapping a card in "you give" adds one each time (${JSON.stringify(two)})`);
    const over = await ana.locator(`.picker[data-name="give"] .pick-card[data-res="${give}"]`).isDisabled();
    check(hand[give] > 2 || over, 'a card cannot be picked more often than it is held');
    if (hand[give] > 1) {
      await ana.tap(`.picker[data-name="give"] .picked[data-res="${give}"]`);
      check((await picked(ana, 'give'))[give] === 1, 'tapping a picked card takes one back');
    }
    await pick(ana, 'want', get);
    check(JSON.stringify(await picked(ana, 'want')) === JSON.stringify({ [get]: 1 }), 'tapping a card in "you want" picks it');
    const small = await ana.evaluate(() => [...document.querySelectorAll('[data-dialog="trade"] .pick-card, [data-dialog="trade"] .picked, [data-dialog="trade"] .to')]
      .map((e) => e.getBoundingClientRect()).filter((r) => r.width < 40 || r.height < 40).length);
    check(small === 0, `every card and seat button in the editor is at least 40 px (${small} smaller)`);
    await ana.screenshot({ path: path.join(OUT, 'trade-pick-phone.png') });
    await ana.tap('.to[data-seat="1"]');
    states = await act(pages, ana, () => ana.tap('#offer-send'));
  } else {
    // The old steppers, so that what follows the offer is checked on the old client too.
    await ana.tap(`.steppers[data-name="give"] .stepper[data-res="${give}"] .inc`);
    await ana.tap(`.steppers[data-name="want"] .stepper[data-res="${get}"] .inc`);
    await ana.tap('.to[data-seat="1"]');
    states = await act(pages, ana, () => ana.tap('#offer-send'));
  }
  g = states[0].game;
  check(!!g.offer && g.offer.to === 1 && g.offer.give[give] === 1 && g.offer.want[get] === 1, `the offer went to Bo: 1 ${give} for 1 ${get}`);

  if (g.offer) {
    // Only Bo was asked: nobody else "declined".
    await ana.waitForSelector('#offer-panel[data-role="proposer"]');
    const rows = await ana.evaluate(() => [...document.querySelectorAll('#offer-panel .response')].map((e) => ({ seat: e.dataset.seat, response: e.dataset.response, text: e.textContent })));
    const others = rows.filter((r) => r.seat !== '1');
    check(others.length === 0 || others.every((r) => r.response === 'not_asked' && /not asked/.test(r.text) && !/declined/.test(r.text)),
      `the proposer sees the others as "not asked", not "declined" (${rows.map((r) => `${r.seat}:${r.text}`).join(' | ')})`);
    check(rows.some((r) => r.seat === '1' && r.response === 'pending'), 'the proposer sees Bo still thinking');
    const panel = await ana.evaluate(() => Math.round(document.querySelector('#offer-panel').getBoundingClientRect().height));
    check(panel <= 130, `the phone's offer panel is compact (${panel} px high)`);
    // (The action bar under it is the page layout's: tests/e2e of the phone layout check it.)
    for (const sel of ['#offer-panel', '#hand']) {
      const v = await inView(ana, sel);
      check(v === 'ok', `with the offer open, the phone shows ${sel} in view (${v})`);
    }
    await ana.screenshot({ path: path.join(OUT, 'offer-open-phone.png') });

    // Bo counters in one step, in the panel: prefilled with the offer inverted, edited by tapping.
    await bo.waitForSelector('#offer-counter');
    await bo.click('#offer-counter');
    const inline = await bo.waitForSelector('#offer-panel .counter-editor', { timeout: 3000 }).then(() => true, () => false);
    check(inline && (await bo.locator('[data-dialog]').count()) === 0, 'Counter opens the editor inside the offer panel, no dialog');
    if (inline) {
      const pre = { give: await picked(bo, 'give'), want: await picked(bo, 'want') };
      check(JSON.stringify(pre) === JSON.stringify({ give: { [get]: 1 }, want: { [give]: 1 } }), `the counter starts as the offer inverted (${JSON.stringify(pre)})`);
      const boNow = (await snap(bo)).game.me.hand;
      const extra = RES.find((r) => r !== give && boNow[r] > (r === get ? 1 : 0));
      await bo.click(`#offer-panel .picker[data-name="give"] .pick-card[data-res="${extra}"]`);
      const terms = await picked(bo, 'give');
      check(terms[extra] === (extra === get ? 2 : 1), `Bo adds 1 ${extra} to his side by a tap`);
      const before = { ana: (await snap(ana)).game.me.hand, bo: (await snap(bo)).game.me.hand };
      states = await act(pages, bo, () => bo.click('#counter-send'));
      await ana.waitForSelector('.response.countered[data-seat="1"] .confirm');
      check(true, 'Ana sees Bo\'s counter with a button to take it');
      states = await act(pages, ana, () => ana.tap('.confirm[data-with="1"]'));
      const after = { ana: states[0].game.me.hand, bo: states[1].game.me.hand };
      const moved = RES.every((r) => after.bo[r] - before.bo[r] === (r === give ? 1 : 0) - (terms[r] || 0)) &&
        RES.every((r) => after.ana[r] - before.ana[r] === (terms[r] || 0) - (r === give ? 1 : 0));
      check(moved, `the counter's terms were traded (Bo gave ${JSON.stringify(terms)} for 1 ${give})`);
    }
    if ((await snap(ana)).game.offer) await act(pages, ana, () => ana.evaluate(() => window.catanDebug.store.command({ type: 'cancel_trade' })));
  }
  await ana.keyboard.press('Escape').catch(() => {});

  // --- quick bank trades --------------------------------------------------------------------------------
  const anaBank = (st) => st.game.phase === 'main' && st.game.current === 0 && actionsOf(st.legal).some((a) => a.type === 'bank_trade');
  states = await settle(pages);
  for (let i = 0; i < 40 && !anaBank(states[0]); i++) {
    if (states[0].game.current === 0 && states[0].game.phase === 'main') states = await act(pages, ana, () => ana.evaluate(() => window.catanDebug.store.command({ type: 'end_turn' })));
    states = await playUntil(pages, topology, (st) => st.game.phase === 'main' && st.game.current === 0);
  }
  check(anaBank(states[0]), `Ana can trade with the bank on turn ${states[0].game.turn}`);
  if (anaBank(states[0])) {
    const legal = actionsOf(states[0].legal).filter((a) => a.type === 'bank_trade').map((a) => `${a.give}>${a.get}`).sort();
    await ana.tap('[data-action="trade"]');
    await ana.waitForSelector('[data-dialog="trade"]');
    if (await ana.locator('#tab-bank').count()) await ana.tap('#tab-bank');
    const shown = await ana.evaluate(() => [...document.querySelectorAll('.bank-suggest')].map((b) => ({ key: `${b.dataset.give}>${b.dataset.get}`, ratio: Number(b.dataset.ratio), text: b.textContent })));
    check(JSON.stringify(shown.map((s) => s.key).sort()) === JSON.stringify(legal), `one quick bank trade per legal bank_trade (${shown.length} shown, ${legal.length} legal)`);
    const ratios = states[0].legal.bank_ratios || {};
    check(shown.every((s) => s.ratio === ratios[s.key.split('>')[0]]),
      `every quick bank trade shows the server's ratio for its seat (legal.bank_ratios ${JSON.stringify(ratios)})`);
    await ana.screenshot({ path: path.join(OUT, 'bank-phone.png') });
    if (shown.length) {
      const [give2, get2] = shown[0].key.split('>');
      const before = states[0].game.me.hand;
      // A tap picks the trade and asks: nothing is traded until "Trade" (the bank gives nothing back).
      const seqBefore = states[0].seq;
      await ana.tap(`.bank-suggest[data-give="${give2}"][data-get="${get2}"]`);
      const asked = await ana.waitForSelector('#bank-confirm', { timeout: 3000 }).then(() => true, () => false);
      await ana.waitForTimeout(300);
      const still = await snap(ana);
      check(asked && still.seq === seqBefore && JSON.stringify(still.game.me.hand) === JSON.stringify(before),
        `a tap on a bank trade asks first and trades nothing (${asked ? await ana.textContent('#bank-confirm .bank-confirm-text') : 'not asked'})`);
      await ana.tap('#bank-cancel');
      check(await ana.locator('#bank-confirm').count() === 0, 'Cancel takes the question back');
      await ana.tap(`.bank-suggest[data-give="${give2}"][data-get="${get2}"]`);
      await ana.screenshot({ path: path.join(OUT, 'bank-confirm-phone.png') });
      states = await act(pages, ana, () => ana.tap('#bank-do'));
      const after = states[0].game.me.hand;
      check(before[give2] - after[give2] === shown[0].ratio && after[get2] - before[get2] === 1 && shown[0].ratio >= 2 && shown[0].ratio <= 4,
        `"Trade" traded ${shown[0].ratio} ${give2} for 1 ${get2}, the ratio the button showed ("${shown[0].text}")`);
    }
  }
  run.checkErrors();
  await run.done();
} catch (e) {
  await run.done(e);
}
