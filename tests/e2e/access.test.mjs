#!/usr/bin/env node
// Words and access in a real browser (Debian's chromium through playwright-core), on a 1440x900 desktop
// with a mouse: Ana plays a seeded 4-seat game against three basic bots by keyboard only — the setup
// pieces with the arrow keys and Enter, R to roll (not while typing in the chat), T and Escape for the
// trade dialog, 1 for the road mode, E to end the turn. Screen readers get labels, not bare numbers
// (hand, actions with costs, player rows, board spots), and the roll and "your turn" are said in a
// polite live region. The hints say "click" with a mouse and "tap" on a touch phone. Text meets WCAG AA
// contrast (4.5:1, 3:1 for large text) on the start page, the lobby, the game, the trade dialog,
// the menu and the replay. In Japanese and
// Korean at 360x640 the short labels (actions, names, bot badge) do not break inside a word.
//
//   node tests/e2e/access.test.mjs --server build/catan-server --out build/tests/e2e [--web-dir web]
import path from 'node:path';
import { e2e } from './harness.mjs';

const run = e2e('access', { timeoutMs: 85_000, serverArgs: ['--bot-delay', '30'] });
const { check, OUT } = run;

const state = (page) => page.evaluate(() => {
  const s = window.catanDebug.store.state;
  return { seat: s.seat, game: s.doc?.game ?? null, legal: s.legal, seq: s.seq };
});
const waitSeq = (page, seq) => page.waitForFunction((q) => window.catanDebug.store.state.seq > q, seq);
const waitMine = (page, phases) => page.waitForFunction((ph) => {
  const s = window.catanDebug.store.state;
  const g = s.doc?.game;
  return g && g.current === s.seat && ph.includes(g.phase) && s.legal;
}, phases, { timeout: 20000 });

// WCAG contrast of every visible text against what is behind it (background colours of the element
// and its ancestors, composited; opacity folded in). Elements over a picture or a gradient are skipped.
function contrastFailures() {
  const parse = (c) => {
    const m = c.match(/rgba?\(([^)]+)\)/);
    if (!m) return null;
    const [r, g, b, a = 1] = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return { r, g, b, a };
  };
  const over = (top, bottom) => ({
    r: top.r * top.a + bottom.r * (1 - top.a), g: top.g * top.a + bottom.g * (1 - top.a), b: top.b * top.a + bottom.b * (1 - top.a), a: 1,
  });
  const lum = ({ r, g, b }) => {
    const f = (v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const failures = [];
  const seen = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    // Disabled controls are exempt (WCAG 1.4.3: inactive components); actions that say why they are
    // not possible now are aria-disabled, not disabled, and are measured.
    if (!el || seen.has(el) || !n.textContent.trim() || el.closest('svg, .sr, [hidden], noscript, option, :disabled')) continue;
    seen.add(el);
    const rect = el.getBoundingClientRect();
    if (rect.width < 1 || rect.height < 1) continue;
    const cs = getComputedStyle(el);
    if (cs.visibility === 'hidden') continue;
    // The backgrounds from the page up to the element, and the opacities on the way.
    const chain = [];
    let opacity = 1;
    let picture = false;
    for (let e = el; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      opacity *= Number(s.opacity);
      if (s.backgroundImage !== 'none') picture = true;
      chain.push(parse(s.backgroundColor));
    }
    // Text mid-animation (a fading "+1" flying to a hand) is measured at rest, not mid-fade.
    let moving = false;
    for (let e = el; e && !moving; e = e.parentElement) moving = e.getAnimations().some((a) => a.playState === 'running');
    if (picture || opacity === 0 || moving) continue;
    let bg = { r: 255, g: 255, b: 255, a: 1 };
    for (const c of chain.reverse()) if (c && c.a > 0) bg = over(c, bg);
    const fg = parse(cs.color);
    const text = over({ ...fg, a: fg.a * opacity }, bg);
    const [hi, lo] = [lum(text), lum(bg)].sort((a, b) => b - a);
    const ratio = (hi + 0.05) / (lo + 0.05);
    const size = parseFloat(cs.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(cs.fontWeight) >= 700);
    const need = large ? 3 : 4.5;
    if (ratio < need - 0.005) {
      const id = el.id ? `#${el.id}` : '';
      const cls = el.getAttribute('class') ? `.${el.getAttribute('class').trim().split(/\s+/).join('.')}` : '';
      failures.push(`${el.tagName.toLowerCase()}${id}${cls} "${n.textContent.trim().slice(0, 24)}" ${ratio.toFixed(2)}:1 (needs ${need})`);
    }
  }
  return failures;
}

