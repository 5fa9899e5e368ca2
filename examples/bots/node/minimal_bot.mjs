#!/usr/bin/env node
// A complete minimal Catan bot for catan-server, in Node (18+) with the npm `ws` package
// (`npm install ws`): it joins a room over the same WebSocket protocol as the browsers
// (docs/protocol.md, docs/bots-external.md) and plays its seat until the game is over.
//
//   node minimal_bot.mjs --url ws://localhost:8080/ws --room K7QX3 [--name Robo] [--seed 1]
//
// It never needs to understand the board: every snapshot and update carries `legal`, the exact list of
// commands the server accepts from this seat right now. The bot picks one (it prefers building, else
// at random), sends it with the `seq` it answers, and waits for the next update. Exit code 0 when the
// game ended with a winner, 1 on any problem.
import WebSocket from 'ws';

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}
const url = arg('url', 'ws://localhost:8080/ws');
const room = arg('room');
const name = arg('name', 'Robo');
let seed = Number(arg('seed', '1')) >>> 0 || 1;
if (!room) {
  console.error('usage: node minimal_bot.mjs --url ws://host:port/ws --room CODE [--name NAME] [--seed N]');
  process.exit(1);
}

// A small seeded generator, so that a run can be repeated.
function below(n) {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) % n;
}

// Building first (that is how games are won), never a random end of turn while something else is
// possible, and otherwise any legal command.
const PREFERRED = ['build_city', 'build_settlement', 'roll_dice', 'build_road', 'buy_dev_card'];
function choose(actions) {
  for (const type of PREFERRED) {
    const found = actions.filter((a) => a.type === type);
    if (found.length) return found[below(found.length)];
  }
  const others = actions.filter((a) => a.type !== 'end_turn' && a.type !== 'bank_trade');
  if (others.length) return others[below(others.length)];
  return actions.find((a) => a.type === 'end_turn') ?? actions[below(actions.length)];
}

const ws = new WebSocket(url);
const send = (message) => ws.send(JSON.stringify({ v: 1, ...message }));
let seq = -1;       // the last seq seen; -1 until the first snapshot
let answered = -1;  // the seq the last command answered (one command per situation)
let latest = null;  // the legal actions of the last snapshot or update

// The server takes 20 messages a second on average from a connection (bursts of 40) and refuses
// the rest with rate_limited: one command per 60 ms stays well inside that.
const GAP_MS = 60;
let lastSent = 0;
let pending = null;
function act(legal) {
  latest = legal;
  if (!pending) pending = setTimeout(decide, Math.max(0, lastSent + GAP_MS - Date.now()));
}
function decide() {
  pending = null;
  if (!latest || !latest.actions.length || answered === seq) return;
  answered = seq;
  lastSent = Date.now();
  send({ type: 'command', seq, command: choose(latest.actions) });
}

ws.on('open', () => send({ type: 'join', room, name, id: 'join' }));
ws.on('message', (data) => {
  const m = JSON.parse(data.toString());
  switch (m.type) {
    case 'welcome':
      console.log(`${name}: seat ${m.seat} in room ${m.room}`);
      break;
    case 'snapshot':
      seq = m.seq;
      if (m.doc.room.phase === 'finished') return finish(m.doc.game.winner);
      act(m.legal);
      break;
    case 'update':
      if (m.seq !== seq + 1) {  // a gap: ask for a fresh snapshot
        send({ type: 'sync' });
        return;
      }
      seq = m.seq;
      for (const e of m.events) if (e.type === 'game_won') return finish(e.player);
      act(m.legal);
      break;
    case 'error':
      // stale_sequence: the room moved on (others play at the same time); the update that moved it
      // is on its way and the bot answers that one. rate_limited: try again a little later.
      // Anything else is a bug in the bot.
      if (m.code === 'rate_limited') {
        answered = -1;
        lastSent = Date.now() + 1000;
        act(latest);
      } else if (m.code !== 'stale_sequence') {
        console.error(`${name}: refused: ${m.code} ${m.message}`);
        process.exit(1);
      }
      break;
    case 'closing':
      console.error(`${name}: the server closed the room: ${m.reason}`);
      process.exit(1);
  }
});
ws.on('error', (e) => {
  console.error(`${name}: ${e.message}`);
  process.exit(1);
});

function finish(winner) {
  console.log(`${name}: game over, seat ${winner} won`);
  ws.close();
  process.exitCode = 0;
}
