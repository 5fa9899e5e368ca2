// The table's layout checks the browser tests share: everything wrong with the instruction line, the
// hand, the action bar, the player cards and an open dialog in the page as it is now, run inside the
// page (page.evaluate(layoutProblems)); whether one element can be seen and tapped (inView); a
// wait for two animation frames after a resize; the harbors cut off at an svg's edge (harborsOutside);
// and one check of a step at every phone size (viewChecker).

import path from 'node:path';

// Everything wrong with the table's layout in the page as it is now ([] when all is well).
export function layoutProblems() {
  const out = [];
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const name = (el) => (el ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}` : 'nothing');
  const inside = (r) => r.width > 0 && r.height > 0 && r.top >= -0.5 && r.left >= -0.5 && r.bottom <= vh + 0.5 && r.right <= vw + 0.5;
  const onTop = (el, what) => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return;
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!top || !el.contains(top)) out.push(`${what} is covered by ${name(top)}`);
  };
  for (const sel of ['#banner', '#hand', '#actions']) {
    const el = document.querySelector(sel);
    if (!el) {
      out.push(`${sel} is missing`);
      continue;
    }
    const r = el.getBoundingClientRect();
    if (!inside(r)) {
      out.push(`${sel} is at ${Math.round(r.left)},${Math.round(r.top)} size ${Math.round(r.width)}x${Math.round(r.height)}, outside ${vw}x${vh}`);
      continue;
    }
    onTop(el, sel);
    for (const part of el.querySelectorAll(':scope > *, :scope .card, :scope button')) onTop(part, `${sel} ${name(part)}`);
  }
  const text = document.querySelector('#banner .banner-text');
  if (text && (text.scrollHeight > text.clientHeight + 1 || text.scrollWidth > text.clientWidth + 1)) out.push(`the instruction line is clipped: "${text.textContent}"`);
  if (document.documentElement.scrollWidth > vw) out.push(`horizontal scroll (${document.documentElement.scrollWidth} > ${vw})`);
  for (const p of document.querySelectorAll('#players .player')) {
    const r = p.getBoundingClientRect();
    const over = [...p.querySelectorAll('*')].some((c) => {
      const q = c.getBoundingClientRect();
      return q.width > 0 && (q.right > r.right + 0.5 || q.left < r.left - 0.5);
    });
    if (p.scrollWidth > p.clientWidth + 1 || over) out.push(`player card ${p.dataset.seat} overflows`);
  }
  const dialog = document.querySelector('#modal-root .dialog, #winner');
  if (dialog) {
    if (!inside(dialog.getBoundingClientRect())) out.push(`the dialog ${name(dialog)} is not inside the viewport`);
    const head = dialog.querySelector('h2');
    if (head) onTop(head, 'the dialog title');
    const box = dialog.getBoundingClientRect();
    for (const b of dialog.querySelectorAll('.primary')) {
      const r = b.getBoundingClientRect(); // a button scrolled out of the dialog's view is reached by scrolling
      if (r.top >= box.top && r.bottom <= box.bottom) onTop(b, `the dialog's ${name(b)}`);
    }
    for (const toast of document.querySelectorAll('#toast-root .toast')) {
      const a = toast.getBoundingClientRect();
      const b = dialog.getBoundingClientRect();
      const cs = getComputedStyle(toast);
      if (cs.display !== 'none' && a.width > 0 && a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top) out.push(`a toast ("${toast.textContent}") covers the dialog`);
    }
  }
  return out;
}

