import type { ComponentType, ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { SessionProvider, type SessionState } from './features/auth/session.tsx';
import { InstallPromptMount } from './features/install/InstallPromptMount.tsx';
import { UpdatePrompt } from './features/offline/UpdatePrompt.tsx';
import { ThemeSync } from './features/settings/theme.ts';
import { AppRoutes } from './router.tsx';

/** The router around the route table: the browser's in the page, a fixed location when rendered at build time. */
export type AppRouter = ComponentType<{ children: ReactNode }>;

/**
 * The app's providers around the route table, in the router given. TanStack Query is not here on purpose: it
 * comes with the lazily loaded screens that fetch data, so the landing page stays within its JavaScript budget
 * (docs/decisions/003). The landing's markup is rendered from this same tree at build time
 * (web/prerender.tsx), so the page hydrates it as it is (docs/decisions/094); a signed-in screen's by the server
 * at request time with the session it was asked with (`session`, web/server-page.tsx, docs/decisions/104).
 */
export function AppFrame({ router: Router, session }: { router: AppRouter; session?: SessionState }) {
  return (
    <SessionProvider value={session}>
      <ThemeSync />
      <Router>
        <AppRoutes />
        <InstallPromptMount />
        <UpdatePrompt />
      </Router>
    </SessionProvider>
  );
}

/** The app in the browser's router. */
export function App() {
  return <AppFrame router={BrowserRouter} />;
}
