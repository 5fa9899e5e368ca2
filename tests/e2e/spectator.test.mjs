#!/usr/bin/env node
// A spectator who arrives mid-game sees what happened before, not "Nothing has happened yet".
// Ana hosts a 2-seat room with a bot, takeover after 0 s, starts and closes her tab,
// so bots play on. Once the game is well under way a phone opens the room and watches: its log must
// hold the setup placements made before it came (they reach it only through the snapshot's log), no
// stolen resource, and its last-log line is not the empty one. Screenshot in --out.
//
//   node tests/e2e/spectator.test.mjs --server build/test/catan-server --out build/tests/e2e [--web-dir web]
import path from 'node:path';
import { e2e } from './harness.mjs';

const run = e2e('spectator', { timeoutMs: 80_000, serverArgs: ['--bot-delay', '100'] });
const { check, OUT } = run;

try {
  const base = await run.startServer();
  const browser = await run.launch();
  const { watch } = run;
  const ana = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = watch(await ana.newPage());
  const { url: roomUrl, code } = await run.createRoom(page, base, { seed: 11, name: 'Ana', players: 2 });
  await page.click('.seat[data-seat="1"] .add-bot');
  await page.waitForSelector('.seat[data-seat="1"] .tag.bot');
  await page.selectOption('#opt-takeover', '0').catch(() => page.evaluate(() => window.catanDebug.store.send({ type: 'set_options', options: { takeover_after: 0 } })));
  await page.waitForFunction(() => window.catanDebug.store.state.doc.room.options.takeover_after === 0);
  await page.click('#start');
  await page.waitForSelector('.player');
  await ana.close(); // the bots play both seats from here

  // Wait, from a plain socket in a browser page, until the game is past its setup and some rolls.
  const probe = watch(await (await browser.newContext()).newPage());
  await probe.goto(`${base}/`);
  const turn = await probe.evaluate((room) => new Promise((resolve) => {
    const ws = new WebSocket(`${location.origin.replace('http', 'ws')}/ws`);
    ws.onopen = () => ws.send(JSON.stringify({ v: 1, type: 'spectate', room }));
    let doc = null;
    ws.onmessage = (e) => {
      const m = JSON.parse(e.data);
      if (m.type === 'snapshot') doc = m.doc;
      if (m.type === 'update') for (const op of m.patch) if (op.path === '/game/turn') doc.game.turn = op.value;
      if (doc?.game?.turn >= 3) {
        ws.close();
        resolve(doc.game.turn);
      }
    };
  }), code);
  await probe.close();
  check(turn >= 3, `the bots are at turn ${turn} when the spectator arrives`);

  const phone = watch(await (await browser.newContext({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true })).newPage());
  await phone.goto(roomUrl);
  await phone.click('#spectate');
  await phone.waitForSelector('.game .player');
  const seen = await phone.evaluate(() => {
    const { log, seat } = window.catanDebug.store.state;
    const settled = new Set(log.filter((l) => l.ev.type === 'built' && l.ev.piece === 'settlement').map((l) => l.ev.player));
    return {
      seat,
      lines: document.querySelectorAll('#log li.log-line').length,
      empty: document.querySelectorAll('#log li.muted').length,
      settledBy: [...settled],
      stolenShown: log.some((l) => l.ev.type === 'stole' && 'resource' in l.ev),
      hexInLog: log.some((l) => l.ev.type === 'hex_produced'),
      last: document.querySelector('#last-log')?.textContent || '',
    };
  });
  check(seen.seat === null, 'the phone watches as a spectator');
  check(seen.settledBy.length === 2, `its log holds both seats' setup settlements, from before it came (${JSON.stringify(seen.settledBy)})`);
  check(seen.lines > 5 && seen.empty === 0, `its log shows lines (${seen.lines}), not "Nothing has happened yet"`);
  check(!seen.last.includes('Nothing has happened yet'), `the last-log line shows an event ("${seen.last.slice(0, 60)}")`);
  check(!seen.stolenShown, 'no stolen resource in a spectator\'s log');
  check(!seen.hexInLog, 'hex_produced events stay out of the log (the produced lines say it)');
  await phone.screenshot({ path: path.join(OUT, 'spectator-mid-game-360x640.png') });
  run.checkErrors();
  await run.done();
} catch (e) {
  await run.done(e);
}
