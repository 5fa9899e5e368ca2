// The lobby: the room link (copy button, big code, QR code), the seats, and the host's controls.

import { h, replace } from '../dom.js';
import { t } from '../i18n.js';
import { seatBadge } from '../icons.js';
import { qrElement } from '../qr.js';
import { langSelect, unfairWarning } from '../ui/common.js';
import { toast } from '../ui/toast.js';
import { deviceLinkSection } from '../ui/menu.js';

let qrCache = { url: null, el: null };

export function roomUrl(code) {
  return `${location.origin}/r/${code}`;
}

export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Clipboard API unavailable (plain http on a LAN address): select-and-copy fallback.
    const ta = h('textarea', { style: { position: 'fixed', opacity: '0' } }, text);
    document.body.append(ta);
    ta.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    ta.remove();
    return ok;
  }
}

// An empty seat's host controls: a level and "Add a bot".
function addBotControls(seat, store) {
  const level = h('select.bot-level', { 'aria-label': t('bot.level_title') },
    ['random', 'basic', 'strong'].map((l) => h('option', { value: l, selected: l === 'basic' }, t(`bot.level.${l}`))));
  return [level, h('button.small.add-bot', { type: 'button', onclick: () => store.send({ type: 'add_bot', seat, level: level.value }) }, t('bot.add'))];
}

// Removing a person takes a second tap ("Remove Ana?"); a bot goes at once (it can be seated again).
let askingKick = null; // the seat whose removal the host is asked to confirm
function kickControls(seat, name, store) {
  const wrap = h('span.kick-controls');
  const show = () => {
    if (askingKick !== seat) {
      replace(wrap, h('button.small.kick', { type: 'button', 'aria-label': `${t('lobby.kick')}: ${name}`, onclick: () => { askingKick = seat; show(); } }, t('lobby.kick')));
      return;
    }
    replace(wrap, h('span.kick-ask', { role: 'alert' }, t('lobby.kick_confirm', { name })),
      h('button.small.primary.kick-yes', { type: 'button', onclick: () => { askingKick = null; store.send({ type: 'kick', seat }); } }, t('lobby.kick_yes')),
      h('button.small.kick-no', { type: 'button', onclick: () => { askingKick = null; show(); } }, t('lobby.kick_no')));
  };
  show();
  return wrap;
}

// The grace period before a bot plays a disconnected player's seat: seconds, or 'never'.
function takeoverChoices(current) {
  const choices = [15, 30, 60, 120, 300, 'never'];
  return choices.includes(current) ? choices : [...choices, current];
}
function takeoverText(v) {
  if (v === 'never') return t('lobby.takeover_never');
  return v % 60 === 0 && v > 0 ? t('lobby.takeover_min', { n: v / 60 }) : t('lobby.takeover_s', { n: v });
}

// The turn timer (docs/protocol.md, "Turn timer"): seconds per turn, 0 for none.
const TURN_TIMERS = [0, 60, 90, 120];
function turnTimerText(v) {
  return v ? t('lobby.turn_timer_s', { n: v }) : t('lobby.turn_timer_off');
}

const VP_TARGETS = Array.from({ length: 18 }, (_, i) => i + 3); // 3..20 (R-O1)
const DISCARD_LIMITS = Array.from({ length: 17 }, (_, i) => i + 4); // 4..20 (R-O2)
const FLAGS = ['friendly_robber', 'balanced_board', 'first_by_dice']; // R-O3, R-O4, R-O5
const TURN_STRUCTURES = ['paired', 'special_build']; // R-X6, R-X7

function setOption(store, name, value) {
  store.send({ type: 'set_options', options: { [name]: value } });
}

// An option the room doc leaves out has its default (the rule of the box).
const discardLimit = (options) => options.discard_limit ?? 7; // R-7a's 7 unless the host chose
const turnStructure = (options) => options.turn_structure ?? 'paired'; // R-X6 is the default
const PLAYER_COUNTS = [2, 3, 4, 5, 6]; // 5 and 6 on the large board (R-X1)
// The turn structure only means something with 5 or 6 players (R-X6, R-X7).
function largeGame(options) {
  return options.players >= 5;
}

