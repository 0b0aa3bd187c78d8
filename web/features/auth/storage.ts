// Where the auth client keeps the session in localStorage: shared by the client (client.ts, loaded later) and
// the session provider, which reads it itself before the client has loaded and when the device is offline
// (session.tsx).
export const AUTH_STORAGE_KEY = 'catamaran-auth';

/**
 * How long before its access token expires auth-js refreshes a session rather than hand it out as it is
 * (its EXPIRY_MARGIN_MS, 90 s), with a little room for the clock.
 */
const EXPIRY_MARGIN_SECONDS = 120;

interface StoredSession {
  user: import('#common/identity.ts').UserIdentity;
  access_token: string;
  /** When the access token expires, in seconds since the epoch (auth-js's own field), when stored. */
  expires_at?: number;
}

/** The session as the auth client stored it (user and tokens), or undefined when there is none or it is unreadable. */
export function storedSession(): StoredSession | undefined {
  try {
    const stored = JSON.parse(window.localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null') as {
      user?: unknown;
      access_token?: unknown;
      refresh_token?: unknown;
      expires_at?: unknown;
    } | null;
    if (!stored || typeof stored.user !== 'object' || stored.user === null) return undefined;
    if (typeof stored.access_token !== 'string' || typeof stored.refresh_token !== 'string') return undefined;
    return {
      user: stored.user as import('#common/identity.ts').UserIdentity,
      access_token: stored.access_token,
      ...(typeof stored.expires_at === 'number' ? { expires_at: stored.expires_at } : {}),
    };
  } catch {
    return undefined;
  }
}

/**
 * The stored session while auth-js itself would hand it out unchanged: its access token has more than the
 * refresh margin left, and the address brings no session of its own (a sign-in link's, which the client reads
 * from the hash). The page may use it before the auth client has loaded (docs/decisions/098).
 */
export function freshStoredSession(): StoredSession | undefined {
  if (window.location.hash !== '') return undefined;
  const stored = storedSession();
  if (stored?.expires_at === undefined) return undefined;
  return stored.expires_at - Date.now() / 1000 > EXPIRY_MARGIN_SECONDS ? stored : undefined;
}
