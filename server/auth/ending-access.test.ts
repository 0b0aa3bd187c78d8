// API access ends within seconds of the session's end (issue 20): every way a session ends deletes its row, a
// trigger records it, and every server reads those records every 2 s (ended-sessions.ts). Here the server
// reads them every 50 ms, and each test waits for the same access token, with most of its hour left, to be
// refused.
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '#server/app.ts';
import { authSessions, endedSessions, users } from '#server/db/schema.ts';
import { setupTestApp } from '#server/testing/app.ts';
import { createUser, signIn } from '#server/testing/factories.ts';
import { SERVER_WORK_TIMEOUT } from '#server/testing/waiting.ts';
import { ENDED_SESSIONS_KEPT_MS, ENDED_SESSIONS_POLL_MS, pruneSessions } from './ended-sessions.ts';
import { REFRESH_REUSE_WINDOW_MS } from './sessions.ts';

const t = setupTestApp({ app: { endedSessionsPollMs: 50 } });

afterEach(() => {
  vi.useRealTimers();
});

const ENDED = {
  error: 'Your session has ended: sign in again.',
  code: 'session_not_found',
  error_code: 'session_not_found',
  msg: 'Your session has ended: sign in again.',
};

async function learner() {
  const user = await createUser(t.db);
  return { user, ...(await signIn(t.db, user)) };
}

const apiCall = (token: string) => t.get('/api/me/subscription/', { token });

/** Waits until the API refuses the token as a session that has ended. */
async function refusedSoon(token: string) {
  await expect.poll(async () => (await apiCall(token)).body, { timeout: SERVER_WORK_TIMEOUT }).toEqual(ENDED);
}

describe('API access after the session ends', () => {
  it('reads the ended sessions every 2 s in production: well within the 10 s the issue allows', () => {
    expect(ENDED_SESSIONS_POLL_MS).toBeLessThanOrEqual(2_000);
  });

  it('ends after a global sign-out, on a token with most of its hour left', async () => {
    const { accessToken } = await learner();
    expect((await apiCall(accessToken)).status).toBe(200);

    const signedOut = await t.request({
      method: 'POST',
      url: '/auth/v1/logout?scope=global',
      token: accessToken,
    });
    expect(signedOut.status).toBe(204);

    await refusedSoon(accessToken);
  });

  it('ends for the other devices signed out with scope others, and not for the device that asked', async () => {
    const { user, accessToken } = await learner();
    const other = await signIn(t.db, user);

    await t.request({ method: 'POST', url: '/auth/v1/logout?scope=others', token: accessToken });

    await refusedSoon(other.accessToken);
    expect((await apiCall(accessToken)).status).toBe(200);
  });

  it('ends when a refresh token is replayed and its family revoked', async () => {
    const { accessToken, refreshToken } = await learner();
    const refresh = () =>
      t.request({
        method: 'POST',
        url: '/auth/v1/token?grant_type=refresh_token',
        payload: { refresh_token: refreshToken },
      });
    expect((await refresh()).status).toBe(200);

    // Used again after the grace for two racing tabs: a thief's replay, and the whole session is revoked.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + REFRESH_REUSE_WINDOW_MS + 1_000 });
    expect((await refresh()).body).toMatchObject({ code: 'refresh_token_already_used' });
    vi.useRealTimers();

    await refusedSoon(accessToken);
  });

  it('ends when the account is deleted, for reads as well as writes', async () => {
    const { user, accessToken } = await learner();

    await t.db.delete(users).where(eq(users.id, user.id));

    await refusedSoon(accessToken);
    expect((await t.get('/api/words/', { token: accessToken })).body).toEqual(ENDED);
  });

  it('is refused at once by a server that starts after the session ended', async () => {
    const { accessToken } = await learner();
    await t.request({ method: 'POST', url: '/auth/v1/logout?scope=local', token: accessToken });
    // A server reading only every hour: its first read, before it takes a request, is what refuses the token.
    const later = await buildApp(t.config, { sweeps: false, endedSessionsPollMs: 3_600_000 });
    try {
      await later.ready();
      const response = await later.inject({
        url: '/api/me/subscription/',
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(ENDED);
    } finally {
      await later.close();
    }
  });

  it('records each end once per session, however the rows went', async () => {
    const { user, sessionId } = await learner();
    const second = await signIn(t.db, user);

    await t.db.delete(users).where(eq(users.id, user.id));

    const recorded = await t.db.select().from(endedSessions);
    const ids = recorded.map((row) => row.sessionId);
    expect(ids.filter((id) => id === sessionId)).toHaveLength(1);
    expect(ids.filter((id) => id === second.sessionId)).toHaveLength(1);
  });

  it('leaves a live session working, and public endpoints open to anyone', async () => {
    const { accessToken } = await learner();
    const { accessToken: ended } = await learner();
    await t.request({ method: 'POST', url: '/auth/v1/logout', token: ended });
    await refusedSoon(ended);

    expect((await apiCall(accessToken)).status).toBe(200);
    expect((await t.get('/api/languages/', { token: ended })).status).toBe(200);
  });

  it('sweeps sessions past their 90 days (recording their end) and records older than two hours', async () => {
    const { user, sessionId } = await learner();
    await t.db
      .update(authSessions)
      .set({ notAfter: new Date(Date.now() - 1000) })
      .where(eq(authSessions.id, sessionId));
    const old = await t.db
      .insert(endedSessions)
      .values({ sessionId: user.id, endedAt: new Date(Date.now() - 2 * ENDED_SESSIONS_KEPT_MS - 60_000) })
      .returning();

    await pruneSessions(t.db);

    expect(await t.db.select().from(authSessions).where(eq(authSessions.id, sessionId))).toEqual([]);
    expect(
      await t.db.select().from(endedSessions).where(eq(endedSessions.sessionId, sessionId)),
    ).toHaveLength(1);
    expect(
      await t.db
        .select()
        .from(endedSessions)
        .where(eq(endedSessions.id, old[0]?.id ?? 0)),
    ).toEqual([]);
  });
});
