// What the server publishes outside any room (docs/protocol.md, "HTTP"): GET /api/rules, every board's
// rules block and the room limits, for pages that have no room document yet (the start page, a room's
// join form); GET /api/boards/{id}, a board's topology, for the replay viewer, which draws the board its
// record names. Each is fetched once per page (the answers are constant and cacheable).

const cache = new Map();

function getJson(url) {
  if (!cache.has(url)) {
    cache.set(url, fetch(url).then(async (res) => {
      const body = await res.json().catch(() => ({}));
      if (!res.ok) throw Object.assign(new Error(body.message || String(res.status)), { code: body.code || String(res.status) });
      return body;
    }).catch((e) => {
      cache.delete(url); // a later call tries again
      throw e;
    }));
  }
  return cache.get(url);
}

export const fetchRules = () => getJson('/api/rules');
export const fetchBoard = (id) => getJson(`/api/boards/${encodeURIComponent(id)}`);

// The rules block of the board that `players` play on: the one whose player counts include it.
export function boardRulesFor(rules, players) {
  return Object.values(rules?.boards || {}).find((b) => players >= b.players?.min && players <= b.players?.max) || null;
}

// Any board's block: the `players` option (its range and default) covers every board.
export function anyBoardRules(rules) {
  return Object.values(rules?.boards || {})[0] || null;
}
