// Every event sentence of the web client (web/js/format.js) in every language, without a browser:
// each event type the server can send (the list is read from proto/v1/event.schema.json, plus
// `hex_produced`), read by the actor, by the seat acted upon, by a third player and by a spectator, in
// en, fr, ko and ja. A sentence fails on a missing key, an English fallback, a leftover "{placeholder}",
// "undefined"/"null"/"NaN", a "you" sentence for a reader who is not concerned (or none for one who is),
// and a French "toi" put where a subject or an object pronoun belongs. The log lines: production by hex
// is no line, a trade answer carries the answerer's badge, the robber line says where, a Monopoly says
// its total. And all lang files have the same keys.
//
//   node --test tests/e2e/i18n.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';

let touch = false;
globalThis.matchMedia = (q) => ({ matches: q === '(pointer: coarse)' && touch });

const web = new URL('../../web/js/', import.meta.url);
const i18n = await import(new URL('i18n.js', web));
const { eventText, logLines, bannerText, placeName, spotLabel, playerLabel, handLabel, actionLabel, announcement, turnToast } = await import(new URL('format.js', web));
const { t, setLang, lang, LANGS } = i18n;
const schema = JSON.parse(fs.readFileSync(new URL('../../proto/v1/event.schema.json', import.meta.url), 'utf8'));

const LANG_CODES = ['en', 'fr', 'ko', 'ja'];
const YOU = { en: /\b[Yy]ou(r)?\b/, fr: /\b([Tt]u|[Tt]oi|t’|te|[Tt]on|[Tt]a|tes|tiennes)\b|t’/, ko: /당신/, ja: /あなた/ };
const NAMES = ['Hana', 'Dmitri', 'Sora', 'Luc'];

const doc = {
  room: { seats: NAMES.map((name, seat) => ({ seat, name, controlled_by: 'player', connected: true })) },
  game: { board: { terrain: ['mountains', 'fields', 'desert', 'hills'], numbers: [6, 8, null, 5], robber: 2 } },
};
const R = (o) => ({ brick: 0, lumber: 0, wool: 0, grain: 0, ore: 0, ...o });

