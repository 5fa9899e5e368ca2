#!/usr/bin/env node
// A bot playing for an absent friend, in Chromium against the real server. Ana hosts
// a 2-seat room on a 360x640 touch phone with takeover after 0 s (`--bot-delay 150`); Bo joins on a
// desktop, the game starts, and Bo closes his tab. On Ana's phone, upright (360x640, 320x568) and
// sideways (640x360), Bo's card says a bot plays for him (a mark in view, not only a tag that gives way
// on a narrow card), and a toast tells her when it happens and when he is back. The log says both (the
// room's seat notes), Ana's calls the bot's moves "Bo's bot …", and Bo's, once he is back, "Your bot …"
// (never "You …"). Then Cy starts a game with a bot and leaves at once: the bots finish it, and Cy's
// winner screen does not say "You win!" (the room says a bot made all of Cy's moves). Screenshots
// `takeover-<size>.png`, `takeover-winner-360x640.png`.
//
//   node tests/e2e/takeover.test.mjs --server build/catan-server --out build/tests/e2e [--web-dir web]
import path from 'node:path';
import { e2e } from './harness.mjs';
import { settle, send, decision } from './drive.mjs';

const run = e2e('takeover', { timeoutMs: 100_000, serverArgs: ['--bot-delay', '150'] });
const { check, OUT } = run;

// Bo's card's takeover mark: present, shown and inside the viewport and its card.
const markOf = (page, seat) => page.evaluate((s) => {
  const card = document.querySelector(`#players .player[data-seat="${s}"]`);
  const mark = card?.querySelector('.takeover-mark');
  if (!mark) return 'no mark';
  const r = mark.getBoundingClientRect();
  const c = card.getBoundingClientRect();
  if (!r.width || getComputedStyle(mark).visibility === 'hidden') return 'hidden';
  if (r.right > Math.min(innerWidth, c.right) + 0.5 || r.left < c.left - 0.5 || r.bottom > innerHeight) return `cut off (${Math.round(r.left)}..${Math.round(r.right)} in ${Math.round(c.left)}..${Math.round(c.right)})`;
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return top && mark.contains(top) ? 'ok' : `covered by ${top?.className}`;
}, seat);

// The page's log as its lines read (format.js logLines of the page's own store).
const logOf = (page) => page.evaluate(async () => {
  const { logLines } = await import('/js/format.js');
  const s = window.catanDebug.store.state;
  return logLines(s.log, s.doc, s.seat).map((l) => l.text);
});

