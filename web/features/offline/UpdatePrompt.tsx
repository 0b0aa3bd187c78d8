import { useEffect, useState } from 'react';
import { afterHydration } from '#web/lib/afterHydration.ts';

export const UPDATE_TEXT = {
  ready: 'A new version is ready',
  reload: 'Reload',
} as const;

/**
 * How often an open page asks whether a new version was deployed: every hour while it is shown, and when it is
 * shown again or the network returns, but not twice within a minute (switching tabs back and forth).
 */
export const UPDATE_CHECK = { everyMs: 60 * 60_000, atMostEveryMs: 60_000 } as const;

/** How the page reaches its service worker: registered once the page has loaded. */
interface Registration {
  /** Asks the waiting worker to take over; the page reloads when it has. */
  activate: () => void;
}

/**
 * Registers the service worker (web/sw.ts, issue 24) after the page has loaded (and, on a drawn page, after its
 * hydration), and says when a new version of the app waits: Reload lets it take over and reloads the page once,
 * so an old app is never served for longer than that. workbox-window loads only then, out of the landing's first
 * JavaScript.
 */
export function UpdatePrompt() {
  const [waiting, setWaiting] = useState<Registration | undefined>(undefined);

  useEffect(() => {
    // Not under `npm run dev`: Vite serves the sources there, and a worker would hold on to old ones.
    if (!('serviceWorker' in navigator) || import.meta.env.MODE === 'development') return;
    let cancelled = false;
    let stopChecking = () => {};
    const register = async () => {
      const { Workbox } = await import('workbox-window');
      if (cancelled) return;
      const worker = new Workbox('/sw.js');
      worker.addEventListener('waiting', ({ sw }) => {
        setWaiting({
          activate: () => {
            // The new worker in control: the page's code is the old one's, so it loads again, once.
            worker.addEventListener('controlling', () => window.location.reload());
            // Reload in another tab may have let it take over already: then this page only loads again.
            if (sw?.state === 'activating' || sw?.state === 'activated') window.location.reload();
            else worker.messageSkipWaiting();
          },
        });
      });
      const registered = await worker.register().catch((error: unknown) => {
        console.warn('No offline app:', error);
      });
      if (registered && !cancelled) stopChecking = checkForUpdates(() => worker.update());
    };
    const start = () => void register();
    const afterLoad = () => {
      if (cancelled) return;
      if (document.readyState === 'complete') start();
      else window.addEventListener('load', start, { once: true });
    };
    // On a drawn page, once its hydration has gone quiet: the registration is a task of its own, not part of
    // the hydration's last one (docs/decisions/107).
    afterHydration(afterLoad);
    return () => {
      cancelled = true;
      stopChecking();
      window.removeEventListener('load', start);
    };
  }, []);

  if (!waiting) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-md items-center justify-between gap-3 rounded-xl bg-slate-900 px-4 py-3 text-sm font-medium text-white shadow-xl sm:bottom-5"
    >
      <span>{UPDATE_TEXT.ready}</span>
      <button
        type="button"
        onClick={waiting.activate}
        className="min-h-10 shrink-0 rounded-lg bg-white px-4 font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        {UPDATE_TEXT.reload}
      </button>
    </div>
  );
}

/**
 * Asks the browser to look for a new worker while the page stays open: the browser looks by itself only on a
 * navigation, and a learner may read in one tab for days without one (the app moves between screens without
 * loading a page). Returns what stops it.
 */
function checkForUpdates(update: () => Promise<void>): () => void {
  let last = Number.NEGATIVE_INFINITY;
  const check = () => {
    if (document.visibilityState !== 'visible' || Date.now() - last < UPDATE_CHECK.atMostEveryMs) return;
    last = Date.now();
    // Offline, or the server away for a moment: the next check asks again.
    update().catch(() => undefined);
  };
  const timer = window.setInterval(check, UPDATE_CHECK.everyMs);
  document.addEventListener('visibilitychange', check);
  window.addEventListener('online', check);
  return () => {
    window.clearInterval(timer);
    document.removeEventListener('visibilitychange', check);
    window.removeEventListener('online', check);
  };
}
