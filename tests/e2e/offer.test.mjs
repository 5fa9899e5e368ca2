#!/usr/bin/env node
// The open offer on phones, in Chromium against the real server. Ana hosts on a
// 1280x800 desktop, Bo plays on a 360x640 touch phone; the game is moved along through each page's own
// session (drive.mjs). Ana offers Bo one card for one card; on Bo's phone the counter editor shows
// both rows ("you give", "you want") whole, uncovered and inside the offer panel at 360x640 and
// 640x360; after Bo sends his counter (one card more wanted), his panel shows his terms, not the
// offer's. Sideways (640x360) the open offer covers at most a third of the board, and no action's
// label is cut ("Settle…").
//
//   node tests/e2e/offer.test.mjs --server build/catan-server --out build/tests/e2e [--web-dir web]
import path from 'node:path';
import { e2e } from './harness.mjs';
import { settle, act, playUntil, snap } from './drive.mjs';

const run = e2e('offer', { timeoutMs: 100_000 });
const { check, OUT } = run;
const RES = ['brick', 'lumber', 'wool', 'grain', 'ore'];

// Each row of the counter editor: whole inside the viewport and the offer panel's visible box, and on
// top at the centre of each of its cards.
const editorProblems = (page) => page.evaluate(() => {
  const out = [];
  const host = document.querySelector('.offer-host');
  const box = host.getBoundingClientRect();
  for (const name of ['give', 'want']) {
    const picker = document.querySelector(`#offer-panel .picker[data-name="${name}"]`);
    if (!picker) {
      out.push(`no "${name}" row`);
      continue;
    }
    for (const part of picker.querySelectorAll('.pick-card, .pick-chosen')) {
      const r = part.getBoundingClientRect();
      const what = `${name} ${part.className}${part.dataset.res ? ` ${part.dataset.res}` : ''}`;
      if (r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5) {
        out.push(`${what} is cut off (${Math.round(r.top)}..${Math.round(r.bottom)} in the panel's ${Math.round(box.top)}..${Math.round(box.bottom)}, viewport ${innerHeight})`);
        continue;
      }
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!top || !part.contains(top)) out.push(`${what} is covered by ${top?.className || top?.tagName}`);
    }
  }
  const send = document.querySelector('#counter-send');
  if (send) {
    const r = send.getBoundingClientRect();
    if (r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5) out.push('the Send button is cut off');
  }
  return out;
});

// Labels cut with an ellipsis in the action bar.
const cutLabels = (page) => page.evaluate(() => [...document.querySelectorAll('#actions .action-label')]
  .filter((l) => l.getClientRects().length && l.scrollWidth > l.clientWidth + 1).map((l) => l.textContent));

try {
  const base = await run.startServer();
  const browser = await run.launch();
  const ana = run.watch(await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage());
  const bo = run.watch(await (await browser.newContext({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true })).newPage());
  const { url } = await run.createRoom(ana, base, { seed: 4, name: 'Ana', players: 2 });
  await bo.goto(url);
  await bo.fill('#join-name', 'Bo');
  await bo.click('#join-seat');
  await ana.waitForFunction(() => window.catanDebug.store.state.doc.room.seats.filter((x) => x.name).length === 2);
  await ana.click('#start');
  await Promise.all([ana, bo].map((p) => p.waitForSelector('#actions')));
  const pages = [ana, bo];
  const topology = await ana.evaluate(() => window.catanDebug.store.state.topology);

  // Ana's turn after the roll, with a card to give.
  const ready = (st) => st.game.phase === 'main' && st.game.current === st.seat && RES.some((r) => st.game.me.hand[r] > 0);
  let states = await playUntil(pages, topology, ready);
  const anaHand = states[0].game.me.hand;
  const boHand = states[1].game.me.hand;
  const give = RES.find((r) => anaHand[r] > 0);
  const want = RES.find((r) => r !== give && boHand[r] > 0) || RES.find((r) => r !== give);
  states = await act(pages, ana, () => ana.evaluate((c) => window.catanDebug.store.command(c), { type: 'propose_trade', give: { [give]: 1 }, want: { [want]: 1 }, to: states[1].seat }));
  check(!!states[1].game.offer, `Ana offers Bo 1 ${give} for 1 ${want}`);

  // The counter editor, upright and sideways.
  await bo.waitForSelector('#offer-counter');
  await bo.tap('#offer-counter');
  await bo.waitForSelector('#offer-panel .counter-editor');
  for (const [w, h] of [[360, 640], [640, 360]]) {
    await bo.setViewportSize({ width: w, height: h });
    await bo.waitForTimeout(200);
    const problems = await editorProblems(bo);
    check(problems.length === 0, `${w}x${h}: the counter editor's rows are whole and uncovered${problems.length ? `: ${problems.join('; ')}` : ''}`);
    await bo.screenshot({ path: path.join(OUT, `offer-counter-${w}x${h}.png`) });
  }
  await bo.setViewportSize({ width: 360, height: 640 });
  await bo.waitForTimeout(150);
  // One more of what Ana gives, wanted: the counter differs from the offer.
  await bo.tap(`#offer-panel .picker[data-name="want"] .pick-card[data-res="${give}"]`);
  states = await act(pages, bo, () => bo.tap('#counter-send'));
  const mine = states[1].game.offer?.responses?.find((r) => r.seat === states[1].seat);
  check(mine?.response === 'countered', 'Bo countered');
  await bo.waitForSelector('#offer-panel .offer-terms');
  const shown = await bo.evaluate(() => [...document.querySelectorAll('#offer-panel .offer-terms .term')].map((term) => Object.fromEntries(
    [...term.querySelectorAll('.res-chip')].map((c) => [c.getAttribute('title'), Number(c.querySelector('b').textContent)]))));
  const resName = (r) => bo.evaluate(async (x) => (await import('/js/i18n.js')).t(`res.${x}`), r);
  const wantName = await resName(want);
  const giveName = await resName(give);
  check(shown.length === 2 && shown[0][wantName] === 1 && Object.keys(shown[0]).length === 1 && shown[1][giveName] === 2 && Object.keys(shown[1]).length === 1,
    `after countering, Bo's panel shows his terms: he gives 1 ${want}, gets 2 ${give} (shown ${JSON.stringify(shown)})`);
  check(await bo.locator('#offer-panel .counter-mine').count() === 1, 'and says it is his counter-offer');

  // Sideways: the offer leaves most of the board, and the action labels are whole.
  await bo.setViewportSize({ width: 640, height: 360 });
  await bo.waitForTimeout(200);
  const cover = await bo.evaluate(() => {
    const b = document.querySelector('#board').getBoundingClientRect();
    const o = document.querySelector('.offer-host').getBoundingClientRect();
    const overlap = Math.max(0, Math.min(b.bottom, o.bottom) - Math.max(b.top, o.top)) * Math.max(0, Math.min(b.right, o.right) - Math.max(b.left, o.left));
    return { share: overlap / (b.width * b.height), h: Math.round(o.height) };
  });
  check(cover.share <= 1 / 3 + 0.01, `640x360: the open offer covers ${Math.round(cover.share * 100)}% of the board (at most a third; ${cover.h} px high)`);
  const cut = await cutLabels(bo);
  check(cut.length === 0, `640x360: no action label is cut (${cut.join(', ')})`);
  await bo.screenshot({ path: path.join(OUT, 'offer-countered-640x360.png') });
  await settle(pages);
  run.checkErrors();
  await run.done();
} catch (e) {
  await run.done(e);
}
