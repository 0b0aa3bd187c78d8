// Small on purpose: the session provider, in the landing's first JavaScript, loads it when a learner signs out.
import { API_CACHE, storyOfCache } from './caches.ts';

/** Said on the window once the caches are gone, so what a page read of them is dropped too. */
export const OFFLINE_FORGOTTEN = 'catamaran:offline-forgotten';

/**
 * Forgets everything kept offline for the learner who signed out (issue 24): every downloaded story and every
 * last answer, so the next person on this browser never sees them. The outbox keeps its entries, each under its
 * learner's name, until that learner is back.
 */
export async function forgetOfflineData(): Promise<void> {
  if (!('caches' in window)) return;
  const names = (await caches.keys()).filter(
    (name) => storyOfCache(name) !== undefined || name === API_CACHE,
  );
  await Promise.all(names.map((name) => caches.delete(name)));
  window.dispatchEvent(new Event(OFFLINE_FORGOTTEN));
}
