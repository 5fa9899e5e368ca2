// The board as SVG, drawn from the topology the server sends once (positions from docs/coordinates.md:
// x in half hex widths, y in quarter hex heights) and the game view: terrain, number tokens with pips,
// harbors, robber, pieces in seat colours with glyphs, and the tappable spots the legal actions allow.
// A Seafarers game (options.board "sea", R-SF1) adds sea and gold hexes, ships on paths, the pirate,
// island VP tokens and, in setup, a mark on the home islands; the robber may be off the board (null).
// Face-down hexes (terrain "fog", R-SF10) are mist with a cloud and a "?" until a piece turns them.

import { s, clear } from './dom.js';
import { PanZoom } from './zoom.js';
import { SEAT_COLORS, SEAT_INK, SEAT_LOOK, TERRAIN_COLORS, TERRAIN_RESOURCE, RES_COLORS, resourceShape, glyphPath } from './icons.js';
import { t } from './i18n.js';
import { spotLabel, isSeaBoard } from './format.js';

const S = 60; // hex circumradius in SVG units
const XU = (S * Math.sqrt(3)) / 2;
const YU = S / 2;
const PIPS = { 2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1 };
const NO_SPOTS = { node: new Set(), city: new Set(), path: new Set(), ship: new Set(), hex: new Set(), shipFrom: new Set(), shipTo: new Set(), selected: null };

// A game on a sea frame (the view says so; a view from before it has no pirate either).
export function isSea(g) {
  return isSeaBoard(g?.options?.board) || (g?.board?.pirate !== undefined && g?.board?.pirate !== null);
}

const polygon = (corners) => corners.map((c) => `${c.x.toFixed(1)},${c.y.toFixed(1)}`).join(' ');

// Positions of every hex, intersection and path of a topology, in SVG units, and its extent.
export function boardGeometry(topo) {
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
  return { nodes, hexes, paths, box: { minX, minY, maxX, maxY } };
}

// The hex of path `pid` that harbor or coast faces belong to: the land one (a coast path of the sea
// frame also borders a sea hex).
function landHexOf(topo, pid, terrain) {
  const [a, b] = topo.paths[pid].intersections;
  const tn = topo.intersections;
  const shared = tn[a].hexes.filter((h) => tn[b].hexes.includes(h));
  return shared.find((h) => terrain?.[h] && terrain[h] !== 'sea') ?? shared[0];
}

// A harbor's box: its centre, outward from its land hex across path `pid`, and its size.
const HARBOR_W = S * 0.78, HARBOR_H = S * 0.44;
function harborCentre(geo, topo, pid, terrain) {
  const p = geo.paths[pid];
  const c = geo.hexes[landHexOf(topo, pid, terrain)];
  let dx = p.x - c.x, dy = p.y - c.y;
  const len = Math.hypot(dx, dy) || 1;
  dx /= len; dy /= len;
  return { hx: p.x + dx * S * 0.62, hy: p.y + dy * S * 0.62 };
}

// The viewBox around every intersection with margin `m`, grown to hold every harbor's box: a harbor
// facing the sea frame's edge (The Fog Islands, 4 players) stands outside the frame's intersections.
export function viewBoxOf(geo, topo, harbors, terrain, m) {
  let { minX, minY, maxX, maxY } = geo.box;
  minX -= m; minY -= m; maxX += m; maxY += m;
  for (const hb of harbors || []) {
    if (!geo.paths[hb.path]) continue;
    const { hx, hy } = harborCentre(geo, topo, hb.path, terrain);
    const pad = S * 0.06;
    minX = Math.min(minX, hx - HARBOR_W / 2 - pad); maxX = Math.max(maxX, hx + HARBOR_W / 2 + pad);
    minY = Math.min(minY, hy - HARBOR_H / 2 - pad); maxY = Math.max(maxY, hy + HARBOR_H / 2 + pad);
  }
  return `${minX.toFixed(1)} ${minY.toFixed(1)} ${(maxX - minX).toFixed(1)} ${(maxY - minY).toFixed(1)}`;
}

