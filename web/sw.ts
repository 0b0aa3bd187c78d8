/// <reference lib="webworker" />
// Catamaran's service worker (issue 24): the app shell offline. The built assets are precached (the list is
// written into this file at build time by vite-plugin-pwa's injectManifest); a page asked for by navigation
// gets the precached index.html, so the app opens without a network once visited. The learner's API reads and
// the stories' media come from the network, and from the caches of downloaded stories and last answers when it
// fails (features/offline/swRoutes.ts); sign-in and writes never. A new version waits until the page asks it to
// take over (UpdatePrompt).
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

import { SKIP_WAITING } from './features/offline/messages.ts';
import { answerApiRead, answerMedia, isApiRead, isMedia } from './features/offline/swRoutes.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The server's own paths are never the app shell.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/auth\//, /^\/media\//, /^\/dev\//],
  }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});

// The learner's API reads and the stories' media, from the caches when the network fails (swRoutes.ts).
registerRoute(
  ({ request, url }) => isApiRead(request, url),
  ({ event, url }) => answerApiRead(event as FetchEvent, url),
);
registerRoute(
  ({ request, url }) => isMedia(request, url),
  ({ request }) => answerMedia(request),
);
