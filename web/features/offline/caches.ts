// Where the offline app keeps what it has (issue 24), shared by the page and the service worker (web/sw.ts).
// Two kinds of cache besides Workbox's precache of the app itself:
// - one cache per downloaded story (`catamaran-story-<id>`): its page, its chapters as the reader opens them,
//   its cover and audio, and the dictionary's answers for its words; removing the download deletes the cache;
// - the learner's last answers of the screens around the reader (`catamaran-api`): the library, the languages,
//   the daily goal…, so those screens open offline with what they last showed.
// Both hold one learner's data, and go when they sign out.

/** The cache of the learner's last answers of the screens around the reader. */
export const API_CACHE = 'catamaran-api';

/** The start of every downloaded story's cache name. */
export const STORY_CACHE_PREFIX = 'catamaran-story-';

/** The cache of a downloaded story. */
export function storyCacheName(storyId: number): string {
  return `${STORY_CACHE_PREFIX}${storyId}`;
}

/** The story a cache holds, or undefined for any other cache. */
export function storyOfCache(name: string): number | undefined {
  if (!name.startsWith(STORY_CACHE_PREFIX)) return undefined;
  const id = Number(name.slice(STORY_CACHE_PREFIX.length));
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * Addresses inside a story's cache that no server answers: what the download wrote for itself (its manifest,
 * written last, so a cache without one is a download that did not finish; and the words' lookups).
 */
export const OFFLINE_PATH = '/offline/';

export function manifestUrl(storyId: number): string {
  return `${OFFLINE_PATH}stories/${storyId}/manifest.json`;
}

export function lookupsUrl(storyId: number): string {
  return `${OFFLINE_PATH}stories/${storyId}/lookups.json`;
}

/**
 * The GET answers kept in API_CACHE, by path: what the screens around the reader show (the library, the
 * dashboard, the story pages, the account's plan and settings). Chapters are kept only inside a downloaded
 * story's cache, so what opens offline is what the learner chose to download; lookups and exports never.
 */
const REMEMBERED = [
  /^\/api\/languages\/$/,
  /^\/api\/user\/language-progress\/$/,
  /^\/api\/stories\/$/,
  /^\/api\/stories\/\d+\/$/,
  /^\/api\/daily-goal\/$/,
  /^\/api\/activity\/$/,
  /^\/api\/me\/$/,
  /^\/api\/me\/subscription\/$/,
  /^\/api\/me\/reader-settings\/$/,
  /^\/api\/terms\/known\/$/,
  /^\/api\/words\/$/,
];

/** Whether the last answer of a GET of this path is kept for offline use. */
export function isRemembered(pathname: string): boolean {
  return REMEMBERED.some((pattern) => pattern.test(pathname));
}
