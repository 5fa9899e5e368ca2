// "Notify me" in the game menu (docs/protocol.md, "Notifications"): this seat's holder asks for a Web
// Push notification (through the service worker web/sw.js) and/or an e-mail when it is their turn,
// when their time runs out and when the game ends. The server keeps them with the seat; the seat
// token proves the seat is theirs.

import { h } from '../dom.js';
import { lang, t } from '../i18n.js';
import { fetchRoom } from '../room_route.js';

const KEY = 'catan.notify.';

function remembered(code) {
  try {
    return localStorage.getItem(KEY + code) === 'push';
  } catch {
    return false;
  }
}

function remember(code, on) {
  try {
    if (on) localStorage.setItem(KEY + code, 'push');
    else localStorage.removeItem(KEY + code);
  } catch {
    /* storage off: the button just forgets */
  }
}

export function pushSupported() {
  return !!(globalThis.isSecureContext && navigator.serviceWorker && globalThis.PushManager && globalThis.Notification);
}

function keyBytes(base64url) {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

function sameKey(buffer, bytes) {
  if (!buffer) return false;
  const a = new Uint8Array(buffer);
  return a.length === bytes.length && a.every((v, i) => v === bytes[i]);
}

async function call(state, method, body) {
  const res = await fetchRoom(state.code, '/notify', {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token: state.token, lang: lang(), ...body }),
  });
  const answer = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(answer.message || `HTTP ${res.status}`);
  return answer;
}

async function subscribePush(state) {
  if ((await Notification.requestPermission()) !== 'granted') throw new Error(t('notify.denied'));
  const res = await fetch('/api/push/key');
  if (!res.ok) throw new Error(t('notify.unavailable'));
  const key = keyBytes((await res.json()).public_key);
  const reg = await navigator.serviceWorker.register('/sw.js');
  await navigator.serviceWorker.ready;
  let sub = await reg.pushManager.getSubscription();
  if (sub && !sameKey(sub.options && sub.options.applicationServerKey, key)) {
    await sub.unsubscribe();  // made for another server key: the push service would refuse it
    sub = null;
  }
  if (!sub) sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  return call(state, 'POST', { push: sub.toJSON() });
}

async function unsubscribePush(state) {
  const reg = await navigator.serviceWorker.getRegistration('/');
  const sub = reg && (await reg.pushManager.getSubscription());
  // The browser's subscription stays: other rooms may use it; this seat stops using it.
  return call(state, 'DELETE', sub ? { endpoint: sub.endpoint } : {});
}

export function notifySection(state) {
  if (!state.token) return null;
  const status = h('p.muted.notify-status', { role: 'status' });
  const say = (text) => { status.textContent = text; };
  let on = remembered(state.code);
  const push = h('button#notify-push', { type: 'button' }, t(on ? 'notify.push_off' : 'notify.push_on'));
  push.addEventListener('click', async () => {
    push.disabled = true;
    try {
      if (on) await unsubscribePush(state);
      else await subscribePush(state);
      on = !on;
      remember(state.code, on);
      push.textContent = t(on ? 'notify.push_off' : 'notify.push_on');
      say(t(on ? 'notify.push_done' : 'notify.push_stopped'));
    } catch (e) {
      say(`${t('notify.failed')} ${e.message || e}`);
    } finally {
      push.disabled = false;
    }
  });
  const email = h('input#notify-email', { type: 'email', autocomplete: 'email', placeholder: t('notify.email_placeholder'), 'aria-label': t('notify.email') });
  const save = h('button#notify-email-save', { type: 'button' }, t('notify.email_save'));
  save.addEventListener('click', async () => {
    save.disabled = true;
    try {
      const address = email.value.trim();
      if (address) await call(state, 'POST', { email: address });
      else await call(state, 'DELETE', { email: true });
      say(t(address ? 'notify.email_done' : 'notify.email_removed'));
    } catch (e) {
      say(`${t('notify.failed')} ${e.message || e}`);
    } finally {
      save.disabled = false;
    }
  });
  return h('details.card.notify',
    h('summary', t('notify.title')),
    h('p.muted', t('notify.help')),
    pushSupported() ? push : h('p.muted', t('notify.unsupported')),
    h('div.url-row', email, save),
    status);
}
