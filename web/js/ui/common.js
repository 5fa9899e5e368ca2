// Pieces shared by the screens: language picker, resource steppers, error texts.

import { h } from '../dom.js';
import { t, lang, setLang, LANG_NAMES, RESOURCES } from '../i18n.js';
import { resIcon } from '../icons.js';

export function langSelect() {
  const sel = h('select.lang-select', { 'aria-label': t('menu.lang'), onchange: (e) => setLang(e.target.value) });
  for (const [code, name] of Object.entries(LANG_NAMES)) sel.append(h('option', { value: code, selected: code === lang() }, name));
  return sel;
}

// The room's creator chose the seed (a test server, docs/security.md): they can know every roll and
// card, so every player and spectator is told, in the lobby and all through the game.
export function unfairWarning(room) {
  if (!room.seed_chosen) return null;
  return h('p.unfair-warning#unfair-warning', { role: 'alert' }, `⚠ ${t('unfair.warning')}`);
}

export function errorText(err) {
  if (!err) return '';
  const k = `err.${err.code}`;
  const v = t(k);
  return v !== k ? v : t('err.generic', { message: err.message || err.code });
}

// A row of + / − counters, one per resource. `value` is the selection, `max` per resource (or a
// number), `onChange(next)` receives the new selection.
export function resourceSteppers({ value, max, onChange, name, hand }) {
  const wrap = h('div.steppers', { dataset: { name: name || '' } });
  for (const r of RESOURCES) {
    const n = value[r] || 0;
    const limit = typeof max === 'number' ? max : max?.[r] ?? 0;
    const dec = h('button.step.dec', { type: 'button', 'aria-label': `− ${t(`res.${r}`)}`, disabled: n <= 0, onclick: () => onChange({ ...value, [r]: n - 1 }) }, '−');
    const inc = h('button.step.inc', { type: 'button', 'aria-label': `+ ${t(`res.${r}`)}`, disabled: n >= limit, onclick: () => onChange({ ...value, [r]: n + 1 }) }, '+');
    wrap.append(
      h(`div.stepper.res-${r}`, { dataset: { res: r } },
        h('div.stepper-label', resIcon(r), h('span.res-name', t(`res.${r}`)), hand ? h('span.have', `(${hand[r] || 0})`) : null),
        h('div.stepper-ctl', dec, h('output.count', { 'aria-live': 'polite' }, String(n)), inc)),
    );
  }
  return wrap;
}

export function resChips(set, cls = 'res-chips') {
  const wrap = h(`span.${cls}`);
  for (const r of RESOURCES) {
    const n = set?.[r] || 0;
    if (n > 0) wrap.append(h('span.res-chip', { title: t(`res.${r}`) }, resIcon(r), h('b', String(n))));
  }
  if (!wrap.childNodes.length) wrap.append(h('span.muted', t('nothing')));
  return wrap;
}

export function sum(set) {
  return RESOURCES.reduce((a, r) => a + (set?.[r] || 0), 0);
}
