// Translations: en, fr, ko, ja (the languages of the rule texts, with their terms). The language
// comes from the saved choice, else the browser's, else English; setLang() switches and re-renders.

import en from './lang/en.js';
import fr from './lang/fr.js';
import ko from './lang/ko.js';
import ja from './lang/ja.js';
import { storage } from './storage.js';

export const LANGS = { en, fr, ko, ja };
export const LANG_NAMES = { en: 'English', fr: 'Français', ko: '한국어', ja: '日本語' };

let current = 'en';
const listeners = new Set();

function pick() {
  const saved = storage.lang();
  if (saved && LANGS[saved]) return saved;
  const prefs = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || 'en'];
  for (const p of prefs) {
    const base = String(p).toLowerCase().split('-')[0];
    if (LANGS[base]) return base;
  }
  return 'en';
}

export function initLang() {
  current = pick();
  document.documentElement.lang = current;
}

export function lang() {
  return current;
}

export function setLang(code) {
  if (!LANGS[code]) return;
  current = code;
  storage.setLang(code);
  if (globalThis.document) document.documentElement.lang = code;
  for (const fn of listeners) fn(code);
}

export function onLang(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

// Whether the main pointer is a finger: hints say "tap" on touch screens and "click" with a mouse.
export function touchInput() {
  return !!globalThis.matchMedia?.('(pointer: coarse)').matches;
}

let rules = null;
function pluralCategory(n) {
  if (!rules || rules.resolvedOptions().locale.split('-')[0] !== current) rules = new Intl.PluralRules(current);
  return rules.select(Number(n));
}

// A value is a string with {name} placeholders, a function of the params, or an object choosing a form:
// {touch, click} by the input device, or plural forms {one, few, many, other} by params.n following the
// language's plural rules (Intl.PluralRules: French "1 carte, 0 carte", English "0 cards").
function resolve(v, params) {
  for (let depth = 0; v && typeof v === 'object' && depth < 3; depth++) {
    if ('touch' in v || 'click' in v) v = touchInput() ? v.touch : v.click;
    else v = v[pluralCategory(params.n)] ?? v.other;
  }
  return typeof v === 'function' ? v(params) : v;
}

// t('key', {n: 2}) — the current language's text, else English, else the key itself.
export function t(key, params = {}) {
  let v = LANGS[current][key];
  if (v === undefined) v = en[key];
  if (v === undefined) return key;
  v = resolve(v, params);
  if (typeof v !== 'string') return key;
  const out = v.replace(/\{(\w+)\}/g, (m, k) => (params[k] === undefined ? m : String(params[k])));
  return current === 'ko' ? koreanParticles(out) : out;
}

// Korean particles depend on the sound before them: 이/가, 을/를, 은/는, 과/와 and (으)로 after a
// syllable with or without a final consonant. Texts write both forms ("이(가)"); after a Hangul
// syllable or a digit (read in Sino-Korean: 일, 이, 삼… and 십, 백 for a final 0) the right one is
// picked, after a Latin name both stay.
const PARTICLES = { '이(가)': ['이', '가'], '을(를)': ['을', '를'], '은(는)': ['은', '는'], '과(와)': ['과', '와'] };
const DIGIT_FINAL = { 0: 1, 1: 8, 2: 0, 3: 1, 4: 0, 5: 0, 6: 1, 7: 8, 8: 8, 9: 0 }; // 0: none, 8: ㄹ, 1: another
function koreanParticles(s) {
  return s.replace(/([\uAC00-\uD7A30-9])(이\(가\)|을\(를\)|은\(는\)|과\(와\)|\(으\)로)/g, (m, ch, p) => {
    const final = /[0-9]/.test(ch) ? DIGIT_FINAL[ch] : (ch.charCodeAt(0) - 0xac00) % 28; // 0: none, 8: ㄹ
    if (p === '(으)로') return ch + (final === 0 || final === 8 ? '로' : '으로');
    return ch + PARTICLES[p][final === 0 ? 1 : 0];
  });
}

export const RESOURCES = ['brick', 'lumber', 'wool', 'grain', 'ore'];
export const DEV_CARDS = ['knight', 'road_building', 'invention', 'monopoly', 'victory_point'];

// "2 brick, 1 ore" in the current language.
export function resList(set) {
  const parts = [];
  for (const r of RESOURCES) {
    const n = set?.[r] || 0;
    if (n > 0) parts.push(t('res.count', { n, res: t(`res.${r}`), r }));
  }
  return parts.length ? parts.join(t('list.sep')) : t('nothing');
}