// Each event with its actor (`actor`) and the seat it acts upon (`object`, when there is one).
// Seats: 0 acts, 1 is acted upon, 2 is a third player; the spectator is null.
const EVENTS = [
  { type: 'dice_rolled', player: 0, dice: [3, 5], sum: 8 },
  { type: 'produced', player: 0, resources: R({ ore: 2 }) },
  { type: 'hex_produced', player: 0, hex: 0, resources: R({ ore: 2 }) },
  { type: 'production_blocked', resource: 'grain', actorless: true },
  { type: 'starting_resources', player: 0, resources: R({ brick: 1, grain: 1 }) },
  { type: 'discarded', player: 0, resources: R({ wool: 4 }) },
  { type: 'robber_moved', player: 0, hex: 0 },
  { type: 'stole', player: 0, victim: 1, object: 1 },
  { type: 'stole', player: 0, victim: 1, object: 1, resource: 'ore' },
  { type: 'steal_failed', player: 0, victim: 1, object: 1 },
  { type: 'built', player: 0, piece: 'road', path: 3 },
  { type: 'built', player: 0, piece: 'settlement', intersection: 4 },
  { type: 'built', player: 0, piece: 'city', intersection: 4 },
  { type: 'dev_card_bought', player: 0 },
  { type: 'dev_card_bought', player: 0, card: 'monopoly' },
  { type: 'dev_card_played', player: 0, card: 'knight' },
  { type: 'invention_taken', player: 0, resources: R({ ore: 1, wool: 1 }) },
  { type: 'monopoly_taken', player: 0, from: 1, object: 1, resource: 'ore', count: 3 },
  { type: 'bank_traded', player: 0, gave: R({ brick: 4 }), got: R({ ore: 1 }) },
  { type: 'trade_proposed', player: 0, to: 1, object: 1, give: R({ brick: 1 }), want: R({ ore: 1 }) },
  { type: 'trade_proposed', player: 0, to: null, give: R({ brick: 1 }), want: R({ ore: 1 }) },
  // A trade answer: `by` answers (the actor), `player` made the offer (acted upon).
  { type: 'trade_accepted', player: 1, by: 0, actor: 0, object: 1 },
  { type: 'trade_declined', player: 1, by: 0, actor: 0, object: 1 },
  { type: 'trade_countered', player: 1, by: 0, actor: 0, object: 1, give: R({ ore: 1 }), want: R({ wool: 2 }) },
  { type: 'trade_completed', player: 0, with: 1, object: 1, gave: R({ brick: 1 }), got: R({ ore: 1 }) },
  { type: 'trade_cancelled', player: 0, actorless: true },
  { type: 'longest_road_changed', holder: 0, previous: null, length: 5, actor: 0 },
  { type: 'longest_road_changed', holder: null, previous: 0, length: 0, actorless: true },
  { type: 'largest_army_changed', holder: 0, previous: 1, knights: 3, actor: 0 },
  { type: 'largest_army_changed', holder: null, previous: 0, knights: 0, actorless: true },
  { type: 'turn_ended', player: 0 },
  { type: 'turn_started', player: 0, turn: 7 },
  { type: 'game_won', player: 0, vp: 10 },
  { type: 'build_phase_started', player: 0, kind: 'paired' },
  { type: 'build_phase_started', player: 0, kind: 'special' },
  { type: 'first_roll', player: 0, dice: [3, 2], round: 1 },
  { type: 'first_roll', player: 0, dice: [6, 6], round: 2 },
  // The room's seat notes: a bot takes an absent person's seat over, the person comes back.
  { type: 'bot_took_over', player: 0 },
  { type: 'player_returned', player: 0 },
  // Seafarers (R-SF2..R-SF8).
  { type: 'built', player: 0, piece: 'ship', path: 117 },
  { type: 'ship_moved', player: 0, from: 117, to: 126 },
  { type: 'pirate_moved', player: 0, hex: 4 },
  { type: 'gold_owed', player: 0, count: 1 },
  { type: 'gold_owed', player: 0, count: 2 },
  { type: 'gold_chosen', player: 0, resources: R({ ore: 1, wool: 1 }) },
  { type: 'island_settled', player: 0, island: 3, vp: 2 },
  { type: 'island_settled', player: 0, island: 1, vp: 0 },
  // Face-down hexes (R-SF10): what was turned up, what it paid.
  { type: 'hex_revealed', player: 0, hex: 4, terrain: 'forest', number: 9, resources: R({ lumber: 1 }) },
  { type: 'hex_revealed', player: 0, hex: 4, terrain: 'hills', number: 11, resources: R({}) },
  { type: 'hex_revealed', player: 0, hex: 4, terrain: 'gold', number: 5, resources: R({}) },
  { type: 'hex_revealed', player: 0, hex: 4, terrain: 'sea', number: null, resources: R({}) },
  { type: 'hex_revealed', player: 0, hex: 4, terrain: 'desert', number: null, resources: R({}) },
].map((e) => {
  const { actor, object, actorless, ...ev } = e;
  return { ev: { ...ev, text: `SERVER TEXT ${e.type}` }, actor: actorless ? undefined : actor ?? e.player, object, actorless };
});

const VIEWERS = [['actor', 0], ['object', 1], ['third', 2], ['spectator', null]];

function render(code, ev, me) {
  setLang(code);
  return eventText(ev, doc, me);
}

function badText(s) {
  if (typeof s !== 'string' || !s) return 'empty';
  if (/\{\w+\}/.test(s)) return 'a leftover placeholder';
  if (/\b(undefined|null|NaN)\b/.test(s)) return 'undefined/null/NaN';
  if (/^[a-z0-9_]+(\.[a-z0-9_]+)+$/.test(s)) return 'a bare key';
  if (s.startsWith('SERVER TEXT')) return "the server's English text";
  return null;
}

