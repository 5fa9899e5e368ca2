// Small SVG pictures: resources, pieces, cards, dice, seat glyphs. Every picture is drawn here
// (no emoji: phones and headless browsers differ in their emoji fonts).

import { s } from './dom.js';

// Seats 0..3 are Okabe–Ito blue, orange, white and reddish purple. Seats 4 and 5 (the 5–6 player
// extension) are brown and black: dark, so they stay apart from the four light-to-mid ones and from
// every terrain under protan, deutan and tritan vision too (tests/e2e/seats.test.mjs measures it).
const LOOK_COLORS = ['#0072B2', '#E69F00', '#F2F2F2', '#CC79A7', '#6B3E1C', '#111111'];
const LOOK_INK = ['#ffffff', '#1b1b1b', '#1b1b1b', '#1b1b1b', '#ffffff', '#ffffff']; // text/glyph colour on the seat colour
const LOOK_GLYPHS = ['circle', 'triangle', 'square', 'diamond', 'cross', 'star'];
// Each seat's colour, ink and glyph in the game shown: normally look i for seat i; setSeatLooks changes them.
export const SEAT_COLORS = [...LOOK_COLORS];
export const SEAT_INK = [...LOOK_INK];
export const SEAT_GLYPHS = [...LOOK_GLYPHS];
export const SEAT_LOOK = LOOK_COLORS.map((_, i) => i); // the look of each seat (CSS: road marks)

// The look (colour, ink, glyph) a seat has under a game's or room's options. The beginner set-up
// (options.layout "beginner", docs/rules-choices.md) gives the rule book's colours: seats 0..3 blue,
// orange, white and red (our reddish purple); with 3 players white stays in the box, so seat 2 is red.
export function seatLook(seat, options) {
  return options?.layout === 'beginner' && options?.players === 3 && seat === 2 ? 3 : seat;
}
// Sets every seat's look for the game or room on screen (call before drawing it).
export function setSeatLooks(options) {
  for (let seat = 0; seat < LOOK_COLORS.length; seat++) {
    const look = seatLook(seat, options);
    SEAT_COLORS[seat] = LOOK_COLORS[look];
    SEAT_INK[seat] = LOOK_INK[look];
    SEAT_GLYPHS[seat] = LOOK_GLYPHS[look];
    SEAT_LOOK[seat] = look;
  }
}

export const RES_COLORS = {
  brick: '#c0603a',
  lumber: '#2f7d32',
  wool: '#9ccc65',
  grain: '#f2c94c',
  ore: '#8e99a4',
};

export const TERRAIN_COLORS = {
  hills: '#d47a4e',
  forest: '#3f8f45',
  pasture: '#a6d46d',
  fields: '#f0cf5a',
  mountains: '#9aa5b0',
  desert: '#e7d7a6',
  // Seafarers (R-SF1): sea hexes, a shade off the water around the board so the frame's hexes show,
  // and gold fields (drawn with their own picture too: colour is never the only cue).
  sea: '#4b92c2',
  gold: '#e3b92f',
  // A face-down hex (R-SF10): pale blue-grey mist, lighter than the mountains and bluer than the desert
  // (drawn with mist bands, a cloud and a "?" besides: colour is never the only cue).
  fog: '#d3dbe5',
};

export const TERRAIN_RESOURCE = { hills: 'brick', forest: 'lumber', pasture: 'wool', fields: 'grain', mountains: 'ore', desert: null, sea: null, gold: null, fog: null };

