// A room's page (/r/CODE): takes the seat back with the stored token (or the one in #token=...),
// otherwise asks for a name; then shows the lobby or the game, with the connection banner on top.

import { h, replace } from '../dom.js';
import { t, onLang } from '../i18n.js';
import { storage } from '../storage.js';
import { Store } from '../store.js';
import { langSelect, errorText } from '../ui/common.js';
import { nameFieldUnits } from '../rules.js';
import { fetchRules } from '../server_rules.js';
import { toast } from '../ui/toast.js';
import { renderLobby } from './lobby.js';
import { loadServerInfo, onShareChange } from '../share.js';
import { GameView } from './game.js';
import { connectionBanner } from '../ui/banner.js';
import { setSeatLooks } from '../icons.js';
import { keepingFocus } from '../ui/focus.js';
import { fetchRoom } from '../room_route.js';

export function startRoom(app, code) {
  // "Continue on another device": /r/CODE#token=... carries the seat's token once, then is removed.
  const hash = new URLSearchParams(location.hash.slice(1));
  const fromLink = hash.get('token');
  if (fromLink && /^[0-9a-f]{16,64}$/i.test(fromLink)) storage.setToken(code, fromLink.toLowerCase());
  if (location.hash) history.replaceState(null, '', location.pathname + location.search);

  const store = new Store(code);
  window.catanDebug = { store }; // read-only handle for tests and curious developers

  const root = h('div.room-root');
  const bannerHost = h('div.banner-host');
  const main = h('div.room-main');
  replace(app, root);
  root.append(bannerHost, main);

  let view = null; // 'join' | 'connecting' | 'lobby' | 'game' | 'gone'
  let game = null;
  let summary = null; // GET /api/rooms/CODE
  let joinError = null;
  let shownError = 0;
  let shownClosing = null;

  const fetchSummary = async () => {
    try {
      const res = await fetchRoom(code);
      summary = res.ok ? await res.json() : { missing: true };
    } catch {
      summary = { failed: true };
    }
    render(store.state);
  };

  const joinScreen = () => {
    const nameInput = h('input#join-name', { type: 'text', autocomplete: 'nickname', value: storage.name(), placeholder: t('home.name_ph') });
    // The server's name length (no room document yet); without it the server's refusal says what is wrong.
    fetchRules().then((r) => { const units = nameFieldUnits(r.limits); if (units) nameInput.maxLength = units; }).catch(() => {});
    const submit = (e) => {
      e.preventDefault();
      const name = nameInput.value.trim();
      if (!name) {
        toast(t('home.need_name'), 'error');
        return;
      }
      storage.setName(name);
      joinError = null;
      store.connect({ type: 'join', name });
      render(store.state);
    };
    const head = h('header.room-head', h('a.home-link', { href: '/' }, t('app.title')), h('h1', t('join.title', { code })), langSelect());
    if (!summary) return h('main.join', head, h('p.muted', t('join.connecting')));
    if (summary.missing || summary.failed) return h('main.join', head, h('section.card', h('p', t('join.no_room', { code })), h('a.button', { href: '/' }, t('join.back_home'))));
    const seated = (summary.seats || []).filter((x) => x.name).length;
    const max = summary.options?.players ?? (summary.seats || []).length;
    const canSit = summary.phase === 'lobby' && seated < max;
    return h('main.join', head,
      h('section.card',
        h('p', t('join.seated', { n: seated, max })),
        h('ul.seat-names', (summary.seats || []).filter((x) => x.name).map((x) => h('li', x.name))),
        canSit
          ? h('form#join-form', { onsubmit: submit },
              h('label.field', { for: 'join-name' }, h('span', t('home.name')), nameInput),
              joinError ? h('p.error', { role: 'alert' }, joinError) : null,
              h('button.primary.big#join-seat', { type: 'submit' }, t('join.button')))
          : h('p', summary.phase === 'lobby' ? t('join.full') : t('join.started')),
        h('button.big#spectate', { type: 'button', onclick: () => store.connect({ type: 'spectate' }) }, t('join.spectate'))));
  };

  function render(state) {
    bannerHost.replaceChildren(connectionBanner(state, store));
    if (state.error && state.error.at !== shownError) {
      shownError = state.error.at;
      const text = errorText(state.error);
      if (!state.joined && ['name_taken', 'removed', 'bad_name', 'room_full', 'game_started', 'no_such_room', 'bad_token'].includes(state.error.code)) {
        joinError = text;
        storage.setAutoJoin(code, null);
        store.conn.stop();
        store.set({ intent: null });
        summary = null;
        fetchSummary();
      } else toast(text, 'error');
    }
    if (state.closedReason && !/kick/i.test(state.closedReason) && state.closedReason !== shownClosing) {
      shownClosing = state.closedReason;
      toast(t('conn.closing', { reason: state.closedReason }));
    }
    if (state.closedReason && /kick/i.test(state.closedReason)) {
      view = 'gone';
      game?.destroy();
      game = null;
      replace(main, h('main.join', h('section.card', h('p', t('conn.kicked')), h('a.button', { href: '/' }, t('join.back_home')))));
      return;
    }
    const doc = state.doc;
    if (!doc) {
      if (state.intent || state.token) {
        if (view !== 'connecting') {
          view = 'connecting';
          replace(main, h('main.join', h('p.muted.center', t('join.connecting'))));
        }
      } else {
        view = 'join';
        replace(main, joinScreen());
      }
      return;
    }
    // Seat colours follow the options (the beginner set-up for 3 leaves white out: icons.js, seatLook).
    setSeatLooks(doc.room.phase === 'lobby' ? doc.room.options : doc.game?.options ?? doc.room.options);
    if (doc.room.phase === 'lobby') {
      if (game) {
        game.destroy();
        game = null;
      }
      view = 'lobby';
      // Each change (an option, a bot seated) rebuilds the lobby: the keyboard focus stays where it was.
      keepingFocus(main, () => renderLobby(main, state, store));
      return;
    }
    if (!game) {
      game = new GameView(store);
      replace(main, game.el);
    }
    view = 'game';
    game.update(state);
  }

  store.subscribe(render);
  onShareChange(() => render(store.state)); // the share link's address came from the server (share.js)
  loadServerInfo();
  onLang(() => {
    if (game) {
      game.destroy();
      game = null;
    }
    render(store.state);
  });

  const auto = storage.autoJoin(code);
  if (store.state.token) store.connect({ type: 'rejoin' });
  else if (auto) store.connect({ type: 'join', name: auto });
  else fetchSummary();
  render(store.state);
  return store;
}