test('the fixture covers every event type of the protocol', () => {
  const types = schema.oneOf.map((x) => x.properties.type.const);
  const covered = new Set(EVENTS.map((x) => x.ev.type));
  for (const type of [...types, 'hex_produced']) assert.ok(covered.has(type), `no sentence tested for ${type}`);
});

test('all lang files have the same keys', () => {
  const en = Object.keys(LANGS.en).sort();
  for (const code of LANG_CODES) assert.deepEqual(Object.keys(LANGS[code]).sort(), en, `${code} keys differ from en`);
});

for (const code of LANG_CODES) {
  test(`every event sentence in ${code}`, () => {
    for (const { ev, actor, object, actorless } of EVENTS) {
      for (const [role, me] of VIEWERS) {
        const text = render(code, ev, me);
        const what = `${code} ${ev.type}${ev.resource || ev.piece || ev.card ? `(${ev.resource || ev.piece || ev.card})` : ''} read by ${role}: "${text}"`;
        const bad = badText(text);
        assert.equal(bad, null, `${what} — ${bad}`);
        if (code !== 'en') assert.notEqual(text, render('en', ev, me), `${what} — an English fallback`);
        if (code === 'fr') {
          // "À toi de jouer" is French; "Toi accepte", "toi a gagné", "à toi" after a verb are not.
          assert.ok(!/\b[Tt]oi\b/.test(text.replace(/^À toi de jouer/, '')), `${what} — "toi" used as a pronoun`);
        }
        const concerned = !actorless && (me === actor || (object !== undefined && me === object));
        if (ev.type === 'trade_proposed' && ev.to === null) continue; // offered to everyone: readers may or may not count themselves
        assert.equal(YOU[code].test(text), concerned, `${what} — ${concerned ? 'no second-person sentence for the reader concerned' : 'speaks to a reader it does not concern'}`);
      }
    }
  });
}

test('a French sentence for the one acted upon is in the second person', () => {
  setLang('fr');
  const find = (type) => EVENTS.find((x) => x.ev.type === type && !x.ev.resource).ev;
  assert.equal(eventText(find('trade_completed'), doc, 1), 'Hana t’a donné 1 argile contre 1 minerai.');
  assert.equal(eventText(find('trade_accepted'), doc, 0), 'Tu acceptes l’offre de Dmitri.');
  assert.equal(eventText(find('game_won'), doc, 0), 'Tu as gagné avec 10 points !');
  assert.equal(bannerText(doc, { phase: 'game_over', winner: 0, players: [] }, 0), 'Tu as gagné');
  assert.equal(t('hand.total', { n: 1 }), '1 carte');
  assert.equal(t('res.count', { n: 2, res: t('res.ore'), r: 'ore' }), '2 minerais');
});

test('plural forms follow the language', () => {
  setLang('en');
  assert.equal(t('hand.total', { n: 1 }), '1 card');
  assert.equal(t('hand.total', { n: 0 }), '0 cards');
  assert.equal(t('banner.road_building.me', { n: 1 }), 'Place 1 free road');
  setLang('fr');
  assert.equal(t('hand.total', { n: 0 }), '0 carte');
  assert.equal(t('hand.total', { n: 2 }), '2 cartes');
});

test('hints say tap on a touch screen and click with a mouse', () => {
  for (const code of LANG_CODES) {
    setLang(code);
    touch = false;
    const click = [t('mode.road'), t('banner.robber.me')];
    touch = true;
    const tap = [t('mode.road'), t('banner.robber.me')];
    touch = false;
    assert.notDeepEqual(click, tap, `${code}: the same hint for a mouse and a finger`);
    if (code === 'fr') assert.ok(click.every((s) => !/[Tt]ouche/.test(s)), `fr desktop hint says "Touche": ${click}`);
    if (code === 'en') assert.ok(click.every((s) => !/\btap\b/i.test(s)), `en desktop hint says "tap": ${click}`);
  }
});