// A harbor drawn outward from its land hex: piers to its two intersections, and its box.
export function harborShape(geo, topo, hb, terrain) {
  const { nodes, paths } = geo;
  const p = paths[hb.path];
  const { hx, hy } = harborCentre(geo, topo, hb.path, terrain);
  const kind = hb.kind ?? 'unknown';
  const grp = s('g', { class: `harbor harbor-${kind}` });
  for (const n of [nodes[p.a], nodes[p.b]]) grp.append(s('line', { x1: n.x, y1: n.y, x2: hx, y2: hy, class: 'pier' }));
  const w = HARBOR_W, hh = HARBOR_H;
  const generic = kind === 'generic' || kind === 'unknown';
  grp.append(s('rect', { x: hx - w / 2, y: hy - hh / 2, width: w, height: hh, rx: hh / 2, class: 'harbor-box', fill: generic ? '#ffffff' : RES_COLORS[kind] }));
  if (kind === 'unknown') {
    grp.append(s('text', { x: hx, y: hy + 1, 'text-anchor': 'middle', 'dominant-baseline': 'middle', class: 'harbor-text' }, '?'));
    grp.append(s('title', t('harbor.dealt')));
  } else if (kind === 'generic') {
    grp.append(s('text', { x: hx, y: hy + 1, 'text-anchor': 'middle', 'dominant-baseline': 'middle', class: 'harbor-text' }, hb.ratio ? `${hb.ratio}:1 ?` : '?'));
    grp.append(s('title', t('harbor.generic', { ratio: hb.ratio ?? '?' })));
  } else {
    grp.append(s('circle', { cx: hx - w * 0.24, cy: hy, r: hh * 0.42, fill: '#fff' }));
    grp.append(resourceShape(kind, hx - w * 0.24, hy, hh * 0.7));
    if (hb.ratio) grp.append(s('text', { x: hx + w * 0.16, y: hy + 1, 'text-anchor': 'middle', 'dominant-baseline': 'middle', class: 'harbor-text' }, `${hb.ratio}:1`));
    grp.append(s('title', t('harbor.specific', { ratio: hb.ratio ?? '?', res: t(`res.${kind}`) })));
  }
  return grp;
}

// A face-down hex (R-SF10, terrain "fog"): pale mist under drifting white bands, a dashed rim, and a
// cloud marked "?" in the middle: unknown at a glance, nothing like the sea, a desert, or a hex the
// lobby's preview marks "?" (dealt at the start, then face up). No ids or patterns, so any number of
// boards can be on a page.
export function fogShape(hx, attrs = {}) {
  const k = S / 60;
  const g = s('g', { class: 'hex terrain-fog', ...attrs });
  g.append(s('polygon', { points: polygon(hx.corners), fill: TERRAIN_COLORS.fog, class: 'hex-face fog-face' }));
  // Mist bands (the hex is pointy-topped: its half width narrows above and below half its radius).
  for (const [dy, half] of [[-0.56, 0.3], [-0.34, 0.5], [0.42, 0.52], [0.64, 0.3]]) {
    const y = hx.y + dy * S;
    g.append(s('path', { d: `M${hx.x - half * S} ${y} q${half * S / 2} ${-5 * k} ${half * S} 0 t${half * S} 0`, class: 'fog-band' }));
  }
  const x = hx.x, y = hx.y + 2 * k;
  g.append(s('path', { d: `M${x - 21 * k} ${y + 9 * k} A${8.5 * k} ${8.5 * k} 0 0 1 ${x - 14 * k} ${y - 5 * k} A${12 * k} ${12 * k} 0 0 1 ${x + 8 * k} ${y - 9 * k} A${10.8 * k} ${10.8 * k} 0 0 1 ${x + 21 * k} ${y + 9 * k} Z`, class: 'fog-cloud' }));
  g.append(s('text', { x, y: y + 2 * k, 'text-anchor': 'middle', 'dominant-baseline': 'middle', class: 'fog-q', 'font-size': 17 * k }, '?'));
  g.append(s('title', t('fog.title')));
  return g;
}

