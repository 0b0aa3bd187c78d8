import type {
  AuthChangeEvent,
  Session,
  SignInWithPasswordlessCredentials,
  UserAttributes,
  VerifyOtpParams,
} from '@supabase/auth-js';
import type { AuthClient } from './session.tsx';

type Listener = (event: AuthChangeEvent, session: Session | null) => void;
type Result = { error: Error | null };

/** A session as the auth server answers it, for a learner with this e-mail and metadata. */
export function fakeSession(
  email = 'ana@example.com',
  metadata: Record<string, unknown> = { full_name: 'Ana Lima', username: 'analima' },
): Session {
  return {
    access_token: `token-for-${email}`,
    refresh_token: 'refresh',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    token_type: 'bearer',
    user: {
      id: `id-${email}`,
      aud: 'authenticated',
      app_metadata: { provider: 'email' },
      user_metadata: metadata,
      email,
      created_at: '2026-01-01T00:00:00Z',
    },
  };
}

/**
 * An in-memory stand-in for the auth client in component tests: it records the calls, answers what a test
 * sets, and emits auth events the way auth-js does (INITIAL_SESSION on subscribe, SIGNED_OUT on sign-out).
 */
export class FakeAuthClient implements AuthClient {
  readonly calls: { method: string; args: unknown }[] = [];
  readonly listeners = new Set<Listener>();
  /** What the next calls answer; a test may replace any of them with a pending promise. */
  signInResult: Promise<Result> | Result = { error: null };
  verifyResult: Promise<Result> | Result = { error: null };
  signOutResult: Promise<Result> | Result = { error: null };
  updateResult: Promise<Result> | Result = { error: null };

  constructor(public session: Session | null = null) {}

  onAuthStateChange(callback: Listener) {
    this.listeners.add(callback);
    queueMicrotask(() => callback('INITIAL_SESSION', this.session));
    return { data: { subscription: { unsubscribe: () => this.listeners.delete(callback) } } };
  }

  emit(event: AuthChangeEvent, session: Session | null): void {
    this.session = session;
    for (const listener of this.listeners) listener(event, session);
  }

  async getSession() {
    return { data: { session: this.session } };
  }

  async signInWithOtp(credentials: SignInWithPasswordlessCredentials): Promise<Result> {
    this.calls.push({ method: 'signInWithOtp', args: credentials });
    return this.signInResult;
  }

  async verifyOtp(params: VerifyOtpParams): Promise<Result> {
    this.calls.push({ method: 'verifyOtp', args: params });
    const result = await this.verifyResult;
    if (!result.error) this.emit('SIGNED_IN', fakeSession());
    return result;
  }

  async signOut(options?: { scope?: 'global' | 'local' | 'others' }): Promise<Result> {
    this.calls.push({ method: 'signOut', args: options });
    const result = await this.signOutResult;
    if (!result.error && options?.scope !== 'others') this.emit('SIGNED_OUT', null);
    return result;
  }

  /** Records the update; an e-mail change leaves the address as it is and sets new_email, as the server does. */
  async updateUser(attributes: UserAttributes, options?: { emailRedirectTo?: string }): Promise<Result> {
    this.calls.push({ method: 'updateUser', args: { attributes, options } });
    const result = await this.updateResult;
    if (!result.error && this.session) {
      const user = { ...this.session.user };
      if (attributes.email && attributes.email !== user.email) user.new_email = attributes.email;
      if (attributes.data) user.user_metadata = { ...user.user_metadata, ...attributes.data };
      this.emit('USER_UPDATED', { ...this.session, user });
    }
    return result;
  }

  /** The arguments of each call to a method, in order. */
  argsOf(method: string): unknown[] {
    return this.calls.filter((call) => call.method === method).map((call) => call.args);
  }
}
