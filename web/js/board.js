// The board as SVG, drawn from the topology the server sends once (positions from docs/coordinates.md:
// x in half hex widths, y in quarter hex heights) and the game view: terrain, number tokens with pips,
// harbors, robber, pieces in seat colours with glyphs, and the tappable spots the legal actions allow.

import { s, clear } from './dom.js';
import { PanZoom } from './zoom.js';
import { SEAT_COLORS, SEAT_INK, TERRAIN_COLORS, TERRAIN_RESOURCE, RES_COLORS, resourceShape, glyphPath } from './icons.js';
import { t } from './i18n.js';
import { spotLabel } from './format.js';

const S = 60; // hex circumradius in SVG units
const XU = (S * Math.sqrt(3)) / 2;
const YU = S / 2;
const PIPS = { 2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1 };

export class BoardView {
  constructor(host, { onSpot }) {
    this.host = host;
    this.onSpot = onSpot;
    this.svg = s('svg', { class: 'board-svg', role: 'group', 'aria-label': t('board.label'), preserveAspectRatio: 'xMidYMid meet' });
    this.layer = s('g', { class: 'board-layer' });
    this.svg.append(this.layer);
    this.layers = {};
    for (const name of ['sea', 'hexes', 'harbors', 'roads', 'buildings', 'robber', 'spots']) {
      this.layers[name] = s('g', { class: `layer-${name}` });
      this.layer.append(this.layers[name]);
    }
    host.append(this.svg);
    this.zoom = new PanZoom(this.svg, this.layer, { onTap: (x, y, target) => this.tap(x, y, target) });
    this.geo = null;
    this.spots = [];
    this.key = '';
  }

  setTopology(topo) {
    if (!topo || this.topo === topo) return;
    this.topo = topo;
    const nodes = topo.intersections.map((n) => ({ x: n.x * XU, y: n.y * YU }));
    // A hex's centre is the mean of its six corners: true of any board the server sends, whatever
    // its axial origin (the 5–6 board's middle row has 6 hexes, so no hex sits at the centre).
    const hexes = topo.hexes.map((hx) => {
      const corners = hx.nodes.map((i) => nodes[i]);
      return { x: corners.reduce((a, c) => a + c.x, 0) / corners.length, y: corners.reduce((a, c) => a + c.y, 0) / corners.length, corners };
    });
    const paths = topo.paths.map((p) => {
      const [a, b] = p.intersections;
      return { a, b, x1: nodes[a].x, y1: nodes[a].y, x2: nodes[b].x, y2: nodes[b].y, x: (nodes[a].x + nodes[b].x) / 2, y: (nodes[a].y + nodes[b].y) / 2 };
    });
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (const n of nodes) {
      minX = Math.min(minX, n.x); maxX = Math.max(maxX, n.x);
      minY = Math.min(minY, n.y); maxY = Math.max(maxY, n.y);
    }
    const m = S * 1.05;
    this.svg.setAttribute('viewBox', `${(minX - m).toFixed(1)} ${(minY - m).toFixed(1)} ${(maxX - minX + 2 * m).toFixed(1)} ${(maxY - minY + 2 * m).toFixed(1)}`);
    this.geo = { nodes, hexes, paths };
    this.zoom.reset();
    this.key = '';
  }

  // view: {game, spots: {node:Set, city:Set, path:Set, hex:Set}, seatNames}
  render(view) {
    if (!this.geo || !view.game) return;
    const g = view.game;
    // A board the topology does not describe (the room's board changed: the server's snapshot with
    // the new topology is on its way, docs/protocol.md "The board and its topology"): nothing is drawn.
    if (g.board.terrain.length !== this.geo.hexes.length) return;
    this.board = g.board;
    const key = JSON.stringify([g.board.robber, g.dice, g.players.map((p) => [p.settlements, p.cities, p.roads]), [...view.spots.node], [...view.spots.city], [...view.spots.path], [...view.spots.hex], g.phase, g.current]);
    if (key === this.key) return;
    this.key = key;
    this.drawBoard(g);
    this.drawHarbors(g);
    this.drawPieces(g);
    this.drawSpots(view.spots);
    this.svg.classList.toggle('has-spots', this.spots.length > 0);
  }

