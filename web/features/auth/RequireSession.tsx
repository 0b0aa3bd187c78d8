import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { CLIENT_ROUTES } from '#common/routes.ts';
import { ScreenSpinner } from '#web/components/ScreenSpinner.tsx';
import { useSession } from './session.tsx';

/**
 * A screen for signed-in learners only (spec/learner.md §4): it waits for the session with the screen's loading
 * text, then sends a signed-out visitor to /signin, replacing the history entry so Back does not return to a
 * screen they cannot see, with the navigation's state, so what the visitor was told on the way (a narrator
 * application received, say) reaches the sign-in screen. After the learner signs out here, it leads home.
 */
export function RequireSession({ loadingText, children }: { loadingText: string; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <ScreenSpinner label={loadingText} />;
  if (session.status === 'signed_out') {
    if (session.byUser) return <Navigate to={CLIENT_ROUTES.landing} replace />;
    return <Navigate to={CLIENT_ROUTES.signIn} replace state={location.state} />;
  }
  return children;
}
