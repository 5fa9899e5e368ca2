#!/usr/bin/env node
// scenario_pictures.mjs: draws a Seafarers scenario board as an SVG picture (docs/scenarios/*.svg).
//
// Input is a scenario table: the server's answer to GET /api/boards/{id} (ids new_shores-3,
// new_shores-4, new_shores-6, four_islands-3, four_islands-4, fog_islands-3, fog_islands-4,
// through_the_desert-3, through_the_desert-4), i.e. the sea frame's topology (the 5–6 frame's for 5 and 6) (hexes with q, r and their corner
// intersections, intersections with x, y, paths with their two intersections) plus its `scenario`
// member (docs/protocol.md "Seafarers", docs/coordinates.md "The sea frame"). A face-down hex (R-SF10,
// `"fog": true`, its terrain and number unknown until a piece reaches it) is drawn as fog: mist with a
// cloud marked "?", apart from land dealt at random (grey hatching, "?").
//
// Usage:
//   node scripts/scenario_pictures.mjs [--out DIR] SOURCE...
//
//   SOURCE is one of
//     FILE.json                          a saved table (e.g. curl -o new_shores-4.json .../api/boards/new_shores-4)
//     http://HOST:PORT/api/boards/ID     one table, fetched
//     http://HOST:PORT                   a server: fetches every board of BOARD_IDS
//   --out DIR   where the pictures go (default docs/scenarios); each is named
//               {scenario.id}-{scenario.players}.svg, e.g. new_shores-4.svg.
//
// Regenerating the pictures in docs/scenarios/:
//   build/test/catan-server --no-persist --listen 127.0.0.1:18093 &
//   node scripts/scenario_pictures.mjs http://127.0.0.1:18093
//   kill %1
//
// Plain Node 20 (global fetch), no dependencies. The output depends only on the table, so
// regenerating an unchanged board gives the same bytes.

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const BOARD_IDS = ['new_shores-3', 'new_shores-4', 'four_islands-3', 'four_islands-4', 'fog_islands-3', 'fog_islands-4', 'through_the_desert-3', 'through_the_desert-4', 'new_shores-6'];

const SCENARIO_NAMES = {
  new_shores: 'Heading for New Shores',
  four_islands: 'The Four Islands',
  fog_islands: 'The Fog Islands',
  through_the_desert: 'Through the Desert',
  new_world: 'The New World',
};

// Terrain fills; gold and dealt land use the patterns defined in <defs>.
const TERRAIN = {
  sea: { fill: '#3d7fc1', label: 'sea' },
  hills: { fill: '#c4622d', label: 'hills (brick)' },
  forest: { fill: '#2e7d32', label: 'forest (lumber)' },
  pasture: { fill: '#9ccc65', label: 'pasture (wool)' },
  fields: { fill: '#f0c419', label: 'fields (grain)' },
  mountains: { fill: '#6f7680', label: 'mountains (ore)' },
  desert: { fill: '#e6d3a3', label: 'desert' },
  gold: { fill: 'url(#gold)', label: 'gold field' },
};
const DEALT_FILL = 'url(#dealt)';
const FOG_FILL = 'url(#fog)';

const HARBOR_KIND = {
  generic: { text: '3:1', fill: '#ffffff', ink: '#222' },
  brick: { text: '2:1', fill: TERRAIN.hills.fill, ink: '#fff', name: 'brick' },
  lumber: { text: '2:1', fill: TERRAIN.forest.fill, ink: '#fff', name: 'lumber' },
  wool: { text: '2:1', fill: TERRAIN.pasture.fill, ink: '#222', name: 'wool' },
  grain: { text: '2:1', fill: TERRAIN.fields.fill, ink: '#222', name: 'grain' },
  ore: { text: '2:1', fill: TERRAIN.mountains.fill, ink: '#fff', name: 'ore' },
};

const SIZE = 40; // hex centre to corner, px
const UX = (SIZE * Math.sqrt(3)) / 2; // px per unit of intersection x (integer layout)
const UY = SIZE / 2; // px per unit of intersection y
const MARGIN = 30;
const TITLE_H = 64;

