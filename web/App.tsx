import { useLayoutEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { SessionProvider } from './features/auth/session.tsx';
import { InstallPromptMount } from './features/install/InstallPromptMount.tsx';
import { removeLandingShell } from './features/landing/shell.ts';
import { UpdatePrompt } from './features/offline/UpdatePrompt.tsx';
import { ThemeSync } from './features/settings/theme.ts';
import { AppRoutes } from './router.tsx';

/**
 * The app's providers around the route table. TanStack Query is not here on purpose: it comes with the
 * lazily loaded screens that fetch data, so the landing page stays within its JavaScript budget
 * (docs/decisions/003).
 */
export function App() {
  // The landing's markup built into index.html goes at the first commit, before it is painted: the render's
  // own landing (or another screen) stands in its place.
  useLayoutEffect(removeLandingShell, []);
  return (
    <SessionProvider>
      <ThemeSync />
      <BrowserRouter>
        <AppRoutes />
        <InstallPromptMount />
        <UpdatePrompt />
      </BrowserRouter>
    </SessionProvider>
  );
}
