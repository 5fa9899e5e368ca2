// Start page: your name, create a room (players, points to win), or join one by its code. The choices
// and the name's length are the server's (GET /api/rules): there is no room document here yet.

import { h, replace } from '../dom.js';
import { t } from '../i18n.js';
import { storage } from '../storage.js';
import { langSelect } from '../ui/common.js';
import { toast } from '../ui/toast.js';
import { icon } from '../icons.js';
import { optionValues, optionDefault, nameFieldUnits } from '../rules.js';
import { fetchRules, boardRulesFor, anyBoardRules } from '../server_rules.js';

const CODE_RE = /^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{5}$/;

export function renderHome(app) {
  const params = new URLSearchParams(location.search);
  const seed = params.get('seed'); // tests: a repeatable game
  const nameInput = h('input#name', { type: 'text', autocomplete: 'nickname', placeholder: t('home.name_ph'), value: storage.name(), required: true });
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
    if (!CODE_RE.test(c)) {
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

  replace(
    app,
    h('main.home',
      h('header.home-head', h('h1', icon('settlement', 'logo', '#E69F00'), t('app.title')), langSelect()),
      h('p.tagline', t('home.tagline')),
      h('section.card',
        h('label.field', { for: 'name' }, h('span', t('home.name')), nameInput)),
      h('form.card#create-form', { onsubmit: create },
        h('h2', t('home.create_title')),
        h('div.row2',
          h('label.field', { for: 'players' }, h('span', t('home.players')), players),
          h('label.field', { for: 'vp' }, h('span', t('home.vp')), vp)),
        rulesNote,
        createBtn),
      h('form.card#join-form', { onsubmit: join },
        h('h2', t('home.join_title')),
        h('label.field', { for: 'code' }, h('span', t('home.join_code')), code),
        h('button.big#join', { type: 'submit' }, t('home.join')))),
  );
}