// Resource pictures drawn in a 24x24 box; `g` receives the shapes.
const DRAW = {
  brick(g) {
    const c = '#a4462a';
    const line = '#f3d9c8';
    g.append(
      s('rect', { x: 2, y: 6, width: 9, height: 5, rx: 0.8, fill: c, stroke: line, 'stroke-width': 0.8 }),
      s('rect', { x: 12, y: 6, width: 10, height: 5, rx: 0.8, fill: c, stroke: line, 'stroke-width': 0.8 }),
      s('rect', { x: 2, y: 12, width: 5, height: 5, rx: 0.8, fill: c, stroke: line, 'stroke-width': 0.8 }),
      s('rect', { x: 8, y: 12, width: 9, height: 5, rx: 0.8, fill: c, stroke: line, 'stroke-width': 0.8 }),
      s('rect', { x: 18, y: 12, width: 4, height: 5, rx: 0.8, fill: c, stroke: line, 'stroke-width': 0.8 }),
    );
  },
  lumber(g) {
    g.append(
      s('rect', { x: 10.5, y: 16, width: 3, height: 6, fill: '#6d4c2f' }),
      s('path', { d: 'M12 2 L19 11 L15.5 11 L20 17 L4 17 L8.5 11 L5 11 Z', fill: '#1f6b2a', stroke: '#0f3d17', 'stroke-width': 0.8, 'stroke-linejoin': 'round' }),
    );
  },
  wool(g) {
    g.append(
      s('rect', { x: 7, y: 15, width: 2, height: 5, fill: '#333' }),
      s('rect', { x: 15, y: 15, width: 2, height: 5, fill: '#333' }),
      s('path', { d: 'M5 13 a3 3 0 0 1 3-5 a3.5 3.5 0 0 1 6-1 a3 3 0 0 1 5 3 a3 3 0 0 1 -1 6 h-11 a3 3 0 0 1 -2-3z', fill: '#ffffff', stroke: '#555', 'stroke-width': 0.9 }),
      s('ellipse', { cx: 19.5, cy: 11, rx: 2.6, ry: 2.1, fill: '#333' }),
    );
  },
  grain(g) {
    g.append(s('path', { d: 'M12 22 L12 5', stroke: '#8a6a12', 'stroke-width': 1.3 }));
    for (let i = 0; i < 4; i++) {
      const y = 6 + i * 3.6;
      g.append(
        s('ellipse', { cx: 9.6, cy: y + 1, rx: 2.3, ry: 1.3, transform: `rotate(-35 9.6 ${y + 1})`, fill: '#d9a514', stroke: '#8a6a12', 'stroke-width': 0.5 }),
        s('ellipse', { cx: 14.4, cy: y + 1, rx: 2.3, ry: 1.3, transform: `rotate(35 14.4 ${y + 1})`, fill: '#d9a514', stroke: '#8a6a12', 'stroke-width': 0.5 }),
      );
    }
    g.append(s('ellipse', { cx: 12, cy: 4, rx: 1.3, ry: 2.2, fill: '#d9a514', stroke: '#8a6a12', 'stroke-width': 0.5 }));
  },
  ore(g) {
    g.append(
      s('path', { d: 'M3 19 L7 9 L12 5 L18 8 L21 19 Z', fill: '#6b7680', stroke: '#30363c', 'stroke-width': 0.9, 'stroke-linejoin': 'round' }),
      s('path', { d: 'M7 9 L11 13 L12 5 M11 13 L18 8 M11 13 L9 19 M11 13 L16 19', stroke: '#30363c', 'stroke-width': 0.7, fill: 'none' }),
      s('path', { d: 'M12 5 L18 8 L11 13 Z', fill: '#aab4bd' }),
    );
  },
  // A gold field: two stacked ingots with a shine.
  gold(g) {
    const bar = (x, y) => s('path', { d: `M${x} ${y} l2 -4 h8 l2 4 z`, fill: '#f6d04d', stroke: '#7a5a00', 'stroke-width': 0.9, 'stroke-linejoin': 'round' });
    g.append(bar(2, 20), bar(12, 20), bar(7, 15.5));
    g.append(s('path', { d: 'M18 4 l1 2.2 2.2 1 -2.2 1 -1 2.2 -1 -2.2 -2.2 -1 2.2 -1z', fill: '#fffbe6', stroke: '#7a5a00', 'stroke-width': 0.5 }));
  },
  desert(g) {
    g.append(
      s('path', { d: 'M11 21 V7 a2 2 0 0 1 4 0 V21 Z', fill: '#5f8d3a', stroke: '#35531f', 'stroke-width': 0.8 }),
      s('path', { d: 'M11 14 H8 V10 a1.5 1.5 0 0 1 3 0', fill: 'none', stroke: '#5f8d3a', 'stroke-width': 2.2 }),
      s('path', { d: 'M15 12 H18 V8.5 a1.5 1.5 0 0 0 -3 0', fill: 'none', stroke: '#5f8d3a', 'stroke-width': 2.2 }),
    );
  },
};

