#!/usr/bin/env node
// The table display (/r/CODE#table) in Chromium against the real server: the board on a shared screen
// while the players keep their hands on their phones. One room with a 60 s turn timer; Ana hosts it on
// a 360x640 touch phone, Bob joins on a 640x360 one, and a 1920x1080 screen opens the display in a
// browser that holds Ana's seat token and host key. Checked:
//   - the display joins as a display: both phones count it (doc.room.displays), it took no seat (a
//     spectator with no token of its own, the room still two seats) and Ana's phone keeps her seat; a
//     tab of Ana's own browser opened at #table is a display too;
//   - the lobby shows the room code and the QR code of the room's link, the seated players and who
//     starts the game, inside the viewport at 1920x1080, 1280x800, 640x360 and 360x640;
//   - the phones play the setup and some turns (drive.mjs); the display shows the board large, both
//     players with the bank, this turn's dice and the dice animation after every roll, the countdown,
//     the turn's sentence and a log that grows, all inside the viewport without scrolling at the four
//     sizes;
//   - hidden information: the display's state has no hand (doc.game.me) and no legal action, its page
//     no hand of anyone, while the phones have theirs;
//   - a second display (1280x800, another browser) makes two, shows the same board inside its viewport,
//     and closing it makes one again;
//   - a room that two bots finish: the display shows the results, with no button, inside the viewport;
//   - a display of a room that does not exist says so;
//   - while the first display is connected, Ana's phone shows its hand layout;
//   - no console error on any page. Screenshots land in --out.
//
//   node tests/e2e/table.test.mjs --server build/test/catan-server --out build/tests/e2e [--web-dir web]
import path from 'node:path';
import { e2e } from './harness.mjs';
import { settle, send, decision, snap } from './drive.mjs';
import { frames } from './layout-checks.mjs';

const run = e2e('table', { timeoutMs: 140_000, serverArgs: ['--bot-delay', '0'] });
const { check, OUT, watch } = run;

const SIZES = [[1920, 1080], [1280, 800], [640, 360], [360, 640]];
// What the display must show in a game at every size (the QR code in the corner only on a large screen).
const GAME_PARTS = ['#banner', '#board', '#players', '#table-facts', '#table-log', '#table-log li:last-child', '.turn-timer'];
const LOBBY_PARTS = ['#table-code', '#table-qr', '#table-seats', '#table-host-starts'];

// In the page: each selector's element (every one it matches) wholly inside the viewport, and no scroll.
function outside(sels) {
  const out = [];
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  for (const sel of sels) {
    const all = [...document.querySelectorAll(sel)];
    if (!all.length) out.push(`${sel} is missing`);
    for (const el of all) {
      const r = el.getBoundingClientRect();
      if (!(r.width > 0 && r.height > 0 && r.top >= -0.5 && r.left >= -0.5 && r.bottom <= vh + 0.5 && r.right <= vw + 0.5)) {
        out.push(`${sel} at ${Math.round(r.left)},${Math.round(r.top)} size ${Math.round(r.width)}x${Math.round(r.height)}`);
      }
    }
  }
  // The log's newest line is not cut off by the log's own box.
  const log = document.querySelector('#table-log');
  const last = log?.lastElementChild;
  if (last) {
    const a = log.getBoundingClientRect();
    const b = last.getBoundingClientRect();
    if (b.bottom > a.bottom + 0.5 || b.top < a.top - 0.5) out.push('the newest log line is cut off');
  }
  for (const p of document.querySelectorAll('#players .player')) if (p.scrollWidth > p.clientWidth + 1) out.push(`player card ${p.dataset.seat} overflows`);
  const d = document.documentElement;
  if (d.scrollWidth > vw || d.scrollHeight > vh) out.push(`the page scrolls (${d.scrollWidth}x${d.scrollHeight} in ${vw}x${vh})`);
  return out;
}

