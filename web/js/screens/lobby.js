// The lobby: the room link (copy button, big code, QR code), the seats, and the host's controls.

import { h, replace } from '../dom.js';
import { t } from '../i18n.js';
import { isSeaBoard, displayName } from '../format.js';
import { seatBadge } from '../icons.js';
import { qrElement } from '../qr.js';
import { bigScreenSection } from '../ui/big_screen.js';
import { pickAddress, shareBase } from '../share.js';
import { langSelect, unfairWarning } from '../ui/common.js';
import { toast } from '../ui/toast.js';
import { deviceLinkSection } from '../ui/menu.js';
import { paceSection } from '../ui/pace_options.js';
import { gameRules, optionValues, optionDefault, roomLimits } from '../rules.js';
import { fetchRules, fetchBoard } from '../server_rules.js';
import { scenarioPreview } from '../board.js';

let qrCache = { url: null, el: null };

// The link friends open: on a page opened at 127.0.0.1 it is the server's LAN address (share.js).
export function roomUrl(code) {
  return `${shareBase().base}/r/${code}`;
}

// A sentence with the server's flags ("--listen 0.0.0.0:8080") set as code that never breaks across lines.
function withFlags(text) {
  return text.split(/(--[a-z][a-z-]*(?: [0-9][0-9.:]*)?)/).map((part, i) => (i % 2 ? h('code', part) : part));
}

