// A choice kept on this device only (localStorage, 'on' or 'off'), on unless turned off: the reader's word marks,
// marking the rest of a chapter known. The server draws the signed-in screens without the device's storage
// (docs/decisions/104), so the hook reads the stored choice only once the page is the app's: during hydration
// it answers the default the server drew, and React draws the stored choice right after. React does not mend
// an attribute that differs between the server's markup and the first client render, so reading the storage
// in that render left the server's marks on a page whose learner had turned them off.
import { useCallback, useSyncExternalStore } from 'react';

/** Choices made on this page, which hold even when the browser refuses to store them. */
const held = new Map<string, boolean>();
const listeners = new Set<() => void>();

function stored(key: string): boolean {
  const choice = held.get(key);
  if (choice !== undefined) return choice;
  try {
    return window.localStorage.getItem(key) !== 'off';
  } catch {
    return true;
  }
}

/** What the server draws, and what hydration starts from. */
const drawnDefault = (): boolean => true;

/** The choice kept under `key` on this device and a way to change it, followed across this page's tabs. */
export function useDeviceSwitch(key: string): [boolean, (on: boolean) => void] {
  const subscribe = useCallback(
    (listener: () => void) => {
      const changedElsewhere = (event: StorageEvent) => {
        if (event.key !== key && event.key !== null) return;
        held.delete(key);
        listener();
      };
      listeners.add(listener);
      window.addEventListener('storage', changedElsewhere);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', changedElsewhere);
      };
    },
    [key],
  );
  const on = useSyncExternalStore(subscribe, () => stored(key), drawnDefault);
  const change = useCallback(
    (next: boolean) => {
      held.set(key, next);
      try {
        window.localStorage.setItem(key, next ? 'on' : 'off');
      } catch {
        // Storage refused (a private window): the choice holds for this page.
      }
      for (const listener of listeners) listener();
    },
    [key],
  );
  return [on, change];
}
