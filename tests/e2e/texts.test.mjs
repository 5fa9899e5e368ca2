// The client's words that a new user found wrong (issue 22), without a browser: each text says what
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
