// Starts the app on the landing page (dist/web/landing.html) once its markup, rendered at build time, is painted:
// the page's largest text is drawn from the HTML and its stylesheet alone, and the app's JavaScript loads after
// it, then hydrates what is drawn (docs/decisions/094). A plain script: the Content-Security-Policy allows no
// inline script. scripts/prerender-landing.mjs writes the entry and its preloaded chunks on this script's tag.
// It also keeps a tap that comes before React can answer it, and gives it again once React can (below).
//
// "Painted" means the whole markup (docs/decisions/119): this script runs once the HTML is parsed (defer), but the
// browser may have painted a part of it before (the header without the chapter text): the app then starts on the
// next frame but one, when what was parsed has been drawn. And a drawn chapter's audio asks for its metadata only
// now (its markup says preload="none", data-preload what it wants), not beside the page's first paint.
(() => {
  const tag = document.currentScript;
  const entry = tag?.dataset.entry;
  if (!entry) return;
  let isStarted = false;
  const start = () => {
    if (isStarted) return;
    isStarted = true;
    for (const media of document.querySelectorAll('audio[data-preload], video[data-preload]')) {
      if (media.preload === 'none') media.preload = media.dataset.preload;
    }
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
  /** The next frame but one: the first has drawn all that was parsed before it. */
  const afterNextFrame = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)));
  const watcher = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    watcher.disconnect();
    afterNextFrame();
  });
  watcher.observe({ type: 'paint', buffered: true });
  document.addEventListener('visibilitychange', start, { once: true });
})();

// A tap on a drawn page before React answers it (docs/decisions/115). The page is drawn from its HTML (the
// landing at build time, the library and the reader by the server, decisions 094 and 104) a second or more before
// its JavaScript has run on a slow phone; until then a button does nothing, and React 19 drops a click on a part
// it has not hydrated yet (the reader, whose code loads after the entry's). The learner taps, sees nothing and
// taps again. So the last such tap is kept and given again (`click()`) as soon as the element it meant is React's,
// within TAP_KEPT_MS. A tap React answers is never given again: whether it does is told while the tap is
// dispatched, by a listener on the drawn content's first element, below React's own on #root.
(() => {
  const root = document.getElementById('root');
  const top = root?.firstElementChild;
  if (!root || !top) return;
  /** What a tap means to act on with the app (links, fields, labels and a form's submit button act without it). */
  const ACTIONABLE =
    'button, [role="button"], [role="switch"], [role="combobox"], [role="tab"], [role="checkbox"], [role="menuitem"], [data-w]';
  /** A tap older than this is not given again: the learner has moved on. */
  const TAP_KEPT_MS = 10_000;
  /** Whether React has made `element` its own: it keeps its fiber on the node under a key of this prefix. */
  const isReacts = (element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
  /** The element whose being React's says the tap can be answered: a word of the reader's text is its text's. */
  const answeredBy = (element) => element.closest('[data-reader-text]') ?? element;

  /** The tap being dispatched: the element it meant and whether React could answer it then. */
  let current;
  /** The tap kept to be given again. */
  let kept;
  /** The tap being given again, while its click is dispatched: whether React let it through. */
  let replay;

  const giveAgain = () => {
    const tap = kept;
    if (!tap) return;
    if (!tap.element.isConnected || performance.now() - tap.at > TAP_KEPT_MS) {
      kept = undefined;
      return;
    }
    if (isReacts(answeredBy(tap.element))) {
      // React hydrates at once what it has not committed yet of a clicked element and answers the click; when it
      // still cannot, it stops the click before the drawn content, and the tap waits for the next frame.
      replay = { reached: false };
      tap.element.click();
      const { reached } = replay;
      replay = undefined;
      if (reached) {
        kept = undefined;
        return;
      }
    }
    requestAnimationFrame(giveAgain);
  };

  document.addEventListener(
    'click',
    (event) => {
      // A tap given again is not trusted: it is not kept again.
      if (!event.isTrusted || !(event.target instanceof Element)) return;
      // The drawn content was replaced (React drew the page anew): React answers everything from here on.
      if (!top.isConnected) return;
      const element = event.target.closest(ACTIONABLE);
      if (
        !element ||
        !root.contains(element) ||
        element.closest('a[href]') ||
        element.disabled ||
        (element.form && element.type === 'submit')
      ) {
        current = undefined;
        return;
      }
      // A newer tap replaces the one kept, whatever becomes of it.
      kept = undefined;
      current = { element, at: performance.now(), reached: false, answerable: false };
      const tap = current;
      setTimeout(() => {
        if (current !== tap) return;
        current = undefined;
        // Stopped before the drawn content (React drops a tap on a part not hydrated yet), or there with no
        // React to answer it: kept.
        if (tap.reached && tap.answerable) return;
        kept = tap;
        requestAnimationFrame(giveAgain);
      }, 0);
    },
    true,
  );
  // Below React's listener on #root: reached when React let the tap through, and by then React has hydrated
  // what it could of the element (it tries at once for a tap).
  top.addEventListener(
    'click',
    (event) => {
      if (!event.isTrusted) {
        if (replay) replay.reached = true;
        return;
      }
      if (!current) return;
      current.reached = true;
      current.answerable = isReacts(answeredBy(current.element));
    },
    true,
  );
})();