// One option with its one-line explanation (tied to the control for screen readers).
function optionField(id, label, control, help) {
  return h(`div.opt-field#opt-field-${id}`,
    h('label.field', { for: `opt-${id}` }, h('span', label), control),
    h(`p.opt-help#opt-${id}-help`, help));
}
function optionCheck(id, label, checked, onchange, help) {
  return h(`div.opt-field.opt-check#opt-field-${id}`,
    h('label.check', { for: `opt-${id}` },
      h(`input#opt-${id}`, { type: 'checkbox', checked, 'aria-describedby': `opt-${id}-help`, onchange }), h('span', label)),
    h(`p.opt-help#opt-${id}-help`, help));
}

// The host's house rules (R-O2..R-O5) and, with 5 or 6 players, the turn structure (R-X6/R-X7).
function houseRuleControls(options, store) {
  const discard = h('select#opt-discard_limit', { 'aria-describedby': 'opt-discard_limit-help', onchange: (e) => setOption(store, 'discard_limit', Number(e.target.value)) },
    DISCARD_LIMITS.map((n) => h('option', { value: n, selected: n === discardLimit(options) }, String(n))));
  const structure = largeGame(options)
    ? optionField('turn_structure', t('opt.turn_structure'),
        h('select#opt-turn_structure', { 'aria-describedby': 'opt-turn_structure-help', onchange: (e) => setOption(store, 'turn_structure', e.target.value) },
          TURN_STRUCTURES.map((v) => h('option', { value: v, selected: v === turnStructure(options) }, t(`opt.turn_structure.${v}`)))),
        t(`opt.turn_structure.${turnStructure(options)}.help`))
    : null;
  return h('div.house-rules#house-rules',
    structure,
    h('h3', t('opt.house_rules')),
    optionField('discard_limit', t('opt.discard_limit'), discard, t('opt.discard_limit.help', { n: discardLimit(options) })),
    FLAGS.map((f) => optionCheck(f, t(`opt.${f}`), !!options[f], (e) => setOption(store, f, e.target.checked), t(`opt.${f}.help`))));
}

// The same choices as words, for everyone but the host.
function houseRulesShown(options) {
  return h('div.house-rules#house-rules',
    largeGame(options) ? h('p#opt-turn_structure-shown', `${t('opt.turn_structure')}: ${t(`opt.turn_structure.${turnStructure(options)}`)} — ${t(`opt.turn_structure.${turnStructure(options)}.help`)}`) : null,
    h('p#opt-discard_limit-shown', `${t('opt.discard_limit')}: ${discardLimit(options)} — ${t('opt.discard_limit.help', { n: discardLimit(options) })}`),
    FLAGS.filter((f) => options[f]).map((f) => h(`p#opt-${f}-shown`, `${t(`opt.${f}`)} — ${t(`opt.${f}.help`)}`)));
}