// Every action button is enabled exactly when the legal actions allow it (run in the page): the
// problems, and what the legal actions allow.
export function actionProblems() {
  const s = window.catanDebug.store.state;
  const acts = (s.legal && (s.legal.actions || s.legal.commands)) || [];
  const has = (type) => acts.some((a) => a.type === type);
  const main = s.doc.game.phase === 'main';
  const allowed = {
    roll: has('roll_dice'), road: has('build_road') && main, settlement: has('build_settlement') && main, city: has('build_city'),
    dev: has('buy_dev_card'), trade: has('bank_trade') || !!s.legal?.may_propose_trade, end: has('end_turn'),
  };
  const out = [];
  for (const [id, ok] of Object.entries(allowed)) {
    const b = document.querySelector(`#actions [data-action="${id}"]`);
    const enabled = b && b.getAttribute('aria-disabled') === 'false';
    if (enabled !== ok) out.push(`${id} is ${enabled ? 'enabled' : 'disabled'} but legal says ${ok ? 'allowed' : 'not allowed'}`);
  }
  return { out, allowed };
}

export const frames = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

// 'ok' when the element `sel` is wholly inside the viewport and a tap on its middle reaches it;
// otherwise what is wrong ('missing', where it is, 'covered by ...').
export const inView = (page, sel) => page.evaluate((s) => {
  const el = document.querySelector(s);
  if (!el) return 'missing';
  const r = el.getBoundingClientRect();
  if (!(r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth))
    return `at ${Math.round(r.left)},${Math.round(r.top)} size ${Math.round(r.width)}x${Math.round(r.height)} in ${window.innerWidth}x${window.innerHeight}`;
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return top && (el.contains(top) || top.contains(el)) ? 'ok' : `covered by ${top ? top.id || top.className || top.tagName : 'nothing'}`;
}, sel);

// The harbors drawn in the svg `svgSel` whose box lies outside its viewBox (cut off at the frame's
// edge): their positions, [] when every harbor is inside.
export const harborsOutside = (page, svgSel) => page.evaluate((sel) => {
  const svg = document.querySelector(sel);
  const [x, y, w, h] = svg.getAttribute('viewBox').split(/\s+/).map(Number);
  return [...svg.querySelectorAll('.harbor-box')].map((r) => r.getBBox())
    .filter((b) => b.x < x - 0.5 || b.y < y - 0.5 || b.x + b.width > x + w + 0.5 || b.y + b.height > y + h + 0.5)
    .map((b) => `(${b.x.toFixed(0)},${b.y.toFixed(0)})`);
}, svgSel);

// No toast, flying card or dice animation over the table (they come and go on their own).
export const noToasts = (page) => page.waitForFunction(() => ![...document.querySelectorAll('#toast-root .toast, .fx-card, #dice-fx')].some((e) => !e.hidden && e.getBoundingClientRect().height > 0), null, { timeout: 8000 }).catch(() => {});

// checkView(step, selectors): at each of `sizes`, the table's layout and every selector in view and
// uncovered, with a screenshot `${prefix}-${step}-${w}x${h}.png` in `out`; the page is left at the
// first size. `exempt(sel, w, h, where)` says which findings a test expects (e.g. a test server's
// warning over the board's top row); `once` checks each step only the first time it is reached.
export function viewChecker(page, { sizes, out, prefix, check, exempt = () => false, once = false }) {
  const seen = new Set();
  return async (step, sels) => {
    if (once && seen.has(step)) return;
    seen.add(step);
    await noToasts(page);
    for (const [w, h] of sizes) {
      await page.setViewportSize({ width: w, height: h });
      await frames(page);
      const size = `${w}x${h}`;
      const layout = await page.evaluate(layoutProblems);
      check(layout.length === 0, `${step} at ${size}: instruction line, hand and actions in view and uncovered${layout.length ? `: ${layout.join('; ')}` : ''}`);
      for (const sel of sels) {
        const where = await inView(page, sel);
        check(where === 'ok' || exempt(sel, w, h, where), `${step} at ${size}: ${sel} in view and uncovered (${where})`);
      }
      await page.screenshot({ path: path.join(out, `${prefix}-${step}-${size}.png`) });
    }
    await page.setViewportSize({ width: sizes[0][0], height: sizes[0][1] });
    await frames(page);
  };
}
