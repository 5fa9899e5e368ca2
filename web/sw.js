// The service worker of "Notify me" (web/js/ui/notify.js): it shows each Web Push message the server
// sends (docs/protocol.md, "Notifications": {title, body, url, tag, kind, room}, decrypted by the
// browser) and, on a click, focuses the room's tab or opens the room. It caches nothing.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(self.registration.showNotification(String(data.title || 'Catan'), {
    body: String(data.body || ''),
    tag: String(data.tag || 'catan'),  // one notification per room: a newer one replaces it
    renotify: true,
    icon: '/favicon.svg',
    data: { url: String(data.url || '/') },
  }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  let url = new URL('/', self.location.origin);
  try {
    const asked = new URL(event.notification.data && event.notification.data.url, self.location.origin);
    if (asked.origin === self.location.origin) url = asked;  // only this server's pages
  } catch {
    /* not a URL: the start page */
  }
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    for (const client of windows) {
      const at = new URL(client.url);
      if (at.origin === url.origin && at.pathname === url.pathname && 'focus' in client) return client.focus();
    }
    return self.clients.openWindow(url.href);
  })());
});