test('log lines: hex production hidden, answer badges, robber place, Monopoly total', () => {
  const log = [
    { seq: 10, ev: { type: 'dice_rolled', player: 0, dice: [4, 2], sum: 6 } },
    { seq: 10, ev: { type: 'hex_produced', player: 1, hex: 0, resources: R({ ore: 1 }) } },
    { seq: 10, ev: { type: 'produced', player: 1, resources: R({ ore: 1 }) } },
    { seq: 11, ev: { type: 'hex_produced', player: 2, hex: 0, resources: R({ ore: 1 }) } },
    { seq: 12, ev: { type: 'robber_moved', player: 0, hex: 0 } },
    { seq: 12, ev: { type: 'stole', player: 0, victim: 1 } },
    { seq: 13, ev: { type: 'trade_proposed', player: 0, to: null, give: R({ brick: 1 }), want: R({ ore: 1 }) } },
    { seq: 14, ev: { type: 'trade_declined', player: 0, by: 2 } },
    { seq: 15, ev: { type: 'trade_accepted', player: 0, by: 1 } },
    { seq: 16, ev: { type: 'dev_card_played', player: 3, card: 'monopoly' } },
    { seq: 16, ev: { type: 'monopoly_taken', player: 3, from: 0, resource: 'ore', count: 2 } },
    { seq: 16, ev: { type: 'monopoly_taken', player: 3, from: 1, resource: 'ore', count: 3 } },
  ];
  for (const code of LANG_CODES) {
    setLang(code);
    for (const [role, me] of VIEWERS) {
      const lines = logLines(log, doc, me);
      const what = `${code} log read by ${role}`;
      assert.ok(!lines.some((l) => l.type === 'hex_produced'), `${what}: a hex_produced line`);
      assert.equal(lines.length, 7, `${what}: ${lines.map((l) => l.text).join(' | ')}`);
      for (const l of lines) assert.equal(badText(l.text), null, `${what}: "${l.text}"`);
      const declined = lines.find((l) => l.type === 'trade_declined');
      const accepted = lines.find((l) => l.type === 'trade_accepted');
      assert.equal(declined.player, 2, `${what}: a decline carries the proposer's badge`);
      assert.equal(accepted.player, 1, `${what}: an acceptance carries the proposer's badge`);
      const robber = lines.find((l) => l.type === 'robber_moved');
      assert.ok(robber.text.includes(placeName(doc.game.board, 0)) && robber.text.includes('6'), `${what}: the robber line says where: ${robber.text}`);
      const mono = lines.find((l) => l.type === 'monopoly_taken');
      assert.ok(mono.player === 3 && mono.text.includes('5') && mono.text.includes('2') && mono.text.includes('3'), `${what}: the Monopoly total: ${mono.text}`);
    }
  }
  setLang('en');
  const lines = logLines(log, doc, 1);
  assert.equal(lines[1].text, 'Hana moved the robber to the 6 ore.');
  assert.equal(lines[6].text, 'Luc played Monopoly: 5 ore in all (2 from Hana, 3 from you).');
});

