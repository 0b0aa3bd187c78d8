import { GoTrueClient } from '@supabase/auth-js';
import { AUTH_STORAGE_KEY } from './storage.ts';

/**
 * The app's one Supabase Auth client, talking to our own GoTrue-compatible server on this origin. It keeps the
 * session in localStorage, refreshes it before it expires and picks up a session handed over in the URL.
 * Loaded only through session.tsx's dynamic import, so it stays out of the landing's first JavaScript.
 */
export const authClient = new GoTrueClient({
  url: `${window.location.origin}/auth/v1`,
  storageKey: AUTH_STORAGE_KEY,
  persistSession: true,
  autoRefreshToken: true,
  detectSessionInUrl: true,
  flowType: 'implicit',
});
