// The language the library shows on this device (spec/learner.md §4), kept in localStorage. Its own module, as the
// page's entry reads it before hydrating a library the server drew (web/main.tsx, docs/decisions/104).

const CHOSEN_LANGUAGE_KEY = 'catamaran-language';

/** The language chosen on this device, if any (undefined when none, or storage is refused). */
export function storedLanguage(): string | undefined {
  try {
    return window.localStorage.getItem(CHOSEN_LANGUAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function storeLanguage(code: string): void {
  try {
    window.localStorage.setItem(CHOSEN_LANGUAGE_KEY, code);
  } catch {
    // Private browsing may refuse storage: the choice then lasts until the page is left.
  }
}
