// Start page: your name, create a room (players, points to win), or join one by its code.

import { h, replace } from '../dom.js';
import { t } from '../i18n.js';
import { storage } from '../storage.js';
import { langSelect, NAME_MAX_UNITS } from '../ui/common.js';
import { toast } from '../ui/toast.js';
import { icon } from '../icons.js';

const CODE_RE = /^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{5}$/;

export function renderHome(app) {
  const params = new URLSearchParams(location.search);
  const seed = params.get('seed'); // tests: a repeatable game
  const nameInput = h('input#name', { type: 'text', maxlength: NAME_MAX_UNITS, autocomplete: 'nickname', placeholder: t('home.name_ph'), value: storage.name(), required: true });
  const players = h('select#players', { name: 'players' }, [2, 3, 4, 5, 6].map((n) => h('option', { value: n, selected: n === 4 }, String(n))));
  const vp = h('select#vp', { name: 'vp' }, Array.from({ length: 18 }, (_, i) => i + 3).map((n) => h('option', { value: n, selected: n === 10 }, String(n))));
  const code = h('input#code', { type: 'text', maxlength: 5, autocomplete: 'off', autocapitalize: 'characters', spellcheck: 'false', placeholder: t('home.code_ph'), inputmode: 'text' });
  const createBtn = h('button.primary.big#create', { type: 'submit' }, t('home.create'));

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
        createBtn),
      h('form.card#join-form', { onsubmit: join },
        h('h2', t('home.join_title')),
        h('label.field', { for: 'code' }, h('span', t('home.join_code')), code),
        h('button.big#join', { type: 'submit' }, t('home.join')))),
  );
}
