// The client's words that a new user found wrong, without a browser: each text says what
// the room's rules say, in en, fr, ko and ja.
//
//   node --test tests/e2e/texts.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';

globalThis.matchMedia = () => ({ matches: false });

const web = new URL('../../web/js/', import.meta.url);
const { setLang } = await import(new URL('i18n.js', web));
const format = await import(new URL('format.js', web));

const LANGS = ['en', 'fr', 'ko', 'ja'];

test('the discard help names the room\'s discard limit, not always 7', () => {
  for (const code of LANGS) {
    setLang(code);
    for (const n of [7, 9, 12]) {
      const text = format.discardHelp({ options: { discard_limit: n } });
      assert.match(text, new RegExp(`(^|\\D)${n}(\\D|$)`), `${code}: "${text}" names the limit ${n}`);
      // The 7 rolled is named once; a second 7 would be the box's limit, not the room's.
      if (n !== 7) assert.equal((text.match(/(^|\D)7(?=\D|$)/g) || []).length, 1, `${code}: "${text}" names no limit of 7`);
    }
  }
});

// Words between which an apostrophe sits ("Ana's", "l’offre"): one kind per language, not a mix.
test('each language writes its apostrophes one way', async () => {
  const fs = await import('node:fs');
  for (const code of LANGS) {
    const text = fs.readFileSync(new URL(`lang/${code}.js`, web), 'utf8');
    const straight = text.match(/[\p{L}}]'[\p{L}{]/gu) || [];
    const curly = text.match(/[\p{L}}]’[\p{L}{]/gu) || [];
    assert.ok(!(straight.length && curly.length), `${code}: ${straight.length} straight and ${curly.length} curly apostrophes (${curly.slice(0, 3).join(' ')} | ${straight.slice(0, 3).join(' ')})`);
  }
});

// The French rule book calls the robber "les Voleurs": every French text says it so, never "le voleur".
test('French names the robber one way: les Voleurs', async () => {
  const fs = await import('node:fs');
  const text = fs.readFileSync(new URL('lang/fr.js', web), 'utf8');
  const other = (text.match(/[^\n]*\bvoleurs?\b[^\n]*/gi) || []).filter((line) => /\bvoleurs?\b/i.test(line.replace(/\bVoleurs\b/g, '')));
  assert.deepEqual(other, [], 'lines naming the robber otherwise');
});

// A bot the host seated is named in the reader's language; a person called "Bot 1" keeps the name.
test('bots are named in the reader\'s language', () => {
  const doc = { room: { seats: [{ seat: 0, name: 'Bot 1', bot: null }, { seat: 1, name: 'Bot 2', bot: 'basic' }] } };
  const want = { en: 'Bot 2', fr: 'Robot 2', ko: '봇 2', ja: 'ボット2' };
  for (const code of LANGS) {
    setLang(code);
    assert.equal(format.seatName(doc, 1), want[code], code);
    assert.equal(format.seatName(doc, 0), 'Bot 1', `${code}: a person's name`);
  }
});

// The first player by dice (R-O5): the log tells the roll-off round by round and ends with who starts
// (the game's first_player), for everyone in every language.
test('the roll-off for the first player ends with who starts', () => {
  const doc = { room: { seats: [{ seat: 0, name: 'Ana' }, { seat: 1, name: 'Bo' }] }, game: { first_player: 1 } };
  const log = [
    { type: 'first_roll', player: 0, dice: [3, 5], round: 1 },
    { type: 'first_roll', player: 1, dice: [4, 4], round: 1 },
    { type: 'first_roll', player: 0, dice: [1, 3], round: 2 },
    { type: 'first_roll', player: 1, dice: [6, 3], round: 2 },
  ].map((ev) => ({ seq: 1, ev }));
  for (const code of LANGS) {
    setLang(code);
    for (const me of [null, 0, 1]) {
      const lines = format.logLines(log, doc, me);
      const last = lines[lines.length - 1];
      assert.equal(lines.length, 5, `${code}: four rolls and who starts`);
      assert.equal(last.player, 1, code);
      assert.ok(me === 1 ? !last.text.includes('Bo') : last.text.includes('Bo'), `${code} (${me}): "${last.text}"`);
      assert.doesNotMatch(last.text, /[{}]|undefined/, code);
    }
  }
});

// While a bot plays a seat for its absent person (the room's bot_took_over .. player_returned), the log
// names the bot for that seat's moves: "Bo's bot declined…", to Bo "Your bot declined…", never "You…".
test('a bot\'s moves for an absent player are the bot\'s in the log', () => {
  const doc = { room: { seats: [{ seat: 0, name: 'Ana' }, { seat: 1, name: 'Bo' }] }, game: {} };
  const log = [
    { type: 'trade_proposed', player: 0, to: 1, give: { ore: 1 }, want: { wool: 1 } },
    { type: 'bot_took_over', player: 1 },
    { type: 'trade_declined', player: 0, by: 1 },
    { type: 'built', player: 1, piece: 'road', path: 3 },
    { type: 'player_returned', player: 1 },
    { type: 'built', player: 1, piece: 'road', path: 4 },
  ].map((ev, i) => ({ seq: i + 1, ev }));
  const you = { en: /\byour?\b/i, fr: /\b(tu|ton|ta)\b/i, ko: /당신/, ja: /あなた/ };
  for (const code of LANGS) {
    setLang(code);
    const bo = format.logLines(log, doc, 1).map((l) => l.text);
    const ana = format.logLines(log, doc, 0).map((l) => l.text);
    assert.equal(bo.length, 6, code);
    // Bo reads the bot's two moves as his bot's, his own later road as his.
    for (const i of [2, 3]) assert.match(bo[i], you[code], `${code}: "${bo[i]}" says it was Bo's bot`);
    assert.notEqual(bo[2], format.logLines([log[2]], doc, 1)[0].text, `${code}: not "you declined"`);
    assert.notEqual(bo[3], format.logLines([log[5]], doc, 1)[0].text.replace(/4/, '3'), `${code}: not "you built"`);
    // Ana reads them as Bo's bot's, and the notes.
    for (const i of [2, 3]) assert.ok(ana[i].includes('Bo') && ana[i] !== format.logLines([log[i]], doc, 0)[0].text, `${code}: "${ana[i]}"`);
    assert.ok(ana[1].includes('Bo') && ana[4].includes('Bo'), `${code}: the notes name Bo`);
    assert.equal(ana[5], format.logLines([log[5]], doc, 0)[0].text, `${code}: back, Bo's road is his`);
  }
});
