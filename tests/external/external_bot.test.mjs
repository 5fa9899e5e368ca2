#!/usr/bin/env node
// The outside bot of docs/bots-external.md (examples/bots/node/minimal_bot.mjs) plays a whole game
// against the real server: a host creates a 4-seat room, adds two server bots (basic and strong),
// the outside bot joins over the WebSocket protocol, the host starts and walks away (with
// takeover_after 0, so a server bot plays the host's seat too), and a spectator watches to the end.
// Passes when the outside bot's process exits 0 after the game was won, having played its seat.
//
//   node tests/external/external_bot.test.mjs --server build/catan-server
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');
const i = process.argv.indexOf('--server');
const SERVER = i > 0 ? process.argv[i + 1] : path.join(repo, 'build', 'catan-server');
const BOT = path.join(repo, 'examples', 'bots', 'node', 'minimal_bot.mjs');

let WebSocket;
try {
  WebSocket = createRequire(path.join(repo, 'package.json'))('ws');
} catch {
  console.error('the npm package ws is missing: run `npm ci` at the repository root');
  process.exit(1);
}

const children = [];
function fail(why) {
  console.error(`FAIL: ${why}`);
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  process.exit(1);
}
setTimeout(() => fail('no winner within 150 s'), 150_000).unref();

async function startServer() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'catan-extbot-'));
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  const portFile = path.join(dir, 'port');
  // A fresh data file per run: rooms of an earlier run must not come back.
  const server = spawn(SERVER, ['--listen', '127.0.0.1:0', '--port-file', portFile, '--data', path.join(path.dirname(portFile), 'catan.db'),
    '--log-level', 'warn',
    '--bot-delay', '0', '--strong-bot-time', '50', '--allow-client-seeds'], { stdio: ['ignore', 'inherit', 'inherit'] });
  children.push(server);
  for (let tries = 0; tries < 200; tries++) {
    if (fs.existsSync(portFile)) return { server, port: fs.readFileSync(portFile, 'utf8').trim() };
    if (server.exitCode !== null) fail('the server did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  fail('the server wrote no port file');
}

// A socket and the messages it received, with a way to wait for one.
function connect(port) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
  const got = [];
  const waiting = [];
  ws.on('message', (data) => {
    const m = JSON.parse(data.toString());
    got.push(m);
    if (m.type === 'error') fail(`refused: ${JSON.stringify(m)}`);
    for (const w of [...waiting]) if (w.pred(m)) { waiting.splice(waiting.indexOf(w), 1); w.resolve(m); }
  });
  const opened = new Promise((resolve) => ws.on('open', resolve));
  return {
    ws, got, opened,
    send: (m) => ws.send(JSON.stringify({ v: 1, ...m })),
    until: (pred) => {
      const seen = got.find(pred);
      return seen ? Promise.resolve(seen) : new Promise((resolve) => waiting.push({ pred, resolve }));
    },
  };
}
const seatNamed = (seat, name) => (m) =>
  (m.type === 'update' && m.patch.some((op) => op.path === `/room/seats/${seat}/name` && op.value === name)) ||
  (m.type === 'update' && m.patch.some((op) => op.path === `/room/seats/${seat}` && op.value?.name === name));

const { server, port } = await startServer();
const created = await (await fetch(`http://127.0.0.1:${port}/api/rooms`, {
  method: 'POST', body: JSON.stringify({ players: 4, vp_target: 6, seed: '5' }),
})).json();

const host = connect(port);
await host.opened;
host.send({ type: 'join', room: created.code, name: 'Host', host_key: created.host_key });
await host.until((m) => m.type === 'snapshot');
host.send({ type: 'add_bot', seat: 2, level: 'basic' });
host.send({ type: 'add_bot', seat: 3, level: 'strong' });
host.send({ type: 'set_options', options: { takeover_after: 0 } });
await host.until(seatNamed(3, 'Bot 2'));

const bot = spawn(process.execPath, [BOT, '--url', `ws://127.0.0.1:${port}/ws`, '--room', created.code, '--name', 'Robo'],
  { stdio: ['ignore', 'pipe', 'inherit'] });
children.push(bot);
let botOutput = '';
bot.stdout.on('data', (d) => { botOutput += d; process.stdout.write(d); });
const botDone = new Promise((resolve) => bot.on('exit', resolve));
await host.until(seatNamed(1, 'Robo'));

const watcher = connect(port);
await watcher.opened;
watcher.send({ type: 'spectate', room: created.code });
await watcher.until((m) => m.type === 'snapshot');
host.send({ type: 'start' });
await host.until((m) => m.type === 'update' && m.patch.some((op) => op.path === '/room/phase' && op.value === 'playing'));
host.ws.close();  // the host walks away: a server bot plays seat 0 from now on

const won = await watcher.until((m) => m.type === 'update' && m.events.some((e) => e.type === 'game_won'));
const code = await botDone;
const winner = won.events.find((e) => e.type === 'game_won').player;
const robosMoves = watcher.got.filter((m) => m.type === 'update' && m.events.some((e) => e.player === 1)).length;
console.log(`seat ${winner} won; the outside bot's seat acted in ${robosMoves} updates`);
if (code !== 0) fail(`the outside bot exited with ${code}`);
if (!botOutput.includes(`game over, seat ${winner} won`)) fail('the outside bot did not see the end of the game');
if (robosMoves < 4) fail('the outside bot hardly played');
const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
if (!/catan_bot_takeovers_total 1\b/.test(metrics)) fail('the host seat was not taken over');
watcher.ws.close();
server.kill('SIGTERM');
console.log('PASS');
