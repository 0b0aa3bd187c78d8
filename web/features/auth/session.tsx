import type {
  AuthChangeEvent,
  Session,
  SignInWithPasswordlessCredentials,
  UserAttributes,
  VerifyOtpParams,
} from '@supabase/auth-js';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { UserIdentity } from '#common/identity.ts';
import { afterHydration } from '#web/lib/afterHydration.ts';
import { setAccessTokenProvider, setSessionEndedHandler } from '#web/lib/api.ts';
import { acceptedPageState, clearPageSessionCookie, writePageSessionCookie } from '#web/lib/pageSession.ts';
import { freshStoredSession, storedSession } from './storage.ts';

/**
 * The page's session state (spec/learner.md §4): loading, then signed in or signed out. `byUser` marks a
 * sign-out the learner asked for on this page, so a protected screen can send them home rather than to /signin.
 */
export type SessionState =
  | { status: 'loading' }
  | { status: 'signed_out'; byUser?: boolean }
  | { status: 'signed_in'; user: UserIdentity; accessToken: string };

/**
 * The part of @supabase/auth-js's GoTrueClient the app uses. Screens depend on this, not on the class, so tests
 * hand in a fake and the real client can stay in a chunk of its own.
 */
export interface AuthClient {
  onAuthStateChange(callback: (event: AuthChangeEvent, session: Session | null) => void): {
    data: { subscription: { unsubscribe(): void } };
  };
  getSession(): Promise<{ data: { session: Session | null } }>;
  signInWithOtp(credentials: SignInWithPasswordlessCredentials): Promise<{ error: Error | null }>;
  verifyOtp(params: VerifyOtpParams): Promise<{ error: Error | null }>;
  /** Changes the user's metadata or asks for an e-mail change (a link goes to the new address). */
  updateUser(
    attributes: UserAttributes,
    options?: { emailRedirectTo?: string },
  ): Promise<{ error: Error | null }>;
  /** Ends this session (local), every session (global, the default) or every other one (others). */
  signOut(options?: { scope?: 'global' | 'local' | 'others' }): Promise<{ error: Error | null }>;
}

let realClient: Promise<AuthClient> | undefined;

/** The app's auth client, loaded on first use (auth-js is about 30 KB gzipped: docs/decisions/003). */
function loadAuthClient(): Promise<AuthClient> {
  realClient ??= import('./client.ts').then(
    (module) => module.authClient,
    (error: unknown) => {
      realClient = undefined; // a failed chunk load may succeed on the next try
      throw error;
    },
  );
  return realClient;
}

interface SessionContextValue {
  session: SessionState;
  auth: () => Promise<AuthClient>;
  signOut: () => Promise<{ error: Error | null }>;
}

const SIGNED_OUT: SessionState = { status: 'signed_out' };

const SessionContext = createContext<SessionContextValue>({
  session: SIGNED_OUT,
  auth: loadAuthClient,
  signOut: async () => ({ error: null }),
});

function stateOf(session: Session | null, byUser: boolean): SessionState {
  if (session) return { status: 'signed_in', user: session.user, accessToken: session.access_token };
  return byUser ? { status: 'signed_out', byUser: true } : SIGNED_OUT;
}

/** The next state, or the current one when it says the same (the same token, the user's details unchanged). */
function unlessSame(current: SessionState, next: SessionState): SessionState {
  if (current.status !== 'signed_in' || next.status !== 'signed_in') return next;
  const same =
    current.accessToken === next.accessToken && JSON.stringify(current.user) === JSON.stringify(next.user);
  return same ? current : next;
}

/**
 * A learner who opens the app offline after their access token expired (an hour on a plane): auth-js cannot
 * refresh it without a network, keeps the session stored, and says there is none. They stay signed in here with
 * the stored session (issue 24), so downloaded stories open; the token is refreshed when the network returns
 * (the next call asks auth-js for it), and a session the server ended signs them out then.
 */
function offlineKept(event: AuthChangeEvent, next: Session | null): SessionState | undefined {
  if (event !== 'INITIAL_SESSION' || next || navigator.onLine) return undefined;
  const stored = storedSession();
  return stored && { status: 'signed_in', user: stored.user, accessToken: stored.access_token };
}

/**
 * Lets call() send the session's access token, and end the session when the server says it has ended. A layout
 * effect, so the provider is in place before any screen's data effect makes its first call.
 */
function useCallerSession(auth: () => Promise<AuthClient>, value: SessionState | undefined): void {
  useLayoutEffect(() => {
    if (value) {
      setAccessTokenProvider(() => (value.status === 'signed_in' ? value.accessToken : null));
      return;
    }
    // Asked of the client on every call, so a token it has just refreshed is the one sent.
    setAccessTokenProvider(async () => {
      // Offline, the call cannot reach the server anyway (the service worker answers what it kept): it must not
      // wait on auth-js's refresh attempts.
      if (!navigator.onLine) return storedSession()?.access_token ?? null;
      // A token auth-js would hand out unchanged is read as it stored it, without waiting for the client.
      const fresh = freshStoredSession();
      if (fresh) return fresh.access_token;
      const authClient = await auth();
      const { data } = await authClient.getSession();
      return data.session?.access_token ?? null;
    });
    // The server says this session has ended (signed out elsewhere, or the account deleted): end it here too,
    // so protected screens lead to sign-in rather than each showing a refusal.
    setSessionEndedHandler(() => {
      void auth().then((authClient) => authClient.signOut({ scope: 'local' }));
    });
  }, [auth, value]);
}