// Line breaks inside short labels: for each element, where a new line starts, the character before
// must be a space: Korean keeps its words whole, Japanese its labels.
function badBreaks({ selectors, lang }) {
  const out = [];
  for (const el of document.querySelectorAll(selectors)) {
    if (!el.getClientRects().length) continue;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    let prevTop = null;
    let prevChar = '';
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      for (let i = 0; i < n.length; i++) {
        const r = document.createRange();
        r.setStart(n, i);
        r.setEnd(n, i + 1);
        const rect = r.getClientRects()[0];
        const ch = n.data[i];
        if (!rect || !rect.width) { // a space at the end of a line takes no room
          prevChar = ch;
          continue;
        }
        if (prevTop !== null && rect.top > prevTop + 3 && !/\s/.test(prevChar)) {
          out.push(`${el.getAttribute('class')} "${el.textContent.trim()}" breaks before "${ch}"`);
          break;
        }
        prevTop = rect.top;
        prevChar = ch;
      }
    }
  }
  return out;
}

try {
  const base = await run.startServer();
  const browser = await run.launch();
  const desk = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  const page = run.watch(await desk.newPage());

  const cf = await page.goto(base).then(() => page.evaluate(contrastFailures));
  check(cf.length === 0, `start page text meets WCAG AA contrast${cf.length ? `: ${cf.join('; ')}` : ''}`);
  await run.createRoom(page, base, { seed: 21, name: 'Ana', players: 4 });
  for (const seat of [1, 2, 3]) {
    await page.click(`.seat[data-seat="${seat}"] .add-bot`);
    await page.waitForSelector(`.seat[data-seat="${seat}"] .tag.bot`);
  }
  const cl = await page.evaluate(contrastFailures);
  check(cl.length === 0, `lobby text meets WCAG AA contrast${cl.length ? `: ${cl.join('; ')}` : ''}`);
  await page.click('#start');
  await page.waitForSelector('.player');

  // Setup by keyboard: an arrow key focuses a highlighted spot (with a real label), another moves on,
  // Enter places the piece.
  let labels = [];
  for (let round = 0; round < 2; round++) {
    await waitMine(page, ['setup_settlement']);
    await page.keyboard.press('ArrowDown');
    const first = await page.evaluate(() => document.activeElement?.dataset?.id);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    const focused = await page.evaluate(() => ({ spot: document.activeElement?.dataset?.spot, id: document.activeElement?.dataset?.id, label: document.activeElement?.getAttribute('aria-label') }));
    if (round === 0) check(focused.spot === 'node' && focused.id !== first, `the arrow keys move between highlighted corners (${first} → ${focused.id})`);
    labels.push(focused.label);
    let s = await state(page);
    await page.keyboard.press('Enter');
    await waitSeq(page, s.seq);
    s = await state(page);
    check(s.game.players[s.seat].settlements.includes(Number(focused.id)), `Enter placed the settlement on the focused corner ${focused.id}`);
    await waitMine(page, ['setup_road']);
    await page.keyboard.press('ArrowUp');
    const road = await page.evaluate(() => ({ spot: document.activeElement?.dataset?.spot, label: document.activeElement?.getAttribute('aria-label') }));
    labels.push(road.label);
    s = await state(page);
    await page.keyboard.press(' ');
    await waitSeq(page, s.seq);
    check(road.spot === 'path' && (await state(page)).game.players[s.seat].roads.length === round + 1, 'Space placed the road on the focused path');
  }
  check(labels.every((l) => /^(Settlement spot next to|Road spot between) the \d+ \w+/.test(l) && !/spot \d+$/.test(l)),
    `board spots have a place, not an id: ${labels.join(' | ')}`);

  // The first turn: R is ignored while typing, then rolls.
  await waitMine(page, ['pre_roll']);
  await page.waitForFunction(() => /Your turn/.test(document.getElementById('live')?.textContent || ''));
  check(true, 'the live region says "Your turn"');
  const live = await page.getAttribute('#live', 'aria-live');
  check(live === 'polite' && (await page.getAttribute('#live', 'role')) === 'status', 'the announcements are a polite status region');
  await page.focus('.col-left .chat-input');
  await page.keyboard.type('r');
  check((await state(page)).game.phase === 'pre_roll', 'R typed in the chat does not roll');
  await page.evaluate(() => document.activeElement.blur());
  const rollTitle = await page.getAttribute('[data-action="roll"]', 'title');
  check(/\(key R\)/.test(rollTitle), `the roll button names its key (${rollTitle})`);
  let s = await state(page);
  await page.keyboard.press('r');
  await waitSeq(page, s.seq);
  s = await state(page);
  check(s.game.dice !== null && s.game.phase !== 'pre_roll', `R rolled the dice (${s.game.dice})`);
  const said = await page.textContent('#live');
  check(/^You rolled \d+/.test(said), `the roll is announced: "${said}"`);
  if (s.game.phase === 'discard' || s.game.phase === 'move_robber') {
    // A 7: move the robber by keyboard too (no discard at 4 cards).
    await waitMine(page, ['move_robber']);
    await page.keyboard.press('ArrowDown');
    const hex = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    check(/^Move the robber to the/.test(hex), `a robber spot says where: ${hex}`);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => window.catanDebug.store.state.doc.game.phase === 'main' || document.querySelector('.victim'));
    if (await page.locator('.victim').count()) await page.click('.victim');
  }
  await waitMine(page, ['main']);

  // Labels: the accessibility tree has sentences, not "1 0 0 0 0 1" or "Road 1 1".
  const tree = await page.locator('#game').ariaSnapshot();
  const bare = tree.split('\n').filter((l) => /:\s*"?(\d+\s+){1,}\d+"?\s*$|"\w+ \d+ \d+"|^\s*- (text|img|group): \d+( \d+)+/.test(l));
  check(bare.length === 0, `no bare numbers in the accessibility tree${bare.length ? `: ${bare.join(' / ')}` : ''}`);
  check(/Your hand: .*\(\d+ cards?\)/.test(tree), 'the hand is read as a sentence');
  check(/Road, costs 1 brick, 1 lumber/.test(tree), 'an action is read with its cost');
  check(/victory points?, \d+ resource cards?, \d+ development cards?, \d+ knights? played/.test(tree), 'a player row is read with what its numbers mean');
  const cardLabel = await page.getAttribute('.hand-cards .card[data-res="brick"]', 'aria-label');
  check(/^\d+ brick$/.test(cardLabel), `a hand card says "n brick" (${cardLabel})`);

  // T opens the trade, Escape closes it; 1 chooses the road mode (or says why not), Escape leaves it.
  await page.keyboard.press('t');
  await page.waitForSelector('#modal-root.open', { state: 'attached' });
  const ct = await page.evaluate(contrastFailures);
  check(ct.length === 0, `trade dialog text meets WCAG AA contrast${ct.length ? `: ${ct.join('; ')}` : ''}`);
  await page.keyboard.press('Escape');
  await page.waitForSelector('#modal-root:not(.open)', { state: 'attached' });
  check(true, 'T opens the trade dialog and Escape closes it');
  const canRoad = (await state(page)).legal.actions.some((a) => a.type === 'build_road');
  await page.keyboard.press('1');
  if (canRoad) {
    await page.waitForSelector('[data-action="road"][aria-pressed="true"]');
    const hint = await page.textContent('.mode-hint span');
    check(/^Click /.test(hint), `the build-mode hint says click on a desktop (${hint})`);
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-action="road"][aria-pressed="false"]');
    check(true, '1 chose the road mode and Escape left it');
  } else {
    await page.waitForSelector('#toast-root .toast');
    check(true, '1 asked for the road mode and was told why not');
  }
  const cg = await page.evaluate(contrastFailures);
  check(cg.length === 0, `game text meets WCAG AA contrast${cg.length ? `: ${cg.join('; ')}` : ''}`);
  await page.screenshot({ path: path.join(OUT, 'access-desktop.png') });
  await page.click('#menu-btn');
  await page.waitForSelector('#modal-root.open', { state: 'attached' });
  const cm = await page.evaluate(contrastFailures);
  check(cm.length === 0, `menu text meets WCAG AA contrast${cm.length ? `: ${cm.join('; ')}` : ''}`);
  await page.keyboard.press('Escape');
  await page.waitForSelector('#modal-root:not(.open)', { state: 'attached' });
  s = await state(page);
  await page.keyboard.press('e');
  await waitSeq(page, s.seq);
  check((await state(page)).game.current !== s.seat, 'E ended the turn');

  // A touch phone says "tap" (same room, watching); the replay screen's contrast.
  const phone = run.watch(await (await browser.newContext({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true })).newPage());
  await phone.goto(`${page.url().split('#')[0]}#replay`);
  await phone.waitForSelector('#replay-last');
  await phone.click('#replay-last');
  const cr = await phone.evaluate(contrastFailures);
  check(cr.length === 0, `replay text meets WCAG AA contrast${cr.length ? `: ${cr.join('; ')}` : ''}`);
  const hints = await phone.evaluate(async () => {
    const { t } = await import('/js/i18n.js');
    return [t('mode.road'), t('banner.robber.me')];
  });
  check(hints.every((h) => /\btap\b/i.test(h)), `a touch phone's hints say tap (${hints.join(' | ')})`);

  // Japanese and Korean, phone-sized (portrait and landscape) and desktop: labels keep their words whole
  // and the bot's name stays visible beside its badge.
  for (const [w, hgt] of [[360, 640], [640, 360], [320, 568], [1440, 900]]) {
    await page.setViewportSize({ width: w, height: hgt });
    for (const lang of ['ja', 'ko']) {
      await page.evaluate((l) => localStorage.setItem('catan.lang', l), lang);
      await page.reload();
      await page.waitForSelector('.player .tag.bot', { state: 'attached' });
      const breaks = await page.evaluate(badBreaks, { selectors: '.action-label, .player-name .name, .player-name .tag, .hand-total', lang });
      check(breaks.length === 0, `${lang} ${w}x${hgt}: no label breaks inside a word${breaks.length ? `: ${breaks.join('; ')}` : ''}`);
      const name = await page.evaluate(() => {
        const el = document.querySelector('.player[data-seat="1"] .name');
        return { shown: el.clientWidth, full: el.scrollWidth, text: el.textContent };
      });
      check(name.shown >= Math.min(name.full, 40), `${lang} ${w}x${hgt}: the bot's name is not hidden behind its badge (${name.text}: ${name.shown}/${name.full} px)`);
      if (w <= 360) await page.screenshot({ path: path.join(OUT, `access-${lang}-${w}.png`) });
    }
  }
  run.checkErrors();
  await run.done();
} catch (e) {
  await run.done(e);
}