test('screen-reader labels are sentences, not bare numbers', () => {
  const topo = { intersections: [{ hexes: [0, 1] }, { hexes: [0, 1, 3] }], paths: [{ intersections: [0, 1] }] };
  const g = { current: 0, me: { vp: 3 }, longest_road: 0, largest_army: null, players: [] };
  const p = { seat: 0, vp: 2, cards: 1, dev_cards: 0, knights: 0, road_length: 5 };
  for (const code of LANG_CODES) {
    setLang(code);
    const labels = [
      spotLabel('node', 1, topo, doc.game.board), spotLabel('path', 0, topo, doc.game.board), spotLabel('hex', 0, topo, doc.game.board),
      playerLabel(doc, g, p, 1), handLabel(R({ brick: 2, ore: 1 })), actionLabel(t('act.road'), R({ brick: 1, lumber: 1 }), null),
    ];
    for (const s of labels) {
      assert.equal(badText(s), null, `${code}: "${s}"`);
      assert.ok(!/(^|\s)\d+(\s+\d+)+(\s|$)/.test(s), `${code}: bare numbers in "${s}"`);
    }
    if (code !== 'en') {
      setLang('en');
      const en = spotLabel('node', 1, topo, doc.game.board);
      setLang(code);
      assert.notEqual(labels[0], en, `${code}: an English spot label`);
    }
  }
  setLang('en');
  assert.equal(spotLabel('node', 1, topo, doc.game.board), 'Settlement spot next to the 6 ore, the 8 grain, the 5 brick');
  assert.equal(playerLabel(doc, g, p, 1), 'Hana, playing now, 2 victory points, 1 resource card, 0 development cards, 0 knights played, road length 5, Longest Road');
  assert.equal(handLabel(R({ brick: 2, ore: 1 })), 'Your hand: 2 brick, 1 ore (3 cards)');
  assert.equal(actionLabel('Road', R({ brick: 1, lumber: 1 }), null), 'Road, costs 1 brick, 1 lumber');
  assert.equal(lang(), 'en');
});

test('the live region says the roll with its production and whose turn it is', () => {
  setLang('en');
  const events = [
    { type: 'dice_rolled', player: 0, dice: [4, 2], sum: 6 },
    { type: 'hex_produced', player: 1, hex: 0, resources: R({ ore: 1 }) },
    { type: 'produced', player: 1, resources: R({ ore: 1 }) },
  ];
  assert.equal(announcement(events, doc, 1), 'Hana rolled 6 — you got 1 ore');
  assert.equal(announcement([{ type: 'turn_ended', player: 0 }, { type: 'turn_started', player: 1, turn: 3 }], doc, 1), 'Your turn.');
  assert.equal(announcement([{ type: 'built', player: 0, piece: 'road', path: 1 }], doc, 1), null);
  setLang('fr');
  assert.equal(announcement(events, doc, 0), 'Tu as fait 6 — Dmitri reçoit 1 minerai');
});

test('"your turn" is toasted when the turn starts, not when the same batch ends the game (R-V3)', () => {
  setLang('en');
  const next = [{ type: 'turn_ended', player: 0 }, { type: 'turn_started', player: 1, turn: 9 }];
  assert.equal(turnToast(next, 1), 'Your turn.');
  assert.equal(turnToast(next, 2), null);
  // Seat 1 bought its tenth point on seat 0's turn: it wins as its turn starts, before rolling.
  assert.equal(turnToast([...next, { type: 'game_won', player: 1, vp: 10 }], 1), null);
});

test('Korean particles follow the sound before them', () => {
  setLang('ko');
  const named = (name) => ({ ...doc, room: { seats: [{ seat: 0, name }, ...doc.room.seats.slice(1)] } });
  const built = { type: 'built', player: 0, piece: 'road', path: 1 };
  assert.equal(eventText(built, named('민준'), 1), '민준이 도로를 지었습니다.');
  assert.equal(eventText(built, named('하나'), 1), '하나가 도로를 지었습니다.');
  assert.equal(eventText(built, named('Bot 2'), 1), 'Bot 2가 도로를 지었습니다.');
  assert.equal(eventText(built, named('Bot 1'), 1), 'Bot 1이 도로를 지었습니다.');
  assert.equal(eventText(built, named('Hana'), 1), 'Hana이(가) 도로를 지었습니다.');
  assert.equal(eventText({ type: 'robber_moved', player: 0, hex: 0 }, doc, 0), '당신은 도둑을 6 광석 지형으로 옮겼습니다.');
});

