import { createContext, type ReactNode, useContext } from 'react';
import type { UserIdentity } from '#common/identity.ts';

/**
 * The page's session state (spec/learner.md §4): loading, then signed in or signed out. Until the sign-in
 * issue brings the auth client, every visitor is signed out; screens read this context so they need no change
 * when it does.
 */
export type SessionState =
  | { status: 'loading' }
  | { status: 'signed_out' }
  | { status: 'signed_in'; user: UserIdentity; accessToken: string };

const SIGNED_OUT: SessionState = { status: 'signed_out' };

const SessionContext = createContext<SessionState>(SIGNED_OUT);

export function SessionProvider({
  children,
  value = SIGNED_OUT,
}: {
  children: ReactNode;
  value?: SessionState;
}) {
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The current session state. */
export function useSession(): SessionState {
  return useContext(SessionContext);
}
