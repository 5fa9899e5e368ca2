// localStorage helpers: the seat token per room (so reopening /r/CODE takes the seat back), the host key
// of rooms this browser created, the last name used and the language. Storage can be unavailable
// (private modes): every helper degrades to "nothing stored".

const PREFIX = 'catan.';

function get(key) {
  try {
    return localStorage.getItem(PREFIX + key);
  } catch {
    return null;
  }
}

function set(key, value) {
  try {
    if (value === null || value === undefined) localStorage.removeItem(PREFIX + key);
    else localStorage.setItem(PREFIX + key, String(value));
  } catch {
    /* storage full or disabled: the seat can still be taken back with the device link */
  }
}

export const storage = {
  token: (code) => get(`token.${code}`),
  setToken: (code, token) => set(`token.${code}`, token),
  // The seat this browser holds in each room (as of its last welcome), for the start page's "My games".
  seat: (code) => { const s = get(`seat.${code}`); return s === null ? null : Number(s); },
  setSeat: (code, seat) => set(`seat.${code}`, seat),
  // Every room this browser holds a seat token for.
  seatedRooms: () => {
    try {
      return Object.keys(localStorage).filter((k) => k.startsWith(`${PREFIX}token.`)).map((k) => k.slice(PREFIX.length + 6)).sort();
    } catch {
      return [];
    }
  },
  hostKey: (code) => get(`hostkey.${code}`),
  setHostKey: (code, key) => set(`hostkey.${code}`, key),
  name: () => get('name') || '',
  setName: (name) => set('name', name),
  lang: () => get('lang'),
  setLang: (lang) => set('lang', lang),
  // 'off' when this device shows the whole game even while a table display shows the board.
  handLayout: () => get('handlayout'),
  setHandLayout: (v) => set('handlayout', v),
  autoJoin: (code) => get(`autojoin.${code}`),
  setAutoJoin: (code, v) => set(`autojoin.${code}`, v),
};
