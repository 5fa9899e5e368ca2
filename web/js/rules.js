// What the rules say, as the server states it: the rules block of the room's box, which comes with
// the board's topology (docs/protocol.md, "The rules block"), and the room's own limits
// (doc.room.limits). The client keeps no copy of a rule: where an older server states nothing, nothing
// is shown or limited by it, and the server's answer to a command decides.

export function gameRules(st) {
  return st?.topology?.rules || null;
}

// The cost of what an action button builds or buys (every resource listed), or null.
const COST_NAMES = { road: 'road', ship: 'ship', settlement: 'settlement', city: 'city', dev: 'dev_card' };
export function costOf(rules, what) {
  return rules?.costs?.[COST_NAMES[what]] || null;
}

// The most cards of one kind there are: no hand, pile or trade holds more.
export function supplyPerResource(rules) {
  return rules?.bank_per_resource ?? Infinity;
}

// An option's allowed values: a {min,max} range as a list, or its list of values; [] when unknown.
export function optionValues(rules, name) {
  const o = rules?.options?.[name];
  if (!o) return [];
  if (Array.isArray(o.values)) return o.values;
  if (Number.isInteger(o.min) && Number.isInteger(o.max)) return Array.from({ length: o.max - o.min + 1 }, (_, i) => o.min + i);
  return [];
}

export function optionDefault(rules, name) {
  return rules?.options?.[name]?.default;
}

export function roomLimits(room) {
  return room?.limits || {};
}

// A name field's maxlength: the server counts a name's characters (limits.name_chars, docs/protocol.md
// "Names and chat text"), a field counts UTF-16 units, two for an emoji or a rarer CJK character; the
// field must never refuse a name the server takes. Null (no limit of its own) when the server says none.
export function nameFieldUnits(limits) {
  return Number.isInteger(limits?.name_chars) ? 2 * limits.name_chars : null;
}
