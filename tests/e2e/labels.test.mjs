#!/usr/bin/env node
// Labels a new user found wrong, in Chromium against the real server, on a 360x640
// touch phone. Ana hosts a 3-seat room and seats two bots that never move (`--bot-delay 60000`):
//   - the bots' names are in the page's language in the lobby and the game ("Robot 1", "ボット1"), not
//     the server's English "Bot 1" (a person's name is never changed);
//   - in a 5-6 player build step the action that ends it says so ("End build phase"), not "End turn";
//   - the Victory Point card's note in "My cards" is information, not an error's red;
//   - with the first player by dice, the roll-off is shown over the board as the game starts, ending
//     with who starts;
//   - a person the host removed who reopens the link and joins under the same name (Enter in the name
//     field) is refused, and the join form says why.
// The build step and the card are shown by giving the page's own store that game document.
//
//   node tests/e2e/labels.test.mjs --server build/catan-server --out build/tests/e2e [--web-dir web]
import path from 'node:path';
import { e2e } from './harness.mjs';

const run = e2e('labels', { timeoutMs: 80_000, serverArgs: ['--bot-delay', '60000'] });
const { check, OUT } = run;
const setLang = (page, l) => page.evaluate(async (x) => (await import('/js/i18n.js')).setLang(x), l);
const BOT = { en: 'Bot 1', fr: 'Robot 1', ja: 'ボット1', ko: '봇 1' };

try {
  const base = await run.startServer();
  const browser = await run.launch();
  const page = run.watch(await (await browser.newContext({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true })).newPage());
  const { url: roomUrl } = await run.createRoom(page, base, { seed: 2, name: 'Ana', players: 3 });
  for (const seat of [1, 2]) {
    await page.tap(`li[data-seat="${seat}"] .add-bot`);
    await page.waitForFunction((s) => window.catanDebug.store.state.doc.room.seats.some((x) => x.seat === s && x.bot), seat);
  }
  for (const code of ['fr', 'ja', 'ko', 'en']) {
    await setLang(page, code);
    await page.waitForSelector('li[data-seat="1"] .seat-name');
    const name = (await page.textContent('li[data-seat="1"] .seat-name')).trim();
    check(name.startsWith(BOT[code]), `lobby ${code}: the first bot is called "${BOT[code]}" ("${name}")`);
  }
  // A person the host removes cannot sit again at once from the same link: the join form says why.
  await page.evaluate(() => window.catanDebug.store.send({ type: 'set_options', options: { players: 4 } }));
  await page.waitForSelector('li[data-seat="3"] .add-bot');
  const zed = run.watch(await (await browser.newContext({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true })).newPage());
  await zed.goto(roomUrl);
  await zed.fill('#join-name', 'Zed');
  await zed.press('#join-name', 'Enter');
  await page.waitForSelector('li[data-seat="3"] .kick');
  await page.tap('li[data-seat="3"] .kick');
  await page.tap('li[data-seat="3"] .kick-yes');
  await page.waitForSelector('li[data-seat="3"].empty');
  await zed.waitForFunction(() => /host/i.test(document.body.textContent));
  await zed.goto(roomUrl);
  await zed.fill('#join-name', 'Zed');
  await zed.press('#join-name', 'Enter');
  const refused = await zed.waitForSelector('#join-form .error', { timeout: 8000 }).then((e) => e.textContent(), () => null);
  check(!!refused && /removed/i.test(refused) && !(await zed.$('#room-code')), `a removed player reopening the link is refused, and told why ("${refused}")`);
  await zed.context().close();
  await page.evaluate(() => window.catanDebug.store.send({ type: 'set_options', options: { players: 3 } }));
  await page.waitForFunction(() => window.catanDebug.store.state.doc.room.options.players === 3);

  // The first player by dice: the roll-off is shown over the board as the game starts (recorded as it
  // comes: it passes in a few seconds).
  await page.evaluate(() => window.catanDebug.store.send({ type: 'set_options', options: { first_by_dice: true } }));
  await page.waitForFunction(() => window.catanDebug.store.state.doc.room.options.first_by_dice === true);
  await page.evaluate(() => {
    window.shownDice = [];
    new MutationObserver(() => {
      const fx = document.querySelector('#dice-fx');
      if (fx && !fx.hidden) window.shownDice.push(`${fx.dataset.kind}: ${fx.textContent}`);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['hidden', 'data-kind'] });
  });
  await page.tap('#start');
  await page.waitForSelector('#players');
  await page.waitForTimeout(300);
  const rollOff = await page.evaluate(() => window.shownDice.find((x) => x.startsWith('first')) || null);
  check(!!rollOff && /starts/.test(rollOff), `the roll-off for the first player is shown as the game starts, with who starts ("${rollOff}")`);
  await setLang(page, 'fr');
  await page.waitForSelector('#players .player[data-seat="1"] .name');
  const inGame = await page.textContent('#players .player[data-seat="1"] .name');
  check(inGame === 'Robot 1', `game fr: the bot's player card says "Robot 1" ("${inGame}")`);
  const me = await page.textContent('#players .player[data-seat="0"] .name');
  check(me === 'Ana', `a person's name stays as typed ("${me}")`);
  await setLang(page, 'en');
  await page.waitForSelector('#actions [data-action="end"]');

  // A build step of 5-6 players, and a Victory Point card in hand.
  await page.evaluate(() => {
    const store = window.catanDebug.store;
    const st = store.state;
    const g = JSON.parse(JSON.stringify(st.doc.game));
    g.phase = 'main';
    g.step = 'paired_build';
    g.current = st.seat;
    g.rolled = true;
    g.me.dev = { ...g.me.dev, victory_point: 1 };
    store.set({ doc: { ...st.doc, game: g } });
  });
  await page.waitForTimeout(100);
  const end = (await page.textContent('#actions [data-action="end"] .action-label')).trim();
  check(end === 'End build phase', `in a build step the end action says "End build phase" ("${end}")`);
  await page.tap('#actions [data-action="cards"]');
  await page.waitForSelector('[data-dialog="devcards"] .dev-card[data-card="victory_point"]');
  const note = await page.evaluate(() => {
    const card = document.querySelector('[data-dialog="devcards"] .dev-card[data-card="victory_point"]');
    const texts = [...card.querySelectorAll('.dev-text > span')].filter((s) => /Counts|revealed/.test(s.textContent));
    const el = texts[0];
    if (!el) return null;
    const [r, g, b] = getComputedStyle(el).color.match(/\d+/g).map(Number);
    return { text: el.textContent, reason: el.classList.contains('reason'), reddish: r > 120 && r > 2 * g && r > 2 * b };
  });
  check(!!note && !note.reason && !note.reddish, `the Victory Point card's note is not shown as an error (${JSON.stringify(note)})`);
  await page.screenshot({ path: path.join(OUT, 'labels-vp-card.png') });
  run.checkErrors();
  await run.done();
} catch (e) {
  await run.done(e);
}
