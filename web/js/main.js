// Entry point: the start page at /, a room at /r/CODE.

import { initLang, onLang } from './i18n.js';
import { renderHome } from './screens/home.js';
import { startRoom } from './screens/room.js';

initLang();
const app = document.getElementById('app');
const m = location.pathname.match(/^\/r\/([A-Za-z0-9]{1,32})\/?$/);
if (m) {
  startRoom(app, m[1].toUpperCase());
} else {
  renderHome(app);
  onLang(() => renderHome(app));
}
