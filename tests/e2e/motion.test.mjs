#!/usr/bin/env node
// The table's motion (what colonist.io players expect), in Chromium against the real server.
// Ana (1280x800) plays with a basic bot (`--bot-delay 0`), moved along through her page's session
// (drive.mjs); a spectator watches on a 360x640 touch phone that asks for reduced motion. What each
// page showed is recorded by a MutationObserver as it happens, so no check races a short animation:
//   - a roll: Ana's dice turn over (at least three faces) before they land on the server's roll; the
//     spectator's show the roll at once;
//   - a piece placed (a setup settlement, a road) drops onto its spot with an animation on Ana's page,
//     on the spectator's it is simply there;
//   - a card Ana produces comes down into its card of her hand (a chip moving from the board), and that
//     hand card bumps as it lands.
//
//   node tests/e2e/motion.test.mjs --server build/catan-server --out build/tests/e2e [--web-dir web]
import { e2e } from './harness.mjs';
import { settle, send, decision } from './drive.mjs';

const run = e2e('motion', { timeoutMs: 100_000, serverArgs: ['--bot-delay', '0'] });
const { check } = run;

// Records dice faces, placed pieces (and whether they move), chips into the hand and hand bumps.
function record() {
  window.motion = { faces: [], placed: [], into: [], land: [] };
  const m = window.motion;
  new MutationObserver((list) => {
    for (const rec of list) {
      const t = rec.target;
      if (rec.type === 'attributes' && t.classList?.contains('dice-fx-dice') && rec.attributeName === 'data-faces') m.faces.push(`${t.dataset.faces}${t.dataset.settled === '1' ? '!' : ''}`);
      if (rec.type === 'attributes' && rec.attributeName === 'class' && t.classList?.contains('fx-land')) m.land.push(t.dataset.res);
      for (const n of rec.addedNodes || []) {
        if (!(n instanceof Element)) continue;
        if (n.classList.contains('dice-fx-dice') && n.dataset.faces) m.faces.push('|' + `${n.dataset.faces}${n.dataset.settled === '1' ? '!' : ''}`);
        for (const el of [n, ...n.querySelectorAll('.fx-placed')]) {
          if (el.classList?.contains('fx-placed')) m.placed.push({ kind: el.classList[0], moving: el.getAnimations().length > 0 });
        }
        if (n.classList.contains('fx-into')) m.into.push({ res: n.dataset.res, moving: n.getAnimations().length > 0 });
      }
    }
  }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-faces', 'class'] });
}

try {
  const base = await run.startServer();
  const browser = await run.launch();
  const ana = run.watch(await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage());
  const { url } = await run.createRoom(ana, base, { seed: 8, name: 'Ana', players: 2 });
  await ana.click('li[data-seat="1"] .add-bot');
  await ana.waitForFunction(() => window.catanDebug.store.state.doc.room.seats.some((x) => x.seat === 1 && x.bot));
  const still = run.watch(await (await browser.newContext({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true, reducedMotion: 'reduce' })).newPage());
  await ana.click('#start');
  await ana.waitForSelector('#actions');
  await still.goto(url);
  await still.click('#spectate');
  await still.waitForSelector('#board');
  await ana.evaluate(record);
  await still.evaluate(record);
  const topology = await ana.evaluate(() => window.catanDebug.store.state.topology);

  // Ana plays (setup, rolls, ends) until she has produced twice after the setup.
  let produced = 0;
  for (let i = 0; i < 80 && produced < 2; i++) {
    const [s] = await settle([ana]);
    if (s.game.phase === 'game_over') break;
    const cmd = decision(s, topology);
    if (!cmd) {
      await ana.waitForFunction((q) => window.catanDebug.store.state.seq > q, s.seq);
      continue;
    }
    const before = s.game.me ? { ...s.game.me.hand } : null;
    const shows = await ana.evaluate(() => Number(document.querySelector('#dice-fx')?.dataset.count || 0));
    const [after] = await send([ana], ana, cmd);
    // Her roll lands before she goes on: a slow machine must not let the bot's next roll replace it.
    if (cmd.type === 'roll_dice') {
      await ana.waitForFunction((n) => {
        const fx = document.querySelector('#dice-fx');
        return Number(fx?.dataset.count || 0) > n && fx.querySelector('.dice-fx-dice')?.dataset.settled === '1';
      }, shows);
    }
    if (cmd.type === 'roll_dice' && before && Object.keys(before).some((r) => after.game.me.hand[r] > before[r])) produced++;
  }
  await ana.waitForTimeout(1200); // the last chips land, the last dice settle
  const a = await ana.evaluate(() => window.motion);
  const b = await still.evaluate(() => window.motion);

  // Dice: the faces of each roll on Ana's page, then on the spectator's.
  const rolls = (faces) => faces.join(' ').split('|').map((x) => x.trim().split(' ').filter(Boolean)).filter((x) => x.length);
  const aRolls = rolls(a.faces);
  // (A roll that comes while the last one still tumbles takes its place: those end unlanded.)
  const landed = aRolls.filter((r) => r[r.length - 1].endsWith('!'));
  check(landed.length >= 2 && landed.every((r) => r.length >= 4 && new Set(r.slice(0, -1)).size >= 2),
    `Ana's dice turn over before they land (${landed.slice(0, 3).map((r) => r.join(' ')).join(' | ')})`);
  const bRolls = rolls(b.faces);
  check(bRolls.length >= 1 && bRolls.every((r) => r.length === 1 && r[0].endsWith('!')), `with reduced motion the dice show the roll at once (${bRolls.slice(0, 3).map((r) => r.join(' ')).join(' | ')})`);

  // Pieces: placed with a drop on Ana's page, still on the spectator's.
  check(a.placed.length >= 2 && a.placed.every((p) => p.moving), `a piece placed drops onto its spot (${a.placed.length} pieces: ${[...new Set(a.placed.map((p) => p.kind))].join(', ')})`);
  check(b.placed.every((p) => !p.moving), `with reduced motion a piece placed does not move (${b.placed.length} pieces)`);

  // Cards into the hand.
  check(a.into.length >= 1 && a.into.every((c) => c.moving), `a card Ana produces comes down into her hand (${a.into.map((c) => c.res).join(', ')})`);
  check(a.land.length >= 1, `her hand's card bumps as it lands (${a.land.join(', ')})`);
  run.checkErrors();
  await run.done();
} catch (e) {
  await run.done(e);
}
