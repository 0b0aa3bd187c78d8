import { BrowserRouter } from 'react-router';
import { SessionProvider } from './features/auth/session.tsx';
import { InstallPromptMount } from './features/install/InstallPromptMount.tsx';
import { UpdatePrompt } from './features/offline/UpdatePrompt.tsx';
import { ThemeSync } from './features/settings/theme.ts';
import { AppRoutes } from './router.tsx';

/**
 * The app's providers around the route table. TanStack Query is not here on purpose: it comes with the
 * lazily loaded screens that fetch data, so the landing page stays within its JavaScript budget
 * (docs/decisions/003).
 */
export function App() {
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