// The pirate (R-SF6): a black ship with a skull on its sail, nothing like a seat's ship or the robber.
export function pirateShape(x, y) {
  const k = S / 60;
  const g = s('g', { class: 'pirate', role: 'img', 'aria-label': t('pirate') });
  g.append(
    s('ellipse', { cx: x, cy: y + 17 * k, rx: 21 * k, ry: 4 * k, fill: 'rgba(0,0,0,.3)' }),
    s('path', { d: `M${x - 22 * k} ${y + 5 * k} H${x + 22 * k} L${x + 14 * k} ${y + 16 * k} H${x - 14 * k} Z`, fill: '#1b1b1b', stroke: '#f5f5f5', 'stroke-width': 1.6 * k, 'stroke-linejoin': 'round' }),
    s('line', { x1: x, y1: y + 5 * k, x2: x, y2: y - 25 * k, stroke: '#1b1b1b', 'stroke-width': 2.4 * k }),
    s('path', { d: `M${x} ${y - 25 * k} L${x + 9 * k} ${y - 22 * k} L${x} ${y - 19 * k} Z`, fill: '#c62828' }),
    s('path', { d: `M${x - 14 * k} ${y - 19 * k} Q${x} ${y - 23 * k} ${x + 14 * k} ${y - 19 * k} V${y + 1 * k} Q${x} ${y - 3 * k} ${x - 14 * k} ${y + 1 * k} Z`, fill: '#1b1b1b', stroke: '#f5f5f5', 'stroke-width': 1.4 * k, 'stroke-linejoin': 'round' }),
    s('path', { d: `M${x - 7 * k} ${y - 2 * k} L${x + 7 * k} ${y - 8 * k} M${x - 7 * k} ${y - 8 * k} L${x + 7 * k} ${y - 2 * k}`, stroke: '#f5f5f5', 'stroke-width': 2 * k, 'stroke-linecap': 'round' }),
    s('circle', { cx: x, cy: y - 12 * k, r: 4.6 * k, fill: '#f5f5f5' }),
    s('circle', { cx: x - 1.7 * k, cy: y - 12.5 * k, r: 1.2 * k, fill: '#1b1b1b' }),
    s('circle', { cx: x + 1.7 * k, cy: y - 12.5 * k, r: 1.2 * k, fill: '#1b1b1b' }),
    s('title', t('pirate')),
  );
  return g;
}

// The robber: a dark pawn.
export function robberShape(x, y) {
  const g = s('g', { class: 'robber', 'aria-label': t('robber') });
  const k = S / 60;
  g.append(
    s('ellipse', { cx: x, cy: y + 15 * k, rx: 11 * k, ry: 4 * k, fill: 'rgba(0,0,0,.35)' }),
    s('path', { d: `M${x - 9 * k} ${y + 15 * k} C${x - 9 * k} ${y + 2 * k} ${x - 5 * k} ${y - 4 * k} ${x} ${y - 4 * k} S${x + 9 * k} ${y + 2 * k} ${x + 9 * k} ${y + 15 * k} Z`, fill: '#2a2a2a', stroke: '#f5f5f5', 'stroke-width': 1.5 * k }),
    s('circle', { cx: x, cy: y - 9 * k, r: 6 * k, fill: '#2a2a2a', stroke: '#f5f5f5', 'stroke-width': 1.5 * k }),
  );
  return g;
}

