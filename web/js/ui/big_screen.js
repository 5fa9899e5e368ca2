// "Show on a big screen": the table link (/r/CODE#table) with its QR code, for a TV, a laptop or a
// tablet lying flat that shows the board and what everyone may see, never a hand. Offered in the
// lobby and in the game's menu; the link holds no token, so anyone at the table may open it.

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { qrElement } from '../qr.js';
import { toast } from './toast.js';
import { copyText, roomUrl } from '../screens/lobby.js';
import { storage } from '../storage.js';

export const tableUrl = (code) => `${roomUrl(code)}#table`;

let qrCache = { url: null, el: null };

export function bigScreenSection(state) {
  const url = tableUrl(state.code);
  if (qrCache.url !== url) qrCache = { url, el: qrElement(url, t('bigscreen.qr_alt')) };
  const shown = state.doc?.room?.displays || 0;
  return h('details.card.big-screen#big-screen',
    h('summary', t('bigscreen.title'), shown ? h('span.tag.big-screen-on', t('bigscreen.connected', { n: shown })) : null),
    h('p.muted', t('bigscreen.help')),
    h('div.share-grid',
      h('div.share-text',
        h('div.url-row',
          h('input.url#table-link', { type: 'text', readonly: true, value: url, 'aria-label': t('bigscreen.link'), onfocus: (e) => e.target.select() }),
          h('button#copy-table-link', { type: 'button', onclick: async () => toast((await copyText(url)) ? t('lobby.copied') : url) }, t('lobby.copy'))),
        h('a.button#open-table', { href: url, target: '_blank', rel: 'noopener' }, t('bigscreen.open'))),
      qrCache.el),
    state.seat !== null ? handLayoutChoice() : null);
}

// Whether this phone shows only the hand while a big screen shows the board: on unless the player
// turned it off on this device.
export const handLayoutWanted = () => storage.handLayout() !== 'off';

function handLayoutChoice() {
  const box = h('input#hand-layout-choice', { type: 'checkbox', checked: handLayoutWanted(), onchange: (e) => { storage.setHandLayout(e.target.checked ? null : 'off'); window.dispatchEvent(new Event('catan:hand-layout')); } });
  return h('label.check', { for: 'hand-layout-choice' }, box, h('span', t('bigscreen.hand_layout')));
}