const esc = (s) =>
  String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
const f = (n) => (Math.round(n * 10) / 10).toString();

async function loadSources(sources) {
  const tables = [];
  for (const src of sources) {
    if (/^https?:\/\//.test(src)) {
      const urls = /\/api\/boards\/[^/]+$/.test(src)
        ? [src]
        : BOARD_IDS.map((id) => `${src.replace(/\/+$/, '')}/api/boards/${id}`);
      for (const url of urls) {
        const res = await fetch(url);
        if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
        tables.push({ from: url, table: await res.json() });
      }
    } else {
      tables.push({ from: src, table: JSON.parse(readFileSync(src, 'utf8')) });
    }
  }
  return tables;
}

function harborLegend(kinds) {
  const counts = new Map();
  for (const k of kinds) counts.set(k, (counts.get(k) || 0) + 1);
  const order = Object.keys(HARBOR_KIND);
  return [...counts]
    .sort((a, b) => order.indexOf(a[0]) - order.indexOf(b[0]))
    .map(([k, n]) => {
      const name = k === 'generic' ? '3:1' : `${k} 2:1`;
      return n > 1 ? `${n} × ${name}` : name;
    })
    .join(', ');
}

export function drawScenario(table) {
  const sc = table.scenario;
  if (!sc) throw new Error('the table has no "scenario" member (not a Seafarers board?)');
  const inter = new Map(table.intersections.map((i) => [i.id, i]));
  const paths = new Map(table.paths.map((p) => [p.id, p]));

  // Frame bounds from the intersections.
  const xs = table.intersections.map((i) => i.x);
  const ys = table.intersections.map((i) => i.y);
  const minX = Math.min(...xs), maxX = Math.max(...xs);
  const minY = Math.min(...ys), maxY = Math.max(...ys);
  const ox = MARGIN - minX * UX;
  const oy = MARGIN + TITLE_H - minY * UY;
  const px = (i) => [ox + i.x * UX, oy + i.y * UY];
  const boardW = (maxX - minX) * UX;
  const boardH = (maxY - minY) * UY;

  const hexCentre = (h) => {
    const pts = h.nodes.map((n) => px(inter.get(n)));
    return [pts.reduce((a, p) => a + p[0], 0) / pts.length, pts.reduce((a, p) => a + p[1], 0) / pts.length];
  };
  const hexInfo = (id) => sc.hexes[id];
  const isFog = (id) => !!hexInfo(id).fog;
  const isLand = (id) => hexInfo(id).terrain !== 'sea' && !isFog(id);

  // Path -> hexes it borders.
  const pathHexes = new Map();
  for (const h of table.hexes) {
    for (const e of h.edges) {
      if (!pathHexes.has(e)) pathHexes.set(e, []);
      pathHexes.get(e).push(h.id);
    }
  }

  const out = [];
  const legendY = oy + maxY * UY + 24;
  const width = Math.ceil(boardW + 2 * MARGIN);

  const name = SCENARIO_NAMES[sc.id] || sc.id;
  out.push(`<defs>
  <pattern id="dealt" patternUnits="userSpaceOnUse" width="8" height="8" patternTransform="rotate(45)">
    <rect width="8" height="8" fill="#c9c9c9"/><line x1="0" y1="0" x2="0" y2="8" stroke="#9a9a9a" stroke-width="3"/>
  </pattern>
  <pattern id="gold" patternUnits="userSpaceOnUse" width="12" height="12">
    <rect width="12" height="12" fill="#e0b020"/><path d="M0 12 L12 0" stroke="#f7d86a" stroke-width="2"/>
    <circle cx="3" cy="3" r="1.3" fill="#fff6c4"/>
  </pattern>${sc.hexes.some((h) => h.fog) ? `
  <pattern id="fog" patternUnits="userSpaceOnUse" width="24" height="14">
    <rect width="24" height="14" fill="#d3dbe5"/><path d="M1 4 q5 -3 10 0 t10 0 M-11 11 q5 -3 10 0 t10 0 t10 0" fill="none" stroke="#ffffff" stroke-width="2.2" stroke-linecap="round" stroke-opacity="0.85"/>
  </pattern>` : ''}
</defs>`);

  // Title.
  out.push(
    `<text x="${width / 2}" y="${MARGIN + 10}" text-anchor="middle" font-size="22" font-weight="bold" fill="#222">${esc(name)}</text>`,
  );
  out.push(
    `<text x="${width / 2}" y="${MARGIN + 36}" text-anchor="middle" font-size="15" fill="#333">${esc(
      `${sc.players} players · ${sc.victory_target} VP to win · ${sc.island_vp ? `first settlement on a new island: ${sc.island_vp} VP` : 'no island VP'}`,
    )}</text>`,
  );

  // Hexes.
  for (const h of table.hexes) {
    const info = hexInfo(h.id);
    const pts = h.nodes.map((n) => px(inter.get(n)).map(f).join(',')).join(' ');
    const fill = info.fog ? FOG_FILL : info.terrain === null ? DEALT_FILL : (TERRAIN[info.terrain] || { fill: '#ff00ff' }).fill;
    out.push(`<polygon points="${pts}" fill="${fill}" stroke="#f7f4ec" stroke-width="1.5"/>`);
  }

  // Home islands: the paths between a home hex and a hex (or the frame's edge) that is not home.
  const homePaths = [];
  for (const [pid, hs] of pathHexes) {
    const home = hs.filter((id) => hexInfo(id).home).length;
    if (home === 1 && (hs.length === 1 || hs.some((id) => !hexInfo(id).home))) homePaths.push(pid);
  }
  const homeD = homePaths
    .map((pid) => {
      const [a, b] = paths.get(pid).intersections.map((n) => px(inter.get(n)));
      return `M${f(a[0])} ${f(a[1])}L${f(b[0])} ${f(b[1])}`;
    })
    .join('');
  if (homeD) out.push(`<path d="${homeD}" fill="none" stroke="#b3122e" stroke-width="4" stroke-linecap="round"/>`);

  // Face-down hexes: a cloud marked "?" (what lies under it is dealt face down when the game starts).
  for (const h of table.hexes) {
    if (!isFog(h.id)) continue;
    const [cx, cy] = hexCentre(h);
    out.push(cloudIcon(cx, cy));
  }

  // Terrain "?" and number tokens.
  for (const h of table.hexes) {
    const info = hexInfo(h.id);
    if (!isLand(h.id)) continue;
    const [cx, cy] = hexCentre(h);
    if (info.terrain === null) {
      out.push(
        `<text x="${f(cx)}" y="${f(cy - 17)}" text-anchor="middle" font-size="17" font-weight="bold" fill="#555">?</text>`,
      );
    }
    if (info.number !== null && info.number !== undefined) {
      const random = info.number === 'random';
      const red = info.number === 6 || info.number === 8;
      out.push(`<circle cx="${f(cx)}" cy="${f(cy + 3)}" r="13" fill="#fdf3d8" stroke="#5a4a2a" stroke-width="1"/>`);
      out.push(
        `<text x="${f(cx)}" y="${f(cy + 8)}" text-anchor="middle" font-size="${random ? 15 : 14}" font-weight="bold" fill="${
          red ? '#c0141c' : random ? '#666' : '#222'
        }">${random ? '?' : info.number}</text>`,
      );
    }
  }

  // Harbors: a pier from each end of the path to a marker on the sea side.
  for (const hb of sc.harbors) {
    const [ia, ib] = paths.get(hb.path).intersections.map((n) => px(inter.get(n)));
    const mx = (ia[0] + ib[0]) / 2, my = (ia[1] + ib[1]) / 2;
    const land = (pathHexes.get(hb.path) || []).find(isLand);
    let dx = 0, dy = 1;
    if (land !== undefined) {
      const [lx, ly] = hexCentre(table.hexes[land]);
      const len = Math.hypot(mx - lx, my - ly) || 1;
      dx = (mx - lx) / len;
      dy = (my - ly) / len;
    }
    const hx = mx + dx * 15, hy = my + dy * 15;
    const kind = hb.kind ? HARBOR_KIND[hb.kind] : null;
    out.push(
      `<path d="M${f(ia[0])} ${f(ia[1])}L${f(hx)} ${f(hy)}L${f(ib[0])} ${f(ib[1])}" fill="none" stroke="#6b4a2b" stroke-width="3" stroke-linejoin="round"/>`,
    );
    out.push(`<circle cx="${f(ia[0])}" cy="${f(ia[1])}" r="3" fill="#6b4a2b"/><circle cx="${f(ib[0])}" cy="${f(ib[1])}" r="3" fill="#6b4a2b"/>`);
    out.push(
      `<circle cx="${f(hx)}" cy="${f(hy)}" r="11" fill="${kind ? kind.fill : '#ffffff'}" stroke="#6b4a2b" stroke-width="2"/>`,
    );
    out.push(
      `<text x="${f(hx)}" y="${f(hy + 4)}" text-anchor="middle" font-size="${kind ? 9 : 13}" font-weight="bold" fill="${
        kind ? kind.ink : '#6b4a2b'
      }">${kind ? kind.text : '?'}</text>`,
    );
  }

  // Pirate (a black ship) and robber (a grey pawn).
  if (sc.pirate !== null && sc.pirate !== undefined) {
    const [cx, cy] = hexCentre(table.hexes[sc.pirate]);
    out.push(shipIcon(cx, cy));
  }
  if (sc.robber !== null && sc.robber !== undefined) {
    const [cx, cy] = hexCentre(table.hexes[sc.robber]);
    const numbered = hexInfo(sc.robber).number !== null && hexInfo(sc.robber).number !== undefined;
    out.push(numbered ? pawnIcon(cx + 22, cy + 2) : pawnIcon(cx, cy, 1.3));
  }

  // Legend.
  const used = new Set(sc.hexes.filter((h) => !h.fog).map((h) => h.terrain));
  const items = [];
  for (const t of Object.keys(TERRAIN)) if (used.has(t)) items.push(['swatch', TERRAIN[t].fill, TERRAIN[t].label]);
  if (used.has(null)) items.push(['swatch', DEALT_FILL, '? dealt at random']);
  if (sc.hexes.some((h) => h.fog)) items.push(['fog', FOG_FILL, 'face down (fog)']);
  if (sc.hexes.some((h) => h.home)) items.push(['home', '', 'home island (setup)']);
  items.push(['harbor', '', 'harbor']);
  if (sc.pirate !== null && sc.pirate !== undefined) items.push(['pirate', '', 'pirate']);
  if (sc.robber !== null && sc.robber !== undefined) items.push(['robber', '', 'robber']);
  const colW = Math.floor((width - 2 * MARGIN) / 4);
  items.forEach(([what, fill, label], k) => {
    const x = MARGIN + (k % 4) * colW;
    const y = legendY + Math.floor(k / 4) * 24;
    if (what === 'swatch') out.push(`<rect x="${x}" y="${y - 11}" width="18" height="14" fill="${fill}" stroke="#555" stroke-width="0.8"/>`);
    else if (what === 'fog') out.push(`<rect x="${x}" y="${y - 11}" width="18" height="14" fill="${fill}" stroke="#555" stroke-width="0.8"/>`, cloudIcon(x + 9, y - 4, 0.42));
    else if (what === 'home') out.push(`<line x1="${x}" y1="${y - 4}" x2="${x + 18}" y2="${y - 4}" stroke="#b3122e" stroke-width="4" stroke-linecap="round"/>`);
    else if (what === 'harbor') out.push(`<circle cx="${x + 9}" cy="${y - 4}" r="8" fill="#fff" stroke="#6b4a2b" stroke-width="2"/>`);
    else if (what === 'pirate') out.push(shipIcon(x + 9, y - 2, 0.55));
    else if (what === 'robber') out.push(pawnIcon(x + 9, y - 4, 0.6));
    out.push(`<text x="${x + 24}" y="${y}" font-size="12" fill="#222">${esc(label)}</text>`);
  });
  const rows = Math.ceil(items.length / 4);
  let noteY = legendY + rows * 24 + 4;
  const kindsDealt = sc.harbors.some((h) => h.kind === null);
  const harborNote = `Harbors (?): ${harborLegend(sc.harbor_kinds || [])}${kindsDealt ? ', dealt at random over the places' : ''}.`;
  out.push(`<text x="${MARGIN}" y="${noteY}" font-size="12" fill="#222">${esc(harborNote)}</text>`);
  noteY += 18;
  out.push(
    `<text x="${MARGIN}" y="${noteY}" font-size="12" fill="#222">${esc(
      'Number tokens: ? dealt at random; 6 and 8 in red.',
    )}</text>`,
  );
  const fogCount = sc.hexes.filter((h) => h.fog).length;
  if (fogCount) {
    noteY += 18;
    out.push(
      `<text x="${MARGIN}" y="${noteY}" font-size="12" fill="#222">${esc(
        `Fog: ${fogCount} hexes dealt face down; a ship or road reaching a corner turns one up and pays its resource.`,
      )}</text>`,
    );
  }

  const height = Math.ceil(noteY + 16);
  const head = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="DejaVu Sans, Verdana, Arial, sans-serif">`,
    `<title>${esc(`${name}, ${sc.players} players`)}</title>`,
  ];
  const background = `<rect width="${width}" height="${height}" fill="#f7f4ec"/>`;
  const defs = out.shift();
  return [...head, defs, background, ...out, '</svg>'].join('\n') + '\n';
}

function shipIcon(cx, cy, s = 1) {
  const t = `translate(${f(cx)} ${f(cy)}) scale(${s})`;
  return `<g transform="${t}"><path d="M-16 4 L16 4 L10 13 L-10 13 Z" fill="#111"/><line x1="0" y1="4" x2="0" y2="-18" stroke="#111" stroke-width="2.2"/><path d="M1 -17 L14 -3 L1 -3 Z" fill="#111"/><path d="M-1 -15 L-12 -3 L-1 -3 Z" fill="#111"/><rect x="-1" y="-22" width="8" height="5" fill="#111"/></g>`;
}

// A face-down hex's cloud with its "?".
function cloudIcon(cx, cy, s = 1) {
  const t = `translate(${f(cx)} ${f(cy)}) scale(${s})`;
  return `<g transform="${t}"><path d="M-15 7 A6 6 0 0 1 -10 -4 A9 9 0 0 1 6 -7 A8 8 0 0 1 15 7 Z" fill="#f7f9fc" stroke="#6d7d90" stroke-width="1.5" stroke-linejoin="round"/>${
    s >= 1 ? '<text x="0" y="5" text-anchor="middle" font-size="12" font-weight="bold" fill="#3f4c5c">?</text>' : ''}</g>`;
}

function pawnIcon(cx, cy, s = 1) {
  const t = `translate(${f(cx)} ${f(cy)}) scale(${s})`;
  return `<g transform="${t}"><path d="M-9 13 Q-9 0 -4 -3 A7 7 0 1 1 4 -3 Q9 0 9 13 Z" fill="#3a3a3a" stroke="#eee" stroke-width="1.2"/></g>`;
}

async function main(argv) {
  let outDir = 'docs/scenarios';
  const sources = [];
  for (let k = 0; k < argv.length; k++) {
    if (argv[k] === '--out') outDir = argv[++k];
    else if (argv[k] === '-h' || argv[k] === '--help') {
      console.log('usage: node scripts/scenario_pictures.mjs [--out DIR] (FILE.json | http://HOST:PORT[/api/boards/ID])...');
      return;
    } else sources.push(argv[k]);
  }
  if (sources.length === 0) throw new Error('no source: give table JSON files or a server URL (see --help)');
  mkdirSync(outDir, { recursive: true });
  for (const { from, table } of await loadSources(sources)) {
    const sc = table.scenario;
    if (!sc) throw new Error(`${from}: no "scenario" member`);
    const file = join(outDir, `${sc.id}-${sc.players}.svg`);
    writeFileSync(file, drawScenario(table));
    console.log(`${from} -> ${file}`);
  }
}

main(process.argv.slice(2)).catch((e) => {
  console.error(`scenario_pictures: ${e.message}`);
  process.exit(1);
});
