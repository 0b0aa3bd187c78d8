/// <reference lib="webworker" />
// The service worker's answers beyond the app itself (issue 24): the API's answers and the stories' media, from
// the network while there is one and from the caches (caches.ts) when there is not. Registered by web/sw.ts.
import { createPartialResponse } from 'workbox-range-requests';
import { API_CACHE, isRemembered, STORY_CACHE_PREFIX } from './caches.ts';

/**
 * How long an API read may keep the learner waiting on a poor network (a train's) when the caches hold its
 * last answer: then that answer is shown, and the network's, if it comes, still refreshes the caches.
 */
const SLOW_NETWORK_MS = 6000;

/** The answers of a server that cannot answer now, for which a kept copy is shown instead. */
const UNAVAILABLE = new Set([502, 503, 504]);

/** The reads of the API the worker answers: the learner's, never the administrator's, a lookup or a file. */
export function isApiRead(request: Request, url: URL): boolean {
  return (
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    /^\/api\//.test(url.pathname) &&
    !/^\/api\/(admin|dict|health)(\/|$)/.test(url.pathname) &&
    !/\.(csv|apkg)$/.test(url.pathname)
  );
}

/**
 * A story's picture or recording: its cover, its chapters' audio. On this origin (local storage), always; from
 * a bucket elsewhere (S3), only while the device is offline: a cross-origin recording handed over by the worker
 * online would gain nothing and could lose the browser's own handling of its ranges.
 */
export function isMedia(request: Request, url: URL): boolean {
  if (request.method !== 'GET') return false;
  if (url.origin === self.location.origin) return url.pathname.startsWith('/media/');
  return !self.navigator.onLine && (request.destination === 'audio' || request.destination === 'image');
}

/**
 * A downloaded story's copy of an address, if any story holds it: the cache's name with the answer. Looked up
 * by name (caches.match), never through a Cache object kept alive: Chromium frees a deleted cache's space only
 * once no such object refers to it, and a removed download must give its space back at once.
 */
async function inStories(url: string): Promise<{ name: string; response: Response } | undefined> {
  for (const name of await caches.keys()) {
    if (!name.startsWith(STORY_CACHE_PREFIX)) continue;
    const response = await caches.match(url, { cacheName: name, ignoreVary: true });
    if (response) return { name, response };
  }
  return undefined;
}

/** The last answer kept of an API read: a downloaded story's, else the screens' cache's. */
async function lastAnswer(url: string): Promise<Response | undefined> {
  const stored = await inStories(url);
  if (stored) return stored.response;
  return caches.match(url, { cacheName: API_CACHE, ignoreVary: true });
}

/** Keeps a fresh answer where the offline app will look for it: the story that holds it, or the screens'. */
async function keep(url: URL, response: Response): Promise<void> {
  const stored = await inStories(url.href);
  const name = stored?.name ?? (isRemembered(url.pathname) ? API_CACHE : undefined);
  if (name) await (await caches.open(name)).put(url.href, response.clone());
}

/**
 * An API read: the network's answer (kept for later, when it is one the offline app shows); without a network,
 * the last answer kept, marked so the page can tell (`X-Catamaran-Offline`); with neither, a network error, as
 * the page would have had without the worker.
 */
export async function answerApiRead(event: FetchEvent, url: URL): Promise<Response> {
  const fromNetwork = fetch(event.request).then(async (response) => {
    if (response.ok) await keep(url, response.clone()).catch(() => undefined);
    return response;
  });
  // Kept alive until the network answers, even after a kept answer was shown, so the caches are refreshed.
  event.waitUntil(fromNetwork.catch(() => undefined));
  const cached = lastAnswer(url.href).catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slow = new Promise<'slow'>((resolve) => {
    timer = setTimeout(() => resolve('slow'), SLOW_NETWORK_MS);
  });
  try {
    const first = await Promise.race([fromNetwork, slow]);
    // A server that cannot answer now (its database down: 503; a proxy without it: 502, 504) is no network
    // either, for a page the learner has a copy of.
    if (first !== 'slow' && !UNAVAILABLE.has(first.status)) return first;
    const stored = await cached;
    if (first !== 'slow') return stored ? offlineCopy(stored) : first;
    return stored ? offlineCopy(stored) : await fromNetwork;
  } catch (error) {
    const stored = await cached;
    if (stored) return offlineCopy(stored);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** A kept answer as the page receives it: the same body and status, with a header saying where it came from. */
function offlineCopy(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set('X-Catamaran-Offline', '1');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * A story's media: a downloaded story's copy first (a recording in the parts the player asks for, as a 206),
 * else the network, as without the worker.
 */
export async function answerMedia(request: Request): Promise<Response> {
  const stored = await inStories(request.url);
  if (!stored) return fetch(request);
  return request.headers.has('range') ? createPartialResponse(request, stored.response) : stored.response;
}
