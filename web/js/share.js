// Where friends can reach this room (docs/protocol.md, "Server addresses"): the server's --public-url
// when it has one; on a page opened at a loopback address (127.0.0.0/8, ::1, localhost), which on a
// friend's phone means the phone itself, one of the server's LAN addresses (GET /api/server), with a
// warning; otherwise the address this page was opened at.

let info = null; // GET /api/server's answer, once it came
let picked = null; // the LAN address the player chose among several
const listeners = new Set();

export function isLoopbackHost(hostname) {
  const host = String(hostname).replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) || /^::ffff:127\./.test(host) || /^::ffff:7f[0-9a-f]{2}:/.test(host);
}

function changed() {
  for (const fn of listeners) fn();
}

// Called with no argument whenever the share link may have changed (the server's answer came, the
// player picked another address).
export function onShareChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

// Asks the server once per page; without an answer the link stays this page's own address.
let asked = false;
export function loadServerInfo() {
  if (asked) return;
  asked = true;
  fetch('/api/server')
    .then((res) => (res.ok ? res.json() : null))
    .then((body) => {
      if (body && typeof body === 'object') {
        info = body;
        changed();
      }
    })
    .catch(() => {});
}

export function pickAddress(base) {
  picked = base;
  changed();
}

// The base of share links and what to tell the player about it:
//   warning null: none; 'lan': the page is on loopback, the link uses a LAN address (choices: all of
//   them); 'no_lan': the page is on loopback and the server knows no other address; 'listen': the
//   server itself only listens on loopback, so nobody else can join at all.
export function shareBase() {
  const base = (url) => String(url).replace(/\/+$/, '');
  if (info?.public_url) return { base: base(info.public_url), warning: null, choices: [] };
  if (!isLoopbackHost(location.hostname) || !info) return { base: location.origin, warning: null, choices: [] };
  if (info.loopback_only) return { base: location.origin, warning: 'listen', choices: [] };
  const lan = Array.isArray(info.lan_urls) ? info.lan_urls.map(base) : [];
  if (!lan.length) return { base: location.origin, warning: 'no_lan', choices: [] };
  return { base: lan.includes(picked) ? picked : lan[0], warning: 'lan', choices: lan };
}
