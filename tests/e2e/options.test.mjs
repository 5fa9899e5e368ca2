#!/usr/bin/env node
// The host's game options in the lobby (house rules R-O2..R-O5 and the 5–6 turn structure R-X6/R-X7),
// in a real browser against the real server. Ana hosts on a 360x640 touch phone, Bo joins on a
// 1440x900 desktop. Ana sets the discard limit, the friendly robber, the balanced board and the first
// player by dice; each option has its one-line explanation. The turn structure is offered only with 5
// or 6 players (never with 2, 3 or 4). She picks 6 players and the special building phase, reloads the
// page: every choice is still there (read back from the room doc), and Bo reads them in words. Back to
// 4 players, the turn structure is gone for both. The explanations are in each of the four languages,
// and the lobby has no horizontal scroll at 360x640, 640x360, 320x568 and 1440x900. Screenshots:
// options-<size>.png, options-guest.png.
//
//   node tests/e2e/options.test.mjs --server build/catan-server --out build/tests/e2e [--web-dir web]
import path from 'node:path';
import { e2e } from './harness.mjs';
import { frames } from './layout-checks.mjs';

const run = e2e('options', { timeoutMs: 60_000 });
const { check, OUT } = run;
const FLAGS = ['friendly_robber', 'balanced_board', 'first_by_dice'];
const HELP = ['discard_limit', ...FLAGS, 'turn_structure'];
const options = (page) => page.evaluate(() => window.catanDebug.store.state.doc.room.options);
const waitOptions = (page, want) => page.waitForFunction((w) => {
  const o = window.catanDebug.store.state.doc?.room?.options;
  return !!o && Object.entries(w).every(([k, v]) => o[k] === v);
}, want);

