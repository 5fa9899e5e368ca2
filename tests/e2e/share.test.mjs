#!/usr/bin/env node
// The lobby's share link and QR code in Chromium, on a phone (360x640 and 640x360, touch) and a desktop:
//  - page opened at 127.0.0.1 of a server listening on every interface: the link and the QR code use
//    the first LAN address GET /api/server reports, a warning says friends cannot open 127.0.0.1 and,
//    with several addresses, offers the others; when the server reports none, the warning alone;
//  - page opened at 127.0.0.1 of a server listening on loopback only: the warning says nobody else can join;
//  - page opened by a name that is not loopback (catan.test, resolved to 127.0.0.1 by Chromium): no
//    warning, the link is the page's own address;
//  - --public-url: no warning, the link uses it.
// The warning, the link and the QR code are inside the viewport and cover none of the lobby's controls.
//
//   node tests/e2e/share.test.mjs --server build/catan-server --out build/tests/e2e [--web-dir web]
import path from 'node:path';
import { e2e } from './harness.mjs';

const run = e2e('share', { timeoutMs: 150_000 });
const { check, OUT } = run;

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true },
  { name: 'phone-landscape', viewport: { width: 640, height: 360 }, hasTouch: true, isMobile: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, hasTouch: false, isMobile: false },
];

// Everything wrong with the share card's layout ([] when all is well), run in the page.
function shareLayoutProblems() {
  const out = [];
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const name = (el) => (el.id ? `#${el.id}` : el.className ? `.${String(el.className).split(' ')[0]}` : el.tagName);
  const parts = ['#share-warning', '#room-url', '#copy-link', '.share .qr'].map((s) => document.querySelector(s)).filter(Boolean);
  for (const el of parts) {
    el.scrollIntoView({ block: 'nearest' });
    const r = el.getBoundingClientRect();
    if (!(r.width > 0 && r.height > 0 && r.left >= -0.5 && r.right <= vw + 0.5 && r.top >= -0.5 && r.bottom <= vh + 0.5))
      out.push(`${name(el)} at ${Math.round(r.left)},${Math.round(r.top)} size ${Math.round(r.width)}x${Math.round(r.height)} is not inside ${vw}x${vh}`);
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 10));
    if (!top || !(el.contains(top) || top.contains(el))) out.push(`${name(el)} is covered by ${top ? name(top) : 'nothing'}`);
  }
  // The warning overlaps no control of the lobby.
  const warning = document.querySelector('#share-warning');
  if (warning) {
    const a = warning.getBoundingClientRect();
    for (const c of document.querySelectorAll('main button, main select, main input, main a')) {
      if (warning.contains(c)) continue;
      const b = c.getBoundingClientRect();
      if (b.width > 0 && a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top) out.push(`the warning covers ${name(c)}`);
    }
  }
  if (document.documentElement.scrollWidth > vw) out.push(`horizontal scroll (${document.documentElement.scrollWidth} > ${vw})`);
  return out;
}

// The QR code on the page encodes `url` (the page's own encoder, given the same text, draws the same picture).
async function qrShows(page, url) {
  return page.evaluate(async (u) => {
    const { qrElement } = await import('/js/qr.js');
    const drawn = document.querySelector('.share .qr');
    return !!drawn && drawn.innerHTML === qrElement(u, 'x').innerHTML;
  }, url);
}

// Hosts a room from `origin` in a new context of this viewport; the page in its lobby, and the code.
async function hostRoom(browser, origin, vp, seed) {
  const context = await browser.newContext({ viewport: vp.viewport, hasTouch: vp.hasTouch, isMobile: vp.isMobile });
  const page = run.watch(await context.newPage());
  const { code } = await run.createRoom(page, origin, { seed, name: 'Ana', players: 4 });
  return { context, page, code };
}

// Waits until the lobby used the server's answer (the link no longer the page's own on a loopback
// page, or a warning shown), or a while for pages where nothing changes.
async function settled(page, expectChange) {
  if (expectChange) await page.waitForFunction(() => !!document.querySelector('#share-warning'), null, { timeout: 10000 });
  else await page.waitForTimeout(500);
}

