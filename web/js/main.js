// Entry point: the start page at /, a room at /r/CODE, its replay at /r/CODE#replay.

import { initLang, onLang } from './i18n.js';
import { renderHome } from './screens/home.js';
import { startRoom } from './screens/room.js';
import { startReplay } from './screens/replay.js';

initLang();
const app = document.getElementById('app');
const m = location.pathname.match(/^\/r\/([A-Za-z0-9]{1,32})\/?$/);
const isReplay = () => location.hash === '#replay';
if (m && isReplay()) {
  startReplay(app, m[1].toUpperCase());
} else if (m) {
  startRoom(app, m[1].toUpperCase());
} else {
  renderHome(app);
  onLang(() => renderHome(app));
}
// "Watch the replay" only changes the hash: start the page again as the other screen.
const startedAsReplay = isReplay();
window.addEventListener('hashchange', () => {
  if (m && isReplay() !== startedAsReplay) location.reload();
});
