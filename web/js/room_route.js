// Where a room's requests go when several servers share its database behind one proxy
// (docs/protocol.md, "Several servers behind a proxy"): every URL about a room names it
// (/ws?room=CODE, /api/rooms/CODE), and once a server answered room_elsewhere naming the node that
// holds the room, the room's later requests carry that node (node=NAME) so the proxy sends them
// there. A single server ignores both. The hint is kept per tab (sessionStorage), so a reload keeps it.

const KEY = 'catan.node.';
// A room code as the server hands it out (no 0/O, no 1/I). Only such a code goes into a socket's URL:
// the server refuses a malformed one there, and a socket for a code that cannot exist is answered
// no_such_room by whichever server the proxy picks.
export const ROOM_CODE = /^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{5}$/;
const NODE_NAME = /^[A-Za-z0-9._-]{1,64}$/; // what the server accepts in a URL
// Asking again at once is right only when the answer named a node we did not ask for: the proxy will
// route there. Otherwise (no proxy, or the named node is down) wait as long as the server said.
const HINT_RETRY_MS = 50;
const MIN_RETRY_MS = 200;
const MAX_RETRY_MS = 60000;
const memory = new Map(); // when sessionStorage is unavailable

export function nodeHint(code) {
  try {
    const v = sessionStorage.getItem(KEY + code);
    if (v !== null) return v;
  } catch {
    /* storage disabled: the memory copy */
  }
  return memory.get(code) ?? null;
}

export function setNodeHint(code, node) {
  const value = typeof node === 'string' && NODE_NAME.test(node) ? node : null;
  if (value) memory.set(code, value);
  else memory.delete(code);
  try {
    if (value) sessionStorage.setItem(KEY + code, value);
    else sessionStorage.removeItem(KEY + code);
  } catch {
    /* storage disabled or full: the memory copy holds it */
  }
}

function query(code, withRoom) {
  const params = [];
  if (withRoom) params.push(`room=${encodeURIComponent(code)}`);
  const node = nodeHint(code);
  if (node) params.push(`node=${encodeURIComponent(node)}`);
  return params.length ? `?${params.join('&')}` : '';
}

// The WebSocket's address: about a room (`code`), or none (a socket that only creates a room).
export function socketUrl(code) {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/ws${code ? query(code, ROOM_CODE.test(String(code).toUpperCase())) : ''}`;
}

// /api/rooms/CODE + `suffix` ("/replay", "/notify"), with the node hint when there is one.
export function roomApi(code, suffix = '') {
  return `/api/rooms/${encodeURIComponent(code)}${suffix}${query(code, false)}`;
}

// What to do with a room_elsewhere answer (`error`: its body) for `code`: keeps the node it names as
// the hint and returns how long to wait before asking again.
export function followElsewhere(code, error) {
  const asked = nodeHint(code);
  setNodeHint(code, error?.node);
  const named = nodeHint(code);
  if (named && named !== asked) return HINT_RETRY_MS;
  return Math.min(Math.max(Number(error?.retry_after_ms) || 1000, MIN_RETRY_MS), MAX_RETRY_MS);
}

// The room moved to another node (room_moved): the hint names the node that lost it.
export function forgetNode(code) {
  setNodeHint(code, null);
}

// fetch() of a room's REST path that follows room_elsewhere (HTTP 503): asks again as followElsewhere
// says, `tries` times at most, then returns the last answer as it is.
export async function fetchRoom(code, suffix = '', init = undefined, tries = 12) {
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(roomApi(code, suffix), init);
    if (res.status !== 503 || attempt >= tries) return res;
    const body = await res.clone().json().catch(() => null);
    if (body?.code !== 'room_elsewhere') return res;
    await new Promise((resolve) => setTimeout(resolve, followElsewhere(code, body)));
  }
}
