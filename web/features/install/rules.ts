// When the install prompt may show (learner spec §4 and §9). Plain functions and no React: the app's entry
// imports this module on every page, the landing included, so it must stay a few hundred bytes
// (docs/decisions/003). The banner itself is loaded only once these rules say it may show.

/** The prompt waits this long after the app loads. */
export const SHOW_AFTER_MS = 3_000;
/** A dismissal keeps the prompt away this long. */
export const DISMISS_FOR_MS = 7 * 24 * 60 * 60 * 1_000;
/** The localStorage key holding the time (ms since the epoch) of the last dismissal. */
export const DISMISSED_AT_KEY = 'catamaran.install-prompt.dismissed-at';
/** Matches when the app runs from the home screen or as an installed app. */
export const STANDALONE_QUERY = '(display-mode: standalone)';

/**
 * Whether the device runs iOS or iPadOS, where installing goes through the share sheet. iPadOS 13 and later
 * ask for desktop sites by default and pass for a Mac ("Macintosh", platform "MacIntel"); only their touch
 * screen tells them apart, as no Mac has one.
 */
export function isIos(userAgent: string, platform: string, maxTouchPoints: number): boolean {
  if (/iPhone|iPad|iPod/.test(userAgent) || /^(iPhone|iPad|iPod)/.test(platform)) return true;
  return (platform === 'MacIntel' || /Macintosh/.test(userAgent)) && maxTouchPoints > 1;
}

/**
 * Whether the app already runs installed: the display-mode media query (every browser that installs web
 * apps) or Safari's own `navigator.standalone` (iOS before 16.4 answers only that).
 */
export function isStandalone(
  displayMode: { matches: boolean } | null | undefined,
  navigatorStandalone: unknown,
): boolean {
  return displayMode?.matches === true || navigatorStandalone === true;
}

/**
 * Whether a dismissal still holds. A dismissal in the future means the clock was moved back: it holds if it
 * is within the same 7 days of now, so an hour's correction does not bring the prompt back, and a clock that
 * was once years ahead does not hide it for years.
 */
export function isDismissed(dismissedAt: number | null, now: number): boolean {
  return dismissedAt !== null && Math.abs(now - dismissedAt) < DISMISS_FOR_MS;
}

export interface PromptState {
  isIos: boolean;
  isStandalone: boolean;
  dismissedAt: number | null;
  now: number;
}

/** Whether either banner may show: in the browser (not the installed app), and not dismissed lately. */
export function mayShowPrompt(state: Omit<PromptState, 'isIos'>): boolean {
  return !state.isStandalone && !isDismissed(state.dismissedAt, state.now);
}

/** Whether the iOS "Add to Home Screen" prompt may show: on iOS, in the browser, not dismissed lately. */
export function shouldShowIosPrompt(state: PromptState): boolean {
  return state.isIos && mayShowPrompt(state);
}

export type DismissalStorage = Pick<Storage, 'getItem' | 'setItem'>;

// Reading window.localStorage itself throws when the browser blocks storage (Safari with cookies blocked).
const browserStorage = (): DismissalStorage => window.localStorage;

/** The time of the last dismissal, or null when there is none, it is unreadable, or storage is blocked. */
export function readDismissedAt(storage: () => DismissalStorage = browserStorage): number | null {
  try {
    const raw = storage().getItem(DISMISSED_AT_KEY);
    if (raw === null || !/^\d{1,15}$/.test(raw)) return null;
    const time = Number(raw);
    return time > 0 ? time : null;
  } catch {
    return null;
  }
}

/**
 * Stores the time of a dismissal. When storage is blocked or full the dismissal lasts only until the page is
 * left, which is better than failing the click.
 */
export function writeDismissedAt(now: number, storage: () => DismissalStorage = browserStorage): void {
  try {
    storage().setItem(DISMISSED_AT_KEY, String(Math.round(now)));
  } catch {
    // Nothing to do: see above.
  }
}
