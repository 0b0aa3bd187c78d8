// The calls a drawn page makes as it is hydrated wait for the page to have gone quiet (docs/decisions/107).

/** The longest a held call waits for an idle moment. */
const IDLE_TIMEOUT_MS = 1000;

let holding = false;
let settled: Promise<void> | undefined;
/** Whether this page came drawn by the server and is hydrated (set once, by the entry). */
let isDrawnPage = false;
/** The selectors whose drawn markup was taken (drawnMarkup). */
const taken = new Set<string>();

/**
 * Called by the entry when it hydrates a page drawn on the server (web/main.tsx): the screen's effects then start
 * its fetches and read the outbox in the hydration's last task, at CPU x4 a long one; held, they run in an idle
 * moment after it, as short tasks of their own.
 */
export function holdUntilHydrated(): void {
  holding = true;
  isDrawnPage = true;
}

/**
 * The markup the server drew inside the page's element `selector`, for the first render of the component that
 * draws it, which hydrates it: that render need not build again what is on the screen (the reader's text,
 * docs/decisions/114). Once per selector, on a drawn page only; undefined otherwise (a page drawn in the
 * browser, a later render, a drawn page without such an element), and the component builds its markup as usual.
 */
export function drawnMarkup(selector: string): string | undefined {
  if (!isDrawnPage || taken.has(selector)) return undefined;
  taken.add(selector);
  return document.querySelector(`#root ${selector}`)?.innerHTML;
}

/**
 * While a drawn page is being hydrated, a promise of the first idle moment after the first work held (asked for
 * when that work is, so at the end of the hydration's effects); undefined otherwise, and once that moment has
 * come, so the work goes on at once, as it did.
 */
export function hydrationSettled(): Promise<void> | undefined {
  if (!holding) return undefined;
  settled ??= new Promise((resolve) => {
    const done = () => {
      holding = false;
      resolve();
    };
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(done, { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(done, 0);
  });
  return settled;
}

/** The work held until the idle moment, in the order it was held. */
const held: (() => void)[] = [];

/**
 * Runs `work` now, or, while a drawn page is being hydrated, at the first idle moment after it (hydrationSettled):
 * the effects that read storage, cookies or the service worker on every page load call it, so that on a drawn
 * page their work is a task of its own rather than part of the hydration's last one, each work in a task of its
 * own.
 */
export function afterHydration(work: () => void): void {
  const settling = hydrationSettled();
  if (!settling) {
    work();
    return;
  }
  held.push(work);
  if (held.length === 1) void settling.then(runHeld);
}

/**
 * Runs the first work held, and the next one in a task of its own: together (the service worker's registration,
 * the page-session cookie, the outbox's count and send) they were one task of 10–17 ms in Lighthouse's traces of
 * the library, which its phone's CPU makes four times longer (docs/decisions/125).
 */
function runHeld(): void {
  const work = held.shift();
  try {
    work?.();
  } finally {
    if (held.length > 0) setTimeout(runHeld, 0);
  }
}