test('5–6 players and house rules: build phases, the first roll and the build-step banners', () => {
  setLang('en');
  const ev = (o) => EVENTS.find((x) => Object.entries(o).every(([k, v]) => x.ev[k] === v)).ev;
  assert.equal(eventText(ev({ type: 'first_roll', round: 1 }), doc, 1), 'Hana rolled 5 for first player.');
  assert.equal(eventText(ev({ type: 'first_roll', round: 2 }), doc, 0), 'You rolled 12 in the tie-break for first player.');
  assert.equal(eventText(ev({ type: 'build_phase_started', kind: 'paired' }), doc, 2), 'Hana takes the build phase: bank trades and building.');
  assert.equal(eventText(ev({ type: 'build_phase_started', kind: 'special' }), doc, 0), 'Special building phase: you may build and buy cards.');
  const log = [
    { seq: 1, ev: ev({ type: 'first_roll', round: 1 }) },
    { seq: 2, ev: ev({ type: 'build_phase_started', kind: 'special' }) },
  ];
  const lines = logLines(log, doc, 2);
  assert.deepEqual(lines.map((l) => [l.type, l.player]), [['first_roll', 0], ['build_phase_started', 0]], 'each a line with the actor\'s badge');
  assert.equal(announcement([ev({ type: 'first_roll', round: 1 })], doc, 0), 'You rolled 5 for first player.');
  setLang('ko');
  assert.equal(eventText(ev({ type: 'first_roll', round: 1 }), { ...doc, room: { seats: [{ seat: 0, name: '민준' }] } }, 1), '민준이 선 정하기 주사위로 5를 굴렸습니다.');

  // The instruction line: whose build step it is and what may be done, in every language.
  const game = (step, current) => ({ phase: 'main', step, current, turn_player: 1, rolled: true, players: [0, 1, 2, 3, 4, 5].map((seat) => ({ seat })) });
  for (const code of LANG_CODES) {
    setLang(code);
    const normal = bannerText(doc, game('turn', 0), 0);
    for (const step of ['paired_build', 'special_build']) {
      const mineText = bannerText(doc, game(step, 0), 0);
      const otherText = bannerText(doc, game(step, 0), 2);
      const spectator = bannerText(doc, game(step, 0), null);
      for (const s of [mineText, otherText, spectator]) assert.equal(badText(s), null, `${code} ${step}: "${s}"`);
      assert.notEqual(mineText, normal, `${code} ${step}: the acting player's banner says nothing of the build step`);
      assert.ok(YOU[code].test(mineText), `${code} ${step}: "${mineText}" does not speak to the builder`);
      assert.ok(otherText.includes('Hana') && spectator.includes('Hana'), `${code} ${step}: "${otherText}" does not name the builder`);
      assert.ok(!YOU[code].test(otherText), `${code} ${step}: "${otherText}" speaks to a player who does not act`);
      if (code !== 'en') {
        setLang('en');
        const en = bannerText(doc, game(step, 0), 0);
        setLang(code);
        assert.notEqual(mineText, en, `${code} ${step}: an English fallback`);
      }
    }
    assert.notEqual(bannerText(doc, game('paired_build', 0), 0), bannerText(doc, game('special_build', 0), 0), `${code}: the two build steps read the same`);
  }
  setLang('en');
  assert.equal(bannerText(doc, game('paired_build', 0), 0), 'Your build phase: trade with the bank, build');
  assert.equal(bannerText(doc, game('special_build', 3), 0), "Luc's build phase: building, buying cards");
});

