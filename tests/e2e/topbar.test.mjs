#!/usr/bin/env node
// The top bar's instruction line and the lobby's options on phones, in every language, in Chromium
// against the real server. Ana hosts a 3-seat room on a 360x640 touch phone
// with two bots that never move (`--bot-delay 60000`); a spectator watches on another 360x640 phone.
// In en, fr, ko and ja:
//   - the host's lobby has every option control ("Points to win", "Time per turn", ...) wholly inside
//     the viewport, with no horizontal scroll, at 360x640 and 320x568;
//   - in the game the instruction line of every phase (each sentence of bannerText, for the player and
//     for the spectator, whose bar also says "Watching") takes at most two lines at 360x640 and 320x568
//     and is never squeezed narrower than 8 characters (a letter per line).
// The phases are shown by giving the page's own store the game document of that phase (the
// sentences are format.js's; the server is not asked).
//
//   node tests/e2e/topbar.test.mjs --server build/catan-server --out build/tests/e2e [--web-dir web]
import path from 'node:path';
import { e2e } from './harness.mjs';

const run = e2e('topbar', { timeoutMs: 110_000, serverArgs: ['--bot-delay', '60000'] });
const { check, OUT } = run;
const LANGS = ['en', 'fr', 'ko', 'ja'];
const SIZES = [[360, 640], [320, 568]];

// The phases whose sentences differ, as (phase, whose turn, extra game fields); `me` is the reader's seat.
const PHASES = (me, other) => [
  { phase: 'setup_settlement', current: me },
  { phase: 'setup_road', current: me },
  { phase: 'setup_settlement', current: other },
  { phase: 'pre_roll', current: me },
  { phase: 'main', current: me },
  { phase: 'main', current: other },
  { phase: 'main', current: me, step: 'paired_build' },
  { phase: 'main', current: other, step: 'special_build' },
  { phase: 'discard', current: other, owe: 4 },
  { phase: 'discard', current: other },
  { phase: 'move_robber', current: me },
  { phase: 'move_robber', current: other },
  { phase: 'road_building', current: me, free_roads: 2 },
  { phase: 'trade_offer', current: other, offer: true },
  { phase: 'game_over', current: other, winner: other },
  { phase: 'game_over', current: me, winner: me },
  { phase: 'move_robber', current: me, sea: true },
  { phase: 'choose_gold', current: me, gold: 2 },
];

// Every option control of the host's lobby inside the viewport (fields, selects, labels).
const lobbyProblems = (page) => page.evaluate(() => {
  const out = [];
  for (const el of document.querySelectorAll('.options .field, .options select, .options .field > span, .options .check')) {
    const r = el.getBoundingClientRect();
    if (!r.width) continue;
    if (r.right > innerWidth + 0.5 || r.left < -0.5) out.push(`${el.tagName.toLowerCase()}#${el.id || ''} "${el.textContent.trim().slice(0, 24)}" spans ${Math.round(r.left)}..${Math.round(r.right)}`);
  }
  if (document.documentElement.scrollWidth > innerWidth) out.push(`horizontal scroll (${document.documentElement.scrollWidth} > ${innerWidth})`);
  return out;
});

