// Start page: your name, the games this browser holds a seat in, create a room (players, points to win,
// live or turn-based), or join one by its code. The choices and the name's length are the server's
// (GET /api/rules): there is no room document here yet.

import { h, replace } from '../dom.js';
import { t } from '../i18n.js';
import { storage } from '../storage.js';
import { langSelect } from '../ui/common.js';
import { toast } from '../ui/toast.js';
import { icon } from '../icons.js';
import { optionValues, optionDefault, nameFieldUnits } from '../rules.js';
import { fetchRules, boardRulesFor, anyBoardRules } from '../server_rules.js';
import { myGames } from '../ui/my_games.js';
import { hourChoices } from '../ui/pace_options.js';
import { ROOM_CODE } from '../room_route.js';

export function renderHome(app) {
  const params = new URLSearchParams(location.search);
  const seed = params.get('seed'); // tests: a repeatable game
  const nameInput = h('input#name', { type: 'text', autocomplete: 'nickname', placeholder: t('home.name_ph'), value: storage.name(), required: true,
    // Enter in the name joins the room whose code is typed, else creates one (the name is outside both forms).
    onkeydown: (e) => {
      if (e.key !== 'Enter' || e.isComposing) return;
      e.preventDefault();
      if (code.value.trim()) joinForm.requestSubmit();
      else if (!createBtn.disabled) createForm.requestSubmit();
    } });
  const players = h('select#players', { name: 'players', disabled: true, onchange: () => fillVp() });
  let vpPicked = false; // the person chose the points: a change of board keeps them while allowed
  const vp = h('select#vp', { name: 'vp', disabled: true, onchange: () => { vpPicked = true; } });
  const rulesNote = h('p.muted.small#rules-note', { role: 'status' }, t('home.rules_loading'));
  let rules = null;
  // The points to win of the board the chosen player count plays (R-X1), with its default.
  const fillVp = () => {
    const board = boardRulesFor(rules, Number(players.value));
    const keep = vpPicked ? Number(vp.value) : optionDefault(board, 'vp_target');
    const allowed = optionValues(board, 'vp_target');
    const pick = allowed.includes(keep) ? keep : optionDefault(board, 'vp_target');
    replace(vp, allowed.map((n) => h('option', { value: n, selected: n === pick }, String(n))));
  };
  // Live, or turn-based with the hours each move may take and what happens when they run out.
  const hours = h('select#turn-hours', { name: 'turn_hours' });
  const onTimeout = h('select#on-timeout', { name: 'on_timeout' },
    ['bot', 'wait'].map((v) => h('option', { value: v }, t(`home.on_timeout.${v}`))));
  const turnBasedFields = h('div.row2#turn-based-fields', { hidden: true },
    h('label.field', { for: 'turn-hours' }, h('span', t('home.turn_hours')), hours),
    h('label.field', { for: 'on-timeout' }, h('span', t('home.on_timeout')), onTimeout));
  const pace = h('select#pace', { name: 'pace', disabled: true, onchange: () => { turnBasedFields.hidden = pace.value !== 'turn_based'; } },
    ['live', 'turn_based'].map((v) => h('option', { value: v }, t(`home.pace.${v}`))));
  const code = h('input#code', { type: 'text', maxlength: 5, autocomplete: 'off', autocapitalize: 'characters', spellcheck: 'false', placeholder: t('home.code_ph'), inputmode: 'text' });
  const createBtn = h('button.primary.big#create', { type: 'submit', disabled: true }, t('home.create'));
  fetchRules().then((r) => {
    rules = r;
    const any = anyBoardRules(r);
    const units = nameFieldUnits(r.limits);
    if (units) nameInput.maxLength = units;
    const counts = optionValues(any, 'players');
    if (!counts.length) throw new Error('no player counts');
    replace(players, counts.map((n) => h('option', { value: n, selected: n === optionDefault(any, 'players') }, String(n))));
    fillVp();
    const range = r.limits?.turn_hours;
    if (range) { // a server without turn-based rooms states no range: the choice is not offered
      replace(hours, hourChoices(range.default, range).map((n) => h('option', { value: n, selected: n === range.default }, t('home.hours', { n }))));
      pace.disabled = false;
    } else {
      pace.closest('.field')?.remove();
    }
    players.disabled = vp.disabled = createBtn.disabled = false;
    rulesNote.remove();
  }).catch(() => {
    // Joining by code needs none of it; a room is only created with choices the server stated.
    rulesNote.id = 'rules-error';
    rulesNote.className = 'error';
    rulesNote.setAttribute('role', 'alert');
    rulesNote.textContent = t('home.rules_failed');
  });

  const needName = () => {
    const name = nameInput.value.trim();
    if (!name) {
      toast(t('home.need_name'), 'error');
      nameInput.focus();
      return null;
    }
    storage.setName(name);
    return name;
  };

  const create = async (e) => {
    e.preventDefault();
    const name = needName();
    if (!name) return;
    createBtn.disabled = true;
    createBtn.textContent = t('home.creating');
    try {
      const body = { players: Number(players.value), vp_target: Number(vp.value) };
      if (pace.value === 'turn_based') Object.assign(body, { pace: 'turn_based', turn_hours: Number(hours.value), on_timeout: onTimeout.value });
      if (seed && /^[0-9]{1,20}$/.test(seed)) body.seed = seed;
      const res = await fetch('/api/rooms', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const data = await res.json();
      if (!res.ok) throw new Error(data.message || res.statusText);
      storage.setHostKey(data.code, data.host_key);
      storage.setAutoJoin(data.code, name);
      location.assign(`/r/${data.code}`);
    } catch (err) {
      toast(String(err.message || err), 'error');
      createBtn.disabled = false;
      createBtn.textContent = t('home.create');
    }
  };

  const join = (e) => {
    e.preventDefault();
    const c = code.value.trim().toUpperCase();
    if (!ROOM_CODE.test(c)) {
      toast(t('home.bad_code'), 'error');
      code.focus();
      return;
    }
    const name = nameInput.value.trim();
    if (name) {
      storage.setName(name);
      if (!storage.token(c)) storage.setAutoJoin(c, name);
    }
    location.assign(`/r/${c}`);
  };

  const createForm = h('form.card#create-form', { onsubmit: create },
    h('h2', t('home.create_title')),
    h('div.row2',
      h('label.field', { for: 'players' }, h('span', t('home.players')), players),
      h('label.field', { for: 'vp' }, h('span', t('home.vp')), vp)),
    h('label.field', { for: 'pace' }, h('span', t('home.pace')), pace),
    turnBasedFields,
    rulesNote,
    createBtn);
  const joinForm = h('form.card#join-form', { onsubmit: join },
    h('h2', t('home.join_title')),
    h('label.field', { for: 'code' }, h('span', t('home.join_code')), code),
    h('button.big#join', { type: 'submit' }, t('home.join')));
  replace(
    app,
    h('main.home',
      h('header.home-head', h('h1', icon('settlement', 'logo', '#E69F00'), t('app.title')), langSelect()),
      h('p.tagline', t('home.tagline')),
      myGames(),
      h('section.card',
        h('label.field', { for: 'name' }, h('span', t('home.name')), nameInput)),
      createForm,
      joinForm),
  );
}
