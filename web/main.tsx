import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { CLIENT_ROUTES } from '#common/routes.ts';
import { App } from './App.tsx';
import { freshStoredSession, storedSession } from './features/auth/storage.ts';
import { storedLanguage } from './features/dashboard/chosenLanguage.ts';
import { holdUntilHydrated } from './lib/afterHydration.ts';
import { acceptPageState } from './lib/pageSession.ts';
import { preloadScreen } from './router.tsx';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element to render into.');

const { pathname } = window.location;
preloadScreen(pathname, storedSession() !== undefined);

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The landing's markup comes rendered at build time (web/prerender.tsx): it is hydrated, so the painted nodes
// stay and nothing is drawn anew (docs/decisions/094), in a transition, so React hydrates in short slices
// rather than one long task. A signed-in screen may come drawn by the server with the data it was drawn from
// (docs/decisions/104): hydrated the same way when it is this path's and this session's, with the page's own
// choice of language; drawn anew otherwise. Every other page's shell has an empty #root: its first render is in
// a transition too, so React renders it in short slices between the chunks' evaluation and the first answers
// (docs/decisions/098).
const isDrawn =
  root.firstElementChild !== null &&
  (pathname === CLIENT_ROUTES.landing ||
    acceptPageState(pathname, freshStoredSession()?.access_token, storedLanguage()) !== undefined);
if (isDrawn) {
  // Its first fetches and the outbox's read wait for an idle moment after the hydration (docs/decisions/107).
  holdUntilHydrated();
  // Begun in a task of its own, not in the entry's, where the modules' evaluation already takes the most of any
  // task of the load (docs/decisions/125).
  setTimeout(() => {
    startTransition(() => {
      hydrateRoot(root, app);
    });
  }, 0);
} else {
  root.replaceChildren();
  const appRoot = createRoot(root);
  startTransition(() => {
    appRoot.render(app);
  });
}
