import { AuthApiError } from '@supabase/auth-js';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authSessions, refreshTokens } from '#server/db/schema.ts';
import { setupTestApp } from '#server/testing/app.ts';
import { authClient, listenForAuth } from '#server/testing/auth-client.ts';
import { createUser, signIn } from '#server/testing/factories.ts';
import { hashToken } from './tokens.ts';

const t = setupTestApp();
let authUrl = '';

beforeAll(async () => {
  authUrl = await listenForAuth(t.app);
});

const client = () => authClient(authUrl);

async function signedInClient() {
  const user = await createUser(t.db, { userMetadata: { full_name: 'Ana Lima', username: 'analima' } });
  const tokens = await signIn(t.db, user);
  const auth = client();
  const { error } = await auth.setSession({
    access_token: tokens.accessToken,
    refresh_token: tokens.refreshToken,
  });
  expect(error).toBeNull();
  return { auth, user, tokens };
}

async function refreshWith(refreshToken: string) {
  return fetch(`${authUrl}/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refresh_token: refreshToken }),
  });
}

describe('a session held by @supabase/auth-js', () => {
  it('gets its user, shaped as GoTrue shapes it', async () => {
    const { auth, user } = await signedInClient();

    const { data, error } = await auth.getUser();

    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      id: user.id,
      email: user.email,
      aud: 'authenticated',
      user_metadata: { full_name: 'Ana Lima', username: 'analima' },
      identities: [expect.objectContaining({ provider: 'email' })],
      factors: [],
    });
  });

  it('updates the user metadata', async () => {
    const { auth } = await signedInClient();

    const { data, error } = await auth.updateUser({ data: { full_name: 'Ana M. Lima' } });

    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual({ full_name: 'Ana M. Lima', username: 'analima' });
  });

  it('refreshes into a new token pair, rotating the refresh token', async () => {
    const { auth, tokens } = await signedInClient();

    const { data, error } = await auth.refreshSession();

    expect(error).toBeNull();
    expect(data.session?.refresh_token).toBeDefined();
    expect(data.session?.refresh_token).not.toBe(tokens.refreshToken);
    expect(data.session?.expires_in).toBe(3600);
    expect(data.session?.token_type).toBe('bearer');
    const [stored] = await t.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(tokens.refreshToken)));
    expect(stored?.revokedAt).not.toBeNull();
  });

  it('stores refresh tokens only as hashes', async () => {
    const { tokens } = await signedInClient();

    const rows = await t.db.select().from(refreshTokens).where(eq(refreshTokens.sessionId, tokens.sessionId));

    expect(rows.map((row) => row.tokenHash)).toEqual([hashToken(tokens.refreshToken)]);
    expect(JSON.stringify(rows)).not.toContain(tokens.refreshToken);
  });

  it('lets a second tab replay the old refresh token within 10 s and stay signed in', async () => {
    const { tokens } = await signedInClient();

    const first = await refreshWith(tokens.refreshToken);
    const second = await refreshWith(tokens.refreshToken);

    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    const successor = ((await second.json()) as { refresh_token: string }).refresh_token;
    expect((await refreshWith(successor)).status).toBe(200);
  });

  it('revokes the whole session when an old refresh token comes back later', async () => {
    const { tokens } = await signedInClient();
    const rotated = (await (await refreshWith(tokens.refreshToken)).json()) as { refresh_token: string };
    await t.db
      .update(refreshTokens)
      .set({ revokedAt: new Date(Date.now() - 11_000) })
      .where(eq(refreshTokens.tokenHash, hashToken(tokens.refreshToken)));

    const replay = await refreshWith(tokens.refreshToken);

    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ code: 'refresh_token_already_used' });
    // The thief's replay ends the session for the rightful holder too.
    const current = await refreshWith(rotated.refresh_token);
    expect(await current.json()).toMatchObject({ code: 'refresh_token_not_found' });
  });

  it('ends a session 90 days after sign-in, however often it was refreshed', async () => {
    const { tokens } = await signedInClient();
    await t.db
      .update(authSessions)
      .set({ notAfter: new Date(Date.now() - 1000) })
      .where(eq(authSessions.id, tokens.sessionId));

    const response = await refreshWith(tokens.refreshToken);

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'session_expired' });
  });

  it('raises an unknown refresh token in the client as an AuthApiError with its code', async () => {
    const auth = client();

    const { error } = await auth.refreshSession({ refresh_token: 'made-up' });

    expect(error).toBeInstanceOf(AuthApiError);
    expect(error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });
});

describe('signing out', () => {
  async function sessionsOf(userId: string) {
    return (await t.db.select().from(authSessions).where(eq(authSessions.userId, userId))).map((s) => s.id);
  }

  it('with scope local ends only this session', async () => {
    const { auth, user, tokens } = await signedInClient();
    const other = await signIn(t.db, user);

    const { error } = await auth.signOut({ scope: 'local' });

    expect(error).toBeNull();
    expect(await sessionsOf(user.id)).toEqual([other.sessionId]);
    expect((await t.get('/auth/v1/user', { token: tokens.accessToken })).status).toBe(403);
  });

  it('with scope others ends every session but this one', async () => {
    const { auth, user, tokens } = await signedInClient();
    await signIn(t.db, user);
    await signIn(t.db, user);

    await auth.signOut({ scope: 'others' });

    expect(await sessionsOf(user.id)).toEqual([tokens.sessionId]);
  });

  it('with scope global (the default) ends every session of the user', async () => {
    const { auth, user } = await signedInClient();
    await signIn(t.db, user);

    await auth.signOut();

    expect(await sessionsOf(user.id)).toEqual([]);
    expect((await auth.getSession()).data.session).toBeNull();
  });
});

describe('bad input to the auth endpoints', () => {
  it('answers 4xx with a sentence, never a 500', async () => {
    const cases = [
      { method: 'POST' as const, url: '/auth/v1/token', payload: {} },
      { method: 'POST' as const, url: '/auth/v1/token?grant_type=password', payload: { refresh_token: 'x' } },
      {
        method: 'POST' as const,
        url: '/auth/v1/token?grant_type=refresh_token',
        payload: { refresh_token: 42 },
      },
      {
        method: 'POST' as const,
        url: '/auth/v1/token?grant_type=refresh_token',
        payload: { refresh_token: 'x'.repeat(5000) },
      },
      { method: 'POST' as const, url: '/auth/v1/logout?scope=everyone', payload: {} },
      { method: 'GET' as const, url: '/auth/v1/user' },
      { method: 'PUT' as const, url: '/auth/v1/user', payload: { data: { full_name: 'x' } } },
    ];
    for (const request of cases) {
      const response = await t.request(request);
      expect(response.status, request.url).toBeGreaterThanOrEqual(400);
      expect(response.status, request.url).toBeLessThan(500);
      expect((response.body as { msg?: string }).msg, request.url).toMatch(/\w/);
    }
  });

  it('merges any metadata keys as GoTrue does, a null removing one, and refuses more than 16 KB', async () => {
    const { tokens } = await signedInClient();
    const put = (payload: Record<string, unknown>) =>
      t.request<{ user_metadata?: Record<string, unknown>; code?: string; msg?: string }>({
        method: 'PUT',
        url: '/auth/v1/user',
        token: tokens.accessToken,
        payload,
      });

    const merged = await put({ data: { theme: 'sepia', goals: { daily: 20 }, username: null } });
    expect(merged.status).toBe(200);
    expect(merged.body.user_metadata).toEqual({
      full_name: 'Ana Lima',
      theme: 'sepia',
      goals: { daily: 20 },
    });

    const huge = await put({ data: { notes: 'x'.repeat(16 * 1024) } });
    expect(huge.status).toBe(400);
    expect(huge.body).toMatchObject({
      code: 'validation_failed',
      msg: 'user_metadata must stay under 16 KB once merged; remove some keys first',
    });
    expect((await put({ data: { full_name: 42 } })).status).toBe(400);
    const kept = await t.get<{ user_metadata: Record<string, unknown> }>('/auth/v1/user', {
      token: tokens.accessToken,
    });
    expect(kept.body.user_metadata).toEqual({ full_name: 'Ana Lima', theme: 'sepia', goals: { daily: 20 } });
  });

  it('refuses a password (there are none) with 422, and app_metadata with 403 not_admin', async () => {
    const { tokens } = await signedInClient();
    const put = (payload: Record<string, unknown>) =>
      t.request<{ code?: string; msg?: string }>({
        method: 'PUT',
        url: '/auth/v1/user',
        token: tokens.accessToken,
        payload,
      });

    const password = await put({ password: 'hunter2-hunter2' });
    expect(password.status).toBe(422);
    expect(password.body.msg).toBe(
      'Catamaran has no passwords: sign in with the link or the code we e-mail you.',
    );
    const admin = await put({ app_metadata: { role: 'admin' } });
    expect(admin.status).toBe(403);
    expect(admin.body).toMatchObject({ code: 'not_admin' });
  });
});

describe('the access tokens the server signs', () => {
  it('carry GoTrue’s iss (the auth address) and amr (the code or link, when it was used), kept on refresh', async () => {
    const user = await createUser(t.db);
    const tokens = await signIn(t.db, user);
    const [session] = await t.db.select().from(authSessions).where(eq(authSessions.id, tokens.sessionId));

    const refreshed = (await (await refreshWith(tokens.refreshToken)).json()) as { access_token: string };
    const payload = JSON.parse(
      Buffer.from(refreshed.access_token.split('.')[1] ?? '', 'base64url').toString(),
    ) as { iss?: string; amr?: unknown };

    expect(payload.iss).toBe(`${t.config.siteUrl.replace(/\/+$/, '')}/auth/v1`);
    expect(payload.amr).toEqual([
      { method: 'otp', timestamp: Math.floor((session?.createdAt.getTime() ?? 0) / 1000) },
    ]);
  });
});
