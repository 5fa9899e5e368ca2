#!/usr/bin/env node
// The start page offers what the server says ("the client computes no rule"): its player
// counts, its points to win (for the board the chosen count plays, R-X1, R-O1) with their defaults,
// and the name field's length come from GET /api/rules, at 360x640, 320x568 and 640x360 (touch) and 1440x900.
// A server that says otherwise is followed: the real answer, narrowed on its way to the page, changes
// the lists, and a room created from them has those options. Without the answer the page says so,
// offers no room creation, and still joins a room by its code. Screenshots: start_rules-*.png.
//
//   node tests/e2e/start_rules.test.mjs --server build/catan-server --out build/tests/e2e [--web-dir web]
import path from 'node:path';
import { e2e } from './harness.mjs';
import { inView } from './layout-checks.mjs';

const run = e2e('start_rules', { timeoutMs: 60_000 });
const { check, OUT } = run;

const values = (o) => (Array.isArray(o.values) ? o.values : Array.from({ length: o.max - o.min + 1 }, (_, i) => o.min + i)).map(String);
const boardFor = (rules, n) => Object.values(rules.boards).find((b) => n >= b.players.min && n <= b.players.max);
const listed = (page, sel) => page.$$eval(`${sel} option`, (os) => os.map((o) => o.value));
const chosen = (page, sel) => page.$eval(sel, (s) => s.value);
// What the start page must show for the rules `rules`.
async function expectLists(page, rules, label) {
  const players = rules.boards[Object.keys(rules.boards)[0]].options.players;
  await page.waitForFunction((n) => document.querySelectorAll('#players option').length === n, values(players).length);
  check(JSON.stringify(await listed(page, '#players')) === JSON.stringify(values(players)), `${label}: the player counts are the server's (${values(players).join(' ')})`);
  check(await chosen(page, '#players') === String(players.default), `${label}: ${players.default} players chosen, the server's default`);
  for (const n of [players.default, players.max]) {
    await page.selectOption('#players', String(n));
    const vp = boardFor(rules, n).options.vp_target;
    check(JSON.stringify(await listed(page, '#vp')) === JSON.stringify(values(vp)), `${label}: with ${n} players the points to win are the ${boardFor(rules, n).board} board's ${vp.min}..${vp.max}`);
    check(await chosen(page, '#vp') === String(vp.default), `${label}: ${vp.default} points chosen by default`);
  }
  await page.selectOption('#players', String(players.default));
  const units = await page.getAttribute('#name', 'maxlength');
  check(units === String(2 * rules.limits.name_chars), `${label}: the name field takes ${rules.limits.name_chars} characters of up to two UTF-16 units each (maxlength ${units})`);
}

try {
  const base = await run.startServer();
  const browser = await run.launch();
  const res = await fetch(`${base}/api/rules`);
  check(res.status === 200 && res.headers.get('cache-control')?.includes('max-age'), `GET /api/rules answers 200, cacheable (${res.status})`);
  const rules = res.ok ? await res.json() : null;
  if (!rules) throw new Error('no rules to compare with');

  for (const [label, viewport, touch] of [['360x640', { width: 360, height: 640 }, true], ['320x568', { width: 320, height: 568 }, true], ['640x360', { width: 640, height: 360 }, true], ['desktop', { width: 1440, height: 900 }, false]]) {
    const page = run.watch(await (await browser.newContext({ viewport, hasTouch: touch, isMobile: touch })).newPage());
    await page.goto(base);
    await expectLists(page, rules, label);
    for (const sel of ['#name', '#players', '#vp']) {
      await page.locator(sel).scrollIntoViewIfNeeded();
      const shown = await inView(page, sel);
      check(shown === 'ok', `${label}: ${sel} can be seen and reached (${shown})`);
    }
    await page.screenshot({ path: path.join(OUT, `start_rules-${label}.png`) });
    await page.close();
  }

  // A server that says otherwise: the real answer with narrower ranges and a shorter name.
  const narrowed = structuredClone(rules);
  for (const b of Object.values(narrowed.boards)) {
    b.options.players = { min: 3, max: 5, default: 3 };
    b.options.vp_target = b.board === 'base' ? { min: 4, max: 8, default: 6 } : { min: 5, max: 12, default: 7 };
  }
  narrowed.limits.name_chars = 10;
  const other = await browser.newContext({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });
  await other.route('**/api/rules', async (route) => route.fulfill({ response: await route.fetch(), json: narrowed }));
  let page = run.watch(await other.newPage());
  await page.goto(base);
  await expectLists(page, narrowed, 'narrowed answer');
  await page.fill('#name', 'Ana');
  await page.selectOption('#vp', '8');
  await page.tap('#create');
  await page.waitForSelector('#room-code');
  const options = await page.evaluate(() => window.catanDebug.store.state.doc.room.options);
  check(options.players === 3 && options.vp_target === 8, `the room is made with what the page offered (${options.players} players, ${options.vp_target} points)`);
  const code = await page.textContent('#room-code');
  await page.close();

  // No answer: the page says so, creates no room, and joins by code.
  const cut = await browser.newContext({ viewport: { width: 640, height: 360 }, hasTouch: true, isMobile: true });
  await cut.route('**/api/rules', (route) => route.abort());
  page = run.watch(await cut.newPage());
  await page.goto(base);
  await page.waitForSelector('#rules-error');
  check(await page.locator('#create').isDisabled(), 'without the rules the create button is disabled');
  check((await page.textContent('#rules-error')).length > 10, `the page says why: ${await page.textContent('#rules-error')}`);
  await page.locator('#rules-error').scrollIntoViewIfNeeded();
  const said = await inView(page, '#rules-error');
  check(said === 'ok', `the message can be seen (${said})`);
  await page.screenshot({ path: path.join(OUT, 'start_rules-no-rules.png') });
  await page.fill('#name', 'Bo');
  await page.fill('#code', code);
  await page.tap('#join');
  await page.waitForURL(`**/r/${code}`);
  check(true, 'a room is still joined by its code');
  run.errors = run.errors.filter((e) => !/ERR_FAILED|Failed to load resource/.test(e)); // the aborted request
  run.checkErrors();
  await run.done();
} catch (e) {
  await run.done(e);
}
