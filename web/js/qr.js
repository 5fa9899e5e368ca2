// QR code of a URL as an SVG element, with the vendored qrcode-generator (MIT, web/vendor/).

import qrcode from '../vendor/qrcode-generator/qrcode.mjs';

export function qrElement(text, label) {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const wrap = document.createElement('div');
  wrap.className = 'qr';
  wrap.setAttribute('role', 'img');
  wrap.setAttribute('aria-label', label);
  wrap.innerHTML = qr.createSvgTag({ cellSize: 4, margin: 8, scalable: true });
  return wrap;
}
