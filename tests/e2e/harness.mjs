// What the browser tests share: their command line, playwright-core, a real catan-server on a free
// port with its own temporary data file (removed on exit), ok/not ok lines, and a hard timeout that
// closes the browser and kills the server.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
};

// name: the test's name in messages and temp folders; serverArgs: extra flags for catan-server.
export function e2e(name, { timeoutMs, serverArgs = [] }) {
  const SERVER = arg('server', path.join(repo, 'build', 'catan-server'));
  const OUT = path.resolve(arg('out', path.join(repo, 'build', 'tests', 'e2e')));
  const WEB_DIR = path.resolve(arg('web-dir', path.join(repo, 'web')));
  const CHROMIUM = arg('chromium', process.env.CHROMIUM || '/usr/bin/chromium');
  let chromium;
  try {
    ({ chromium } = createRequire(path.join(repo, 'package.json'))('playwright-core'));
  } catch {
    console.error('playwright-core is missing: run `npm ci` at the repository root');
    process.exit(1);
  }
  const run = { OUT, failures: 0, server: null, servers: [], browser: null };
  run.check = (ok, what) => {
    console.log(`${ok ? 'ok' : 'not ok'} - ${what}`);
    if (!ok) run.failures++;
  };
  run.finish = async (code) => {
    if (run.browser) await run.browser.close().catch(() => {});
    for (const server of run.servers) if (server.exitCode === null) server.kill('SIGKILL');
    process.exit(code);
  };
  setTimeout(() => {
    console.error(`e2e ${name}: hard timeout`);
    run.finish(1);
  }, timeoutMs).unref();
  // `extraArgs`: flags for this server besides serverArgs; a --listen among them replaces 127.0.0.1:0.
  // The URL returned is on 127.0.0.1 either way.
  run.startServer = async (extraArgs = []) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `catan-e2e-${name}-`));
    process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    const portFile = path.join(dir, 'port');
    // A fresh data file per run: rooms of an earlier run must not come back. The tests create repeatable
    // games (/?seed=...), which only a test server accepts (docs/security.md).
    const listen = extraArgs.includes('--listen') ? [] : ['--listen', '127.0.0.1:0'];
    run.server = spawn(SERVER, [...listen, '--port-file', portFile, '--data', path.join(dir, 'catan.db'),
      '--log-level', 'warn', '--web-dir', WEB_DIR, '--allow-client-seeds', ...serverArgs, ...extraArgs], { stdio: ['ignore', 'inherit', 'inherit'] });
    run.servers.push(run.server);
    for (let i = 0; i < 100; i++) {
      // With --tls-cert the port speaks https only (tls.test.mjs); the port is the file's first line.
      const scheme = serverArgs.includes('--tls-cert') ? 'https' : 'http';
      if (fs.existsSync(portFile)) return `${scheme}://127.0.0.1:${fs.readFileSync(portFile, 'utf8').trim().split('\n')[0]}`;
      if (run.server.exitCode !== null) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the server wrote no port file');
  };
  run.launch = async (extraArgs = []) => {
    fs.mkdirSync(OUT, { recursive: true });
    run.browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', ...extraArgs] });
    return run.browser;
  };
  // The start page's "create a room" with a repeatable seed; the room's code and join URL.
  run.createRoom = async (page, base, { seed, name, players }) => {
    await page.goto(`${base}/?seed=${seed}`);
    await page.fill('#name', name);
    await page.selectOption('#players', String(players));
    await page.click('#create');
    await page.waitForSelector('#room-code');
    return { code: await page.textContent('#room-code'), url: await page.inputValue('#room-url') };
  };
  // Polls the room's REST summary until its game is over (the bots finishing it) or `timeoutMs` has
  // passed; the last summary and the seconds waited.
  run.waitFinished = async (base, code, { timeoutMs = 45000, everyMs = 200 } = {}) => {
    const started = Date.now();
    for (;;) {
      const summary = await (await fetch(`${base}/api/rooms/${code}`)).json();
      const seconds = (Date.now() - started) / 1000;
      if (summary.phase === 'finished' || Date.now() - started > timeoutMs) return { summary, seconds };
      await new Promise((r) => setTimeout(r, everyMs));
    }
  };
  // Console errors and uncaught exceptions of every page watched fail the run (checkErrors()).
  run.errors = [];
  // The wait for one step is generous: CI runs two browsers on two cores beside the other suites, where
  // a page that takes 4 s alone has taken more than 10 s to load and join.
  run.watch = (page) => {
    page.setDefaultTimeout(25000);
    page.on('console', (m) => m.type() === 'error' && run.errors.push(m.text()));
    page.on('pageerror', (e) => run.errors.push(e.message));
    return page;
  };
  run.checkErrors = () => run.check(run.errors.length === 0, `no console errors${run.errors.length ? `: ${run.errors.join(' | ')}` : ''}`);
  // The end of a test: PASS or how many checks failed, and the exit code.
  run.done = async (error) => {
    if (error) {
      console.error(error);
      run.failures++;
    }
    console.log(run.failures ? `${run.failures} failed` : 'PASS');
    await run.finish(run.failures ? 1 : 0);
  };
  return run;
}
