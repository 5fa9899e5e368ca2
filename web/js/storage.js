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
  hostKey: (code) => get(`hostkey.${code}`),
  setHostKey: (code, key) => set(`hostkey.${code}`, key),
  name: () => get('name') || '',
  setName: (name) => set('name', name),
  lang: () => get('lang'),
  setLang: (lang) => set('lang', lang),
  autoJoin: (code) => get(`autojoin.${code}`),
  setAutoJoin: (code, v) => set(`autojoin.${code}`, v),
};
