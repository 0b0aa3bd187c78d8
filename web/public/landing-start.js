// Starts the app on the landing page (dist/web/landing.html) once its markup, rendered at build time, is painted:
// the page's largest text is drawn from the HTML and its stylesheet alone, and the app's JavaScript loads after
// it, then hydrates what is drawn (docs/decisions/094). A plain script: the Content-Security-Policy allows no
// inline script. scripts/prerender-landing.mjs writes the entry and its preloaded chunks on this script's tag.
(() => {
  const tag = document.currentScript;
  const entry = tag?.dataset.entry;
  if (!entry) return;
  let isStarted = false;
  const start = () => {
    if (isStarted) return;
    isStarted = true;
    for (const href of (tag.dataset.preload ?? '').split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
  };
  // A page opened in the background paints nothing until it is shown: the app starts at once there.
  const canWatchPaint =
    typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint');
  if (document.visibilityState === 'hidden' || !canWatchPaint) {
    start();
    return;
  }
  const watcher = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    watcher.disconnect();
    start();
  });
  watcher.observe({ type: 'paint', buffered: true });
  document.addEventListener('visibilitychange', start, { once: true });
})();
