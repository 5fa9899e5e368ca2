// The in-game menu: language, the room link, "show on a big screen" (ui/big_screen.js), "continue on
// another device" (a private link carrying this seat's token), "notify me" (ui/notify.js), leave.

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { langSelect } from './common.js';
import { toast } from './toast.js';
import { copyText, roomUrl } from '../screens/lobby.js';
import { notifySection } from './notify.js';
import { bigScreenSection } from './big_screen.js';

export function deviceLink(state) {
  return `${roomUrl(state.code)}#token=${state.token}`;
}

export function deviceLinkSection(state) {
  if (!state.token) return null;
  const link = deviceLink(state);
  return h('details.card.device',
    h('summary', t('menu.device')),
    h('p.muted', t('menu.device_help')),
    h('div.url-row',
      h('input.url#device-link', { type: 'text', readonly: true, value: link, 'aria-label': t('menu.device'), onfocus: (e) => e.target.select() }),
      h('button#copy-device', { type: 'button', onclick: async () => toast((await copyText(link)) ? t('lobby.copied') : link) }, t('menu.copy_device'))));
}

export function menuContent(state, store, close) {
  const url = roomUrl(state.code);
  return h('div.menu',
    h('label.field', h('span', t('menu.lang')), langSelect()),
    h('div.field', h('span', t('menu.room_link')),
      h('div.url-row', h('input.url', { type: 'text', readonly: true, value: url, onfocus: (e) => e.target.select() }),
        h('button', { type: 'button', onclick: async () => toast((await copyText(url)) ? t('lobby.copied') : url) }, t('lobby.copy')))),
    bigScreenSection(state),
    deviceLinkSection(state),
    notifySection(state),
    h('div.menu-actions', h('a.button', { href: '/' }, t('menu.home'))));
}