// A scenario's board before the deal (the lobby's preview): `topo` is GET /api/boards/{id} for a
// scenario table, whose `scenario` member says each hex's terrain and number (null / "random": dealt
// at the start, drawn with "?"), the home islands (dashed), the harbors, the pirate and the robber.
export function scenarioPreview(topo, label) {
  const sc = topo.scenario;
  const geo = boardGeometry(topo);
  // A face-down hex (`fog`, R-SF10) is drawn as in the game; a null terrain otherwise is dealt at the start.
  const terrain = sc.hexes.map((x) => (x.fog ? 'fog' : x.terrain ?? 'unknown'));
  const svg = s('svg', { class: 'scenario-svg', role: 'img', 'aria-label': label, viewBox: viewBoxOf(geo, topo, sc.harbors, terrain, S * 0.15), preserveAspectRatio: 'xMidYMid meet' });
  // A board drawn for each game from its seed (The New World) has nothing to show before the game: the
  // frame's sea with one large "?".
  if (sc.generated) {
    geo.hexes.forEach((hx) => svg.append(s('polygon', { points: polygon(hx.corners), fill: TERRAIN_COLORS.sea, class: 'sea-face' })));
    const { minX, minY, maxX, maxY } = geo.box;
    svg.append(s('text', { x: (minX + maxX) / 2, y: (minY + maxY) / 2, 'text-anchor': 'middle', 'dominant-baseline': 'middle', class: 'preview-q preview-generated', 'font-size': S * 3 }, '?'));
    return svg;
  }
  const water = (id) => terrain[id] === 'sea';
  geo.hexes.forEach((hx, id) => {
    if (water(id)) svg.append(s('polygon', { points: polygon(hx.corners), fill: TERRAIN_COLORS.sea, class: 'sea-face' }));
  });
  geo.hexes.forEach((hx, id) => {
    if (!water(id) && terrain[id] !== 'fog') svg.append(s('polygon', { points: polygon(hx.corners), class: 'beach' }));
  });
  geo.hexes.forEach((hx, id) => {
    if (water(id)) return;
    if (terrain[id] === 'fog') {
      svg.append(fogShape(hx, { dataset: { hex: id } }));
      return;
    }
    const cell = sc.hexes[id];
    const tr = terrain[id];
    const known = tr !== 'unknown';
    svg.append(s('polygon', { points: polygon(hx.corners), fill: known ? TERRAIN_COLORS[tr] : undefined, class: `hex-face${known ? '' : ' preview-unknown'}` }));
    if (cell.home) svg.append(s('polygon', { points: polygon(hx.corners.map((c) => ({ x: hx.x + (c.x - hx.x) * 0.9, y: hx.y + (c.y - hx.y) * 0.9 }))), class: 'home-mark' }));
    if (known) svg.append(resourceShape(TERRAIN_RESOURCE[tr] || (tr === 'gold' ? 'gold' : 'desert'), hx.x, hx.y - S * 0.45, S * 0.5));
    else svg.append(s('text', { x: hx.x, y: hx.y - S * 0.4, 'text-anchor': 'middle', 'dominant-baseline': 'middle', class: 'preview-q', 'font-size': S * 0.45 }, '?'));
    if (cell.number === 'random') {
      svg.append(s('circle', { cx: hx.x, cy: hx.y + S * 0.18, r: S * 0.3, class: 'token-disc' }));
      svg.append(s('text', { x: hx.x, y: hx.y + S * 0.2, 'text-anchor': 'middle', 'dominant-baseline': 'middle', class: 'token-num', 'font-size': S * 0.3 }, '?'));
    } else if (Number.isInteger(cell.number) && cell.number) {
      const hot = cell.number === 6 || cell.number === 8;
      const g = s('g', { class: `token${hot ? ' hot' : ''}` });
      g.append(s('circle', { cx: hx.x, cy: hx.y + S * 0.18, r: S * 0.3, class: 'token-disc' }));
      g.append(s('text', { x: hx.x, y: hx.y + S * 0.2, 'text-anchor': 'middle', 'dominant-baseline': 'middle', class: 'token-num', 'font-size': S * 0.3 }, String(cell.number)));
      svg.append(g);
    }
  });
  for (const hb of sc.harbors || []) svg.append(harborShape(geo, topo, { path: hb.path, kind: hb.kind ?? 'unknown' }, terrain));
  if (Number.isInteger(sc.pirate) && geo.hexes[sc.pirate]) svg.append(pirateShape(geo.hexes[sc.pirate].x, geo.hexes[sc.pirate].y));
  if (Number.isInteger(sc.robber) && geo.hexes[sc.robber]) {
    const hx = geo.hexes[sc.robber];
    svg.append(robberShape(hx.x - S * 0.52, hx.y + S * 0.1));
  }
  return svg;
}