  drawBoard(g) {
    const { hexes } = this.geo;
    clear(this.layers.sea);
    clear(this.layers.hexes);
    clear(this.layers.robber);
    const rolled = g.dice ? g.dice[0] + g.dice[1] : null;
    for (const hx of hexes) {
      const pts = hx.corners.map((c) => `${c.x.toFixed(1)},${c.y.toFixed(1)}`).join(' ');
      this.layers.sea.append(s('polygon', { points: pts, class: 'beach' }));
    }
    hexes.forEach((hx, id) => {
      const terrain = g.board.terrain[id];
      const num = g.board.numbers[id];
      const robber = g.board.robber === id;
      const pts = hx.corners.map((c) => `${c.x.toFixed(1)},${c.y.toFixed(1)}`).join(' ');
      const group = s('g', { class: `hex terrain-${terrain}${robber ? ' robbed' : ''}${rolled && num === rolled && g.rolled ? ' producing' : ''}`, dataset: { hex: id } });
      group.append(s('polygon', { points: pts, fill: TERRAIN_COLORS[terrain], class: 'hex-face' }));
      const res = TERRAIN_RESOURCE[terrain];
      group.append(resourceShape(res || 'desert', hx.x, hx.y - S * 0.5, S * 0.46));
      group.append(s('title', `${t(`terrain.${terrain}`)}${res ? ` — ${t(`res.${res}`)}` : ''}${num ? ` — ${num}` : ''}`));
      if (num) group.append(this.token(hx.x, hx.y + S * 0.14, num));
      this.layers.hexes.append(group);
      if (robber) this.layers.robber.append(this.robber(hx.x - S * 0.52, hx.y + S * 0.1));
    });
  }

  token(x, y, n) {
    const hot = n === 6 || n === 8;
    const g = s('g', { class: `token${hot ? ' hot' : ''}` });
    const r = S * 0.3;
    g.append(s('circle', { cx: x, cy: y, r, class: 'token-disc' }));
    g.append(s('text', { x, y: y + S * 0.03, class: 'token-num', 'text-anchor': 'middle', 'dominant-baseline': 'middle', 'font-size': hot ? S * 0.3 : S * 0.26 }, String(n)));
    const pips = PIPS[n] || 0;
    const gap = S * 0.075;
    for (let i = 0; i < pips; i++) g.append(s('circle', { cx: x + (i - (pips - 1) / 2) * gap, cy: y + r * 0.62, r: S * 0.025, class: 'pip' }));
    return g;
  }

  robber(x, y) {
    const g = s('g', { class: 'robber', 'aria-label': t('robber') });
    const k = S / 60;
    g.append(
      s('ellipse', { cx: x, cy: y + 15 * k, rx: 11 * k, ry: 4 * k, fill: 'rgba(0,0,0,.35)' }),
      s('path', { d: `M${x - 9 * k} ${y + 15 * k} C${x - 9 * k} ${y + 2 * k} ${x - 5 * k} ${y - 4 * k} ${x} ${y - 4 * k} S${x + 9 * k} ${y + 2 * k} ${x + 9 * k} ${y + 15 * k} Z`, fill: '#2a2a2a', stroke: '#f5f5f5', 'stroke-width': 1.5 * k }),
      s('circle', { cx: x, cy: y - 9 * k, r: 6 * k, fill: '#2a2a2a', stroke: '#f5f5f5', 'stroke-width': 1.5 * k }),
    );
    return g;
  }

