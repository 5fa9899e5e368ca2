// Small table sounds (dice, your turn, trade offer, chat, build) synthesized with WebAudio: no audio
// files to download. Browsers refuse sound before the user has touched the page (autoplay policy), so
// the AudioContext is created only on the first pointer or key gesture; sounds asked for before that
// are dropped, not queued. The on/off choice is remembered in localStorage.

const KEY = 'catan.sound';
const listeners = new Set();
let ctx = null;
let unlocked = false;

function stored() {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

let on = stored() !== 'off';

export function soundOn() {
  return on;
}

export function setSound(value) {
  on = !!value;
  try {
    localStorage.setItem(KEY, on ? 'on' : 'off');
  } catch {
    /* private mode: the choice lasts for this page only */
  }
  for (const fn of listeners) fn(on);
}

export function onSoundChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

// The first gesture makes the context; later gestures resume it if the browser suspended it.
function unlock() {
  unlocked = true;
  if (!on) return;
  const AC = window.AudioContext || window.webkitAudioContext;
  if (!AC) return;
  try {
    if (!ctx) ctx = new AC();
    if (ctx.state === 'suspended') ctx.resume().catch(() => {});
  } catch {
    ctx = null;
  }
}
for (const type of ['pointerdown', 'keydown', 'touchend']) window.addEventListener(type, unlock, { capture: true, passive: true });

// One tone: frequency (Hz) gliding to `to`, starting `at` seconds from now, `len` seconds long.
function tone(f, { at = 0, len = 0.12, to = f, type = 'sine', gain = 0.18 } = {}) {
  const t0 = ctx.currentTime + at;
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(f, t0);
  if (to !== f) osc.frequency.exponentialRampToValueAtTime(to, t0 + len);
  amp.gain.setValueAtTime(0.0001, t0);
  amp.gain.exponentialRampToValueAtTime(gain, t0 + 0.008);
  amp.gain.exponentialRampToValueAtTime(0.0001, t0 + len);
  osc.connect(amp).connect(ctx.destination);
  osc.start(t0);
  osc.stop(t0 + len + 0.02);
}

const SOUNDS = {
  // A rattle: short clicks at uneven intervals, like dice on a table.
  dice: () => [0, 0.05, 0.11, 0.16, 0.24, 0.33].forEach((at, i) => tone(300 + ((i * 137) % 260), { at, len: 0.035, type: 'square', gain: 0.07 })),
  turn: () => { tone(660, { len: 0.14 }); tone(880, { at: 0.13, len: 0.22 }); },
  trade: () => { tone(520, { len: 0.1, type: 'triangle' }); tone(780, { at: 0.1, len: 0.16, type: 'triangle' }); },
  chat: () => tone(1046, { len: 0.09, gain: 0.1 }),
  build: () => tone(180, { len: 0.16, to: 90, type: 'triangle', gain: 0.25 }),
  // A face-down hex turning up (R-SF10): a soft rising shimmer.
  reveal: () => { tone(520, { at: 0.12, len: 0.28, to: 1040, gain: 0.1 }); tone(780, { at: 0.2, len: 0.3, to: 1560, gain: 0.06 }); },
};

export function play(name) {
  if (!on || !unlocked || !ctx || ctx.state === 'closed' || !SOUNDS[name]) return;
  try {
    SOUNDS[name]();
  } catch {
    /* an audio device that went away must not break the game */
  }
}

// A speaker with sound waves, or crossed out (drawn, so it shows where no emoji font is installed).
const SPEAKER = '<path d="M3 9h4l5-4v14l-5-4H3z" fill="currentColor"/>';
const SPEAKER_ON = `<svg viewBox="0 0 24 24" aria-hidden="true">${SPEAKER}<path d="M15.5 8.5a5 5 0 0 1 0 7M18 6a8.5 8.5 0 0 1 0 12" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>`;
const SPEAKER_OFF = `<svg viewBox="0 0 24 24" aria-hidden="true">${SPEAKER}<path d="M16 9l6 6M22 9l-6 6" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>`;

// The speaker button for the game header: one tap turns sound off or on. Make it once per screen
// (it listens for changes made elsewhere, e.g. another toggle).
export function soundToggle(h, t) {
  const btn = h('button.icon-btn.sound-btn#sound-btn', { type: 'button' });
  const paint = () => {
    btn.innerHTML = on ? SPEAKER_ON : SPEAKER_OFF;
    btn.setAttribute('aria-pressed', String(on));
    btn.setAttribute('aria-label', t('fb.sound'));
    btn.title = t(on ? 'fb.sound.is_on' : 'fb.sound.is_off');
    btn.dataset.sound = on ? 'on' : 'off';
  };
  btn.addEventListener('click', () => {
    setSound(!on);
    if (on) unlock();
  });
  paint();
  const off = onSoundChange(paint);
  return { el: btn, dispose: off };
}
