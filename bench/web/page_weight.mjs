#!/usr/bin/env node
// The web client's weight and first render on a throttled phone. Loads the start page and a running
// game (a seat's page, its token put in localStorage as the browser keeps it) in a fresh 360x640 touch
// context with the cache off, through the Chromium DevTools Protocol: Network.emulateNetworkConditions
// (default 1.6 Mbit/s down, 750 kbit/s up, 150 ms RTT: "Slow 4G"-like) and
// Emulation.setCPUThrottlingRate (default 4x). Prints every file the page loaded with its size, its
// gzip size (zlib level 9, as the build embeds them) and what went over the wire (encodedDataLength,
// headers included, and the Content-Encoding the server chose); then first contentful paint, DOM ready,
// load, and for the game the first board drawn (the first hex in the DOM), median of --runs loads.
//
//   node bench/web/page_weight.mjs --server build/catan-server [--web-dir web] [--runs 3]
//        [--down-kbps 1600] [--up-kbps 750] [--rtt 150] [--cpu 4]
import zlib from 'node:zlib';
import { arg, launch, startServer, seatRoom, playSetup, stats, fmt } from './common.mjs';

const RUNS = Number(arg('runs', '3'));
const DOWN = Number(arg('down-kbps', '1600'));
const UP = Number(arg('up-kbps', '750'));
const RTT = Number(arg('rtt', '150'));
const CPU = Number(arg('cpu', '4'));
const webDir = arg('web-dir', null);

// When the first hex of the board is in the DOM (the game's first render), in the page's clock.
function boardProbe() {
  new MutationObserver((_, obs) => {
    if (document.querySelector('.board-svg .hex')) {
      window.__boardAt = performance.now();
      obs.disconnect();
    }
  }).observe(document, { subtree: true, childList: true });
}

async function load(browser, url, token) {
  const ctx = await browser.newContext({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  if (token) await ctx.addInitScript(([k, v]) => localStorage.setItem(k, v), token);
  await ctx.addInitScript(boardProbe);
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: RTT, downloadThroughput: (DOWN * 1000) / 8, uploadThroughput: (UP * 1000) / 8 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
  const files = new Map();
  cdp.on('Network.responseReceived', (e) => {
    if (!e.response.url.startsWith('http')) return;
    const hdr = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    files.set(e.requestId, { url: new URL(e.response.url).pathname, encoding: hdr['content-encoding'] || 'identity', status: e.response.status });
  });
  const ws = { frames: 0, bytes: 0 };
  cdp.on('Network.webSocketFrameReceived', (e) => {
    ws.frames++;
    ws.bytes += Buffer.byteLength(e.response.payloadData, e.response.opcode === 1 ? 'utf8' : 'base64');
  });
  const finished = [];
  cdp.on('Network.loadingFinished', (e) => {
    const f = files.get(e.requestId);
    if (f) {
      f.wire = e.encodedDataLength;
      finished.push((async () => {
        try {
          const b = await cdp.send('Network.getResponseBody', { requestId: e.requestId });
          const body = b.base64Encoded ? Buffer.from(b.body, 'base64') : Buffer.from(b.body, 'utf8');
          f.raw = body.length;
          f.gzip = zlib.gzipSync(body, { level: 9, memLevel: 9 }).length;
        } catch {
          /* a body the browser no longer holds */
        }
      })());
    }
  });
  await page.goto(url, { waitUntil: 'load' });
  if (token) await page.waitForSelector('.board-svg .hex', { timeout: 60000 });
  await page.waitForLoadState('networkidle');
  await Promise.all(finished);
  const t = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    return { fcp: fcp?.startTime, dom: nav.domContentLoadedEventEnd, load: nav.loadEventEnd, board: window.__boardAt };
  });
  await ctx.close();
  return { files: [...files.values()].filter((f) => f.raw !== undefined), t, ws };
}

const { base, proc } = await startServer({ server: arg('server', 'build/catan-server'), webDir });
const browser = await launch();
try {
  // A running 2-player game to open as seat 2 (the second player's token from their localStorage).
  const players = [];
  for (let i = 0; i < 2; i++) players.push(await (await browser.newContext()).newPage());
  const roomUrl = await seatRoom(players, base, { seed: 3, players: 2 });
  await playSetup(players);
  const token = await players[1].evaluate(() => Object.entries(localStorage).find(([k]) => k.startsWith('catan.token.')));
  await Promise.all(players.map((p) => p.context().close()));

  console.log(`page weight and first render: 360x640 touch, ${DOWN} kbit/s down, ${UP} kbit/s up, ${RTT} ms RTT, CPU ${CPU}x slower, cache off, ` +
    `${webDir ? `web from ${webDir} (served uncompressed)` : 'embedded web files'}; median of ${RUNS} loads`);
  for (const [name, url, tok] of [['start page', `${base}/`, null], ['game (a seat, mid-game)', roomUrl, token]]) {
    const runs = [];
    for (let r = 0; r < RUNS; r++) runs.push(await load(browser, url, tok));
    const files = runs[0].files;
    const sum = (k) => files.reduce((a, f) => a + (f[k] || 0), 0);
    console.log(`\n${name}: ${files.length} files, ${sum('raw')} bytes, ${sum('gzip')} bytes gzipped, ${sum('wire')} bytes over the wire (headers included)`);
    for (const f of [...files].sort((a, b) => b.raw - a.raw)) console.log(`  ${f.url.padEnd(28)} ${String(f.raw).padStart(7)} raw ${String(f.gzip).padStart(6)} gz ${String(f.wire).padStart(7)} wire (${f.encoding})`);
    if (runs[0].ws.frames) console.log(`  WebSocket: ${runs[0].ws.frames} frames, ${runs[0].ws.bytes} bytes of payload (welcome, snapshot with the topology) until the page was idle`);
    for (const k of ['fcp', 'dom', 'load', 'board']) {
      const xs = runs.map((x) => x.t[k]).filter((x) => x !== undefined);
      if (!xs.length) continue;
      const st = stats(xs);
      console.log(`  ${{ fcp: 'first contentful paint', dom: 'DOMContentLoaded', load: 'load', board: 'board drawn' }[k]}: median ${fmt(st.median)} ms (min ${fmt(st.min)}, max ${fmt(st.max)})`);
    }
  }
} finally {
  await browser.close();
  proc.kill('SIGKILL');
}
