// The WebSocket session: one socket to /ws, "v":1 envelopes, automatic reconnect with exponential
// backoff and jitter, and a keep-alive ping. The room logic (join/rejoin, seq tracking) lives in the
// store; this module only moves messages and reports its status. `url` is a string, or a function
// asked at every connect (a room's socket names its room and the node hint: room_route.js).

const BACKOFF_MS = [400, 1000, 2000, 4000, 8000, 15000];
const PING_EVERY_MS = 20000;
const SILENCE_LIMIT_MS = 50000;

export class Connection {
  constructor({ url, onOpen, onMessage, onStatus }) {
    this.url = url;
    this.onOpen = onOpen;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.ws = null;
    this.attempt = 0;
    this.timer = null;
    this.pinger = null;
    this.lastHeard = 0;
    this.stopped = false;
    this.status = 'idle';
    this.retryAt = 0;
    this.nextId = 1;
    this._wake = () => {
      if (this.status === 'waiting') this.connectNow();
    };
    window.addEventListener('online', this._wake);
    // The device lost its network: do not wait for the socket to time out, show it now.
    window.addEventListener('offline', () => this.drop());
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') this._wake();
    });
  }

  setStatus(status) {
    this.status = status;
    this.onStatus?.(status, this);
  }

  start() {
    this.stopped = false;
    this.connectNow();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    if (this.ws) {
      this.ws.onclose = null;
      this.ws.close(1000);
      this.ws = null;
    }
    this.setStatus('stopped');
  }

  drop() {
    if (!this.ws || this.stopped) return;
    const ws = this.ws;
    this.ws = null;
    ws.onclose = null;
    ws.onmessage = null;
    clearInterval(this.pinger);
    try {
      ws.close(4001, 'offline');
    } catch {
      /* already closing */
    }
    this.scheduleRetry();
  }

  // The server said when to ask again (room_elsewhere: another server holds the room until then):
  // this socket closes and a new one opens after `ms`, not after the backoff.
  retryIn(ms) {
    if (this.stopped) return;
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onclose = null;
      ws.onmessage = null;
      try {
        ws.close(1000);
      } catch {
        /* already closing */
      }
    }
    this.retryAt = Date.now() + ms;
    this.setStatus('waiting');
    this.timer = setTimeout(() => this.connectNow(), ms);
  }

  connectNow() {
    clearTimeout(this.timer);
    if (this.stopped) return;
    if (navigator.onLine === false) {
      // No network: trying would only fail; the 'online' event wakes us up (and we keep polling).
      this.scheduleRetry();
      return;
    }
    if (this.ws && (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING)) return;
    this.setStatus('connecting');
    let ws;
    try {
      ws = new WebSocket(typeof this.url === 'function' ? this.url() : this.url);
    } catch {
      this.scheduleRetry();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.lastHeard = Date.now();
      this.setStatus('open');
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.keepAlive(), PING_EVERY_MS);
      this.onOpen?.(this);
    };
    ws.onmessage = (e) => {
      this.lastHeard = Date.now();
      let msg;
      try {
        msg = JSON.parse(e.data);
      } catch {
        return;
      }
      if (msg.type === 'pong') return;
      this.onMessage?.(msg, this);
    };
    ws.onclose = (e) => {
      clearInterval(this.pinger);
      if (this.ws === ws) this.ws = null;
      // 1012: the server stops, or another server serves the room now: back at the shortest delay.
      if (e && e.code === 1012) this.attempt = 0;
      if (!this.stopped) this.scheduleRetry();
    };
    ws.onerror = () => {
      /* onclose follows */
    };
  }

  // Called when the session is established (welcome received): the next drop starts from the shortest delay.
  established() {
    this.attempt = 0;
  }

  scheduleRetry() {
    const base = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
    this.attempt++;
    const delay = Math.round(base * (0.75 + Math.random() * 0.5));
    this.retryAt = Date.now() + delay;
    this.setStatus('waiting');
    this.timer = setTimeout(() => this.connectNow(), delay);
  }

  keepAlive() {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return;
    if (Date.now() - this.lastHeard > SILENCE_LIMIT_MS) {
      this.ws.close(4000, 'silent'); // dead link: onclose reconnects
      return;
    }
    this.send({ type: 'ping' });
  }

  get isOpen() {
    return !!this.ws && this.ws.readyState === WebSocket.OPEN;
  }

  // Sends one envelope; returns false when the socket is not open (the caller's action is dropped,
  // never queued: a queued game command would be stale by the time it leaves).
  send(body) {
    if (!this.isOpen) return false;
    this.ws.send(JSON.stringify({ v: 1, ...body }));
    return true;
  }
}