// The display's state and page, for the hidden-information checks.
const displayFacts = (page) => page.evaluate(() => {
  const s = window.catanDebug.store.state;
  const acts = (s.legal && (s.legal.actions || s.legal.commands)) || [];
  return {
    seat: s.seat,
    token: s.token,
    you: s.doc?.room?.you,
    me: s.doc?.game ? 'me' in s.doc.game : null,
    actions: acts.length,
    hands: document.querySelectorAll('#hand, .hand, .hand-cards, .card[data-res], #dev-panel, #actions').length,
    cards: s.doc?.game?.players.map((p) => p.cards) ?? [],
  };
});

const displays = (page) => page.evaluate(() => window.catanDebug.store.state.doc?.room?.displays);
const waitDisplays = (pages, n) => Promise.all(pages.map((p) => p.waitForFunction((k) => window.catanDebug.store.state.doc?.room?.displays === k, n)));

// The display at each size: `parts` inside the viewport, no scroll; a screenshot each; back to the first.
async function atSizes(page, step, parts, sizes = SIZES) {
  for (const [width, height] of sizes) {
    await page.setViewportSize({ width, height });
    await frames(page);
    const wanted = width >= 900 && height >= 600 && step === 'game' ? [...parts, '#table-join-qr'] : parts;
    const bad = await page.evaluate(outside, wanted);
    check(bad.length === 0, `${step} at ${width}x${height}: ${wanted.join(', ')} inside the viewport, no scroll${bad.length ? `: ${bad.join('; ')}` : ''}`);
    await page.screenshot({ path: path.join(OUT, `table-${step}-${width}x${height}.png`) });
  }
  await page.setViewportSize({ width: sizes[0][0], height: sizes[0][1] });
  await frames(page);
}