try {
  const browser = await run.launch(['--host-resolver-rules=MAP catan.test 127.0.0.1']);
  let seed = 1;

  // 1. Every interface: the LAN address, or the warning alone when the server knows none.
  const lanBase = await run.startServer(['--listen', '0.0.0.0:0']);
  const port = new URL(lanBase).port;
  const info = await (await fetch(`${lanBase}/api/server`)).json();
  check(info.loopback_only === false && Array.isArray(info.lan_urls) && info.public_url === null,
    `GET /api/server on 0.0.0.0: ${JSON.stringify(info)}`);
  const lan = info.lan_urls;
  for (const vp of VIEWPORTS) {
    const { context, page, code } = await hostRoom(browser, lanBase, vp, seed++);
    await settled(page, true);
    const warning = await page.textContent('#share-warning');
    const link = await page.inputValue('#room-url');
    check(warning.includes('127.0.0.1'), `${vp.name}: the warning names the address friends cannot open ("${warning.slice(0, 60)}...")`);
    if (lan.length) {
      check(link === `${lan[0]}/r/${code}`, `${vp.name}: the link uses the first LAN address (${link})`);
      check(await qrShows(page, link), `${vp.name}: the QR code encodes the LAN link`);
      check(/network address|same network/.test(warning), `${vp.name}: the warning says the link uses this computer's network address`);
      if (lan.length > 1) {
        await page.selectOption('#share-address', lan[1]);
        await page.waitForFunction((u) => document.querySelector('#room-url').value === u, `${lan[1]}/r/${code}`);
        check(await qrShows(page, `${lan[1]}/r/${code}`), `${vp.name}: picking another address changes the link and the QR code`);
        await page.selectOption('#share-address', lan[0]);
      } else {
        check((await page.locator('#share-address').count()) === 0, `${vp.name}: one address, nothing to pick`);
      }
    } else {
      // The sandbox has no address besides loopback: the server says so, the lobby warns only.
      check(link === `http://127.0.0.1:${port}/r/${code}`, `${vp.name}: no LAN address, the link stays the page's own (${link})`);
      check(/no network address/.test(warning), `${vp.name}: the warning says there is no network address to offer`);
    }
    const problems = await page.evaluate(shareLayoutProblems);
    check(problems.length === 0, `${vp.name}: warning, link and QR code inside the viewport, covering nothing${problems.length ? `: ${problems.join('; ')}` : ''}`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(OUT, `share-lan-${vp.name}.png`) });

    // A friend opens the room by a name that is not loopback: no warning, the link is that address.
    const friend = run.watch(await (await browser.newContext({ viewport: vp.viewport, hasTouch: vp.hasTouch, isMobile: vp.isMobile })).newPage());
    await friend.goto(`http://catan.test:${port}/r/${code}`);
    await friend.fill('#join-name', 'Bob');
    await friend.click('#join-seat');
    await friend.waitForSelector('#room-code');
    await settled(friend, false);
    check((await friend.locator('#share-warning').count()) === 0, `${vp.name}: opened at catan.test, no warning`);
    const friendLink = await friend.inputValue('#room-url');
    check(friendLink === `http://catan.test:${port}/r/${code}`, `${vp.name}: opened at catan.test, the link is that address (${friendLink})`);
    check(await qrShows(friend, friendLink), `${vp.name}: and so is the QR code`);
    await friend.context().close();
    await context.close();
  }

  // 1b. Every interface, IPv6 too ([::], dual-stack): with several addresses the player can pick
  // another one (desktop; a machine without IPv6 skips this part and says so).
  let dualBase = null;
  try {
    dualBase = await run.startServer(['--listen', '[::]:0']);
  } catch {
    console.log('# no IPv6 listener on this machine: the address picker is not checked');
  }
  if (dualBase) {
    const dual = (await (await fetch(`${dualBase}/api/server`)).json()).lan_urls;
    check(dual.length >= lan.length, `GET /api/server on [::]: ${JSON.stringify(dual)}`);
    const v4First = dual.findIndex((u) => u.includes('['));
    check(v4First === -1 || dual.slice(v4First).every((u) => u.includes('[')), 'IPv4 addresses come first');
    if (dual.length > 1) {
      const { context, page, code } = await hostRoom(browser, dualBase, VIEWPORTS[2], seed++);
      await settled(page, true);
      check((await page.inputValue('#room-url')) === `${dual[0]}/r/${code}`, 'several addresses: the first is the link');
      await page.selectOption('#share-address', dual[1]);
      await page.waitForFunction((u) => document.querySelector('#room-url').value === u, `${dual[1]}/r/${code}`);
      check(await qrShows(page, `${dual[1]}/r/${code}`), `picking ${dual[1]} changes the link and the QR code`);
      const problems = await page.evaluate(shareLayoutProblems);
      check(problems.length === 0, `the address picker inside the viewport, covering nothing${problems.length ? `: ${problems.join('; ')}` : ''}`);
      await page.screenshot({ path: path.join(OUT, 'share-pick-desktop.png') });
      await context.close();
    } else {
      console.log('# one LAN address only: the address picker is not checked');
    }
  }

  // 2. Loopback only: nobody else can join, and the warning says how to fix it.
  const loopBase = await run.startServer();
  const loopInfo = await (await fetch(`${loopBase}/api/server`)).json();
  check(loopInfo.loopback_only === true && loopInfo.lan_urls.length === 0, `GET /api/server on 127.0.0.1: ${JSON.stringify(loopInfo)}`);
  for (const vp of VIEWPORTS) {
    const { context, page, code } = await hostRoom(browser, loopBase, vp, seed++);
    await settled(page, true);
    const warning = await page.textContent('#share-warning');
    check(/--listen/.test(warning) && warning.includes('127.0.0.1'), `${vp.name}: loopback-only server, the warning says to listen on the network`);
    check(await page.inputValue('#room-url') === `${loopBase}/r/${code}`, `${vp.name}: loopback-only server, the link is unchanged`);
    const problems = await page.evaluate(shareLayoutProblems);
    check(problems.length === 0, `${vp.name}: loopback-only warning inside the viewport, covering nothing${problems.length ? `: ${problems.join('; ')}` : ''}`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(OUT, `share-loopback-${vp.name}.png`) });
    await context.close();
  }

  // 3. --public-url: the link uses it, even on a page opened at 127.0.0.1, with no warning.
  const publicBase = await run.startServer(['--public-url', 'https://catan.example.org/']);
  for (const vp of VIEWPORTS) {
    const { context, page, code } = await hostRoom(browser, publicBase, vp, seed++);
    await page.waitForFunction((c) => document.querySelector('#room-url')?.value === `https://catan.example.org/r/${c}`, code, { timeout: 10000 })
      .catch(() => {});
    const link = await page.inputValue('#room-url');
    check(link === `https://catan.example.org/r/${code}`, `${vp.name}: --public-url is the link (${link})`);
    check(await qrShows(page, link), `${vp.name}: and the QR code`);
    check((await page.locator('#share-warning').count()) === 0, `${vp.name}: --public-url, no warning`);
    const problems = await page.evaluate(shareLayoutProblems);
    check(problems.length === 0, `${vp.name}: link and QR code inside the viewport${problems.length ? `: ${problems.join('; ')}` : ''}`);
    await context.close();
  }

  run.checkErrors();
  await run.done();
} catch (e) {
  await run.done(e);
}