// Shows the given phase through the page's store and measures the instruction line.
const bannerIn = (page, spec) => page.evaluate(async (sp) => {
  const store = window.catanDebug.store;
  const st = store.state;
  if (!window.realDoc) window.realDoc = st.doc;
  const real = window.realDoc;
  const g = JSON.parse(JSON.stringify(real.game));
  g.phase = sp.phase;
  g.current = sp.current;
  g.step = sp.step ?? null;
  g.rolled = sp.phase === 'main';
  g.dice = [6, 5];
  g.free_roads = sp.free_roads ?? 0;
  g.winner = sp.winner ?? null;
  g.offer = sp.offer ? { from: sp.current, to: null, give: { ore: 1 }, want: { wool: 1 }, responses: [] } : null;
  if (sp.sea) g.options = { ...g.options, board: 'sea' };
  for (const p of g.players) {
    p.discard_owed = sp.owe && p.seat === st.seat ? sp.owe : 0;
    p.gold_owed = sp.gold && p.seat === st.seat ? sp.gold : 0;
  }
  store.set({ doc: { ...real, game: g }, legal: st.seat === null ? null : { actions: [] } });
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const text = document.querySelector('#banner .banner-text');
  const r = text.getBoundingClientRect();
  const lh = parseFloat(getComputedStyle(text).lineHeight) || parseFloat(getComputedStyle(text).fontSize) * 1.2;
  const em = parseFloat(getComputedStyle(text).fontSize);
  return { text: text.textContent, lines: Math.round(r.height / lh), width: Math.round(r.width), ems: r.width / em };
}, spec);

try {
  const base = await run.startServer();
  const browser = await run.launch();
  const phone = () => browser.newContext({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true }).then((c) => c.newPage()).then(run.watch);
  const ana = await phone();
  const { url } = await run.createRoom(ana, base, { seed: 2, name: 'Ana', players: 3 });

  // --- the lobby's options in every language ---------------------------------------------------------
  await ana.waitForSelector('#opt-vp');
  for (const code of LANGS) {
    await ana.evaluate(async (l) => (await import('/js/i18n.js')).setLang(l), code);
    await ana.waitForSelector('#opt-timer');
    for (const [w, h] of SIZES) {
      await ana.setViewportSize({ width: w, height: h });
      await ana.waitForTimeout(100);
      const problems = await lobbyProblems(ana);
      check(problems.length === 0, `lobby ${code} ${w}x${h}: every option is inside the viewport${problems.length ? `: ${problems.join('; ')}` : ''}`);
      if (problems.length) await ana.screenshot({ path: path.join(OUT, `topbar-lobby-${code}-${w}.png`), fullPage: true });
    }
  }
  await ana.setViewportSize({ width: 360, height: 640 });
  await ana.evaluate(async () => (await import('/js/i18n.js')).setLang('en'));
  for (const seat of [1, 2]) {
    await ana.click(`li[data-seat="${seat}"] .add-bot`);
    await ana.waitForFunction((s) => window.catanDebug.store.state.doc.room.seats.some((x) => x.seat === s && x.bot), seat);
  }
  await ana.click('#start');
  await ana.waitForSelector('#banner');
  const watcher = await phone();
  await watcher.goto(url);
  await watcher.click('#spectate');
  await watcher.waitForSelector('#banner');

  // --- the instruction line of every phase ----------------------------------------------------------
  for (const [who, page] of [['player', ana], ['spectator', watcher]]) {
    for (const code of LANGS) {
      await page.evaluate(async (l) => (await import('/js/i18n.js')).setLang(l), code);
      await page.waitForSelector('#banner');
      await page.evaluate(() => { window.realDoc = null; });
      for (const [w, h] of SIZES) {
        await page.setViewportSize({ width: w, height: h });
        const bad = [];
        for (const spec of PHASES(who === 'player' ? 0 : 0, 1)) {
          const b = await bannerIn(page, spec);
          if (b.lines > 2 || (b.lines > 1 && b.ems < 8)) bad.push(`"${b.text}" (${b.lines} lines, ${b.width} px)`);
        }
        check(bad.length === 0, `${who} ${code} ${w}x${h}: every instruction line takes at most two lines, none squeezed${bad.length ? `: ${bad.join('; ')}` : ''}`);
        await page.waitForTimeout(100);
        if (bad.length || (code === 'ja' && w === 360)) await page.screenshot({ path: path.join(OUT, `topbar-${who}-${code}-${w}.png`) });
      }
      await page.evaluate(() => { const s = window.catanDebug.store; if (window.realDoc) s.set({ doc: window.realDoc }); });
    }
  }
  run.checkErrors();
  await run.done();
} catch (e) {
  await run.done(e);
}