export function renderLobby(main, state, store) {
  const room = state.doc.room;
  const url = roomUrl(room.code);
  if (qrCache.url !== url) qrCache = { url, el: qrElement(url, t('lobby.qr_alt')) };
  const isHost = state.host && room.host === state.seat;
  const seated = room.seats.filter((x) => x.name);
  const bySeat = new Map(seated.map((x) => [x.seat, x]));

  const copy = async () => {
    const ok = await copyText(url);
    toast(ok ? t('lobby.copied') : url, ok ? 'info' : 'error');
  };

  const seatRows = [];
  const last = Math.max(room.options.players, ...seated.map((x) => x.seat + 1));
  for (let i = 0; i < last; i++) {
    const entry = bySeat.get(i);
    if (!entry) {
      seatRows.push(h('li.seat.empty', { dataset: { seat: i } }, seatBadge(i), h('span.seat-name.muted', t('lobby.empty_seat')),
        isHost && i < room.options.players ? h('span.seat-controls', addBotControls(i, store)) : null));
      continue;
    }
    const me = i === state.seat;
    const controls = [];
    if (isHost && i > 0) controls.push(h('button.small.move-up', { type: 'button', title: t('lobby.move_up'), 'aria-label': `${t('lobby.move_up')}: ${entry.name}`, onclick: () => store.send({ type: 'move_seat', seat: i, to: i - 1 }) }, '↑'));
    const removal = entry.bot ? { type: 'remove_bot', seat: i } : { type: 'kick', seat: i };
    if (isHost && !me) controls.push(entry.bot ? h('button.small.kick', { type: 'button', 'aria-label': `${t('lobby.kick')}: ${entry.name}`, onclick: () => store.send(removal) }, t('lobby.kick')) : kickControls(i, entry.name, store));
    seatRows.push(
      h(`li.seat${me ? '.me' : ''}`, { dataset: { seat: i } },
        seatBadge(i),
        h('span.seat-name', entry.name, me ? h('span.tag', t('lobby.you')) : null, room.host === i ? h('span.tag.host', t('lobby.host')) : null),
        entry.bot
          ? h('span.tag.bot', { title: t('bot.level_title') }, `${t('bot.badge')} · ${t(`bot.level.${entry.bot}`)}`)
          : h(`span.presence.${entry.connected ? 'on' : 'off'}`, { title: entry.connected ? t('lobby.connected') : t('lobby.disconnected') }, h('span.dot'), entry.connected ? t('lobby.connected') : t('lobby.disconnected')),
        h('span.seat-controls', controls)),
    );
  }

  const options = isHost
    ? h('section.card.options',
        h('h2', t('lobby.options')),
        h('div.row2',
          h('label.field', h('span', t('home.players')),
            h('select#opt-players', { onchange: (e) => setOption(store, 'players', Number(e.target.value)) },
              PLAYER_COUNTS.map((n) => h('option', { value: n, selected: n === room.options.players }, String(n))))),
          h('label.field', h('span', t('home.vp')),
            h('select#opt-vp', { onchange: (e) => setOption(store, 'vp_target', Number(e.target.value)) },
              VP_TARGETS.map((n) => h('option', { value: n, selected: n === room.options.vp_target }, String(n))))),
          h('label.field', h('span', t('lobby.takeover')),
            h('select#opt-takeover', { onchange: (e) => setOption(store, 'takeover_after', e.target.value === 'never' ? 'never' : Number(e.target.value)) },
              takeoverChoices(room.options.takeover_after).map((v) => h('option', { value: v, selected: v === room.options.takeover_after }, takeoverText(v))))),
          h('label.field', h('span', t('lobby.turn_timer')),
            h('select#opt-timer', { 'aria-describedby': 'opt-timer-help', onchange: (e) => setOption(store, 'turn_timer', Number(e.target.value)) },
              TURN_TIMERS.map((v) => h('option', { value: v, selected: v === (room.options.turn_timer ?? 0) }, turnTimerText(v)))))),
        h('p.hint#opt-timer-help', t('lobby.turn_timer_help')),
        houseRuleControls(room.options, store))
    : h('section.card.options', h('p', `${t('home.players')}: ${room.options.players} · ${t('home.vp')}: ${room.options.vp_target} · ${t('lobby.takeover')}: ${takeoverText(room.options.takeover_after)}`),
        h('p#opt-timer-shown', `${t('lobby.turn_timer')}: ${turnTimerText(room.options.turn_timer ?? 0)}`, room.options.turn_timer ? ` — ${t('lobby.turn_timer_help')}` : ''),
        houseRulesShown(room.options));

  const startOk = seated.length >= 2;
  const start = isHost
    ? h('div.start-box',
        h('button.primary.big#start', { type: 'button', 'aria-disabled': String(!startOk), class: startOk ? '' : 'disabled', onclick: () => (startOk ? store.send({ type: 'start' }) : toast(t('lobby.start_need'), 'error')) }, t('lobby.start')),
        startOk ? null : h('p.reason', t('lobby.start_need')))
    : h('p.muted.center', t('lobby.wait_host'));

  replace(
    main,
    h('main.lobby',
      h('header.room-head', h('a.home-link', { href: '/' }, t('app.title')), h('h1', t('lobby.title')), langSelect()),
      unfairWarning(room),
      h('section.card.share',
        h('p', t('lobby.share')),
        h('div.share-grid',
          h('div.share-text',
            h('div.code-label', t('lobby.code')),
            h('div.big-code#room-code', { 'aria-label': t('lobby.code') }, room.code),
            h('div.url-row', h('input.url#room-url', { type: 'text', readonly: true, value: url, 'aria-label': t('menu.room_link'), onfocus: (e) => e.target.select() }),
              h('button.primary#copy-link', { type: 'button', onclick: copy }, t('lobby.copy')))),
          qrCache.el)),
      h('section.card',
        h('h2', t('lobby.seats'), room.spectators ? h('span.muted', ` · ${t('lobby.spectators', { n: room.spectators })}`) : null),
        h('ul.seats#seats', seatRows)),
      options,
      start,
      state.seat !== null ? deviceLinkSection(state) : null,
      h('div.center', h('button.link#leave', { type: 'button', onclick: () => { store.leave(); location.assign('/'); } }, t('lobby.leave')))),
  );
}
