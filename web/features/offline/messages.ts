// What the page and the service worker (web/sw.ts) say to each other (issue 24).

/**
 * The page asks a waiting worker to take over now: the learner pressed Reload on 'A new version is ready'
 * (workbox-window's messageSkipWaiting sends this very message).
 */
export const SKIP_WAITING = 'SKIP_WAITING';
