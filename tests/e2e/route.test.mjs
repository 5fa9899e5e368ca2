// The web client's room routing (web/js/room_route.js, web/js/store.js, web/js/connection.js) under
// node with a fake WebSocket: a room's socket names its room (/ws?room=CODE), a room_elsewhere naming
// a node makes the next socket carry node=NAME (at once, since the proxy will route there), a second
// room_elsewhere naming the same node waits retry_after_ms, room_moved drops the hint, and the REST
// calls of the room carry the hint and follow a 503 room_elsewhere. docs/protocol.md, "Several servers
// behind a proxy".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// web/js is plain browser ES modules without a package.json: a copy in a folder that says "module".
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'catan-route-'));
fs.cpSync(new URL('../../web/js', import.meta.url), path.join(dir, 'js'), { recursive: true });
fs.writeFileSync(path.join(dir, 'package.json'), '{"type":"module"}');
process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));

class MemoryStorage {
  constructor() { this.items = new Map(); }
  getItem(k) { return this.items.has(k) ? this.items.get(k) : null; }
  setItem(k, v) { this.items.set(k, String(v)); }
  removeItem(k) { this.items.delete(k); }
  clear() { this.items.clear(); }
  key(i) { return [...this.items.keys()][i] ?? null; }
  get length() { return this.items.size; }
}

const sockets = [];
class FakeWebSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  constructor(url) {
    this.url = url;
    this.readyState = FakeWebSocket.CONNECTING;
    this.sent = [];
    sockets.push(this);
  }
  send(text) { this.sent.push(JSON.parse(text)); }
  close() { this.readyState = 3; }
  open() {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.();
  }
  receive(message) { this.onmessage?.({ data: JSON.stringify({ v: 1, ...message }) }); }
}

globalThis.window = { addEventListener() {} };
globalThis.document = { addEventListener() {}, visibilityState: 'visible' };
globalThis.location = { protocol: 'http:', host: 'catan.example.org' };
Object.defineProperty(globalThis, 'navigator', { value: { onLine: true }, configurable: true });
globalThis.WebSocket = FakeWebSocket;
globalThis.localStorage = new MemoryStorage();
globalThis.sessionStorage = new MemoryStorage();

const { Store } = await import(path.join(dir, 'js/store.js'));
const route = await import(path.join(dir, 'js/room_route.js'));

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function nextSocket(count, limit = 2000) {
  for (let waited = 0; sockets.length < count; waited += 5) {
    assert.ok(waited < limit, `no new socket within ${limit} ms (${sockets.length} opened)`);
    await sleep(5);
  }
  return sockets[count - 1];
}

test('a room socket names its room, and follows the node a room_elsewhere names', async () => {
  sockets.length = 0;
  sessionStorage.clear();
  localStorage.setItem('catan.token.K7QX3', '0123456789abcdef0123456789abcdef');
  const store = new Store('K7QX3');
  store.connect({ type: 'rejoin' });
  const first = await nextSocket(1);
  assert.equal(first.url, 'ws://catan.example.org/ws?room=K7QX3');
  first.open();
  assert.equal(first.sent[0].type, 'rejoin');
  assert.equal(first.sent[0].room, 'K7QX3');

  // Another node holds the room: the next socket names it, and goes at once (not after 5 s).
  const asked = Date.now();
  first.receive({ type: 'error', code: 'room_elsewhere', message: 'elsewhere', retry_after_ms: 5000, node: 'node2' });
  assert.equal(store.state.moving, true);
  const second = await nextSocket(2, 1000);
  assert.ok(Date.now() - asked < 1000);
  assert.equal(second.url, 'ws://catan.example.org/ws?room=K7QX3&node=node2');
  second.open();
  assert.equal(second.sent[0].type, 'rejoin');

  // Asked with that hint and told the same node again (the node is down, or no proxy routes by it):
  // wait as long as the server says.
  const again = Date.now();
  second.receive({ type: 'error', code: 'room_elsewhere', message: 'elsewhere', retry_after_ms: 300, node: 'node2' });
  const third = await nextSocket(3, 2000);
  assert.ok(Date.now() - again >= 250, `asked again after ${Date.now() - again} ms, before the 300 ms the server said`);
  assert.equal(third.url, 'ws://catan.example.org/ws?room=K7QX3&node=node2');
  third.open();
  third.receive({ type: 'welcome', seat: 0, host: true });
  assert.equal(store.state.moving, false);

  // The room moved on: the hint named the node that lost it, and goes.
  third.receive({ type: 'error', code: 'room_moved', message: 'moved' });
  assert.equal(route.nodeHint('K7QX3'), null);
  third.onclose?.({ code: 1012 });
  const fourth = await nextSocket(4, 2000);
  assert.equal(fourth.url, 'ws://catan.example.org/ws?room=K7QX3');
  store.conn.stop();
});

test('a node name the server would refuse in a URL is not used as a hint', async () => {
  sessionStorage.clear();
  route.setNodeHint('K7QX3', 'node 2/evil');
  assert.equal(route.nodeHint('K7QX3'), null);
  assert.equal(route.socketUrl('K7QX3'), 'ws://catan.example.org/ws?room=K7QX3');
  assert.equal(route.socketUrl(null), 'ws://catan.example.org/ws');
  // A code that cannot be a room's stays out of the URL (the server would refuse the socket): the
  // server answers its join no_such_room.
  assert.equal(route.socketUrl('NOSUCHROOM'), 'ws://catan.example.org/ws');
  assert.equal(route.socketUrl('k7qx3'), 'ws://catan.example.org/ws?room=k7qx3');
});

test('REST calls of a room carry the hint and follow a 503 room_elsewhere', async () => {
  sessionStorage.clear();
  const asked = [];
  globalThis.fetch = async (url) => {
    asked.push(url);
    if (!url.includes('node=node3'))
      return new Response(JSON.stringify({ code: 'room_elsewhere', message: 'elsewhere', retry_after_ms: 4000, node: 'node3' }), {
        status: 503,
        headers: { 'Retry-After': '4' },
      });
    return new Response(JSON.stringify({ code: 'K7QX3', phase: 'lobby' }), { status: 200 });
  };
  const start = Date.now();
  const res = await route.fetchRoom('K7QX3', '/replay');
  assert.equal(res.status, 200);
  assert.ok(Date.now() - start < 1000, 'the hint is followed at once');
  assert.deepEqual(asked, ['/api/rooms/K7QX3/replay', '/api/rooms/K7QX3/replay?node=node3']);
  assert.equal(route.roomApi('K7QX3'), '/api/rooms/K7QX3?node=node3');
  assert.equal(route.socketUrl('K7QX3'), 'ws://catan.example.org/ws?room=K7QX3&node=node3');
});
