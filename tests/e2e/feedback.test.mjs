#!/usr/bin/env node
// The table's feedback in a real browser (Debian's chromium through playwright-core): a seeded 2-player
// game, Ana on a 1280x800 desktop, Bo on a 360x640 touch phone, and Cy watching on a 640x360 touch phone
// that prefers reduced motion. Every roll shows the dice overlay with the total on every seat, the
// roller's and the others' (a 7 says the robber moves, a roll that paid nobody says so); cards produced
// fly onto the hand of the player the server named (and the board highlights the hex only when the
// server sends hex_produced: the client never computes production); a steal shows the victim and the
// thief the card taken, and nobody else; a chat line from Ana puts an unread badge and a toast on Bo's
// phone, which the log dialog clears; a spectator's chat line is marked as such; sounds are synthesized
// only after a gesture, and the speaker toggle turns them off and is remembered across a reload.
// What the pages showed is recorded by a MutationObserver (page.addInitScript), so nothing depends on
// catching a short-lived overlay in time.
//
//   node tests/e2e/feedback.test.mjs --server build/catan-server --out build/tests/e2e [--web-dir web] [--seed 5]
import path from 'node:path';
import { e2e } from './harness.mjs';

const argv = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const SEED = argv('seed', '5');
const MAX_TURNS = Number(argv('max-turns', '40'));
const run = e2e('feedback', { timeoutMs: 90_000 });
const { check, OUT } = run;

// Counts AudioContexts and oscillator starts, and records every dice overlay, flying card, hex highlight
// and steal/Monopoly card the page showed (what, and whether it was inside the viewport).
function recorder() {
  const fx = { contexts: 0, oscillators: 0, dice: [], flies: [], hexes: [], cards: [], events: [] };
  window.__fx = fx;
  // Every event the page's session hands its views, with the seq it came at: hex_produced events go
  // to the board but not into the kept log, so the log alone cannot say whether the server sent any.
  const hook = setInterval(() => {
    const store = window.catanDebug?.store;
    if (!store) return;
    clearInterval(hook);
    store.onEvents((events, st) => fx.events.push(...events.map((ev) => ({ seq: st.seq, ev }))));
  }, 10);
  const AC = window.AudioContext;
  if (AC) {
    window.AudioContext = class extends AC {
      constructor(...a) {
        super(...a);
        fx.contexts++;
      }
    };
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (...a) {
      fx.oscillators++;
      return start.apply(this, a);
    };
  }
  const inView = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight;
  };
  const last = {};
  const seen = (el) => {
    if (el.hidden || !el.dataset.count || last[el.id] === el.dataset.count) return; // one show makes several mutations
    last[el.id] = el.dataset.count;
    if (el.id === 'dice-fx') {
      fx.dice.push({ count: Number(el.dataset.count), sum: Number(el.dataset.sum), kind: el.dataset.kind, total: el.querySelector('.dice-fx-sum')?.textContent,
        caption: el.querySelector('.dice-fx-caption')?.textContent || '', inView: inView(el), animations: el.getAnimations({ subtree: true }).length,
        seq: window.catanDebug?.store?.state?.seq });
    }
    if (el.id === 'fx-card') fx.cards.push({ ...el.dataset, text: el.textContent, inView: inView(el) });
  };
  new MutationObserver((list) => {
    for (const m of list) {
      if (m.type === 'attributes') seen(m.target);
      for (const n of m.addedNodes) {
        if (n.nodeType !== 1) continue;
        if (n.classList.contains('fx-fly')) fx.flies.push({ ...n.dataset, text: n.textContent });
        if (n.classList.contains('fx-hex')) fx.hexes.push({ ...n.dataset });
        if (n.id === 'dice-fx' || n.id === 'fx-card') seen(n);
      }
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['hidden', 'data-count', 'data-kind'] });
}

const state = (page) => page.evaluate(() => {
  const s = window.catanDebug.store.state;
  return { seat: s.seat, seq: s.seq, game: s.doc?.game ?? null, legal: s.legal?.actions ?? [], pending: !!s.pending, log: s.log };
});
const fx = (page) => page.evaluate(() => window.__fx);

// Waits for what a check is about; on a client without it the check fails and the run goes on, so one
// run lists every missing behaviour.
const waitFor = (page, fn, arg) => page.waitForFunction(fn, arg, { timeout: 5000 }).then(() => true, () => false);

async function settle(pages, minSeq = 0) {
  const deadline = Date.now() + 10000;
  for (;;) {
    const states = await Promise.all(pages.map(state));
    if (states.every((s) => s.seq === states[0].seq && s.seq >= minSeq && !s.pending)) return states;
    if (Date.now() > deadline) throw new Error(`pages did not settle: seqs ${states.map((s) => s.seq)}`);
    await new Promise((r) => setTimeout(r, 30));
  }
}

