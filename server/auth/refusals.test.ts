import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, TEST_JWT_SECRET } from '#server/testing/app.ts';
import { authClient, listenForAuth } from '#server/testing/auth-client.ts';
import { createUser, signIn } from '#server/testing/factories.ts';

const t = setupTestApp();
let authUrl = '';
beforeAll(async () => {
  authUrl = await listenForAuth(t.app);
});

/** A token shaped like ours for a real session, but signed with another secret or already expired. */
async function tokenFor(sessionId: string, userId: string, options: { secret?: string; expired?: boolean }) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email: 'x@example.com', session_id: sessionId, role: 'authenticated' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setAudience('authenticated')
    .setIssuedAt(now - 7200)
    .setExpirationTime(options.expired ? now - 3600 : now + 3600)
    .sign(new TextEncoder().encode(options.secret ?? TEST_JWT_SECRET));
}

const call = (method: 'GET' | 'PUT' | 'POST', token?: string) =>
  t.request<{ code?: string; error_code?: string; msg?: string }>({
    method,
    url: method === 'POST' ? '/auth/v1/logout' : '/auth/v1/user',
    token,
    ...(method === 'PUT' ? { payload: { data: { full_name: 'Ana' } } } : {}),
  });

describe('/user and /logout refuse as GoTrue does', () => {
  it.each(['GET', 'PUT', 'POST'] as const)('%s without a token: 401 no_authorization', async (method) => {
    const answer = await call(method);
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({
      code: 'no_authorization',
      error_code: 'no_authorization',
      msg: 'This endpoint requires a valid Bearer token',
    });
  });

  it.each(['GET', 'PUT', 'POST'] as const)(
    '%s with a token that is not ours, wrongly signed or expired: 403 bad_jwt',
    async (method) => {
      const user = await createUser(t.db);
      const { sessionId } = await signIn(t.db, user);
      for (const token of [
        'not-a-token',
        await tokenFor(sessionId, user.id, { secret: 'another-secret-of-at-least-32-characters!' }),
        await tokenFor(sessionId, user.id, { expired: true }),
      ]) {
        const answer = await call(method, token);
        expect(answer.status).toBe(403);
        expect(answer.body).toMatchObject({ code: 'bad_jwt', error_code: 'bad_jwt' });
      }
    },
  );

  it('a valid token of a session that ended: 403 session_not_found on /user, and signing out again is done', async () => {
    const user = await createUser(t.db);
    const { accessToken } = await signIn(t.db, user);
    expect((await call('POST', accessToken)).status).toBe(204);

    const answer = await call('GET', accessToken);
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ code: 'session_not_found' });
    expect((await call('POST', accessToken)).status).toBe(204);
  });

  it('reaches @supabase/auth-js as its codes, not as "Auth session missing!"', async () => {
    const { error } = await authClient(authUrl).getUser('not-a-token');
    expect(error?.status).toBe(403);
    expect(error?.code).toBe('bad_jwt');
  });
});
