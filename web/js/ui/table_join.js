// The room's join link on the table display, for phones to scan: its QR code (the lobby's big one, the
// game's small one in a corner, so a phone that dropped out can come back). The link is the lobby's
// (screens/lobby.js roomUrl: the server's LAN or public address where this page is on loopback).

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { qrElement } from '../qr.js';
import { roomUrl } from '../screens/lobby.js';

let cache = { url: null, el: null }; // one QR drawing per link: the screen re-renders on every update

export function joinUrl(code) {
  return roomUrl(code);
}

// The link without its scheme, as people read it off a screen.
export function shownUrl(url) {
  return url.replace(/^https?:\/\//, '');
}

export function joinQr(code, id) {
  const url = joinUrl(code);
  if (cache.url !== url) cache = { url, el: qrElement(url, t('lobby.qr_alt')) };
  return h(`div.tt-qr#${id}`, { dataset: { url } }, cache.el);
}