  drawHarbors(g) {
    const layer = clear(this.layers.harbors);
    const { nodes, paths, hexes } = this.geo;
    for (const hb of g.board.harbors) {
      const p = paths[hb.path];
      const tn = this.topo.intersections;
      const hexId = tn[p.a].hexes.find((h) => tn[p.b].hexes.includes(h));
      const c = hexes[hexId];
      let dx = p.x - c.x, dy = p.y - c.y;
      const len = Math.hypot(dx, dy) || 1;
      dx /= len; dy /= len;
      const hx = p.x + dx * S * 0.62, hy = p.y + dy * S * 0.62;
      const grp = s('g', { class: `harbor harbor-${hb.kind}` });
      for (const n of [nodes[p.a], nodes[p.b]]) grp.append(s('line', { x1: n.x, y1: n.y, x2: hx, y2: hy, class: 'pier' }));
      const w = S * 0.78, hh = S * 0.44;
      grp.append(s('rect', { x: hx - w / 2, y: hy - hh / 2, width: w, height: hh, rx: hh / 2, class: 'harbor-box', fill: hb.kind === 'generic' ? '#ffffff' : RES_COLORS[hb.kind] }));
      if (hb.kind === 'generic') {
        grp.append(s('text', { x: hx, y: hy + 1, 'text-anchor': 'middle', 'dominant-baseline': 'middle', class: 'harbor-text' }, `${hb.ratio}:1 ?`));
      } else {
        grp.append(s('circle', { cx: hx - w * 0.24, cy: hy, r: hh * 0.42, fill: '#fff' }));
        grp.append(resourceShape(hb.kind, hx - w * 0.24, hy, hh * 0.7));
        grp.append(s('text', { x: hx + w * 0.16, y: hy + 1, 'text-anchor': 'middle', 'dominant-baseline': 'middle', class: 'harbor-text' }, `${hb.ratio}:1`));
      }
      grp.append(s('title', hb.kind === 'generic' ? t('harbor.generic', { ratio: hb.ratio }) : t('harbor.specific', { ratio: hb.ratio, res: t(`res.${hb.kind}`) })));
      layer.append(grp);
    }
  }

  drawPieces(g) {
    const roads = clear(this.layers.roads);
    const buildings = clear(this.layers.buildings);
    const { nodes, paths } = this.geo;
    for (const pl of g.players) {
      const color = SEAT_COLORS[pl.seat];
      for (const pid of pl.roads) {
        const p = paths[pid];
        const sh = 0.2;
        const x1 = p.x1 + (p.x2 - p.x1) * sh, y1 = p.y1 + (p.y2 - p.y1) * sh;
        const x2 = p.x2 + (p.x1 - p.x2) * sh, y2 = p.y2 + (p.y1 - p.y2) * sh;
        const grp = s('g', { class: `road seat-${pl.seat}`, dataset: { path: pid, seat: pl.seat } });
        grp.append(s('line', { x1, y1, x2, y2, class: 'road-edge' }));
        grp.append(s('line', { x1, y1, x2, y2, class: 'road-core', stroke: color }));
        grp.append(s('line', { x1, y1, x2, y2, class: `road-mark mark-${pl.seat}`, stroke: SEAT_INK[pl.seat] }));
        roads.append(grp);
      }
      for (const nid of pl.settlements) buildings.append(this.building(nodes[nid], pl.seat, false, nid));
      for (const nid of pl.cities) buildings.append(this.building(nodes[nid], pl.seat, true, nid));
    }
  }

  building({ x, y }, seat, city, nid) {
    const k = S / 60;
    const grp = s('g', { class: `${city ? 'city' : 'settlement'} seat-${seat}`, dataset: { node: nid, seat } });
    const d = city
      ? `M${x - 15 * k} ${y + 11 * k} V${y - 3 * k} L${x - 8 * k} ${y - 10 * k} L${x - 1 * k} ${y - 3 * k} V${y - 4 * k} H${x + 15 * k} V${y + 11 * k} Z`
      : `M${x - 10 * k} ${y + 9 * k} V${y - 2 * k} L${x} ${y - 11 * k} L${x + 10 * k} ${y - 2 * k} V${y + 9 * k} Z`;
    grp.append(s('path', { d, fill: SEAT_COLORS[seat], class: 'piece-body' }));
    const glyph = glyphPath(seat, city ? x + 6 * k : x, y + 2.5 * k, (city ? 4.5 : 4.2) * k);
    glyph.setAttribute('fill', SEAT_INK[seat]);
    grp.append(glyph);
    return grp;
  }

