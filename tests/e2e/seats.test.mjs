// The six seat colours (web/js/icons.js) without a browser: every pair stays apart for normal vision
// and simulated protan, deutan and tritan vision (Machado et al. 2009, severity 1), the two seats of the
// 5–6 player extension also stay apart from every terrain, the sea and the beach; the glyph ink is
// readable on its colour (WCAG contrast); each seat has its own glyph and its own road marking.
//
//   node --test tests/e2e/seats.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';

const { SEAT_COLORS, SEAT_INK, SEAT_GLYPHS, SEAT_LOOK, TERRAIN_COLORS, seatLook, setSeatLooks } = await import(new URL('../../web/js/icons.js', import.meta.url));
const css = fs.readFileSync(new URL('../../web/css/app.css', import.meta.url), 'utf8');

const SEATS = 6;
const MIN_APART = 15; // CIE76 ΔE; the four base seats' closest pair (orange and purple, tritan) is 17
const MIN_FROM_BOARD = 15;

const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
const linear = (c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const VISION = {
  normal: [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
  protan: [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
  deutan: [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.01182, 0.04294, 0.968881]],
  tritan: [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.3039]],
};
function lab(hex, vision) {
  const l = rgb(hex).map(linear);
  const [r, g, b] = VISION[vision].map((row) => Math.min(1, Math.max(0, row[0] * l[0] + row[1] * l[1] + row[2] * l[2])));
  const f = (x) => (x > 216 / 24389 ? Math.cbrt(x) : (24389 / 27 * x + 16) / 116);
  const X = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
  const Y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
  const Z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
  return [116 * Y - 16, 500 * (X - Y), 200 * (Y - Z)];
}
const apart = (a, b, vision) => Math.hypot(...lab(a, vision).map((v, i) => v - lab(b, vision)[i]));
const luminance = (hex) => { const [r, g, b] = rgb(hex).map(linear); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
const contrast = (a, b) => { const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };

test('six seats, each with a colour, an ink and a glyph of its own', () => {
  assert.equal(SEAT_COLORS.length, SEATS);
  assert.equal(SEAT_INK.length, SEATS);
  assert.equal(new Set(SEAT_COLORS.map((c) => c.toLowerCase())).size, SEATS);
  assert.equal(new Set(SEAT_GLYPHS.slice(0, SEATS)).size, SEATS, `glyphs: ${SEAT_GLYPHS}`);
  assert.deepEqual(SEAT_COLORS.slice(0, 4), ['#0072B2', '#E69F00', '#F2F2F2', '#CC79A7'], 'the four base seats keep their colours');
});

test('every pair of seat colours stays apart, also for colour-blind vision', () => {
  for (const vision of Object.keys(VISION)) {
    for (let i = 0; i < SEATS; i++) {
      for (let j = i + 1; j < SEATS; j++) {
        const d = apart(SEAT_COLORS[i], SEAT_COLORS[j], vision);
        assert.ok(d >= MIN_APART, `${vision}: seat ${i} ${SEAT_COLORS[i]} and seat ${j} ${SEAT_COLORS[j]} only ΔE ${d.toFixed(1)} apart`);
      }
    }
  }
});

test('the 5–6 seats stand out from the board (terrain, sea, beach)', () => {
  const sea = css.match(/--sea:\s*(#[0-9a-f]{6})/i)[1];
  const beach = css.match(/\.beach\s*\{[^}]*fill:\s*(#[0-9a-f]{6})/i)[1];
  const board = [...Object.values(TERRAIN_COLORS), sea, beach];
  for (const vision of Object.keys(VISION)) {
    for (const seat of [4, 5]) {
      for (const c of board) {
        const d = apart(SEAT_COLORS[seat], c, vision);
        assert.ok(d >= MIN_FROM_BOARD, `${vision}: seat ${seat} ${SEAT_COLORS[seat]} only ΔE ${d.toFixed(1)} from the board's ${c}`);
      }
    }
  }
});

test('the glyph ink is readable on its seat colour', () => {
  for (let i = 0; i < SEATS; i++) {
    const c = contrast(SEAT_COLORS[i], SEAT_INK[i]);
    assert.ok(c >= 4.5, `seat ${i}: ink ${SEAT_INK[i]} on ${SEAT_COLORS[i]} has contrast ${c.toFixed(2)}`);
  }
});

test('each seat has its own road marking', () => {
  const marks = [];
  for (let i = 0; i < SEATS; i++) {
    const rule = css.match(new RegExp(`\\.road-mark\\.mark-${i}\\s*\\{([^}]*)\\}`));
    assert.ok(rule, `no .road-mark.mark-${i} in app.css`);
    marks.push(rule[1].replace(/\s+/g, ' ').trim());
  }
  assert.equal(new Set(marks).size, SEATS, `road markings: ${marks.join(' | ')}`);
});

test('the beginner set-up for 3 leaves white out: seat 2 takes the red look, glyph and road marking too', () => {
  const before = [[...SEAT_COLORS], [...SEAT_INK], [...SEAT_GLYPHS]];
  assert.equal(seatLook(2, { layout: 'beginner', players: 3 }), 3);
  for (const options of [{ layout: 'beginner', players: 4 }, { layout: 'random', players: 3 }, { players: 3 }, undefined])
    for (let i = 0; i < SEATS; i++) assert.equal(seatLook(i, options), i, JSON.stringify(options));
  setSeatLooks({ layout: 'beginner', players: 3 });
  assert.deepEqual([SEAT_COLORS[2], SEAT_INK[2], SEAT_GLYPHS[2], SEAT_LOOK[2]], [before[0][3], before[1][3], before[2][3], 3]);
  assert.ok(!SEAT_COLORS.slice(0, 3).includes(before[0][2]), 'no seat of the three is white');
  setSeatLooks({ layout: 'beginner', players: 4 });
  assert.deepEqual([[...SEAT_COLORS], [...SEAT_INK], [...SEAT_GLYPHS]], before);
});
