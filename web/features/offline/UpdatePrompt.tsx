import { useEffect, useState } from 'react';

export const UPDATE_TEXT = {
  ready: 'A new version is ready',
  reload: 'Reload',
} as const;

/** How the page reaches its service worker: registered once the page has loaded. */
interface Registration {
  /** Asks the waiting worker to take over; the page reloads when it has. */
  activate: () => void;
}

/**
 * Registers the service worker (web/sw.ts, issue 24) after the page has loaded, and says when a new version of
 * the app waits: Reload lets it take over and reloads the page once, so an old app is never served for longer
 * than that. workbox-window loads only then, out of the landing's first JavaScript.
 */
export function UpdatePrompt() {
  const [waiting, setWaiting] = useState<Registration | undefined>(undefined);

  useEffect(() => {
    // Not under `npm run dev`: Vite serves the sources there, and a worker would hold on to old ones.
    if (!('serviceWorker' in navigator) || import.meta.env.MODE === 'development') return;
    let cancelled = false;
    const register = async () => {
      const { Workbox } = await import('workbox-window');
      if (cancelled) return;
      const worker = new Workbox('/sw.js');
      worker.addEventListener('waiting', () => {
        setWaiting({
          activate: () => {
            // The new worker in control: the page's code is the old one's, so it loads again, once.
            worker.addEventListener('controlling', () => window.location.reload());
            worker.messageSkipWaiting();
          },
        });
      });
      await worker.register().catch((error: unknown) => console.warn('No offline app:', error));
    };
    const start = () => void register();
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      cancelled = true;
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
