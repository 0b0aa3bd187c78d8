import { type ReactNode, useEffect } from 'react';
import { Navigate } from 'react-router';
import { CLIENT_ROUTES } from '#common/routes.ts';
import { ScreenSpinner } from '#web/components/ScreenSpinner.tsx';
import { useAdminPermission } from './queries.ts';

/**
 * Shows an admin screen only to an admin (admin.md §6): the permission is checked first; a learner, or a
 * failed check, goes to /dashboard. The route wraps it in RequireSession, so a session is here.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const permission = useAdminPermission();

  useEffect(() => {
    if (permission.error) {
      console.warn(
        'The admin permission check failed; treating this account as not an admin.',
        permission.error,
      );
    }
  }, [permission.error]);

  // An admin stays when a later re-check (on window focus) fails: only the answer decides, once there is one.
  if (permission.data?.is_admin) return children;
  if (permission.isPending) return <ScreenSpinner label="Checking permissions..." />;
  return <Navigate to={CLIENT_ROUTES.dashboard} replace />;
}
