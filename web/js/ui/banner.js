// The disconnection banner: shown while the socket is down, with the countdown to the next try.

import { h } from '../dom.js';
import { t } from '../i18n.js';

let ticker = null;

export function connectionBanner(state, store) {
  clearInterval(ticker);
  const down = (state.conn === 'waiting' || state.conn === 'connecting') && (state.doc || state.token);
  if (!down) return h('div.conn-ok', { hidden: true });
  const label = h('span');
  const update = () => {
    const secs = Math.max(0, Math.ceil((state.retryAt - Date.now()) / 1000));
    if (state.moving) label.textContent = t('conn.moving');
    else label.textContent = state.conn === 'waiting' && secs > 0 ? t('conn.offline', { n: secs }) : t('conn.connecting');
  };
  update();
  if (state.conn === 'waiting') ticker = setInterval(update, 500);
  return h('div.conn-banner#conn-banner', { role: 'status' }, label,
    state.conn === 'waiting' ? h('button.small', { type: 'button', onclick: () => store.conn.connectNow() }, t('conn.retry')) : null);
}
