import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { CLIENT_ROUTES } from '#common/routes.ts';
import { ScreenSpinner } from '#web/components/ScreenSpinner.tsx';
import { useSession } from './session.tsx';

/**
 * A screen for signed-in learners only (spec/learner.md §4): it waits for the session with the screen's loading
 * text, then sends a signed-out visitor to /signin, replacing the history entry so Back does not return to a
 * screen they cannot see. After the learner signs out here, it leads home instead.
 */
export function RequireSession({ loadingText, children }: { loadingText: string; children: ReactNode }) {
  const session = useSession();
  if (session.status === 'loading') return <ScreenSpinner label={loadingText} />;
  if (session.status === 'signed_out') {
    return <Navigate to={session.byUser ? CLIENT_ROUTES.landing : CLIENT_ROUTES.signIn} replace />;
  }
  return children;
}
