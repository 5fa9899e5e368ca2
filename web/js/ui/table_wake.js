// A table display must not go dark in the middle of a game: the Screen Wake Lock keeps it on where the
// browser offers it (a secure page: https or this machine), taken again whenever the page comes back
// into view (the browser lets it go when the page is hidden). Elsewhere the screen's own settings rule.

let lock = null;

async function take() {
  if (lock || document.visibilityState !== 'visible' || !navigator.wakeLock?.request) return;
  try {
    lock = await navigator.wakeLock.request('screen');
    lock.addEventListener('release', () => { lock = null; });
  } catch {
    lock = null; // refused (battery saver, no permission): the screen may sleep as it would anyway
  }
}

export function keepAwake() {
  take();
  document.addEventListener('visibilitychange', take);
}
