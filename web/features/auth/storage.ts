// Where the auth client keeps the session in localStorage: shared by the client (client.ts, loaded later) and
// the session provider, which reads it itself when the device is offline (session.tsx).
export const AUTH_STORAGE_KEY = 'catamaran-auth';

/** The session as the auth client stored it (user and tokens), or undefined when there is none or it is unreadable. */
export function storedSession():
  | { user: import('#common/identity.ts').UserIdentity; access_token: string }
  | undefined {
  try {
    const stored = JSON.parse(window.localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null') as {
      user?: unknown;
      access_token?: unknown;
      refresh_token?: unknown;
    } | null;
    if (!stored || typeof stored.user !== 'object' || stored.user === null) return undefined;
    if (typeof stored.access_token !== 'string' || typeof stored.refresh_token !== 'string') return undefined;
    return {
      user: stored.user as import('#common/identity.ts').UserIdentity,
      access_token: stored.access_token,
    };
  } catch {
    return undefined;
  }
}
