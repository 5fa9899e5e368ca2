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
  document.documentElement.lang = code;
  for (const fn of listeners) fn(code);
}

export function onLang(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

// Whether the current language has its own text for `key` (no English fallback).
export function hasOwn(key) {
  return LANGS[current][key] !== undefined;
}

// t('key', {n: 2}) — {name} placeholders; a value may also be a function of the params.
export function t(key, params = {}) {
  let v = LANGS[current][key];
  if (v === undefined) v = en[key];
  if (v === undefined) return key;
  if (typeof v === 'function') return v(params);
  return v.replace(/\{(\w+)\}/g, (m, k) => (params[k] === undefined ? m : String(params[k])));
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
