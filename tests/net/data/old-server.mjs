// What the make-before-issue-N.mjs scripts share: an old catan-server started on a fresh data file,
// REST and WebSocket helpers against it, and its orderly stop. Each script writes the files that
// server leaves behind for one issue's compatibility tests.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Starts `binary serve` on a free port with a new data file; `botDelay` in ms.
export async function startOldServer(binary, { botDelay }) {
  const dir = mkdtempSync(join(tmpdir(), 'catan-old-'));
  const portFile = join(dir, 'port');
  const db = join(dir, 'catan.db');
  const server = spawn(binary, ['serve', '--listen', '127.0.0.1:0', '--port-file', portFile, '--data', db,
    '--allow-client-seeds', '--bot-delay', String(botDelay), '--log-level', 'warn'], { stdio: 'inherit' });
  while (!existsSync(portFile) || !readFileSync(portFile, 'utf8').trim()) await sleep(20);
  const port = Number(readFileSync(portFile, 'utf8').trim());
  const base = `http://127.0.0.1:${port}`;

  async function room(options) {
    const r = await fetch(`${base}/api/rooms`, { method: 'POST', body: JSON.stringify(options) });
    return r.json();
  }
  async function summary(code) { return (await fetch(`${base}/api/rooms/${code}`)).json(); }
  // A WebSocket whose messages wait in an inbox until a next(pred) takes the first that matches.
  function socket() {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    const inbox = [];
    const waiters = [];
    ws.onmessage = (e) => {
      const m = JSON.parse(e.data);
      const w = waiters.findIndex((x) => x.pred(m));
      if (w >= 0) waiters.splice(w, 1)[0].resolve(m); else inbox.push(m);
    };
    const opened = new Promise((r) => { ws.onopen = r; });
    return {
      ws, opened,
      send: (m) => ws.send(JSON.stringify({ v: 1, ...m })),
      next: (pred) => new Promise((resolve) => {
        const i = inbox.findIndex(pred);
        if (i >= 0) resolve(inbox.splice(i, 1)[0]); else waiters.push({ pred, resolve });
      }),
    };
  }
  // SIGTERM, and wait until the server has closed its data file.
  async function stop() {
    server.kill('SIGTERM');
    await new Promise((r) => server.on('exit', r));
  }
  return { db, base, room, summary, socket, stop };
}