test('Seafarers: ships, the pirate, gold fields and island VP in words', () => {
  const sea = { ...doc, game: { board: { terrain: ['sea', 'gold', 'mountains'], numbers: [0, 4, 6], robber: null, pirate: 0 } } };
  for (const code of LANG_CODES) {
    setLang(code);
    const places = [placeName(sea.game.board, 0), placeName(sea.game.board, 1)];
    for (const s of places) assert.equal(badText(s), null, `${code}: "${s}"`);
    assert.ok(places[1].includes('4'), `${code}: the gold field's number: ${places[1]}`);
    assert.notEqual(t('piece.ship'), t('piece.road'), `${code}: a ship is not a road`);
  }
  setLang('en');
  assert.equal(placeName(sea.game.board, 1), 'the 4 gold field');
  assert.equal(eventText({ type: 'built', player: 0, piece: 'ship', path: 3 }, sea, 1), 'Hana built a ship.');
  assert.equal(eventText({ type: 'gold_owed', player: 1, count: 2 }, sea, 1), 'You choose 2 resources from the gold fields.');
  assert.equal(eventText({ type: 'island_settled', player: 2, island: 3, vp: 2 }, sea, 1), 'Sora settled a new island and won 2 victory points.');
  setLang('fr');
  assert.equal(eventText({ type: 'built', player: 0, piece: 'ship', path: 3 }, sea, 0), 'Tu as construit un bateau.');
  assert.equal(eventText({ type: 'pirate_moved', player: 0, hex: 0 }, sea, 1), 'Hana a déplacé le pirate.');
  setLang('ko');
  assert.equal(eventText({ type: 'built', player: 0, piece: 'ship', path: 3 }, sea, 1), 'Hana이(가) 배를 지었습니다.');
  setLang('ja');
  assert.equal(eventText({ type: 'pirate_moved', player: 0, hex: 0 }, sea, 1), 'Hanaが海賊を移動しました。');
  setLang('en');
});

test('face-down hexes (R-SF10): the hex turned up, its number and what it paid, in words', () => {
  const forest = { type: 'hex_revealed', player: 0, hex: 4, terrain: 'forest', number: 9, resources: R({ lumber: 1 }) };
  const gold = { type: 'hex_revealed', player: 1, hex: 5, terrain: 'gold', number: 5, resources: R({}) };
  const sea = { type: 'hex_revealed', player: 0, hex: 6, terrain: 'sea', number: null, resources: R({}) };
  const fog = { ...doc, game: { board: { terrain: ['fog', 'sea', 'forest'], numbers: [null, null, 9] } } };
  setLang('en');
  assert.equal(eventText(forest, doc, 1), 'Hana turned up a forest 9 and took 1 lumber.');
  assert.equal(eventText(forest, doc, 0), 'You turned up a forest 9 and took 1 lumber.');
  assert.equal(eventText(gold, doc, 0), 'Dmitri turned up a gold field 5.');
  assert.equal(eventText(sea, doc, 2), 'Hana turned up open sea.');
  assert.equal(placeName(fog.game.board, 0), 'a face-down hex');
  setLang('fr');
  assert.equal(eventText(forest, doc, 1), 'Hana a découvert une forêt (9) et reçoit 1 bois.');
  assert.equal(eventText(forest, doc, 0), 'Tu as découvert une forêt (9) et reçois 1 bois.');
  setLang('ko');
  assert.equal(eventText(forest, { ...doc, room: { seats: [{ seat: 0, name: '민준' }] } }, 1), '민준이 안개 속에서 9 숲을 발견하고 나무 1장을 받았습니다.');
  assert.equal(eventText(sea, doc, 0), '당신은 안개 속에서 바다를 발견했습니다.');
  setLang('ja');
  assert.equal(eventText(forest, doc, 1), 'Hanaが霧の中から9の森を見つけ、木材1枚を受け取りました。');
  // A line of its own in the log, with the finder's badge, and said in the live region.
  for (const code of LANG_CODES) {
    setLang(code);
    const lines = logLines([{ seq: 3, ev: { type: 'built', player: 0, piece: 'ship', path: 38 } }, { seq: 3, ev: forest }], doc, 2);
    assert.deepEqual(lines.map((l) => [l.type, l.player]), [['built', 0], ['hex_revealed', 0]], `${code}: ${lines.map((l) => l.text).join(' | ')}`);
    assert.ok(lines[1].text.includes('9'), `${code}: the number in "${lines[1].text}"`);
    assert.equal(announcement([forest], doc, 2), lines[1].text, `${code}: the live region`);
    assert.equal(badText(placeName(fog.game.board, 0)), null, `${code}: "${placeName(fog.game.board, 0)}"`);
  }
  setLang('en');
});
