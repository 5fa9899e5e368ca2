#!/usr/bin/env node
// The web client over TLS: catan-server with a self-signed certificate this test makes
// (openssl command line); Chromium trusts it for this context only (ignoreHTTPSErrors), opens
// https://127.0.0.1:PORT/, creates a room and reaches the lobby over wss:// at 360x640 and 640x360
// (touch) and 1440x900, with the room code and the start button in view. The page and every
// WebSocket it opens must be https/wss, and the page carries HSTS. Then a phone joins a room through
// its https link and the game starts on both pages. Screenshots: tls-*.png.
//
//   node tests/e2e/tls.test.mjs --server build/catan-server --out build/tests/e2e [--web-dir web]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { e2e } from './harness.mjs';
import { inView } from './layout-checks.mjs';

const certDir = fs.mkdtempSync(path.join(os.tmpdir(), 'catan-e2e-tls-cert-'));
process.on('exit', () => fs.rmSync(certDir, { recursive: true, force: true }));
const cert = path.join(certDir, 'server.crt');
const key = path.join(certDir, 'server.key');
execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
  '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', cert], { stdio: 'ignore' });

const run = e2e('tls', { timeoutMs: 90_000, serverArgs: ['--tls-cert', cert, '--tls-key', key] });
const { check, OUT } = run;

try {
  const base = await run.startServer();
  check(base.startsWith('https://'), `the server announces an https address (${base})`);
  const browser = await run.launch();
  for (const [label, viewport, touch] of [['360x640', { width: 360, height: 640 }, true], ['640x360', { width: 640, height: 360 }, true], ['desktop', { width: 1440, height: 900 }, false]]) {
    const context = await browser.newContext({ viewport, hasTouch: touch, isMobile: touch, ignoreHTTPSErrors: true });
    const page = run.watch(await context.newPage());
    const sockets = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    const first = await page.goto(base);
    check(first.ok() && first.url().startsWith('https://'), `${label}: the start page loads over https (${first.status()})`);
    check(/^max-age=\d+$/.test(first.headers()['strict-transport-security'] || ''), `${label}: the page carries HSTS (${first.headers()['strict-transport-security']})`);
    const { code, url } = await run.createRoom(page, base, { seed: 14, name: 'Ana', players: 3 });
    check(/^[2-9A-HJ-NP-Z]{5}$/.test(code || ''), `${label}: a room was created (${code})`);
    check(url.startsWith(`${base}/r/`), `${label}: its join link is https (${url})`);
    check(sockets.length > 0 && sockets.every((u) => u.startsWith('wss://127.0.0.1:')), `${label}: the page's WebSockets are wss (${sockets.join(' ')})`);
    for (const sel of ['#room-code', '#start']) {
      // Scrolled to the middle: on a landscape phone the lobby's warnings (a test server's seed, the
      // loopback share link) push the code below the first screen, where a partly shown element counts
      // as visible to scrollIntoViewIfNeeded.
      await page.locator(sel).evaluate((el) => el.scrollIntoView({ block: 'center' }));
      const shown = await inView(page, sel);
      check(shown === 'ok', `${label}: the lobby's ${sel} can be seen and reached (${shown})`);
    }
    await page.screenshot({ path: path.join(OUT, `tls-${label}.png`) });
    await context.close();
  }
  // A guest on a phone follows the https join link, takes a seat over wss, and the host starts the game.
  const host = run.watch(await (await browser.newContext({ viewport: { width: 1440, height: 900 }, ignoreHTTPSErrors: true })).newPage());
  const guest = run.watch(await (await browser.newContext({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true, ignoreHTTPSErrors: true })).newPage());
  const { url } = await run.createRoom(host, base, { seed: 14, name: 'Ana', players: 2 });
  await guest.goto(url);
  await guest.fill('#join-name', 'Bo');
  await guest.locator('#join-seat').tap();
  const seated = await guest.waitForSelector('.seat.me').then(() => true, () => false);
  const both = await host.waitForFunction(() => document.querySelectorAll('#seats .seat:not(.empty)').length === 2).then(() => true, () => false);
  check(seated && both, `the guest took a seat through the https join link (${seated}) and the host sees both seats (${both})`);
  await host.click('#start');
  const started = await Promise.all([host, guest].map((p) => p.waitForSelector('#game').then(() => true, () => false)));
  check(started.every(Boolean), `the game started on both pages over wss (${started.join(', ')})`);
  await guest.screenshot({ path: path.join(OUT, 'tls-game-phone.png') });
  run.checkErrors();
  await run.done();
} catch (e) {
  await run.done(e);
}