/**
 * The first state: signed in when the page's markup was drawn by the server for the stored session (main.tsx
 * accepted its state), so hydration draws the same screen; loading otherwise, as the landing's build-time
 * markup and the server's render of a page without a session have it.
 */
function drawnSession(): SessionState {
  if (typeof window === 'undefined' || !acceptedPageState()) return { status: 'loading' };
  const fresh = freshStoredSession();
  return fresh
    ? { status: 'signed_in', user: fresh.user, accessToken: fresh.access_token }
    : { status: 'loading' };
}

/**
 * The server's page route draws a signed-in screen from this cookie (docs/decisions/104): it follows the session,
 * expiring with its token, and goes with a sign-out. Nothing for a fixed session (`undefined`, tests).
 */
function usePageSessionCookie(session: SessionState | undefined): void {
  useEffect(() => {
    let cancelled = false;
    const follow = () => {
      if (cancelled) return;
      if (session?.status === 'signed_in') writePageSessionCookie(session.accessToken);
      else if (session?.status === 'signed_out') clearPageSessionCookie();
    };
    // On a drawn page, once its hydration has gone quiet (docs/decisions/107): the page came with this cookie,
    // and reading or writing it is a call to the browser's cookie store, no part of the hydration's last task.
    afterHydration(follow);
    return () => {
      cancelled = true;
    };
  }, [session]);
}

export interface SessionProviderProps {
  children: ReactNode;
  /** A fixed session state (tests): the provider then does not listen to the auth client. */
  value?: SessionState;
  /** The auth client to use instead of the app's (tests hand in a fake). */
  client?: AuthClient;
}

/**
 * Follows the auth client's events (INITIAL_SESSION, SIGNED_IN, SIGNED_OUT, TOKEN_REFRESHED, USER_UPDATED and
 * the rest) into the session state, and lets call() send the current access token. The client is loaded after
 * the first render, so the landing never waits for it.
 */
export function SessionProvider({ children, value, client }: SessionProviderProps) {
  const [tracked, setTracked] = useState<SessionState>(drawnSession);
  const isSigningOut = useRef(false);
  const auth = useMemo(() => (client ? () => Promise.resolve(client) : loadAuthClient), [client]);
  const session = value ?? tracked;

  useEffect(() => {
    if (value) return;
    let unsubscribe: (() => void) | undefined;
    let isCancelled = false;
    // Offline, auth-js tries to refresh an expired token for up to half a minute before it says anything: the
    // stored session is shown at once instead (offlineKept).
    const kept = offlineKept('INITIAL_SESSION', null);
    if (kept) setTracked(kept);
    auth().then(
      (authClient) => {
        if (isCancelled) return;
        // Only state is set here: auth-js awaits this callback, and awaiting another auth call inside it
        // deadlocks the client.
        const { data } = authClient.onAuthStateChange((event, next) => {
          const byUser = event === 'SIGNED_OUT' && isSigningOut.current;
          if (event === 'SIGNED_OUT') {
            isSigningOut.current = false;
            // What was kept offline is the learner's own: it goes with their session (issue 24).
            void import('#web/features/offline/forget.ts')
              .then((module) => module.forgetOfflineData())
              .catch(() => undefined);
          }
          const state = offlineKept(event, next) ?? stateOf(next, byUser);
          setTracked((current) => unlessSame(current, state));
        });
        unsubscribe = () => data.subscription.unsubscribe();
      },
      (error: unknown) => {
        console.warn('The sign-in client could not be loaded; continuing signed out.', error);
        if (!isCancelled) setTracked(SIGNED_OUT);
      },
    );
    return () => {
      isCancelled = true;
      unsubscribe?.();
    };
  }, [auth, value]);

  // A stored session auth-js would hand out as it is (its token well before expiry) is the page's at once,
  // before the auth client has loaded, so a signed-in screen renders and asks for its data without waiting for
  // it (docs/decisions/098); the client's first event then confirms it, or says otherwise. In a layout effect,
  // not the first state, so the landing's hydration matches its build-time markup.
  useLayoutEffect(() => {
    if (value) return;
    const fresh = freshStoredSession();
    if (fresh) {
      const state: SessionState = { status: 'signed_in', user: fresh.user, accessToken: fresh.access_token };
      setTracked((current) => unlessSame(current, state));
    }
  }, [value]);

  usePageSessionCookie(value ? undefined : tracked);

  useCallerSession(auth, value);

  const signOut = useCallback(async () => {
    isSigningOut.current = true;
    try {
      const result = await (await auth()).signOut();
      if (result.error) isSigningOut.current = false;
      return result;
    } catch (error) {
      isSigningOut.current = false;
      throw error;
    }
  }, [auth]);

  const context = useMemo(() => ({ session, auth, signOut }), [session, auth, signOut]);
  return <SessionContext.Provider value={context}>{children}</SessionContext.Provider>;
}

/** The current session state. */
export function useSession(): SessionState {
  return useContext(SessionContext).session;
}

/** The auth client, as a promise: it is loaded after the first render (`const client = await auth()`). */
export function useAuthClient(): () => Promise<AuthClient> {
  return useContext(SessionContext).auth;
}

/** Ends the session on the server and in this browser; a protected screen then leads home. */
export function useSignOut(): () => Promise<{ error: Error | null }> {
  return useContext(SessionContext).signOut;
}