try {
  const base = await run.startServer();
  const browser = await run.launch();
  const ana = run.watch(await (await browser.newContext({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true })).newPage());
  const { url } = await run.createRoom(ana, base, { seed: 6, name: 'Ana', players: 2 });
  await ana.evaluate(() => window.catanDebug.store.send({ type: 'set_options', options: { takeover_after: 0, vp_target: 10 } }));
  const boCtx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  let bo = run.watch(await boCtx.newPage());
  await bo.goto(url);
  await bo.fill('#join-name', 'Bo');
  await bo.click('#join-seat');
  await ana.waitForFunction(() => window.catanDebug.store.state.doc.room.seats.filter((x) => x.name).length === 2 && window.catanDebug.store.state.doc.room.options.takeover_after === 0);
  await ana.tap('#start');
  await Promise.all([ana, bo].map((p) => p.waitForSelector('#actions')));
  const boSeat = await bo.evaluate(() => window.catanDebug.store.state.seat);

  // Toasts are recorded as they come (they pass in a few seconds).
  await ana.evaluate(() => {
    window.toasts = [];
    new MutationObserver((ms) => { for (const m of ms) for (const n of m.addedNodes) if (n.classList?.contains('toast')) window.toasts.push(n.textContent); })
      .observe(document.getElementById('toast-root'), { childList: true });
  });
  await bo.close();
  await ana.waitForFunction((s) => window.catanDebug.store.state.doc.room.seats[s].controlled_by === 'bot', boSeat);
  await ana.waitForTimeout(200);
  for (const [w, h] of [[360, 640], [320, 568], [640, 360]]) {
    await ana.setViewportSize({ width: w, height: h });
    await ana.waitForTimeout(150);
    const where = await markOf(ana, boSeat);
    check(where === 'ok', `${w}x${h}: Bo's card shows that a bot plays for him (${where})`);
    await ana.screenshot({ path: path.join(OUT, `takeover-${w}x${h}.png`) });
  }
  await ana.setViewportSize({ width: 360, height: 640 });
  const away = await ana.evaluate(() => window.toasts.slice());
  check(away.some((x) => /Bo/.test(x) && /bot/i.test(x)), `a toast says a bot plays for Bo (${JSON.stringify(away)})`);
  // The log says it too (the room's seat note), and the bot's moves are the bot's.
  // Ana plays her part until the bot has moved for Bo (drive.mjs's choices).
  const topology = await ana.evaluate(() => window.catanDebug.store.state.topology);
  const botMoved = () => ana.evaluate((s) => {
    const log = window.catanDebug.store.state.log;
    const i = log.findIndex((l) => l.ev.type === 'bot_took_over');
    return i >= 0 && log.slice(i + 1).some((l) => l.ev.player === s && l.ev.type !== 'player_returned');
  }, boSeat);
  for (let i = 0; i < 30 && !(await botMoved()); i++) {
    const [st] = await settle([ana]);
    const cmd = decision(st, topology);
    if (cmd) await send([ana], ana, cmd);
    else await ana.waitForFunction((q) => window.catanDebug.store.state.seq > q, st.seq, { timeout: 5000 }).catch(() => {});
  }
  const anaLog = await logOf(ana);
  check(anaLog.includes('Bo is away: a bot plays for them.'), `Ana's log says a bot plays for Bo (${anaLog.slice(-4).join(' | ')})`);
  check(anaLog.some((l) => l.startsWith("Bo's bot ")), `Ana's log names the bot's moves as Bo's bot's (${anaLog.filter((l) => /Bo/.test(l)).slice(-3).join(' | ')})`);

  // Bo comes back on the same device: his seat is his again, and Ana is told.
  bo = run.watch(await boCtx.newPage());
  await bo.goto(url);
  await bo.waitForSelector('#actions');
  await ana.waitForFunction((s) => window.catanDebug.store.state.doc.room.seats[s].controlled_by === 'player', boSeat);
  await ana.waitForTimeout(200);
  check(await ana.locator(`#players .player[data-seat="${boSeat}"] .takeover-mark`).count() === 0, 'with Bo back the mark is gone');
  const back = await ana.evaluate(() => window.toasts.slice());
  check(back.some((x) => /Bo/.test(x) && /back/i.test(x)), `a toast says Bo is back (${JSON.stringify(back)})`);
  await ana.waitForTimeout(200);
  check((await logOf(ana)).includes('Bo is back.'), 'Ana\'s log says Bo is back');
  // Bo's log (his snapshot's, from the server) reads the bot's moves as his bot's, never "You …".
  const boLog = await logOf(bo);
  const from = boLog.indexOf('You were away: a bot played for you.');
  const to = boLog.indexOf('You are back.');
  const during = boLog.slice(from + 1, to);
  check(from >= 0 && to > from, `Bo's log has his absence and his return (${boLog.slice(-3).join(' | ')})`);
  check(during.length > 0 && during.every((l) => !/^You /.test(l)) && during.some((l) => l.startsWith('Your bot ')),
    `while he was away Bo's log says "Your bot …", never "You …" (${during.slice(0, 3).join(' | ')})`);

  // A one-person game the bots play to its end: the winner screen does not say "You win!" to a seat a
  // bot played all along.
  const solo = run.watch(await (await browser.newContext({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true })).newPage());
  const room2 = await run.createRoom(solo, base, { seed: 5, name: 'Cy', players: 2 });
  await solo.tap('li[data-seat="1"] .add-bot');
  await solo.evaluate(() => window.catanDebug.store.send({ type: 'set_options', options: { takeover_after: 0, vp_target: 3 } }));
  await solo.waitForFunction(() => { const r = window.catanDebug.store.state.doc.room; return r.options.vp_target === 3 && r.seats[1].bot; });
  await solo.tap('#start');
  await solo.waitForSelector('#actions');
  const soloCtx = solo.context();
  await solo.close();
  const { summary } = await run.waitFinished(base, room2.code, { timeoutMs: 60000 });
  check(summary.phase === 'finished', 'the bots finished Cy\'s game');
  const again = run.watch(await soloCtx.newPage());
  await again.goto(room2.url);
  await again.waitForSelector('#winner-title');
  const won = await again.evaluate(() => {
    const s = window.catanDebug.store.state;
    return { title: document.querySelector('#winner-title').textContent, winner: s.doc.game.winner, me: s.seat, moves: s.doc.room.seats[s.seat].moves };
  });
  check(won.moves && won.moves.own === 0 && won.moves.bot > 0, `the room says a bot made all of Cy's moves (${JSON.stringify(won.moves)})`);
  check(!/You win/.test(won.title) && (won.winner !== won.me || won.title === 'Your bot won this game for you'),
    `the winner screen does not say "You win!" for a game Cy's bot played (${won.title})`);
  await again.screenshot({ path: path.join(OUT, 'takeover-winner-360x640.png') });
  run.checkErrors();
  await run.done();
} catch (e) {
  await run.done(e);
}
