// Pinch-zoom and pan of an SVG layer with pointer events (touch, pen, mouse), wheel zoom, and tap
// detection: a press that moves less than a few pixels and is not part of a pinch is a tap.

const TAP_SLOP_PX = 10;

export class PanZoom {
  constructor(svg, layer, { onTap, maxScale = 4 } = {}) {
    this.svg = svg;
    this.layer = layer;
    this.onTap = onTap;
    this.maxScale = maxScale;
    this.k = 1;
    this.tx = 0;
    this.ty = 0;
    this.pointers = new Map();
    this.gesture = null;
    svg.addEventListener('pointerdown', (e) => this.down(e));
    svg.addEventListener('pointermove', (e) => this.move(e));
    svg.addEventListener('pointerup', (e) => this.up(e, true));
    svg.addEventListener('pointercancel', (e) => this.up(e, false));
    svg.addEventListener('wheel', (e) => this.wheel(e), { passive: false });
  }

  viewBox() {
    const vb = this.svg.viewBox.baseVal;
    return { x: vb.x, y: vb.y, w: vb.width, h: vb.height };
  }

  toSvg(clientX, clientY) {
    const ctm = this.svg.getScreenCTM();
    if (!ctm) return { x: 0, y: 0 };
    const pt = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
    return { x: pt.x, y: pt.y };
  }

  // Board coordinates (inside the zoomed layer) of a client position.
  toBoard(clientX, clientY) {
    const p = this.toSvg(clientX, clientY);
    return { x: (p.x - this.tx) / this.k, y: (p.y - this.ty) / this.k };
  }

  // SVG units per screen pixel at the current zoom (for hit radii in pixels).
  unitsPerPixel() {
    const ctm = this.svg.getScreenCTM();
    return ctm ? 1 / ctm.a / this.k : 1;
  }

  clamp() {
    const vb = this.viewBox();
    this.k = Math.min(this.maxScale, Math.max(1, this.k));
    const minX = (vb.x + vb.w) * (1 - this.k);
    const maxX = vb.x * (1 - this.k);
    const minY = (vb.y + vb.h) * (1 - this.k);
    const maxY = vb.y * (1 - this.k);
    this.tx = Math.min(maxX, Math.max(minX, this.tx));
    this.ty = Math.min(maxY, Math.max(minY, this.ty));
  }

  apply() {
    this.clamp();
    this.layer.setAttribute('transform', `translate(${this.tx.toFixed(2)} ${this.ty.toFixed(2)}) scale(${this.k.toFixed(4)})`);
    this.svg.classList.toggle('zoomed', this.k > 1.01);
  }

  reset() {
    this.k = 1;
    this.tx = 0;
    this.ty = 0;
    this.apply();
  }

  // Zoom by `factor` keeping the SVG point (sx, sy) fixed on screen.
  zoomAt(factor, sx, sy) {
    const k = Math.min(this.maxScale, Math.max(1, this.k * factor));
    const bx = (sx - this.tx) / this.k;
    const by = (sy - this.ty) / this.k;
    this.k = k;
    this.tx = sx - bx * k;
    this.ty = sy - by * k;
    this.apply();
  }

  zoomBy(factor) {
    const vb = this.viewBox();
    this.zoomAt(factor, vb.x + vb.w / 2, vb.y + vb.h / 2);
  }

  down(e) {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    try {
      this.svg.setPointerCapture(e.pointerId);
    } catch {
      /* synthetic pointers cannot always be captured */
    }
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY, x0: e.clientX, y0: e.clientY, target: e.target });
    if (this.pointers.size === 1) {
      const p = this.toSvg(e.clientX, e.clientY);
      this.gesture = { kind: 'pan', p0: p, tx0: this.tx, ty0: this.ty, moved: false, pinched: false };
    } else if (this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()];
      const mid = this.toSvg((a.x + b.x) / 2, (a.y + b.y) / 2);
      this.gesture = { kind: 'pinch', d0: Math.hypot(a.x - b.x, a.y - b.y) || 1, mid0: mid, k0: this.k, tx0: this.tx, ty0: this.ty, moved: true, pinched: true };
    }
  }

  move(e) {
    const p = this.pointers.get(e.pointerId);
    if (!p || !this.gesture) return;
    p.x = e.clientX;
    p.y = e.clientY;
    if (this.gesture.kind === 'pan' && this.pointers.size === 1) {
      if (Math.hypot(p.x - p.x0, p.y - p.y0) > TAP_SLOP_PX) this.gesture.moved = true;
      if (!this.gesture.moved || this.k <= 1.001) return; // nothing to pan at 1x
      const q = this.toSvg(e.clientX, e.clientY);
      this.tx = this.gesture.tx0 + (q.x - this.gesture.p0.x);
      this.ty = this.gesture.ty0 + (q.y - this.gesture.p0.y);
      this.apply();
    } else if (this.gesture.kind === 'pinch' && this.pointers.size >= 2) {
      const [a, b] = [...this.pointers.values()];
      const d = Math.hypot(a.x - b.x, a.y - b.y);
      const mid = this.toSvg((a.x + b.x) / 2, (a.y + b.y) / 2);
      const g = this.gesture;
      const k = Math.min(this.maxScale, Math.max(1, g.k0 * (d / g.d0)));
      const bx = (g.mid0.x - g.tx0) / g.k0;
      const by = (g.mid0.y - g.ty0) / g.k0;
      this.k = k;
      this.tx = mid.x - bx * k;
      this.ty = mid.y - by * k;
      this.apply();
    }
    e.preventDefault();
  }

  up(e, completed) {
    const p = this.pointers.get(e.pointerId);
    this.pointers.delete(e.pointerId);
    if (!p) return;
    const g = this.gesture;
    if (this.pointers.size === 0) {
      this.gesture = null;
      if (completed && g && g.kind === 'pan' && !g.moved && !g.pinched) this.onTap?.(e.clientX, e.clientY, p.target);
    } else if (this.pointers.size === 1 && g) {
      // A pinch became a one-finger pan: restart from here, never a tap.
      const [rest] = [...this.pointers.values()];
      this.gesture = { kind: 'pan', p0: this.toSvg(rest.x, rest.y), tx0: this.tx, ty0: this.ty, moved: true, pinched: true };
    }
  }

  wheel(e) {
    e.preventDefault();
    const p = this.toSvg(e.clientX, e.clientY);
    this.zoomAt(e.deltaY < 0 ? 1.15 : 1 / 1.15, p.x, p.y);
  }
}