  drawSpots(spots) {
    const layer = clear(this.layers.spots);
    const { nodes, paths, hexes } = this.geo;
    this.spots = [];
    for (const id of spots.hex) {
      const hx = hexes[id];
      const pts = hx.corners.map((c) => `${c.x.toFixed(1)},${c.y.toFixed(1)}`).join(' ');
      const el = s('g', { class: 'spot spot-hex', dataset: { spot: 'hex', id }, tabindex: 0, role: 'button', 'aria-label': spotLabel('hex', id, this.topo, this.board) });
      el.append(s('polygon', { points: pts, class: 'spot-hex-outline' }));
      el.append(s('circle', { cx: hx.x, cy: hx.y, r: S * 0.55, class: 'hit' }));
      layer.append(el);
      this.spots.push({ kind: 'hex', id, x: hx.x, y: hx.y, el });
    }
    for (const id of spots.path) {
      const p = paths[id];
      const el = s('g', { class: 'spot spot-path', dataset: { spot: 'path', id }, tabindex: 0, role: 'button', 'aria-label': spotLabel('path', id, this.topo, this.board) });
      const sh = 0.16;
      // A chain of yellow beads with dark rims: nothing like a road of any seat (the white seat's roads
      // are solid light lines), so "you may build here" never reads as "someone built here".
      const line = { x1: p.x1 + (p.x2 - p.x1) * sh, y1: p.y1 + (p.y2 - p.y1) * sh, x2: p.x2 + (p.x1 - p.x2) * sh, y2: p.y2 + (p.y1 - p.y2) * sh };
      el.append(s('line', { ...line, class: 'spot-rim' }), s('line', { ...line, class: 'spot-line' }));
      el.append(s('circle', { cx: p.x, cy: p.y, r: S * 0.22, class: 'hit' }));
      layer.append(el);
      this.spots.push({ kind: 'path', id, x: p.x, y: p.y, el });
    }
    for (const [kind, set] of [['node', spots.node], ['city', spots.city]]) {
      for (const id of set) {
        const n = nodes[id];
        const el = s('g', { class: `spot spot-${kind}`, dataset: { spot: kind, id }, tabindex: 0, role: 'button', 'aria-label': spotLabel(kind, id, this.topo, this.board) });
        el.append(s('circle', { cx: n.x, cy: n.y, r: S * (kind === 'city' ? 0.3 : 0.17), class: 'spot-dot' }));
        el.append(s('circle', { cx: n.x, cy: n.y, r: S * 0.3, class: 'hit' }));
        layer.append(el);
        this.spots.push({ kind, id, x: n.x, y: n.y, el });
      }
    }
    for (const sp of this.spots) {
      sp.el.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          this.onSpot?.(sp.kind, sp.id);
        }
      });
    }
  }

  // A tap picks the spot under the finger, else the nearest highlighted spot within reach (so small
  // spots on a phone still get a generous target).
  tap(clientX, clientY, target) {
    const hit = target?.closest?.('[data-spot]');
    if (hit) {
      this.onSpot?.(hit.dataset.spot, Number(hit.dataset.id));
      return;
    }
    if (!this.spots.length) return;
    const p = this.zoom.toBoard(clientX, clientY);
    const reach = Math.max(S * 0.45, 26 * this.zoom.unitsPerPixel());
    let best = null;
    let bestD = Infinity;
    for (const sp of this.spots) {
      const d = Math.hypot(sp.x - p.x, sp.y - p.y) - (sp.kind === 'hex' ? S * 0.4 : 0);
      if (d < bestD) {
        bestD = d;
        best = sp;
      }
    }
    if (best && bestD <= reach) this.onSpot?.(best.kind, best.id);
  }
}