try {
  const base = await run.startServer();
  const browser = await run.launch();
  const phone = run.watch(await (await browser.newContext({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true })).newPage());
  const desk = run.watch(await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage());
  const { url } = await run.createRoom(phone, base, { seed: 4, name: 'Ana', players: 4 });
  await desk.goto(url);
  await desk.fill('#join-name', 'Bo');
  await desk.click('#join-seat');
  await desk.waitForSelector('.seat.me');

  // The defaults, as the room doc says them.
  await phone.waitForSelector('#house-rules');
  const o0 = await options(phone);
  check((o0.discard_limit ?? 7) === 7 && FLAGS.every((f) => !o0[f]), `the room starts with the default house rules (${JSON.stringify(o0)})`);
  check(await phone.inputValue('#opt-discard_limit') === '7' && !(await phone.isChecked('#opt-friendly_robber')), 'the lobby shows the defaults');

  // The turn structure only with 5 or 6 players.
  for (const n of [2, 3, 4, 5, 6]) {
    await phone.selectOption('#opt-players', String(n));
    await waitOptions(phone, { players: n });
    await waitOptions(desk, { players: n });
    const hostSees = await phone.locator('#opt-turn_structure').count();
    const guestSees = await desk.locator('#opt-turn_structure-shown').count();
    check((hostSees === 1) === (n >= 5) && (guestSees === 1) === (n >= 5), `${n} players: the turn structure is ${n >= 5 ? '' : 'not '}offered (host ${hostSees}, guest ${guestSees})`);
  }

  // Ana sets everything by touch and picks the special building phase.
  await phone.selectOption('#opt-discard_limit', '9');
  for (const f of FLAGS) await phone.tap(`#opt-${f}`);
  await phone.selectOption('#opt-turn_structure', 'special_build');
  const want = { players: 6, discard_limit: 9, friendly_robber: true, balanced_board: true, first_by_dice: true, turn_structure: 'special_build' };
  await waitOptions(phone, want);
  check(true, 'the server took every option');
  for (const id of HELP) {
    const help = (await phone.textContent(`#opt-${id}-help`)).trim();
    check(help.length > 10 && !/[{}]/.test(help), `${id} has its one-line explanation ("${help}")`);
  }
  check((await phone.textContent('#opt-discard_limit-help')).includes('9'), 'the discard explanation names the chosen limit');

  // A reload: everything read back from the room doc.
  await phone.reload();
  await phone.waitForSelector('#house-rules');
  const shown = {
    players: Number(await phone.inputValue('#opt-players')),
    discard_limit: Number(await phone.inputValue('#opt-discard_limit')),
    turn_structure: await phone.inputValue('#opt-turn_structure'),
  };
  for (const f of FLAGS) shown[f] = await phone.isChecked(`#opt-${f}`);
  check(JSON.stringify(shown) === JSON.stringify(Object.fromEntries(Object.keys(shown).map((k) => [k, want[k]]))), `after a reload the lobby shows every choice (${JSON.stringify(shown)})`);

  // Bo reads them in words.
  await waitOptions(desk, want);
  const words = await desk.textContent('#house-rules');
  check(['Special building phase', 'Discard above: 9', 'Friendly robber', 'Balanced board', 'First player by dice'].every((w) => words.includes(w)), `the guest reads the options (${words.slice(0, 120)}…)`);
  await desk.screenshot({ path: path.join(OUT, 'options-guest.png'), fullPage: true });

  // Every size: the options fit the width.
  for (const [w, h] of [[360, 640], [640, 360], [320, 568], [1440, 900]]) {
    await phone.setViewportSize({ width: w, height: h });
    await frames(phone);
    const wide = await phone.evaluate(() => {
      const out = [];
      if (document.documentElement.scrollWidth > innerWidth) out.push(`horizontal scroll ${document.documentElement.scrollWidth}`);
      for (const el of document.querySelectorAll('#house-rules select, #house-rules input, #house-rules .opt-help')) {
        const r = el.getBoundingClientRect();
        if (r.left < 0 || r.right > innerWidth + 0.5) out.push(`${el.id} leaves the width`);
      }
      return out;
    });
    check(wide.length === 0, `the options at ${w}x${h} fit the width${wide.length ? `: ${wide.join('; ')}` : ''}`);
    await phone.screenshot({ path: path.join(OUT, `options-${w}x${h}.png`), fullPage: true });
  }
  await phone.setViewportSize({ width: 360, height: 640 });

  // The explanations in every language (the lang select of the lobby's head).
  const english = {};
  for (const id of HELP) english[id] = (await phone.textContent(`#opt-${id}-help`)).trim();
  for (const lang of ['fr', 'ko', 'ja']) {
    await phone.selectOption('.lang-select select, select.lang-select', lang);
    await phone.waitForFunction((l) => document.documentElement.lang === l, lang);
    for (const id of HELP) {
      const text = (await phone.textContent(`#opt-${id}-help`)).trim();
      check(text && text !== english[id] && !/[{}]/.test(text), `${lang}: ${id} explained ("${text}")`);
    }
  }
  await phone.selectOption('.lang-select select, select.lang-select', 'en');
  await phone.waitForFunction(() => document.documentElement.lang === 'en');

  // Back to 4 players: no turn structure, for the host and the guest.
  // Each page hears of the change on its own socket: wait for both (the host's own echo can come
  // after the guest's), then give each a moment to drop the control.
  await phone.selectOption('#opt-players', '4');
  await Promise.all([waitOptions(phone, { players: 4 }), waitOptions(desk, { players: 4 })]);
  const gone = (page, sel) => page.waitForFunction((q) => !document.querySelector(q), sel, { timeout: 5000 }).then(() => true, () => false);
  const [hostGone, guestGone] = await Promise.all([gone(phone, '#opt-turn_structure'), gone(desk, '#opt-turn_structure-shown')]);
  check(hostGone && guestGone, `4 players: the turn structure is gone for host and guest (host ${hostGone}, guest ${guestGone})`);
  const kept = await options(phone);
  check(kept.discard_limit === 9 && kept.friendly_robber === true, 'the house rules stay as set');
  run.checkErrors();
  await run.done();
} catch (e) {
  await run.done(e);
}
