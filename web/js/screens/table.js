// The table display (/r/CODE#table): the room on a shared screen (a TV, a laptop, a tablet lying flat)
// while everyone keeps only their own hand on their phone. It watches as a display (store.js, `display`):
// a spectator in every way, with exactly the public view and no legal actions, that never takes the
// seat this browser may hold in the room. Nothing on it needs a tap: the lobby shows the room code and
// the QR code of its link (ui/table_lobby.js), the game the board large with everyone's public facts,
// the dice, the turn timer and the log (ui/table_game.js), the end its results (ui/table_results.js).

import { h, replace } from '../dom.js';
import { t, onLang } from '../i18n.js';
import { Store } from '../store.js';
import { setSeatLooks } from '../icons.js';
import { loadServerInfo, onShareChange } from '../share.js';
import { connectionBanner } from '../ui/banner.js';
import { tableLobby } from '../ui/table_lobby.js';
import { TableGame } from '../ui/table_game.js';
import { keepAwake } from '../ui/table_wake.js';

export function startTable(app, code) {
  return new TableScreen(app, code);
}

class TableScreen {
  constructor(app, code) {
    this.code = code;
    this.store = new Store(code, { display: true });
    window.catanDebug = { store: this.store }; // read-only handle for tests and curious developers
    document.body.classList.add('tabletop-page');
    document.title = t('table.page_title', { code });
    this.bannerHost = h('div.banner-host');
    this.main = h('div.tabletop-main');
    this.root = h('div.tabletop#tabletop', { 'aria-label': t('table.label', { code }) }, this.bannerHost, this.main);
    replace(app, this.root);
    this.game = null;
    this.view = null; // 'connecting' | 'missing' | 'lobby' | 'game'
    this.store.subscribe((st) => this.render(st));
    loadServerInfo();
    onShareChange(() => this.render(this.store.state));
    onLang(() => {
      document.title = t('table.page_title', { code });
      this.dropGame();
      this.view = null;
      this.render(this.store.state);
    });
    keepAwake();
    this.store.connect({ type: 'spectate' });
    this.render(this.store.state);
  }

  dropGame() {
    this.game?.destroy();
    this.game = null;
  }

  render(st) {
    this.bannerHost.replaceChildren(connectionBanner(st, this.store));
    // A room that is not there (any more): said once, and the socket stops asking.
    if (st.error?.code === 'no_such_room' && !st.doc) {
      if (this.view !== 'missing') {
        this.view = 'missing';
        this.store.conn.stop();
        replace(this.main, h('main.tt-message#table-missing', h('p', t('join.no_room', { code: this.code }))));
      }
      return;
    }
    const doc = st.doc;
    if (!doc) {
      if (this.view !== 'connecting') {
        this.view = 'connecting';
        replace(this.main, h('main.tt-message', h('p.muted', t('join.connecting'))));
      }
      return;
    }
    // Seat colours follow the options (the beginner set-up for 3 leaves white out: icons.js, seatLook).
    setSeatLooks(doc.room.phase === 'lobby' ? doc.room.options : doc.game?.options ?? doc.room.options);
    if (doc.room.phase === 'lobby' || !doc.game) {
      this.dropGame();
      this.view = 'lobby';
      replace(this.main, tableLobby(st));
      return;
    }
    if (!this.game) {
      this.game = new TableGame(this.store);
      replace(this.main, this.game.el);
    }
    this.view = 'game';
    this.game.update(st);
  }
}