// Sends a legal action (or a command) from `page` through the client's store and waits for every page.
async function act(pages, page, command) {
  const before = (await state(page)).seq;
  await page.evaluate((c) => window.catanDebug.store.command(c), command);
  await page.waitForFunction((q) => window.catanDebug.store.state.seq > q, before);
  return settle(pages, before + 1);
}

// The events of the update with sequence number `seq`, as `page` received them.
const eventsAt = (st, seq) => st.log.filter((e) => e.seq === seq).map((e) => e.ev);

try {
  const base = await run.startServer();
  const browser = await run.launch();
  const open = async (label, options) => {
    const ctx = await browser.newContext(options);
    await ctx.addInitScript(recorder);
    const page = run.watch(await ctx.newPage());
    page.label = label;
    return page;
  };
  const ana = await open('Ana', { viewport: { width: 1280, height: 800 } });
  const bo = await open('Bo', { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });

  const { url } = await run.createRoom(ana, base, { seed: SEED, name: 'Ana', players: 2 });
  await bo.goto(url);
  await bo.fill('#join-name', 'Bo');
  await bo.locator('#join-seat').tap();
  await bo.waitForSelector('#room-code');
  await ana.waitForFunction(() => document.querySelectorAll('#seats .seat:not(.empty)').length === 2);
  await ana.click('#start');
  const pages = [ana, bo];
  await Promise.all(pages.map((p) => p.waitForSelector('#game')));
  let states = await settle(pages);
  const bySeat = new Map(states.map((s, i) => [s.seat, pages[i]]));

  // Setup: whoever has a placement makes the first legal one.
  for (let guard = 0; states[0].game.phase.startsWith('setup'); guard++) {
    if (guard > 20) throw new Error('setup does not end');
    const i = states.findIndex((s) => s.legal.some((a) => a.type === 'build_settlement' || a.type === 'build_road'));
    states = await act(pages, pages[i], states[i].legal.find((a) => a.type === 'build_settlement' || a.type === 'build_road'));
  }

  // A spectator on a landscape phone that prefers reduced motion.
  const cy = await open('Cy', { viewport: { width: 640, height: 360 }, isMobile: true, hasTouch: true, reducedMotion: 'reduce' });
  await cy.goto(url);
  await cy.locator('#spectate').tap();
  await cy.waitForSelector('#game');
  const all = [ana, bo, cy];
  await settle(all);

  // Ana's clicks (create, start) were gestures: her sounds may play. Bo reloads and has not touched the
  // page since: nothing may be synthesized for him.
  await bo.reload();
  await bo.waitForSelector('#game');
  await settle(all);

  const seen = { other: false, roller: false, seven: false, nothing: false, steal: false, produced: false, soundOff: false, chat: false };
  let anaOscAtOff = null;
  for (let turn = 0; turn < MAX_TURNS && !(seen.seven && seen.steal && seen.nothing && seen.chat && seen.other && seen.produced); turn++) {
    const cur = states[0].game.current;
    const roller = bySeat.get(cur);
    const before = (await state(ana)).seq;
    const counts = await Promise.all(all.map(async (p) => (await fx(p)).dice.length));
    if (roller === ana) await ana.click('[data-action="roll"]');
    else await bo.evaluate(() => window.catanDebug.store.command({ type: 'roll_dice' })); // not a gesture
    await ana.waitForFunction((q) => window.catanDebug.store.state.seq > q, before);
    states = await settle(all, before + 1);
    const rollSeq = before + 1;
    const evs = eventsAt(states[0], rollSeq);
    const roll = evs.find((e) => e.type === 'dice_rolled');
    // Every seat and the spectator show the overlay for this roll, with its total, inside the viewport.
    for (const [i, p] of all.entries()) {
      await waitFor(p, (n) => window.__fx.dice.length > n, counts[i]);
      const shown = (await fx(p)).dice.slice(counts[i]);
      const d = shown[shown.length - 1] || {};
      const ok = shown.length === 1 && d.sum === roll.sum && d.total === String(roll.sum) && d.inView;
      if (p !== roller && !seen.other) {
        check(ok, `${p.label} (not rolling) sees the dice overlay with the total ${roll.sum} (${JSON.stringify(d)})`);
        seen.other = true;
      }
      if (p === roller && !seen.roller) {
        check(ok, `${p.label} (the roller) sees the dice overlay with the total ${roll.sum}`);
        seen.roller = true;
      }
      if (!ok) check(false, `${p.label}: dice overlay for ${roll.sum} (${JSON.stringify(shown)})`);
      if (p === cy && shown.length && (d.animations !== 0 || !seen.reduced)) {
        check(d.animations === 0 && d.total === String(roll.sum), `reduced motion: the spectator sees the total ${d.total} and nothing moves (${d.animations} animations)`);
        seen.reduced = true;
      }
      if (p === ana && shown.length && (d.animations === 0 || !seen.animated)) {
        check(d.animations > 0, `without reduced motion Ana's dice tumble (${d.animations} animations)`);
        seen.animated = true;
      }
    }
    if (turn === 0) {
      // Pictures, not checks: the overlay may already be fading on a slow machine.
      await bo.screenshot({ path: path.join(OUT, 'feedback-dice-360x640.png') });
      await cy.screenshot({ path: path.join(OUT, 'feedback-dice-640x360.png') });
    }
    const gains = evs.filter((e) => e.type === 'produced');
    if (roll.sum === 7 && !seen.seven) {
      const shown = await Promise.all(all.map(async (p) => (await fx(p)).dice.at(-1)));
      check(shown.every((d) => d?.kind === 'seven' && d.caption === '7 — the robber moves'), `a 7 says so on every seat ("${shown[1]?.caption}")`);
      seen.seven = true;
    }
    if (roll.sum !== 7 && gains.length === 0 && !seen.nothing) {
      const d = (await fx(ana)).dice.at(-1) || {};
      check(d.kind === 'nothing' && d.caption === 'Nobody produced anything', `a roll that paid nobody says so ("${d.caption}")`);
      seen.nothing = true;
    }
    if (gains.length && !seen.produced) {
      // The cards fly onto the hands the server named, on every page; the hex lights up only when the
      // server said which hex paid (hex_produced).
      const hexEvents = (await fx(ana)).events.filter((e) => e.seq === rollSeq && e.ev.type === 'hex_produced').map((e) => e.ev);
      for (const p of all) {
        const f = await fx(p);
        const flown = gains.every((g) => Object.keys(g.resources).every((r) => f.flies.some((x) => x.seat === String(g.player) && x.res === r)));
        check(flown, `${p.label} sees the produced cards reach ${gains.map((g) => `seat ${g.player}`).join(', ')}`);
        if (hexEvents.length) check(hexEvents.every((e) => f.hexes.some((x) => x.hex === String(e.hex) && x.players.split(',').includes(String(e.player)))), `${p.label}: the board shows which hex paid whom`);
        else check(f.hexes.length === 0, `${p.label}: without hex_produced the board highlights no hex (the client does not recompute production)`);
      }
      const mine = gains.find((g) => g.player === states[1].seat);
      if (mine) check((await fx(bo)).flies.some((x) => x.mine === '1'), 'Bo sees cards fly onto his own hand');
      seen.produced = true;
    }
    if (roller === ana && anaOscAtOff === null) {
      const f = await fx(ana);
      check(f.contexts === 1 && f.oscillators > 0, `after a gesture, Ana hears the dice (${f.oscillators} oscillators)`);
      // One tap turns sound off; it is remembered.
      if (await ana.locator('#sound-btn').count()) await ana.click('#sound-btn');
      anaOscAtOff = (await fx(ana)).oscillators;
      check(await ana.evaluate(() => localStorage.getItem('catan.sound') === 'off' && document.querySelector('#sound-btn')?.getAttribute('aria-pressed') === 'false'),
        'the speaker toggle turns sound off and stores it');
    } else if (anaOscAtOff !== null && !seen.soundOff) {
      check((await fx(ana)).oscillators === anaOscAtOff, 'with sound off, the next roll makes no sound');
      seen.soundOff = true;
    }
    if (!seen.chat) {
      const f = await fx(bo);
      check(f.contexts === 0 && f.oscillators === 0, 'nothing is synthesized on a page nobody has touched (autoplay policy)');
      // Ana writes in the chat beside her board; Bo's phone shows a badge and a toast.
      await ana.fill('.log-panel .chat-input', 'hello Bo');
      await ana.press('.log-panel .chat-input', 'Enter');
      await waitFor(bo, () => document.querySelector('#chat-badge:not([hidden])'));
      check((await bo.locator('#chat-badge').textContent({ timeout: 1000 }).catch(() => null)) === '1', 'an unread badge appears on the phone\'s log button');
      check((await bo.locator('.toast-chat', { hasText: 'hello Bo' }).count()) === 1, 'a toast shows the new chat line on the phone');
      await bo.screenshot({ path: path.join(OUT, 'feedback-chat-badge-360x640.png') });
      check((await ana.locator('#chat-badge').count()) === 1 && await ana.locator('#chat-badge').isHidden(), 'no badge where the chat is on screen (desktop)');
      await bo.locator('#last-log').tap();
      check(await waitFor(bo, () => document.querySelector('[data-dialog="log"] .chat-list li')), 'the log dialog shows the chat line as it opens');
      check((await bo.locator('#chat-badge').count()) === 1 && await bo.locator('#chat-badge').isHidden(), 'opening the log and chat clears the badge');
      await bo.locator('[data-dialog="log"] .close').tap();
      seen.chat = true;
      const g = await fx(bo);
      check(g.contexts === 1, `Bo's first tap makes the audio context (${g.contexts})`);
    }

    // A 7: discards, then the roller moves the robber onto the other player if possible.
    if (states[0].game.phase === 'discard') {
      for (const [i, p] of all.entries()) {
        const d = states[i].legal.find((a) => a.type === 'discard');
        if (d) states = await act(all, p, d);
      }
    }
    if (states[0].game.phase === 'move_robber') {
      const rs = states[all.indexOf(roller)];
      const moves = rs.legal.filter((a) => a.type === 'move_robber');
      const pick = moves.find((a) => a.victim !== undefined && a.victim !== null) || moves[0];
      const cards = await Promise.all(all.map(async (p) => (await fx(p)).cards.length));
      states = await act(all, roller, pick);
      const victimPage = bySeat.get(pick.victim);
      const stole = victimPage && eventsAt(states[all.indexOf(victimPage)], states[0].seq).find((e) => e.type === 'stole');
      if (stole && !seen.steal) {
        const res = stole.resource;
        await waitFor(victimPage, (n) => window.__fx.cards.length > n, cards[all.indexOf(victimPage)]);
        const vc = (await fx(victimPage)).cards.at(-1) || {};
        await victimPage.screenshot({ path: path.join(OUT, `feedback-steal-${victimPage.label}.png`) });
        check(vc.kind === 'steal.victim' && vc.res === res && vc.text.includes(res) && vc.inView, `the victim sees what was taken: ${res} ("${vc.text}")`);
        await waitFor(roller, (n) => window.__fx.cards.length > n, cards[all.indexOf(roller)]);
        const tc = (await fx(roller)).cards.at(-1);
        check(tc && tc.kind === 'steal.thief' && tc.res === res && tc.text.includes(res), `the thief sees what was taken ("${tc?.text}")`);
        check((await fx(cy)).cards.length === cards[2], 'the spectator gets no card naming the stolen resource');
        seen.steal = true;
      }
    }
    if (states[0].game.phase === 'main') states = await act(all, roller, { type: 'end_turn' });
  }
  check(seen.other && seen.seven && seen.nothing && seen.steal && seen.chat && seen.produced, `seed ${SEED} gave a roll seen by another seat, a 7 with a steal, a roll that paid nobody, one that paid, and the chat (${JSON.stringify(seen)})`);
  const b = await fx(bo);
  check(b.oscillators > 0, `after his tap Bo hears the table (${b.oscillators} oscillators)`);

  // The choice survives a reload.
  await ana.reload();
  await ana.waitForSelector('#game');
  check(await ana.evaluate(() => localStorage.getItem('catan.sound') === 'off' && document.querySelector('#sound-btn')?.dataset.sound === 'off' && document.querySelector('#sound-btn')?.getAttribute('aria-pressed') === 'false'),
    'sound stays off after a reload');

  // The spectator writes; the line is marked as a spectator's wherever it is shown.
  await cy.locator('#last-log').tap();
  await cy.fill('[data-dialog="log"] .chat-input', 'watching you');
  await cy.locator('[data-dialog="log"] .chat button[type="submit"]').tap();
  await cy.waitForSelector('[data-dialog="log"] .chat-list li:has-text("watching you")');
  check(await cy.locator('[data-dialog="log"] .chat-list li.chat-spectator', { hasText: 'watching you' }).filter({ hasText: 'spectator' }).count() === 1, 'a spectator\'s chat line is marked as such');
  await cy.screenshot({ path: path.join(OUT, 'feedback-spectator-chat.png') });
  // Players may receive it (servers before spectator chat) or not; Ana's own line comes after it.
  await ana.fill('.log-panel .chat-input', 'after');
  await ana.press('.log-panel .chat-input', 'Enter');
  await ana.waitForSelector('.log-panel .chat-list li:has-text("after")');
  const plain = await ana.locator('.log-panel .chat-list li', { hasText: 'watching you' }).evaluateAll((els) => els.filter((e) => !e.classList.contains('chat-spectator')).length);
  check(plain === 0, 'no player sees the spectator\'s line unmarked');
  run.checkErrors();
  await run.done();
} catch (e) {
  await run.done(e);
}
