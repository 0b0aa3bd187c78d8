// API access ends within 10 s of the session's end (issue 20): the /api guard asks whether a token's session is
// still live, remembering the answer for a few seconds (live-sessions.ts). Each test ends a session, then moves
// the clock (Date only: timers, sockets and the database keep real time) past the longest an answer is used,
// and finds the same access token refused, though it has most of its hour left.
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { users } from '#server/db/schema.ts';
import { setupTestApp } from '#server/testing/app.ts';
import { createUser, signIn } from '#server/testing/factories.ts';
import { SESSION_STALE_MS } from './live-sessions.ts';
import { REFRESH_REUSE_WINDOW_MS } from './sessions.ts';

const t = setupTestApp();

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

/** Lets the clock pass the longest a 'live' answer is used, so the next request must ask the database. */
function laterBy(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + ms });
}

describe('API access after the session ends', () => {
  it('ends within 10 s of a global sign-out, on a token with most of its hour left', async () => {
    const { accessToken } = await learner();
    expect((await apiCall(accessToken)).status).toBe(200);

    const signedOut = await t.request({
      method: 'POST',
      url: '/auth/v1/logout?scope=global',
      token: accessToken,
    });
    expect(signedOut.status).toBe(204);
    laterBy(SESSION_STALE_MS);

    const response = await apiCall(accessToken);
    expect(SESSION_STALE_MS).toBeLessThan(10_000);
    expect(response.status).toBe(401);
    expect(response.body).toEqual(ENDED);
  });

  it('ends for the other devices signed out with scope others, and not for the device that asked', async () => {
    const { user, accessToken } = await learner();
    const other = await signIn(t.db, user);
    expect((await apiCall(other.accessToken)).status).toBe(200);

    await t.request({ method: 'POST', url: '/auth/v1/logout?scope=others', token: accessToken });
    laterBy(SESSION_STALE_MS);

    expect((await apiCall(other.accessToken)).status).toBe(401);
    expect((await apiCall(accessToken)).status).toBe(200);
  });

  it('ends when a refresh token is replayed and its family revoked', async () => {
    const { accessToken, refreshToken } = await learner();
    expect((await apiCall(accessToken)).status).toBe(200);
    const refresh = () =>
      t.request({
        method: 'POST',
        url: '/auth/v1/token?grant_type=refresh_token',
        payload: { refresh_token: refreshToken },
      });
    expect((await refresh()).status).toBe(200);

    // Used again after the grace for two racing tabs: a thief's replay, and the whole session is revoked.
    laterBy(REFRESH_REUSE_WINDOW_MS + 1_000);
    expect((await refresh()).body).toMatchObject({ code: 'refresh_token_already_used' });
    vi.useRealTimers();
    laterBy(REFRESH_REUSE_WINDOW_MS + 1_000 + SESSION_STALE_MS);

    expect((await apiCall(accessToken)).body).toEqual(ENDED);
  });

  it('ends when the account is deleted, for reads as well as writes', async () => {
    const { user, accessToken } = await learner();
    expect((await apiCall(accessToken)).status).toBe(200);

    await t.db.delete(users).where(eq(users.id, user.id));
    laterBy(SESSION_STALE_MS);

    expect((await apiCall(accessToken)).status).toBe(401);
    expect((await t.get('/api/words/', { token: accessToken })).status).toBe(401);
  });

  it('refuses at once a token whose session this server has not seen and the database does not have', async () => {
    const { accessToken } = await learner();
    await t.request({ method: 'POST', url: '/auth/v1/logout?scope=local', token: accessToken });

    expect((await apiCall(accessToken)).body).toEqual(ENDED);
  });

  it('keeps answering a live session within its fresh seconds and after them', async () => {
    const { accessToken } = await learner();
    expect((await apiCall(accessToken)).status).toBe(200);
    laterBy(SESSION_STALE_MS);

    expect((await apiCall(accessToken)).status).toBe(200);
    expect((await apiCall(accessToken)).status).toBe(200);
  });

  it('leaves public endpoints to anyone, whatever the session', async () => {
    const { accessToken } = await learner();
    await t.request({ method: 'POST', url: '/auth/v1/logout', token: accessToken });

    expect((await t.get('/api/languages/', { token: accessToken })).status).toBe(200);
  });
});
