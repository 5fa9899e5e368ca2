// Entry point: the start page at /, a room at /r/CODE, its replay at /r/CODE#replay, its table
// display (the board on a shared screen) at /r/CODE#table.

import { initLang, onLang } from './i18n.js';
import { renderHome } from './screens/home.js';
import { startRoom } from './screens/room.js';
import { startReplay } from './screens/replay.js';
import { startTable } from './screens/table.js';

initLang();
const app = document.getElementById('app');
const m = location.pathname.match(/^\/r\/([A-Za-z0-9]{1,32})\/?$/);
// Which screen of a room the hash asks for.
const screenOf = () => (location.hash === '#replay' ? 'replay' : location.hash === '#table' ? 'table' : 'room');
const started = screenOf();
if (m && started === 'replay') {
  startReplay(app, m[1].toUpperCase());
} else if (m && started === 'table') {
  startTable(app, m[1].toUpperCase());
} else if (m) {
  startRoom(app, m[1].toUpperCase());
} else {
  renderHome(app);
  onLang(() => renderHome(app));
}
// "Watch the replay" (or a link to the table display) only changes the hash: start the page again
// as the other screen.
window.addEventListener('hashchange', () => {
  if (m && screenOf() !== started) location.reload();
});
