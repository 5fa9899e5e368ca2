// A room's pace in the lobby (docs/protocol.md, "Turn-based rooms"): live, or turn-based with the
// hours each move may take and what happens when they run out. The host picks; everyone else reads
// it. The range of hours is the server's (doc.room.limits.turn_hours); a server without turn-based
// rooms states none, and nothing is shown.
import { h } from '../dom.js';
import { t } from '../i18n.js';

// The hours offered, within the server's range, and the room's own value whatever it is.
const HOUR_CHOICES = [1, 2, 4, 8, 12, 24, 48, 72, 168];
export function hourChoices(current, range) {
  const choices = HOUR_CHOICES.filter((n) => n >= range.min && n <= range.max);
  return choices.includes(current) ? choices : [...choices, current].sort((a, b) => a - b);
}

// `set(name, value)` sends the host's change; null when the server offers no turn-based rooms.
export function paceSection(options, limits, isHost, set) {
  const range = limits?.turn_hours;
  if (!range || !options.pace) return null;
  const turnBased = options.pace === 'turn_based';
  if (!isHost) {
    const line = turnBased
      ? `${t('home.pace.turn_based')} · ${t('home.hours', { n: options.turn_hours })} · ${t(`home.on_timeout.${options.on_timeout}`)}`
      : t('home.pace.live');
    return h('p#opt-pace-shown', `${t('home.pace')}: ${line}`);
  }
  return h('div.row2.pace-options',
    h('label.field', h('span', t('home.pace')),
      h('select#opt-pace', { onchange: (e) => set('pace', e.target.value) },
        ['live', 'turn_based'].map((v) => h('option', { value: v, selected: v === options.pace }, t(`home.pace.${v}`))))),
    turnBased ? h('label.field', h('span', t('home.turn_hours')),
      h('select#opt-turn-hours', { onchange: (e) => set('turn_hours', Number(e.target.value)) },
        hourChoices(options.turn_hours, range).map((n) => h('option', { value: n, selected: n === options.turn_hours }, t('home.hours', { n }))))) : null,
    turnBased ? h('label.field', h('span', t('home.on_timeout')),
      h('select#opt-on-timeout', { onchange: (e) => set('on_timeout', e.target.value) },
        ['bot', 'wait'].map((v) => h('option', { value: v, selected: v === options.on_timeout }, t(`home.on_timeout.${v}`))))) : null);
}
