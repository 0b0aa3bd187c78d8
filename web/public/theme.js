// The learner's theme on <html data-theme> before the first paint, so a dark page never flashes white (issue 23).
// A plain script, loaded in index.html's head: the Content-Security-Policy allows no inline script. The app
// keeps the theme in step afterwards (web/features/settings/theme.ts, which resolves it the same way).
(() => {
  let choice = 'system';
  try {
    const saved = JSON.parse(localStorage.getItem('catamaran:reader-settings') ?? 'null');
    if (saved && ['light', 'sepia', 'dark'].includes(saved.theme)) choice = saved.theme;
  } catch {
    // No storage (private browsing) or a copy that is not JSON: the device's own setting decides.
  }
  const isSystemDark = window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
  document.documentElement.dataset.theme = choice === 'system' ? (isSystemDark ? 'dark' : 'light') : choice;
})();
