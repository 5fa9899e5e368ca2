// Writes the files a server from before 5–6 players and house rules left behind (room options
// without house rules, views without step / turn_player, replay records without start_events), for
// the compatibility tests in tests/net/test_five_six_compat.cpp. Run once with a catan-server built
// from main before the wire changes for 5–6 players (commit 8524012, main of 2026-12-01):
//   node --experimental-websocket tests/net/data/make-before-issue-12.mjs /path/to/old/catan-server tests/net/data
// It writes
//   replay-before-issue-12.json  the replay record of a finished 4-player game
//   before-issue-12.db           a data file with a 4-player game in progress (see before-issue-12.txt)
//   export-before-issue-12.json  that room exported by the old server (catan-server export)
import { execFileSync } from 'node:child_process';
import { writeFileSync, copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { startOldServer, sleep } from './old-server.mjs';

const [binary, out] = process.argv.slice(2);
const { db, base, room, summary, socket, stop } = await startOldServer(binary, { botDelay: 10 });

// A finished game: Ana's seat is played by the takeover bot against three basic bots.
const done = await room({ players: 4, vp_target: 5, takeover_after: 0, seed: '412412' });
{
  const a = socket(); await a.opened;
  a.send({ type: 'join', room: done.code, name: 'Ana', host_key: done.host_key });
  await a.next((m) => m.type === 'snapshot');
  for (const seat of [1, 2, 3]) {
    a.send({ type: 'add_bot', seat, level: 'basic' });
    await a.next((m) => m.type === 'update');
  }
  a.send({ type: 'start' });
  await a.next((m) => m.type === 'update' && m.patch.some((p) => p.path === '' || p.path.startsWith('/game')));
  a.ws.close();
  while ((await summary(done.code)).phase !== 'finished') await sleep(100);
  const record = await (await fetch(`${base}/api/rooms/${done.code}/replay`)).json();
  writeFileSync(join(out, 'replay-before-issue-12.json'), JSON.stringify(record) + '\n');
}

// A 4-player game in progress: bots play every seat for a while, then the host comes back (the
// takeover ends and the game waits for her when it is her turn).
const live = await room({ players: 4, vp_target: 10, takeover_after: 0, seed: '1212' });
{
  const a = socket(); await a.opened;
  a.send({ type: 'join', room: live.code, name: 'Ana', host_key: live.host_key });
  const welcome = await a.next((m) => m.type === 'welcome');
  await a.next((m) => m.type === 'snapshot');
  for (const seat of [1, 2, 3]) {
    a.send({ type: 'add_bot', seat, level: 'basic' });
    await a.next((m) => m.type === 'update');
  }
  a.send({ type: 'start' });
  await a.next((m) => m.type === 'update' && m.patch.some((p) => p.path === '' || p.path.startsWith('/game')));
  a.ws.close();
  await sleep(1500);  // the bots play on (10 ms a move: some turns, far from the end)
  const b = socket(); await b.opened;
  b.send({ type: 'rejoin', room: live.code, token: welcome.token });
  await b.next((m) => m.type === 'snapshot');
  writeFileSync(join(out, 'before-issue-12.txt'),
    `room ${live.code}: a 4-player game in progress; seat 0 Ana token ${welcome.token}; seats 1-3 basic bots\n`);
  await sleep(300);
  b.ws.close();
  await sleep(100);
}
await stop();
copyFileSync(db, join(out, 'before-issue-12.db'));
execFileSync(binary, ['export', '--data', db, '--room', live.code, '--out', join(out, 'export-before-issue-12.json')]);
console.log('written to', out);