try {
  const base = await run.startServer();
  const browser = await run.launch();
  const phone = (width, height) => browser.newContext({ viewport: { width, height }, hasTouch: true, isMobile: true });

  // Ana's room: two seats, a 60 s turn timer.
  const anaCtx = await phone(360, 640);
  const ana = watch(await anaCtx.newPage());
  const { code, url } = await run.createRoom(ana, base, { seed: 21, name: 'Ana', players: 2 });
  await ana.selectOption('#opt-timer', '60');
  await ana.waitForFunction(() => window.catanDebug.store.state.doc.room.options.turn_timer === 60);
  const bob = watch(await (await phone(640, 360)).newPage());
  await bob.goto(url);
  await bob.fill('#join-name', 'Bob');
  await bob.click('#join-seat');
  await bob.waitForSelector('#room-code');
  const phones = [ana, bob];

  // The display, in a browser that holds Ana's seat token and host key for this room.
  const held = await ana.evaluate((c) => ({ token: localStorage.getItem(`catan.token.${c}`), key: localStorage.getItem(`catan.hostkey.${c}`) }), code);
  check(!!held.token && !!held.key, 'Ana\'s browser holds her token and the host key');
  const tvCtx = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  await tvCtx.addInitScript(([c, token, key]) => {
    localStorage.setItem(`catan.token.${c}`, token);
    localStorage.setItem(`catan.hostkey.${c}`, key);
  }, [code, held.token, held.key]);
  const tv = watch(await tvCtx.newPage());
  await tv.goto(`${base}/r/${code}#table`);
  await tv.waitForSelector('#table-lobby #table-code');
  await waitDisplays(phones, 1);
  check(true, 'both phones count one display (doc.room.displays)');
  let facts = await displayFacts(tv);
  check(facts.seat === null && facts.you === null && facts.token === null, `the display is a spectator with no token (seat ${facts.seat}, you ${facts.you})`);
  const kept = await tv.evaluate((c) => localStorage.getItem(`catan.token.${c}`), code);
  check(kept === held.token, 'the seat token stored in the display\'s browser is left as it was');
  const anaNow = await snap(ana);
  check(anaNow.seat === 0 && anaNow.room.seats[0].connected && anaNow.room.host === 0, 'Ana\'s phone keeps her seat (0, connected, host)');
  const summary = await (await fetch(`${base}/api/rooms/${code}`)).json();
  check(summary.seats.filter((x) => x.name).map((x) => x.name).join(',') === 'Ana,Bob', `the room still has two seats, Ana and Bob (${summary.seats.map((x) => x.name).join(',')})`);

  // A tab of Ana's own browser at #table is a display as well, and leaves her seat alone.
  const own = watch(await anaCtx.newPage());
  await own.goto(`${base}/r/${code}#table`);
  await own.waitForSelector('#table-lobby');
  await waitDisplays(phones, 2);
  facts = await displayFacts(own);
  check(facts.seat === null && facts.token === null, 'a display opened in Ana\'s own browser takes no seat');
  await own.close();
  await waitDisplays(phones, 1);
  check((await snap(ana)).seat === 0 && await ana.evaluate((c) => localStorage.getItem(`catan.token.${c}`), code) === held.token, 'Ana keeps her seat and her token');

  // The lobby on the display.
  const lobby = await tv.evaluate(() => ({
    code: document.querySelector('#table-code').textContent,
    qr: !!document.querySelector('#table-qr svg'),
    link: document.querySelector('#table-qr').dataset.url,
    seats: [...document.querySelectorAll('#table-seats .tt-seat-name')].map((e) => e.textContent),
    host: document.querySelector('#table-host-starts').textContent,
    codePx: parseFloat(getComputedStyle(document.querySelector('#table-code')).fontSize),
  }));
  check(lobby.code === code && lobby.codePx >= 100, `the lobby shows the room code large (${lobby.code}, ${lobby.codePx}px)`);
  check(lobby.qr && lobby.link.endsWith(`/r/${code}`), `a QR code of the room's link (${lobby.link})`);
  check(lobby.seats.join(',') === 'Ana,Bob' && lobby.host.includes('Ana'), `the seated players and who starts (${lobby.seats}; "${lobby.host}")`);
  await atSizes(tv, 'lobby', LOBBY_PARTS);

  // The game: the phones play the setup and some turns.
  await ana.tap('#start');
  await tv.waitForSelector('#table-game #board svg .layer-hexes *');
  const pages = [ana, bob, tv];
  const topology = await ana.evaluate(() => window.catanDebug.store.state.topology);
  const logAt = () => tv.evaluate(() => Number(document.querySelector('#table-log').dataset.total));
  let firstLog = null;
  let rolls = 0;
  const shown = [];
  for (let i = 0; i < 80 && rolls < 4; i++) {
    const states = await settle(pages);
    const k = [0, 1].find((n) => decision(states[n], topology));
    if (k === undefined) {
      await ana.waitForFunction((q) => window.catanDebug.store.state.seq > q, states[0].seq);
      continue;
    }
    const cmd = decision(states[k], topology);
    if (firstLog === null && states[0].game.phase === 'setup_road') firstLog = await logAt();
    const before = await tv.evaluate(() => Number(document.querySelector('#dice-fx')?.dataset.count || 0));
    await send(pages, phones[k], cmd);
    if (cmd.type !== 'roll_dice') continue;
    rolls++;
    // The dice animation on the display, over the board and inside the viewport.
    await tv.waitForFunction((n) => Number(document.querySelector('#dice-fx')?.dataset.count || 0) > n, before);
    shown.push(await tv.evaluate(() => {
      const fx = document.querySelector('#dice-fx');
      const r = fx.getBoundingClientRect();
      const b = document.querySelector('#board').getBoundingClientRect();
      return { hidden: fx.hidden, sum: Number(fx.dataset.sum), inside: r.width > 0 && r.left >= b.left && r.right <= b.right && r.top >= b.top && r.bottom <= b.bottom && r.bottom <= innerHeight, px: Math.round(r.height) };
    }));
    const dice = await snap(tv);
    check(shown[shown.length - 1].sum === dice.game.dice[0] + dice.game.dice[1], `roll ${rolls}: the display shows the dice of the roll (${shown[shown.length - 1].sum})`);
    if (rolls === 1) await tv.screenshot({ path: path.join(OUT, 'table-dice-1920x1080.png') });
  }
  check(rolls >= 4, `the phones played the setup and ${rolls} rolls`);
  check(shown.length === rolls && shown.every((s) => !s.hidden && s.inside && s.px >= 200), `every roll's dice animation showed over the board (#dice-fx: ${shown.map((s) => `${s.px}px`).join(', ')})`);
  await settle(pages);
  await tv.waitForFunction(() => document.querySelector('#dice-fx').hidden, null, { timeout: 5000 }).catch(() => {});

  // The board large, the players, the dice, the timer, the turn and the log, all in view.
  const tvNow = await snap(tv);
  const view = await tv.evaluate(() => {
    const board = document.querySelector('#board').getBoundingClientRect();
    const drawn = document.querySelector('#board .board-layer').getBoundingClientRect();
    return {
      boardShare: (board.width * board.height) / (innerWidth * innerHeight),
      drawnHeight: drawn.height / innerHeight,
      players: [...document.querySelectorAll('#players .player .name')].map((e) => e.textContent),
      banner: document.querySelector('#banner .banner-text').textContent,
      bannerPx: parseFloat(getComputedStyle(document.querySelector('#banner')).fontSize),
      timer: document.querySelector('#table-head .turn-timer')?.textContent ?? '',
      dice: !!document.querySelector('#table-dice'),
      log: Number(document.querySelector('#table-log').dataset.total),
    };
  });
  check(view.boardShare >= 0.6 && view.drawnHeight >= 0.8, `the board takes most of the screen (${Math.round(view.boardShare * 100)}% of it, drawn ${Math.round(view.drawnHeight * 100)}% of its height)`);
  check(view.players.join(',') === 'Ana,Bob', `both players' public facts (${view.players})`);
  const current = tvNow.room.seats.find((x) => x.seat === tvNow.game.current).name;
  check(view.banner.includes(current) && view.bannerPx >= 28, `the turn's sentence names ${current}, in large type ("${view.banner}", ${view.bannerPx}px)`);
  check(/^\d+:\d\d$/.test(view.timer), `the countdown is shown (${view.timer})`);
  check(view.dice === !!tvNow.game.rolled, `this turn's dice in the head exactly when rolled (${view.dice})`);
  check(firstLog !== null && view.log > firstLog, `the log grew (${firstLog} → ${view.log} lines)`);
  await atSizes(tv, 'game', GAME_PARTS);

  // Hidden information.
  facts = await displayFacts(tv);
  const phoneHands = await Promise.all(phones.map((p) => p.evaluate(() => ({
    cards: document.querySelectorAll('#hand .card[data-res]').length,
    hand: window.catanDebug.store.state.doc.game.me?.hand ?? null,
  }))));
  check(facts.me === false && facts.actions === 0, `the display's view has no hand (game.me) and no legal action (${facts.actions})`);
  check(facts.hands === 0, 'the display shows no hand and no action of anyone');
  check(phoneHands.every((x) => x.cards === 5 && x.hand), `the phones show their own hands (${phoneHands.map((x) => JSON.stringify(x.hand)).join(' ')})`);
  const phoneCards = (await snap(ana)).game.players.map((p) => p.cards);
  check(JSON.stringify(facts.cards) === JSON.stringify(phoneCards), `the display's card counts are the phones' (${facts.cards})`);

  // A second display on another screen.
  const tv2 = watch(await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage());
  await tv2.goto(`${base}/r/${code}#table`);
  await tv2.waitForSelector('#table-game #board svg .layer-hexes *');
  await waitDisplays(phones, 2);
  check((await Promise.all(phones.map(displays))).every((n) => n === 2), 'a second display makes two on both phones');
  await settle([...pages, tv2]);
  const board = (p) => p.evaluate(() => {
    const svg = document.querySelector('#board svg');
    return JSON.stringify([svg.getAttribute('viewBox'), ...['hexes', 'roads', 'buildings', 'robber'].map((l) => svg.querySelector(`.layer-${l}`).childElementCount),
      [...svg.querySelectorAll('.layer-buildings [data-node]')].map((e) => `${e.dataset.seat}:${e.dataset.node}`).sort(),
      [...svg.querySelectorAll('.layer-roads [data-path]')].map((e) => `${e.dataset.seat}:${e.dataset.path}`).sort()]);
  });
  const [b1, b2] = [await board(tv), await board(tv2)];
  check(b1 === b2, `the second display shows the same board (${b2.slice(0, 80)}…)`);
  const bad2 = await tv2.evaluate(outside, [...GAME_PARTS, '#table-join-qr']);
  check(bad2.length === 0, `the second display at 1280x800 has everything inside its viewport${bad2.length ? `: ${bad2.join('; ')}` : ''}`);
  await tv2.screenshot({ path: path.join(OUT, 'table-second-1280x800.png') });
  await tv2.context().close();
  await waitDisplays(phones, 1);
  check(true, 'closing the second display makes one again');

  // A game two bots finish: the display shows the results.
  const hostCtx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const host = watch(await hostCtx.newPage());
  const done = await run.createRoom(host, base, { seed: 5, name: 'Cy', players: 2 });
  await host.click('.seat[data-seat="1"] .add-bot');
  await host.waitForSelector('.seat[data-seat="1"] .tag.bot');
  // Takeover at once (no choice of the lobby's list: the option itself).
  await host.evaluate(() => window.catanDebug.store.send({ type: 'set_options', options: { vp_target: 3, takeover_after: 0 } }));
  await host.waitForFunction(() => { const o = window.catanDebug.store.state.doc.room.options; return o.vp_target === 3 && o.takeover_after === 0; });
  const end = watch(await (await browser.newContext({ viewport: { width: 1920, height: 1080 } })).newPage());
  await end.goto(`${base}/r/${done.code}#table`);
  await end.waitForSelector('#table-lobby');
  await host.click('#start');
  await end.waitForSelector('#table-game');
  await host.close(); // the bots play both seats from here
  await end.waitForSelector('#table-results', { timeout: 45000 });
  const results = await end.evaluate(() => ({
    title: document.querySelector('#table-results-title').textContent,
    rows: document.querySelectorAll('#table-results .vp-row').length,
    controls: document.querySelectorAll('#table-results button, #table-results a, #table-results input').length,
  }));
  check(/wins|won/.test(results.title) && results.rows === 2 && results.controls === 0, `the results: "${results.title}", ${results.rows} players, no button (${results.controls})`);
  for (const [width, height] of [[1920, 1080], [1280, 800]]) {
    await end.setViewportSize({ width, height });
    await frames(end);
    const bad = await end.evaluate(outside, ['#table-results', '#players']);
    check(bad.length === 0, `the results at ${width}x${height} inside the viewport${bad.length ? `: ${bad.join('; ')}` : ''}`);
    await end.screenshot({ path: path.join(OUT, `table-results-${width}x${height}.png`) });
  }

  // A display of a room that is not there says so (and stops asking).
  const none = watch(await tvCtx.newPage());
  await none.goto(`${base}/r/NOSUCHROOM#table`);
  await none.waitForSelector('#table-missing');
  check((await none.textContent('#table-missing')).includes('NOSUCHROOM'), 'a display of a missing room says there is no such room');
  await none.close();

  // While a display shows the board, Ana's phone shows her hand in its place (the phones' hand layout).
  await waitDisplays(phones, 1);
  const handLayout = await ana.waitForFunction(() => document.querySelector('#game')?.classList.contains('hand-layout'), null, { timeout: 5000 }).then(() => true, () => false);
  check(handLayout, 'Ana\'s phone is in its hand layout (#game.hand-layout) while a display is connected');

  run.checkErrors();
  await run.done();
} catch (e) {
  await run.done(e);
}