// Why the link is not the address in the address bar: friends cannot open 127.0.0.1.
function shareWarning() {
  const share = shareBase();
  if (!share.warning) return null;
  const host = location.hostname;
  if (share.warning !== 'lan') return h('p.share-warning#share-warning', { role: 'status' }, withFlags(t(`share.warn_${share.warning}`, { host })));
  return h('div.share-warning#share-warning', { role: 'status' },
    h('p', t('share.warn_lan', { host })),
    share.choices.length > 1
      ? h('label.field.share-pick', h('span', t('share.pick')),
          h('select#share-address', { onchange: (e) => pickAddress(e.target.value) },
            share.choices.map((c) => h('option', { value: c, selected: c === share.base }, c.replace(/^https?:\/\//, '')))))
      : null);
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
      replace(wrap, h('button.small.kick', { type: 'button', 'aria-label': `${t('lobby.kick')}: ${name}`, onclick: () => { askingKick = seat; show(); wrap.querySelector('.kick-no')?.focus(); } }, t('lobby.kick')));
      return;
    }
    replace(wrap, h('span.kick-ask', { role: 'alert' }, t('lobby.kick_confirm', { name })),
      h('button.small.primary.kick-yes', { type: 'button', onclick: () => { askingKick = null; store.send({ type: 'kick', seat }); } }, t('lobby.kick_yes')),
      h('button.small.kick-no', { type: 'button', onclick: () => { askingKick = null; show(); wrap.querySelector('.kick')?.focus(); } }, t('lobby.kick_no')));
  };
  show();
  return wrap;
}

// The grace period before a bot plays a disconnected player's seat: seconds, or 'never'. The
// presets are the client's; those past the room's limit (doc.room.limits) are left out.
function takeoverChoices(current, limits) {
  const most = limits.takeover_after?.max ?? Infinity;
  const choices = [15, 30, 60, 120, 300].filter((v) => v <= most).concat('never');
  return choices.includes(current) ? choices : [...choices, current];
}
function takeoverText(v) {
  if (v === 'never') return t('lobby.takeover_never');
  return v % 60 === 0 && v > 0 ? t('lobby.takeover_min', { n: v / 60 }) : t('lobby.takeover_s', { n: v });
}

// The turn timer (docs/protocol.md, "Turn timer"): seconds per turn, 0 for none; the choices are the
// room's (doc.room.limits.turn_timer).
function turnTimers(current, limits) {
  const choices = limits.turn_timer || [];
  return choices.includes(current) ? choices : [...choices, current];
}
function turnTimerText(v) {
  return v ? t('lobby.turn_timer_s', { n: v }) : t('lobby.turn_timer_off');
}

// The house rules shown as check boxes, in this order (R-O3, R-O4, R-O5), when the server's rules
// block lists them; every value, range and default below is the server's (rules.js).
const FLAGS = ['friendly_robber', 'balanced_board', 'first_by_dice'];
const flagsOf = (rules) => FLAGS.filter((f) => rules?.options?.[f]);
// A value list that always holds the current value (a server that states no range).
const withCurrent = (values, current) => (current === undefined || values.includes(current) ? values : [...values, current]);

function setOption(store, name, value) {
  store.send({ type: 'set_options', options: { [name]: value } });
}

// With a scenario the players choice offers the counts it has boards for (R-SF1); with the beginner
// set-up, the counts it is laid for.
function playerChoices(rules, options) {
  const all = optionValues(rules, 'players');
  const laid = layoutCounts(rules, options.layout);
  if (laid) return all.filter((n) => laid.includes(n));
  const sc = options.scenario;
  return sc && isScenario(rules, sc) ? scenarioCounts(rules, sc) : all;
}

// An option the room doc leaves out has its default (the rule of the box, as the server states it).
const discardLimit = (options, rules) => options.discard_limit ?? optionDefault(rules, 'discard_limit');
const turnStructure = (options, rules) => options.turn_structure ?? optionDefault(rules, 'turn_structure');
// The turn structure only means something on the board the room's players play (R-X6, R-X7): the
// lobby's topology is that board's, and its rules say whether it has one.
function largeGame(rules) {
  return !!rules?.options?.turn_structure?.used;
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
function houseRuleControls(options, rules, store) {
  const limit = discardLimit(options, rules);
  const structureNow = turnStructure(options, rules);
  const discard = h('select#opt-discard_limit', { 'aria-describedby': 'opt-discard_limit-help', onchange: (e) => setOption(store, 'discard_limit', Number(e.target.value)) },
    withCurrent(optionValues(rules, 'discard_limit'), limit).map((n) => h('option', { value: n, selected: n === limit }, String(n))));
  const structure = largeGame(rules)
    ? optionField('turn_structure', t('opt.turn_structure'),
        h('select#opt-turn_structure', { 'aria-describedby': 'opt-turn_structure-help', onchange: (e) => setOption(store, 'turn_structure', e.target.value) },
          withCurrent(optionValues(rules, 'turn_structure'), structureNow).map((v) => h('option', { value: v, selected: v === structureNow }, t(`opt.turn_structure.${v}`)))),
        t(`opt.turn_structure.${structureNow}.help`))
    : null;
  return h('div.house-rules#house-rules',
    structure,
    h('h3', t('opt.house_rules')),
    optionField('discard_limit', t('opt.discard_limit'), discard, t('opt.discard_limit.help', { n: limit })),
    flagsOf(rules).filter((f) => !(f === 'balanced_board' && isBeginner(options)))
      .map((f) => optionCheck(f, t(`opt.${f}`), !!options[f], (e) => setOption(store, f, e.target.checked), t(`opt.${f}.help`))));
}

// The same choices as words, for everyone but the host.
function houseRulesShown(options, rules) {
  const structureNow = turnStructure(options, rules);
  return h('div.house-rules#house-rules',
    largeGame(rules) ? h('p#opt-turn_structure-shown', `${t('opt.turn_structure')}: ${t(`opt.turn_structure.${structureNow}`)} — ${t(`opt.turn_structure.${structureNow}.help`)}`) : null,
    h('p#opt-discard_limit-shown', `${t('opt.discard_limit')}: ${discardLimit(options, rules)} — ${t('opt.discard_limit.help', { n: discardLimit(options, rules) })}`),
    FLAGS.filter((f) => options[f]).map((f) => h(`p#opt-${f}-shown`, `${t(`opt.${f}`)} — ${t(`opt.${f}.help`)}`)));
}

// --- Seafarers scenarios (R-SF1) -------------------------------------------------------------------
// The scenarios are the rules block's `scenario` values; the player counts each is played with are the
// server's: the boards GET /api/rules lists ("new_shores-4": New Shores for 4 players). The preview,
// the target and the island VP are the board's own (GET /api/boards/{id}, its `scenario` member).

let apiRules = null; // GET /api/rules, once answered
const boards = new Map(); // board id -> its topology, or null when it could not be loaded

const boardId = (sc, players) => `${sc}-${players}`;
const hasBoard = (sc, players) => !!apiRules?.boards?.[boardId(sc, players)];
// The counts a scenario is played with, among the room's player counts.
const scenarioCounts = (rules, sc) => optionValues(rules, 'players').filter((n) => hasBoard(sc, n));
const isScenario = (rules, sc) => scenarioCounts(rules, sc).length > 0;

// The board of a scenario for `players`, from the cache; null while it loads (then `then` runs).
function scenarioBoard(id, then) {
  if (boards.has(id)) return boards.get(id);
  fetchBoard(id).then((b) => { boards.set(id, b); then(); }, () => { boards.set(id, null); then(); });
  return undefined;
}

// The points to win of the box a count plays without a scenario (the host goes back to "none").
function baseTarget(players) {
  const box = Object.values(apiRules?.boards || {}).find((b) => !isSeaBoard(b.board) && players >= b.players?.min && players <= b.players?.max);
  return optionDefault(box, 'vp_target');
}

// "3–4 players", "3 players only": the counts a scenario is played with, as the picker says them.
function countsText(counts) {
  if (counts.length === 1) return t('opt.scenario.only', { n: counts[0] });
  const run = counts.every((n, i) => i === 0 || n === counts[i - 1] + 1);
  return t('opt.scenario.counts', { list: run ? `${counts[0]}–${counts[counts.length - 1]}` : counts.join(t('list.or')), n: counts[counts.length - 1] });
}
const scenarioName = (rules, sc) => (isScenario(rules, sc) ? t('opt.scenario.with_counts', { name: t(`opt.scenario.${sc}`), counts: countsText(scenarioCounts(rules, sc)) }) : t(`opt.scenario.${sc}`));

// A scenario with no board for the room's count brings the count to the nearest it has (the server
// judges the two together; with more people seated than that it refuses and says so).
function pickScenario(store, rules, options, sc) {
  const counts = isScenario(rules, sc) ? scenarioCounts(rules, sc) : [];
  const players = counts.length && !counts.includes(options.players) ? nearest(counts, options.players) : options.players;
  const change = players !== options.players ? { players } : {};
  if (!isScenario(rules, sc)) {
    const target = baseTarget(players);
    store.send({ type: 'set_options', options: { scenario: sc, ...(target ? { vp_target: target } : {}) } });
    return;
  }
  // A scenario sets its own points to win (R-SF1): the board says how many. It lays its own board, so the
  // beginner set-up goes back to random.
  const layout = isBeginner(options) ? { layout: 'random' } : {};
  fetchBoard(boardId(sc, players)).then(
    (b) => store.send({ type: 'set_options', options: { scenario: sc, ...change, ...layout, ...(b.scenario?.victory_target ? { vp_target: b.scenario.victory_target } : {}) } }),
    () => toast(t('opt.scenario.failed'), 'error'));
}

function scenarioSection(room, rules, isHost, store) {
  const values = optionValues(rules, 'scenario');
  if (!values.length) return null; // a server without scenarios
  const box = h('div.scenario-box#scenario-box');
  const fill = () => {
    if (!box.isConnected && box.dataset.filled) return;
    box.dataset.filled = '1';
    if (!apiRules) {
      replace(box, h('p.muted', t('opt.scenario.loading')));
      return;
    }
    const players = room.options.players;
    const now = room.options.scenario ?? optionDefault(rules, 'scenario');
    // Every scenario is offered with the counts it is played with ("The Fog Islands (3 players only)");
    // one with a board for another count changes the count when picked, unless more are seated than it
    // takes (then it is shown, greyed).
    const seatedNow = room.seats.filter((x) => x.name).length;
    const tooMany = (sc) => isScenario(rules, sc) && seatedNow > Math.max(...scenarioCounts(rules, sc));
    const counts = isScenario(rules, now) ? scenarioCounts(rules, now) : [];
    const note = counts.length
      ? h('p.opt-help#opt-scenario-players', t('opt.scenario.played_with', { name: t(`opt.scenario.${now}`), counts: countsText(counts) })) : null;
    const control = isHost
      ? h('label.field', { for: 'opt-scenario' }, h('span', t('opt.scenario')),
          h('select#opt-scenario', { 'aria-describedby': 'opt-scenario-help opt-scenario-players', onchange: (e) => pickScenario(store, rules, room.options, e.target.value) },
            values.map((sc) => h('option', { value: sc, selected: sc === now, disabled: sc !== now && tooMany(sc) }, scenarioName(rules, sc)))))
      : h('p#opt-scenario-shown', `${t('opt.scenario')}: ${t(`opt.scenario.${now}`)}`);
    const help = h('p.opt-help#opt-scenario-help', t(`opt.scenario.${now}.help`));
    let preview = null;
    if (isScenario(rules, now) && hasBoard(now, players)) {
      const b = scenarioBoard(boardId(now, players), fill);
      if (b === undefined) preview = h('p.muted', t('opt.scenario.loading'));
      else if (b === null || !b.scenario) preview = h('p.reason', t('opt.scenario.failed'));
      else {
        const name = t(`opt.scenario.${now}`);
        preview = h('div.scenario-preview#scenario-preview', { dataset: { board: boardId(now, players) } },
          scenarioPreview(b, t('opt.scenario.preview', { name })),
          h('div.scenario-facts',
            h('p#scenario-target', h('strong', t('opt.scenario.target', { n: b.scenario.victory_target }))),
            b.scenario.island_vp ? h('p#scenario-island-vp', t('opt.scenario.island_vp', { n: b.scenario.island_vp })) : null,
            b.scenario.hexes?.some((x) => x.fog) ? h('p#scenario-fog', t('opt.scenario.fog', { n: b.scenario.hexes.filter((x) => x.fog).length })) : null,
            b.scenario.generated
              ? h('p#scenario-generated', t('opt.scenario.generated', { n: b.scenario.harbor_kinds?.length ?? 0 }))
              : h('p.opt-help', t('opt.scenario.legend'))));
      }
    }
    replace(box, control, help, note, preview);
  };
  if (!apiRules) fetchRules().then((r) => { apiRules = r; fill(); }, () => {});
  fill();
  return box;
}

// --- The board set-up: random, or the rule book's beginner set-up (docs/rules-choices.md) ----------------
// The values are the rules block's `layout` option, with the player counts a value is laid for (the
// beginner set-up's: its `players`). It goes with no scenario and no balanced board, so picking it moves
// those options along (the server judges them together and would refuse the mix).
const isBeginner = (options) => options?.layout === 'beginner';
// The counts a layout is laid for, or null when the server names none (every count).
const layoutCounts = (rules, layout) => (layout && rules?.options?.layout?.players?.[layout]) || null;
// The count nearest to `n` among `counts` (the smaller one on a tie).
const nearest = (counts, n) => counts.reduce((best, c) => (Math.abs(c - n) < Math.abs(best - n) ? c : best), counts[0]);

function pickLayout(store, rules, options, layout) {
  const change = { layout };
  const counts = layoutCounts(rules, layout);
  if (counts?.length && !counts.includes(options.players)) change.players = nearest(counts, options.players);
  if (layout === 'beginner') {
    if (options.scenario && options.scenario !== 'none') {
      change.scenario = 'none';
      const target = baseTarget(change.players ?? options.players);
      if (target) change.vp_target = target;
    }
    if (options.balanced_board) change.balanced_board = false;
  }
  store.send({ type: 'set_options', options: change });
}

function layoutSection(room, rules, isHost, store) {
  const values = optionValues(rules, 'layout');
  if (!values.length) return null; // a server without the option
  const now = room.options.layout ?? optionDefault(rules, 'layout') ?? 'random';
  const control = isHost
    ? h('label.field', { for: 'opt-layout' }, h('span', t('opt.layout')),
        h('select#opt-layout', { 'aria-describedby': 'opt-layout-help', onchange: (e) => pickLayout(store, rules, room.options, e.target.value) },
          withCurrent(values, now).map((v) => h('option', { value: v, selected: v === now }, t(`opt.layout.${v}`)))))
    : h('p#opt-layout-shown', `${t('opt.layout')}: ${t(`opt.layout.${now}`)}`);
  return h('div.opt-field#opt-field-layout', control, h('p.opt-help#opt-layout-help', t(`opt.layout.${now}.help`)));
}

export function renderLobby(main, state, store) {
  const room = state.doc.room;
  const url = roomUrl(room.code);
  if (qrCache.url !== url) qrCache = { url, el: qrElement(url, t('lobby.qr_alt')) };
  const isHost = state.host && room.host === state.seat;
  const rules = gameRules(state); // the lobby's topology is that of options.players's board
  const limits = roomLimits(room);
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
        h('span.seat-name', displayName(entry), me ? h('span.tag', t('lobby.you')) : null, room.host === i ? h('span.tag.host', t('lobby.host')) : null),
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
              withCurrent(playerChoices(rules, room.options), room.options.players).map((n) => h('option', { value: n, selected: n === room.options.players }, String(n))))),
          h('label.field', h('span', t('home.vp')),
            h('select#opt-vp', { onchange: (e) => setOption(store, 'vp_target', Number(e.target.value)) },
              withCurrent(optionValues(rules, 'vp_target'), room.options.vp_target).map((n) => h('option', { value: n, selected: n === room.options.vp_target }, String(n))))),
          h('label.field', h('span', t('lobby.takeover')),
            h('select#opt-takeover', { onchange: (e) => setOption(store, 'takeover_after', e.target.value === 'never' ? 'never' : Number(e.target.value)) },
              takeoverChoices(room.options.takeover_after, limits).map((v) => h('option', { value: v, selected: v === room.options.takeover_after }, takeoverText(v))))),
          h('label.field', h('span', t('lobby.turn_timer')),
            h('select#opt-timer', { 'aria-describedby': 'opt-timer-help', onchange: (e) => setOption(store, 'turn_timer', Number(e.target.value)) },
              turnTimers(room.options.turn_timer ?? 0, limits).map((v) => h('option', { value: v, selected: v === (room.options.turn_timer ?? 0) }, turnTimerText(v)))))),
        h('p.hint#opt-timer-help', t('lobby.turn_timer_help')),
        paceSection(room.options, limits, true, (name, value) => setOption(store, name, value)),
        layoutSection(room, rules, true, store),
        scenarioSection(room, rules, true, store),
        houseRuleControls(room.options, rules, store))
    : h('section.card.options', h('p', `${t('home.players')}: ${room.options.players} · ${t('home.vp')}: ${room.options.vp_target} · ${t('lobby.takeover')}: ${takeoverText(room.options.takeover_after)}`),
        h('p#opt-timer-shown', `${t('lobby.turn_timer')}: ${turnTimerText(room.options.turn_timer ?? 0)}`, room.options.turn_timer ? ` — ${t('lobby.turn_timer_help')}` : ''),
        paceSection(room.options, limits, false, null),
        layoutSection(room, rules, false, store),
        scenarioSection(room, rules, false, store),
        houseRulesShown(room.options, rules));

  // The fewest players a game is dealt for is the server's; without it the server's refusal says so.
  const startOk = seated.length >= (rules?.options?.players?.min ?? 1);
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
        shareWarning(),
        h('div.share-grid',
          h('div.share-text',
            h('div.code-label', t('lobby.code')),
            h('div.big-code#room-code', { 'aria-label': t('lobby.code') }, room.code),
            h('div.url-row', h('input.url#room-url', { type: 'text', readonly: true, value: url, 'aria-label': t('menu.room_link'), onfocus: (e) => e.target.select() }),
              h('button.primary#copy-link', { type: 'button', onclick: copy }, t('lobby.copy')))),
          qrCache.el)),
      bigScreenSection(state),
      h('section.card',
        // Table displays are spectators too, but they are screens, not people watching (ui/big_screen.js).
        h('h2', t('lobby.seats'), room.spectators - (room.displays || 0) > 0 ? h('span.muted', ` · ${t('lobby.spectators', { n: room.spectators - (room.displays || 0) })}`) : null),
        h('ul.seats#seats', seatRows)),
      options,
      start,
      state.seat !== null ? deviceLinkSection(state) : null,
      h('div.center', h('button.link#leave', { type: 'button', onclick: () => { store.leave(); location.assign('/'); } }, t('lobby.leave')))),
  );
}
