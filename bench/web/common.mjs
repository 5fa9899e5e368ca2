// What the web benchmarks share: the command line, a real catan-server on a free port (its stderr kept,
// for the debug log's timestamps), Debian's chromium through playwright-core, a seeded room with seats
// joined through the start page and the room URL, and statistics. Reports, not pass/fail tests.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

export const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
};
export const flag = (name) => process.argv.includes(`--${name}`);

export const { chromium } = createRequire(path.join(repo, 'package.json'))('playwright-core');

// webDir: null serves the files compiled into the binary (gzip when the browser accepts it).
export async function startServer({ server, webDir, logLevel = 'warn', extra = [] }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'catan-bench-web-'));
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  const portFile = path.join(dir, 'port');
  const args = ['--listen', '127.0.0.1:0', '--port-file', portFile, '--data', path.join(dir, 'catan.db'), '--log-level', logLevel,
    '--allow-client-seeds', ...(webDir ? ['--web-dir', webDir] : []), ...extra];
  const proc = spawn(server, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const lines = [];
  let buf = '';
  proc.stderr.on('data', (d) => {
    buf += d;
    const parts = buf.split('\n');
    buf = parts.pop();
    lines.push(...parts);
  });
  process.on('exit', () => proc.exitCode === null && proc.kill('SIGKILL'));
  for (let i = 0; i < 100; i++) {
    if (fs.existsSync(portFile) && fs.readFileSync(portFile, 'utf8').trim()) {
      return { base: `http://127.0.0.1:${fs.readFileSync(portFile, 'utf8').trim()}`, proc, lines };
    }
    if (proc.exitCode !== null) throw new Error(`the server did not start: ${lines.join('\n')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server wrote no port file');
}

export function launch() {
  return chromium.launch({ executablePath: arg('chromium', process.env.CHROMIUM || '/usr/bin/chromium'),
    args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking'] });
}

// The host creates a seeded room on the start page; the others join through its URL.
export async function seatRoom(pages, base, { seed, players }) {
  const [host, ...rest] = pages;
  await host.goto(`${base}/?seed=${seed}`);
  await host.fill('#name', 'P1');
  await host.selectOption('#players', String(players));
  await host.click('#create');
  await host.waitForSelector('#room-code');
  const url = await host.inputValue('#room-url');
  for (const [i, p] of rest.entries()) {
    await p.goto(url);
    await p.fill('#join-name', `P${i + 2}`);
    await p.click('#join-seat');
    await p.waitForSelector('#room-code');
  }
  await host.waitForFunction((n) => document.querySelectorAll('#seats .seat:not(.empty)').length === n, pages.length);
  await host.click('#start');
  await Promise.all(pages.map((p) => p.waitForSelector('#game')));
  return url;
}

export const state = (page) => page.evaluate(() => {
  const s = window.catanDebug.store.state;
  return { seat: s.seat, seq: s.seq, game: s.doc?.game ?? null, legal: s.legal?.actions ?? [], pending: !!s.pending };
});

export async function settle(pages, minSeq = 0) {
  for (;;) {
    const states = await Promise.all(pages.map(state));
    if (states.every((s) => s.seq === states[0].seq && s.seq >= minSeq && !s.pending)) return states;
    await new Promise((r) => setTimeout(r, 20));
  }
}

export async function act(pages, page, command) {
  const before = (await state(page)).seq;
  await page.evaluate((c) => window.catanDebug.store.command(c), command);
  return settle(pages, before + 1);
}

// Setup placements, each the first legal one.
export async function playSetup(pages) {
  let states = await settle(pages);
  while (states[0].game.phase.startsWith('setup')) {
    const i = states.findIndex((s) => s.legal.some((a) => a.type === 'build_settlement' || a.type === 'build_road'));
    states = await act(pages, pages[i], states[i].legal.find((a) => a.type === 'build_settlement' || a.type === 'build_road'));
  }
  return states;
}

export function stats(xs) {
  const v = [...xs].sort((a, b) => a - b);
  const q = (p) => v[Math.min(v.length - 1, Math.max(0, Math.ceil(p * v.length) - 1))];
  return { n: v.length, median: q(0.5), p95: q(0.95), min: v[0], max: v[v.length - 1] };
}

export const fmt = (x) => (x === undefined ? '-' : x.toFixed(1));