// A resource picture as a <g> placed at (x, y) with the given size (SVG units), for the board.
export function resourceShape(res, x, y, size) {
  const g = s('g', { transform: `translate(${x - size / 2} ${y - size / 2}) scale(${size / 24})`, 'aria-hidden': 'true' });
  (DRAW[res] || DRAW.desert)(g);
  return g;
}

// A resource icon as an inline <svg> for HTML.
export function resIcon(res, cls = 'icon') {
  const svg = s('svg', { class: `${cls} res-${res}`, viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false' });
  (DRAW[res] || DRAW.desert)(svg);
  return svg;
}

export function glyphPath(seat, cx, cy, r) {
  switch (SEAT_GLYPHS[seat % SEAT_GLYPHS.length]) {
    case 'circle':
      return s('circle', { cx, cy, r: r * 0.85 });
    case 'triangle':
      return s('path', { d: `M${cx} ${cy - r} L${cx + r * 0.95} ${cy + r * 0.75} L${cx - r * 0.95} ${cy + r * 0.75} Z` });
    case 'square':
      return s('rect', { x: cx - r * 0.78, y: cy - r * 0.78, width: r * 1.56, height: r * 1.56 });
    case 'cross': {
      const a = r * 0.34; // half the bar's width
      return s('path', { d: `M${cx - a} ${cy - r} H${cx + a} V${cy - a} H${cx + r} V${cy + a} H${cx + a} V${cy + r} H${cx - a} V${cy + a} H${cx - r} V${cy - a} H${cx - a} Z` });
    }
    case 'star': {
      const pts = [];
      for (let i = 0; i < 10; i++) {
        const k = i % 2 ? r * 0.45 : r * 1.05;
        const ang = -Math.PI / 2 + (i * Math.PI) / 5;
        pts.push(`${(cx + k * Math.cos(ang)).toFixed(2)} ${(cy + 0.08 * r + k * Math.sin(ang)).toFixed(2)}`);
      }
      return s('path', { d: `M${pts.join(' L')} Z` });
    }
    case 'diamond':
    default:
      return s('path', { d: `M${cx} ${cy - r} L${cx + r} ${cy} L${cx} ${cy + r} L${cx - r} ${cy} Z` });
  }
}

// The seat's colour chip with its glyph: colour is never the only cue.
export function seatBadge(seat, cls = 'seat-badge') {
  const svg = s('svg', { class: cls, viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false' });
  svg.append(s('rect', { x: 1, y: 1, width: 22, height: 22, rx: 6, fill: SEAT_COLORS[seat], stroke: '#1b1b1b', 'stroke-width': 1.5 }));
  const glyph = glyphPath(seat, 12, 12, 6.5);
  glyph.setAttribute('fill', SEAT_INK[seat]);
  svg.append(glyph);
  return svg;
}

const PIECE = {
  road: (svg) => svg.append(s('rect', { x: 2, y: 9, width: 20, height: 6, rx: 2, transform: 'rotate(-30 12 12)', fill: 'currentColor', stroke: '#1b1b1b', 'stroke-width': 1.2 })),
  settlement: (svg) => svg.append(s('path', { d: 'M4 11 L12 4 L20 11 V21 H4 Z', fill: 'currentColor', stroke: '#1b1b1b', 'stroke-width': 1.4, 'stroke-linejoin': 'round' })),
  city: (svg) => svg.append(s('path', { d: 'M2 12 L7 7 L12 12 V9 H22 V22 H2 Z', fill: 'currentColor', stroke: '#1b1b1b', 'stroke-width': 1.4, 'stroke-linejoin': 'round' })),
  dev: (svg) =>
    svg.append(
      s('rect', { x: 5, y: 2, width: 14, height: 20, rx: 2, fill: '#5b3f8c', stroke: '#1b1b1b', 'stroke-width': 1.2 }),
      s('path', { d: 'M12 6 l1.8 3.8 4 .4 -3 2.7 .9 4 -3.7 -2.1 -3.7 2.1 .9 -4 -3 -2.7 4 -.4z', fill: '#f2c94c' }),
    ),
  dice: (svg) => {
    svg.append(s('rect', { x: 3, y: 3, width: 18, height: 18, rx: 4, fill: '#fff', stroke: '#1b1b1b', 'stroke-width': 1.5 }));
    for (const [x, y] of [[8, 8], [16, 16], [12, 12], [16, 8], [8, 16]]) svg.append(s('circle', { cx: x, cy: y, r: 1.7, fill: '#1b1b1b' }));
  },
  trade: (svg) =>
    svg.append(
      s('path', { d: 'M4 8 H17 M13 4 L17 8 L13 12', fill: 'none', stroke: 'currentColor', 'stroke-width': 2.2, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }),
      s('path', { d: 'M20 16 H7 M11 12 L7 16 L11 20', fill: 'none', stroke: 'currentColor', 'stroke-width': 2.2, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }),
    ),
  end: (svg) =>
    svg.append(
      s('path', { d: 'M5 12 H17 M12 6 L18 12 L12 18', fill: 'none', stroke: 'currentColor', 'stroke-width': 2.4, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }),
      s('path', { d: 'M21 5 V19', stroke: 'currentColor', 'stroke-width': 2.4, 'stroke-linecap': 'round' }),
    ),
  cards: (svg) =>
    svg.append(
      s('rect', { x: 3, y: 5, width: 11, height: 16, rx: 2, fill: '#c9b8e8', stroke: '#1b1b1b', 'stroke-width': 1.1, transform: 'rotate(-10 8 13)' }),
      s('rect', { x: 9, y: 3, width: 11, height: 16, rx: 2, fill: '#5b3f8c', stroke: '#1b1b1b', 'stroke-width': 1.1, transform: 'rotate(8 14 11)' }),
    ),
  knight: (svg) =>
    svg.append(
      s('path', { d: 'M7 21 H18 L17 17 C19 13 18 6 12 4 L10 2 L9 5 C6 7 5 10 5 12 L8 13 L10 11 C10 14 8 15 7 17 Z', fill: '#5e5e6e', stroke: '#1b1b1b', 'stroke-width': 1.1, 'stroke-linejoin': 'round' }),
    ),
  road_building: (svg) => PIECE.road(svg),
  invention: (svg) =>
    svg.append(
      s('path', { d: 'M12 3 a6 6 0 0 1 4 10.5 V17 H8 V13.5 A6 6 0 0 1 12 3z', fill: '#f2c94c', stroke: '#1b1b1b', 'stroke-width': 1.2 }),
      s('rect', { x: 8.5, y: 18, width: 7, height: 3, rx: 1, fill: '#777' }),
    ),
  monopoly: (svg) =>
    svg.append(
      s('path', { d: 'M3 18 L5 7 L9 12 L12 5 L15 12 L19 7 L21 18 Z', fill: '#f2c94c', stroke: '#1b1b1b', 'stroke-width': 1.2, 'stroke-linejoin': 'round' }),
    ),
  victory_point: (svg) =>
    svg.append(
      s('path', { d: 'M12 2 l2.9 6.1 6.6 .8 -4.9 4.5 1.3 6.6 -5.9 -3.3 -5.9 3.3 1.3 -6.6 -4.9 -4.5 6.6 -.8z', fill: '#f2c94c', stroke: '#1b1b1b', 'stroke-width': 1.1, 'stroke-linejoin': 'round' }),
    ),
  road_award: (svg) =>
    svg.append(
      s('path', { d: 'M2 20 C8 18 8 12 12 10 S18 6 22 4', fill: 'none', stroke: '#7a5a35', 'stroke-width': 4, 'stroke-linecap': 'round' }),
      s('path', { d: 'M2 20 C8 18 8 12 12 10 S18 6 22 4', fill: 'none', stroke: '#f2c94c', 'stroke-width': 1.2, 'stroke-dasharray': '2 2' }),
    ),
  army_award: (svg) =>
    svg.append(
      s('path', { d: 'M12 2 L20 5 V11 C20 16 16 20 12 22 C8 20 4 16 4 11 V5 Z', fill: '#c0392b', stroke: '#1b1b1b', 'stroke-width': 1.2 }),
      s('path', { d: 'M12 6 V17 M8 10 H16', stroke: '#fff', 'stroke-width': 2 }),
    ),
  robber: (svg) =>
    svg.append(
      s('circle', { cx: 12, cy: 6, r: 3.5, fill: '#2b2b2b' }),
      s('path', { d: 'M6 21 C6 14 8 10 12 10 S18 14 18 21 Z', fill: '#2b2b2b' }),
    ),
  star: (svg) => PIECE.victory_point(svg),
  // Seafarers: a ship (R-SF2) in the seat's colour, and the move of one (R-SF4).
  ship: (svg) =>
    svg.append(
      s('path', { d: 'M12 3 V15 M12 4 L19 13 H12 Z', fill: 'currentColor', stroke: '#1b1b1b', 'stroke-width': 1.2, 'stroke-linejoin': 'round' }),
      s('path', { d: 'M2 15 H22 L18 21 H6 Z', fill: 'currentColor', stroke: '#1b1b1b', 'stroke-width': 1.3, 'stroke-linejoin': 'round' }),
    ),
  move_ship: (svg) =>
    svg.append(
      s('path', { d: 'M9 4 V13 M9 5 L14 11.5 H9 Z', fill: 'currentColor', stroke: '#1b1b1b', 'stroke-width': 1.1, 'stroke-linejoin': 'round' }),
      s('path', { d: 'M1.5 13.5 H16.5 L13.5 18 H4.5 Z', fill: 'currentColor', stroke: '#1b1b1b', 'stroke-width': 1.2, 'stroke-linejoin': 'round' }),
      s('path', { d: 'M16 7 H22 M19.5 4.5 L22 7 L19.5 9.5', fill: 'none', stroke: 'currentColor', 'stroke-width': 2, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }),
    ),
  island: (svg) =>
    svg.append(
      s('path', { d: 'M2 19 C5 14 9 13 12 13 S19 14 22 19 Z', fill: '#e9d9a6', stroke: '#1b1b1b', 'stroke-width': 1.1 }),
      s('path', { d: 'M12 13 V6 M12 6 C9 4 6 5 5 7 M12 6 C15 4 18 5 19 7 M12 6 C11 3 9 2 7 2.5', fill: 'none', stroke: '#2f7d32', 'stroke-width': 1.8, 'stroke-linecap': 'round' }),
    ),
};

export function icon(name, cls = 'icon', color) {
  const svg = s('svg', { class: `${cls} icon-${name}`, viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false' });
  if (color) svg.style.color = color;
  (PIECE[name] || PIECE.star)(svg);
  return svg;
}

// A die face showing n (1..6).
export function dieFace(n, cls = 'die') {
  const svg = s('svg', { class: cls, viewBox: '0 0 24 24', role: 'img', 'aria-label': String(n) });
  svg.append(s('rect', { x: 1.5, y: 1.5, width: 21, height: 21, rx: 4.5, fill: '#fffdf6', stroke: '#1b1b1b', 'stroke-width': 1.5 }));
  const P = { 1: [[12, 12]], 2: [[7, 7], [17, 17]], 3: [[7, 7], [12, 12], [17, 17]], 4: [[7, 7], [17, 7], [7, 17], [17, 17]], 5: [[7, 7], [17, 7], [12, 12], [7, 17], [17, 17]], 6: [[7, 6.5], [17, 6.5], [7, 12], [17, 12], [7, 17.5], [17, 17.5]] };
  for (const [x, y] of P[n] || []) svg.append(s('circle', { cx: x, cy: y, r: 2.1, fill: n === 1 ? '#c62828' : '#1b1b1b' }));
  return svg;
}
