// Writes the files an earlier server left behind, for the compatibility tests of the table's server
// side in tests/net/test_table.cpp (the snapshot's log, spectator chat, hex_produced, doc.game.stats).
// Run once with a catan-server built from before those changes (commit 04da286):
//   node --experimental-websocket tests/net/data/make-before-issue-11.mjs /path/to/old/catan-server tests/net/data
// It writes
//   replay-before-issue-11.json  the replay record of a finished game (no hex_produced events)
//   before-issue-11.db           a data file with a game in progress (room PLAY1 is not its code:
//                                see before-issue-11.txt), started before games kept their start
//                                time, whose chat has a spectator's line without "spectator".
import { writeFileSync, copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { startOldServer, sleep } from './old-server.mjs';

const [binary, out] = process.argv.slice(2);
const { db, base, room, summary, socket, stop } = await startOldServer(binary, { botDelay: 0 });

// A finished game: Ana's seat is played by the takeover bot against a basic bot.
const done = await room({ players: 2, vp_target: 3, takeover_after: 0, seed: '424242' });
{
  const a = socket(); await a.opened;
  a.send({ type: 'join', room: done.code, name: 'Ana', host_key: done.host_key });
  await a.next((m) => m.type === 'snapshot');
  a.send({ type: 'add_bot', seat: 1, level: 'basic' });
  await a.next((m) => m.type === 'update');
  a.send({ type: 'start' });
  await a.next((m) => m.type === 'update' && m.patch.some((p) => p.path === '' || p.path.startsWith('/game')));
  a.ws.close();
  while ((await summary(done.code)).phase !== 'finished') await sleep(100);
  const record = await (await fetch(`${base}/api/rooms/${done.code}/replay`)).json();
  writeFileSync(join(out, 'replay-before-issue-11.json'), JSON.stringify(record) + '\n');
}

// A game in progress with a spectator's chat line: bots play both seats for a while, then the host
// comes back (the takeover ends and the game waits for her).
const live = await room({ players: 2, vp_target: 10, takeover_after: 0, seed: '777' });
{
  const a = socket(); await a.opened;
  a.send({ type: 'join', room: live.code, name: 'Ana', host_key: live.host_key });
  const welcome = await a.next((m) => m.type === 'welcome');
  await a.next((m) => m.type === 'snapshot');
  a.send({ type: 'add_bot', seat: 1, level: 'basic' });
  await a.next((m) => m.type === 'update');
  a.send({ type: 'start' });
  await a.next((m) => m.type === 'update' && m.patch.some((p) => p.path === '' || p.path.startsWith('/game')));
  a.ws.close();
  const s = socket(); await s.opened;
  s.send({ type: 'spectate', room: live.code });
  await s.next((m) => m.type === 'snapshot');
  s.send({ type: 'chat', text: 'hello from a spectator' });
  await s.next((m) => m.type === 'chat');
  await sleep(150);  // the bots play on (at no delay a whole game takes about a second)
  const b = socket(); await b.opened;
  b.send({ type: 'rejoin', room: live.code, token: welcome.token });
  await b.next((m) => m.type === 'snapshot');
  b.send({ type: 'chat', text: 'back again' });
  await b.next((m) => m.type === 'chat');
  writeFileSync(join(out, 'before-issue-11.txt'),
    `room ${live.code}: a game in progress; seat 0 Ana token ${welcome.token}; seat 1 a basic bot\n`);
  await sleep(300);
  b.ws.close(); s.ws.close();
}
await stop();
copyFileSync(db, join(out, 'before-issue-11.db'));
console.log('written to', out);
