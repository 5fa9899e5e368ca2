// The room session's state: the server's doc (kept in step with snapshot + RFC 6902 updates and the
// room's sequence number), legal actions, topology, game log and chat, plus who we are (seat, token).
// Views subscribe and re-render from `store.state`; actions go out through `store.command(...)`.

import { applyPatch } from './patch.js';
import { Connection } from './connection.js';
import { followElsewhere, forgetNode, socketUrl } from './room_route.js';
import { storage } from './storage.js';

const LOG_LIMIT = 300;

// The game log is made of the events received; it is kept per tab (sessionStorage) so that a reload
// shows the same log.
function loadLog(code) {
  try {
    const v = JSON.parse(sessionStorage.getItem(`catan.log.${code}`) || 'null');
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

function saveLog(code, log) {
  try {
    sessionStorage.setItem(`catan.log.${code}`, JSON.stringify(log));
  } catch {
    /* storage full or disabled */
  }
}

// hex_produced events say which hex paid whom, for the board (onEvents listeners get every event);
// the produced events beside them already say it in words, so the log keeps those only.
const logged = (ev) => ev.type !== 'hex_produced';

export class Store {
  // display: a table display (the board on a shared screen): it only watches, and never takes the seat
  // this browser may hold in the room.
  constructor(code, { display = false } = {}) {
    this.code = code;
    this.display = display;
    this.listeners = new Set();
    this.eventListeners = new Set();
    this.arrivalListeners = new Set();
    this.state = {
      code,
      conn: 'idle', // idle | connecting | open | waiting (retry scheduled) | stopped
      retryAt: 0,
      joined: false, // welcome received on the current connection
      intent: null, // {type:'join', name} | {type:'rejoin'} | {type:'spectate'}
      seat: null,
      host: false,
      token: display ? null : storage.token(code),
      doc: null,
      legal: null,
      topology: null,
      seq: 0,
      log: loadLog(code),
      chat: [],
      error: null, // last error message from the server {code, message}
      closedReason: null, // kicked, server shutting down
      moving: false, // another server is taking the room over (room_moved, room_elsewhere)
      pending: null, // a command sent and not yet answered
    };
    this.awaitingSync = false;
    this.conn = new Connection({
      url: () => socketUrl(this.code),
      onOpen: () => this.onOpen(),
      onMessage: (m) => this.onMessage(m),
      onStatus: (status, c) => this.set({ conn: status, retryAt: c.retryAt, joined: status === 'open' ? this.state.joined : false }),
    });
  }

  subscribe(fn) {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  onEvents(fn) {
    this.eventListeners.add(fn);
    return () => this.eventListeners.delete(fn);
  }

  // Events handed over before the views re-render (same arguments as onEvents), for what must show
  // the instant an update arrives, such as the dice: a whole game view's render takes tens of ms on
  // a phone. Such a listener must not read the DOM the render is about to replace.
  onArrival(fn) {
    this.arrivalListeners.add(fn);
    return () => this.arrivalListeners.delete(fn);
  }

  set(patch, events = null) {
    this.state = { ...this.state, ...patch };
    if ('doc' in patch) this.state.seat = this.ownSeat(this.state.doc, this.state.seat);
    if (events?.length) for (const fn of this.arrivalListeners) fn(events, this.state);
    for (const fn of this.listeners) fn(this.state);
  }

  // Our seat can change under us: the host swaps seats or shrinks the room in the lobby, and the start
  // compacts the seats. The server tells us in doc.room.you (null for a spectator).
  ownSeat(doc, seat) {
    if (doc?.room && 'you' in doc.room) return doc.room.you;
    return seat ?? null;
  }

  // --- session -------------------------------------------------------------------------------------

  connect(intent) {
    this.set({ intent, error: null, closedReason: null });
    if (this.conn.isOpen) this.onOpen();
    else this.conn.start();
  }

  onOpen() {
    const { intent, token } = this.state;
    this.set({ joined: false });
    if (token) this.conn.send({ type: 'rejoin', room: this.code, token });
    else if (intent?.type === 'join') {
      const body = { type: 'join', room: this.code, name: intent.name };
      const key = storage.hostKey(this.code);
      if (key) body.host_key = key;
      this.conn.send(body);
    } else if (intent?.type === 'spectate') this.conn.send({ type: 'spectate', room: this.code, ...(this.display ? { display: true } : {}) });
  }

  leave() {
    this.conn.send({ type: 'leave' });
    storage.setToken(this.code, null);
    this.conn.stop();
    this.set({ token: null, joined: false, doc: null, intent: null });
  }

  onMessage(msg) {
    switch (msg.type) {
      case 'welcome':
        this.conn.established();
        if (msg.token) storage.setToken(this.code, msg.token);
        if (msg.token && Number.isInteger(msg.seat)) storage.setSeat(this.code, msg.seat);
        if (msg.seat !== null && msg.seat !== undefined) storage.setAutoJoin(this.code, null);
        this.set({ joined: true, seat: msg.seat ?? null, host: !!msg.host, token: msg.token || (msg.seat === null ? null : this.state.token), error: null, moving: false });
        break;
      case 'snapshot': {
        this.awaitingSync = false;
        if (this.state.log.length && this.state.log[this.state.log.length - 1].seq > msg.seq) {
          saveLog(this.code, []);
          this.state.log = [];
        }
        // The server's recent events of the game (redacted for us) replace what this tab kept: a
        // spectator arriving mid-game, a new device or a reconnect after missed updates sees the
        // history. A server without `log` leaves the kept log as it was.
        const log = Array.isArray(msg.log) ? msg.log.filter(logged).map((ev) => ({ seq: msg.seq, ev })).slice(-LOG_LIMIT) : this.state.log;
        if (log !== this.state.log) saveLog(this.code, log);
        this.set({
          log,
          doc: msg.doc,
          legal: msg.legal ?? null,
          seq: msg.seq,
          topology: msg.topology || this.state.topology,
          chat: Array.isArray(msg.chat) ? msg.chat.slice(-100) : this.state.chat,
          pending: null,
        });
        break;
      }
      case 'update':
        this.onUpdate(msg);
        break;
      case 'chat':
        this.set({ chat: [...this.state.chat, msg].slice(-100) });
        break;
      case 'error':
        this.onError(msg);
        break;
      case 'closing':
        this.set({ closedReason: msg.reason });
        if (/kick/i.test(msg.reason)) {
          storage.setToken(this.code, null);
          this.conn.stop();
          this.set({ token: null, joined: false, doc: null });
        }
        break;
      default:
        break; // unknown message types are ignored (forward compatibility)
    }
  }

  onUpdate(msg) {
    if (this.awaitingSync) return;
    if (msg.seq <= this.state.seq) return; // already seen
    if (msg.seq !== this.state.seq + 1 || !this.state.doc) {
      this.requestSync();
      return;
    }
    let doc;
    try {
      doc = applyPatch(this.state.doc, msg.patch || []);
    } catch (e) {
      console.warn('patch failed, asking for a snapshot', e);
      this.requestSync();
      return;
    }
    const events = Array.isArray(msg.events) ? msg.events : [];
    // "Play again": the room went back to the lobby; the next game starts with an empty log.
    const base = this.state.doc.game && !doc.game ? [] : this.state.log;
    if (base !== this.state.log) saveLog(this.code, base);
    const kept = events.filter(logged);
    const log = kept.length ? [...base, ...kept.map((ev) => ({ seq: msg.seq, ev }))].slice(-LOG_LIMIT) : base;
    this.set({ doc, legal: msg.legal ?? null, seq: msg.seq, log, pending: null }, events);
    if (kept.length) saveLog(this.code, log);
    if (events.length) for (const fn of this.eventListeners) fn(events, this.state);
  }

  requestSync() {
    this.awaitingSync = true;
    this.conn.send({ type: 'sync' });
  }

  onError(msg) {
    const code = msg.code;
    // Several servers share the room's database and another one serves it now, or will shortly: no
    // mistake of the player's. room_moved: the server closes the socket next and it reconnects;
    // room_elsewhere: ask again when the server says, through a proxy to the node it names
    // (docs/protocol.md, "Errors" and "Several servers behind a proxy").
    if (code === 'room_moved' || code === 'room_elsewhere') {
      this.set({ moving: true, pending: null });
      if (code === 'room_elsewhere') this.conn.retryIn(followElsewhere(this.code, msg));
      else forgetNode(this.code);
      return;
    }
    if (code === 'bad_token' || (code === 'no_such_room' && this.state.token)) {
      storage.setToken(this.code, null);
      this.set({ token: null });
    }
    if (code === 'stale_sequence') this.requestSync();
    this.set({ error: { code, message: msg.message, rule: msg.rule, at: Date.now() }, pending: null });
  }

  // --- actions -------------------------------------------------------------------------------------

  command(command) {
    if (!this.conn.send({ type: 'command', seq: this.state.seq, command })) return false;
    this.set({ pending: command });
    return true;
  }

  send(body) {
    return this.conn.send(body);
  }

  clearError() {
    this.set({ error: null });
  }
}