// A seat's ship (R-SF2) at (x, y): a hull and a sail in the seat's colour, the seat's glyph on the sail.
function boatShape(x, y, seat, k) {
  const g = s('g', { class: 'boat' });
  g.append(
    s('line', { x1: x, y1: y + 1 * k, x2: x, y2: y - 15 * k, stroke: '#1b1b1b', 'stroke-width': 1.8 * k }),
    s('path', { d: `M${x - 9 * k} ${y - 14 * k} H${x + 9 * k} V${y - 1 * k} H${x - 9 * k} Z`, fill: SEAT_COLORS[seat], stroke: '#1b1b1b', 'stroke-width': 1.6 * k, 'stroke-linejoin': 'round', class: 'piece-body' }),
    s('path', { d: `M${x - 14 * k} ${y} H${x + 14 * k} L${x + 9 * k} ${y + 8 * k} H${x - 9 * k} Z`, fill: SEAT_COLORS[seat], stroke: '#1b1b1b', 'stroke-width': 1.8 * k, 'stroke-linejoin': 'round', class: 'piece-body' }),
  );
  const glyph = glyphPath(seat, x, y - 7.5 * k, 4.3 * k);
  glyph.setAttribute('fill', SEAT_INK[seat]);
  g.append(glyph);
  return g;
}

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
    this.geo = boardGeometry(topo);
    this.fitted = false;
    this.fit(null);
    this.zoom.reset();
    this.key = '';
  }

  // The viewBox: every intersection and every harbor's box with a thin margin, so a phone's screen goes
  // to the board (a 30-hex board's numbers are small enough); before the game view is known (no
  // harbors yet), a margin wide enough for them.
  fit(sea, board) {
    this.fitSea = sea;
    const harbors = board?.harbors;
    this.svg.setAttribute('viewBox', viewBoxOf(this.geo, this.topo, harbors || [], board?.terrain, harbors || sea ? S * 0.15 : S * 1.05));
    // The 72-hex sea frame needs a closer look than the base board on a phone.
    this.zoom.maxScale = sea ? 6 : 4;
  }

  // view: {game, spots: {node:Set, city:Set, path:Set, hex:Set}, seatNames}
  render(view) {
    if (!this.geo || !view.game) return;
    const g = view.game;
    // A board the topology does not describe (the room's board changed: the server's snapshot with
    // the new topology is on its way, docs/protocol.md "The board and its topology"): nothing is drawn.
    if (g.board.terrain.length !== this.geo.hexes.length) return;
    this.board = g.board;
    const sea = isSea(g);
    if (sea !== this.fitSea || !this.fitted) {
      this.fit(sea, g.board);
      this.fitted = true;
      this.zoom.apply();
    }
    const spots = { ...NO_SPOTS, ...view.spots };
    // Terrain and numbers change in a game with face-down hexes (R-SF10): a turned hex redraws.
    const key = JSON.stringify([g.board.terrain, g.board.numbers, g.board.robber, g.board.pirate, g.dice, g.players.map((p) => [p.settlements, p.cities, p.roads, p.ships]), ...['node', 'city', 'path', 'ship', 'hex', 'shipFrom', 'shipTo'].map((k) => [...spots[k]]), spots.selected, g.phase, g.current]);
    if (key === this.key) return;
    this.key = key;
    this.drawBoard(g);
    this.drawHarbors(g);
    this.drawPieces(g);
    this.drawSpots(spots);
    this.svg.classList.toggle('has-spots', this.spots.length > 0);
  }

  drawBoard(g) {
    const { hexes } = this.geo;
    clear(this.layers.sea);
    clear(this.layers.hexes);
    clear(this.layers.robber);
    const rolled = g.dice ? g.dice[0] + g.dice[1] : null;
    const sea = isSea(g);
    const home = new Set(sea && g.phase?.startsWith('setup') ? g.board.home || [] : []);
    const water = (id) => g.board.terrain[id] === 'sea';
    // Sea hexes first, then a beach behind every land hex (it spills onto the sea around it).
    hexes.forEach((hx, id) => {
      if (!water(id)) return;
      const grp = s('g', { class: 'hex terrain-sea', dataset: { hex: id } });
      grp.append(s('polygon', { points: polygon(hx.corners), fill: TERRAIN_COLORS.sea, class: 'sea-face' }));
      const w = S * 0.16;
      grp.append(s('path', { d: `M${hx.x - 2 * w} ${hx.y} q${w / 2} ${-w / 2} ${w} 0 t${w} 0 t${w} 0 t${w} 0`, class: 'wave' }));
      this.layers.sea.append(grp);
    });
    // A face-down hex (R-SF10) may be sea or land: no beach, and nothing of it shows but the fog.
    const fog = (id) => g.board.terrain[id] === 'fog';
    hexes.forEach((hx, id) => {
      if (!water(id) && !fog(id)) this.layers.sea.append(s('polygon', { points: polygon(hx.corners), class: 'beach' }));
    });
    hexes.forEach((hx, id) => {
      if (water(id)) return;
      if (fog(id)) {
        this.layers.hexes.append(fogShape(hx, { dataset: { hex: id } }));
        return;
      }
      const terrain = g.board.terrain[id];
      const num = g.board.numbers[id];
      const robber = g.board.robber === id;
      const pts = polygon(hx.corners);
      const group = s('g', { class: `hex terrain-${terrain}${robber ? ' robbed' : ''}${home.has(id) ? ' home' : ''}${rolled && num === rolled && g.rolled ? ' producing' : ''}`, dataset: { hex: id } });
      group.append(s('polygon', { points: pts, fill: TERRAIN_COLORS[terrain], class: 'hex-face' }));
      if (terrain === 'gold') group.append(s('polygon', { points: polygon(hx.corners.map((c) => ({ x: hx.x + (c.x - hx.x) * 0.82, y: hx.y + (c.y - hx.y) * 0.82 }))), class: 'gold-rim' }));
      if (home.has(id)) group.append(s('polygon', { points: polygon(hx.corners.map((c) => ({ x: hx.x + (c.x - hx.x) * 0.9, y: hx.y + (c.y - hx.y) * 0.9 }))), class: 'home-mark' }));
      const res = TERRAIN_RESOURCE[terrain];
      group.append(resourceShape(res || (terrain === 'gold' ? 'gold' : 'desert'), hx.x, hx.y - S * 0.5, S * 0.46));
      group.append(s('title', `${t(`terrain.${terrain}`)}${res ? ` — ${t(`res.${res}`)}` : ''}${num ? ` — ${num}` : ''}${home.has(id) ? ` — ${t('sea.home')}` : ''}`));
      if (num) group.append(this.token(hx.x, hx.y + S * 0.14, num));
      this.layers.hexes.append(group);
      if (robber) this.layers.robber.append(this.robber(hx.x - S * 0.52, hx.y + S * 0.1));
    });
    if (sea) {
      this.drawIslandTokens(g);
      const p = g.board.pirate;
      if (p !== null && p !== undefined && hexes[p]) this.layers.robber.append(pirateShape(hexes[p].x, hexes[p].y));
    }
  }

  // R-SF8: a "+2" token on each island whose VP tokens some player can still win: one with no
  // building of that player on it. In setup only off the home islands (everyone sets up there).
  drawIslandTokens(g) {
    const vp = g.board.island_vp;
    const islands = g.board.islands;
    if (!vp || !islands) return;
    const tn = this.topo.intersections;
    const home = new Set(g.board.home || []);
    const setup = g.phase?.startsWith('setup');
    const byIsland = new Map();
    islands.forEach((isl, hex) => {
      if (!isl) return;
      if (!byIsland.has(isl)) byIsland.set(isl, []);
      byIsland.get(isl).push(hex);
    });
    for (const [isl, hx] of byIsland) {
      if (setup && hx.some((h) => home.has(h))) continue;
      const on = (nid) => tn[nid].hexes.some((h) => islands[h] === isl);
      const open = g.players.some((p) => ![...p.settlements, ...p.cities].some(on));
      if (!open) continue;
      // On the island's top hex, in its upper right, clear of the picture and the number.
      const top = hx.map((h) => this.geo.hexes[h]).reduce((a, b) => (b.y < a.y - 1 || (Math.abs(b.y - a.y) <= 1 && b.x > a.x) ? b : a));
      const x = top.x + S * 0.47, y = top.y - S * 0.36;
      const label = t('sea.island_vp', { n: vp });
      this.layers.robber.append(s('g', { class: 'island-vp', dataset: { island: isl }, role: 'img', 'aria-label': label },
        s('circle', { cx: x, cy: y, r: S * 0.21, class: 'island-vp-disc' }),
        s('text', { x, y: y + S * 0.015, 'text-anchor': 'middle', 'dominant-baseline': 'middle', class: 'island-vp-text', 'font-size': S * 0.22 }, `+${vp}`),
        s('title', label)));
    }
  }

  token(x, y, n) {
    const hot = n === 6 || n === 8;
    const g = s('g', { class: `token${hot ? ' hot' : ''}` });
    // As large as the hex leaves room for beside the robber and the pieces: on a phone's 30-hex board
    // a hex is 30 px across, and the number must still be read.
    const r = S * 0.36;
    g.append(s('circle', { cx: x, cy: y, r, class: 'token-disc' }));
    g.append(s('text', { x, y: y + S * 0.01, class: 'token-num', 'text-anchor': 'middle', 'dominant-baseline': 'middle', 'font-size': hot ? S * 0.38 : S * 0.34 }, String(n)));
    const pips = PIPS[n] || 0;
    const gap = S * 0.085;
    for (let i = 0; i < pips; i++) g.append(s('circle', { cx: x + (i - (pips - 1) / 2) * gap, cy: y + r * 0.68, r: S * 0.03, class: 'pip' }));
    return g;
  }

  robber(x, y) {
    return robberShape(x, y);
  }

  drawHarbors(g) {
    const layer = clear(this.layers.harbors);
    for (const hb of g.board.harbors) layer.append(harborShape(this.geo, this.topo, hb, g.board.terrain));
  }

  // A piece that was not on the board at the last drawing lands with a short drop (css: .fx-placed; none
  // with reduced motion); the first drawing of a board, a reload or a replay's jump, places nothing.
  markPlaced(el, key, seen) {
    seen.set(key, el);
    return el;
  }

  drawPieces(g) {
    const roads = clear(this.layers.roads);
    const buildings = clear(this.layers.buildings);
    const { nodes, paths } = this.geo;
    const seen = new Map();
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
        grp.append(s('line', { x1, y1, x2, y2, class: `road-mark mark-${SEAT_LOOK[pl.seat]}`, stroke: SEAT_INK[pl.seat] }));
        roads.append(this.markPlaced(grp, `r${pid}`, seen));
      }
      // Ships (R-SF2): a boat on the middle of its path over a thin dashed wake along it, so a route
      // reads as a line of boats, never as a road.
      for (const pid of pl.ships || []) {
        const p = paths[pid];
        const sh = 0.12;
        const grp = s('g', { class: `ship seat-${pl.seat}`, dataset: { path: pid, seat: pl.seat } });
        const line = { x1: p.x1 + (p.x2 - p.x1) * sh, y1: p.y1 + (p.y2 - p.y1) * sh, x2: p.x2 + (p.x1 - p.x2) * sh, y2: p.y2 + (p.y1 - p.y2) * sh };
        grp.append(s('line', { ...line, class: 'wake-edge' }), s('line', { ...line, class: 'wake', stroke: color }));
        grp.append(boatShape(p.x, p.y + S * 0.06, pl.seat, S / 60));
        roads.append(this.markPlaced(grp, `b${pid}`, seen));
      }
      for (const nid of pl.settlements) buildings.append(this.markPlaced(this.building(nodes[nid], pl.seat, false, nid), `s${nid}`, seen));
      for (const nid of pl.cities) buildings.append(this.markPlaced(this.building(nodes[nid], pl.seat, true, nid), `c${nid}`, seen));
    }
    // Only a move's piece or two lands: a replay's jump or a new snapshot redraws in place.
    const fresh = this.drawn ? [...seen.keys()].filter((k) => !this.drawn.has(k)) : [];
    if (fresh.length <= 2) for (const k of fresh) seen.get(k).classList.add('fx-placed');
    this.drawn = new Set(seen.keys());
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
      const water = this.board?.terrain?.[id] === 'sea';
      const el = s('g', { class: `spot spot-hex${water ? ' spot-sea' : ''}`, dataset: { spot: 'hex', id }, tabindex: 0, role: 'button', 'aria-label': spotLabel('hex', id, this.topo, this.board) });
      el.append(s('polygon', { points: polygon(hx.corners), class: 'spot-hex-outline' }));
      el.append(s('circle', { cx: hx.x, cy: hx.y, r: S * 0.55, class: 'hit' }));
      layer.append(el);
      this.spots.push({ kind: 'hex', id, x: hx.x, y: hx.y, el });
    }
    // Ships that may move (R-SF4): a ring round each; the chosen one's ring is solid.
    for (const id of spots.shipFrom) {
      const p = paths[id];
      const chosen = spots.selected === id;
      const el = s('g', { class: `spot spot-ship-from${chosen ? ' chosen' : ''}`, dataset: { spot: 'ship_from', id }, tabindex: 0, role: 'button', 'aria-pressed': String(chosen), 'aria-label': spotLabel('ship_from', id, this.topo, this.board) });
      el.append(s('circle', { cx: p.x, cy: p.y - S * 0.05, r: S * 0.34, class: 'spot-ring' }));
      el.append(s('circle', { cx: p.x, cy: p.y, r: S * 0.34, class: 'hit' }));
      layer.append(el);
      this.spots.push({ kind: 'ship_from', id, x: p.x, y: p.y, el });
    }
    // Paths: a road (the bead chain), a ship or the moved ship's new place (the chain with a
    // ghost boat), or either piece (setup, Road Building: the player picks).
    const pathKinds = new Map();
    for (const id of spots.path) pathKinds.set(id, 'path');
    for (const id of spots.ship) pathKinds.set(id, pathKinds.has(id) ? 'either' : 'ship');
    for (const id of spots.shipTo) pathKinds.set(id, 'ship_to');
    for (const [id, kind] of pathKinds) {
      const p = paths[id];
      const el = s('g', { class: `spot spot-path${kind === 'path' ? '' : ` spot-${kind.replace('_', '-')}`}`, dataset: { spot: kind, id }, tabindex: 0, role: 'button', 'aria-label': spotLabel(kind, id, this.topo, this.board) });
      const sh = 0.16;
      // A chain of yellow beads with dark rims: nothing like a road of any seat (the white seat's roads
      // are solid light lines), so "you may build here" never reads as "someone built here".
      const line = { x1: p.x1 + (p.x2 - p.x1) * sh, y1: p.y1 + (p.y2 - p.y1) * sh, x2: p.x2 + (p.x1 - p.x2) * sh, y2: p.y2 + (p.y1 - p.y2) * sh };
      el.append(s('line', { ...line, class: 'spot-rim' }), s('line', { ...line, class: 'spot-line' }));
      if (kind !== 'path') {
        const k = S / 60 * 0.62;
        el.append(s('path', { class: 'spot-boat', d: `M${p.x - 14 * k} ${p.y} H${p.x + 14 * k} L${p.x + 9 * k} ${p.y + 8 * k} H${p.x - 9 * k} Z M${p.x - 1 * k} ${p.y - 2 * k} V${p.y - 16 * k} L${p.x + 10 * k} ${p.y - 2 * k} Z` }));
      }
      el.append(s('circle', { cx: p.x, cy: p.y, r: S * 0.22, class: 'hit' }));
      layer.append(el);
      this.spots.push({ kind, id, x: p.x, y: p.y, el });
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
