import { describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { setupTestApp, testConfig } from '#server/testing/app.ts';

const t = setupTestApp({ app: { mailer: { send: async () => undefined } } });

const verifyFrom = (remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/v1/verify',
    remoteAddress,
    payload: { type: 'email', token_hash: 'not-a-real-token' },
  });

describe('per-IP rate limits on /auth/v1', () => {
  it('lets 30 verifications through in 5 minutes, then answers 429 in GoTrue shape, saying how long to wait', async () => {
    for (let i = 0; i < 30; i++) expect((await verifyFrom('203.0.113.7')).statusCode).toBe(403);

    const limited = await verifyFrom('203.0.113.7');

    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'over_request_rate_limit' });
    // The sign-in forms show this sentence as it is: it says when to try again, in whole minutes of the
    // seconds the Retry-After header gives.
    const seconds = Number(limited.headers['retry-after']);
    expect(seconds).toBeGreaterThan(240);
    expect(seconds).toBeLessThanOrEqual(300);
    expect(limited.json().msg).toBe(
      `Too many requests from your network. Please try again in ${Math.ceil(seconds / 60)} minutes.`,
    );
  });

  it('counts each address on its own, and each route on its own', async () => {
    expect((await verifyFrom('203.0.113.8')).statusCode).toBe(403);
    const token = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=refresh_token',
      remoteAddress: '203.0.113.7',
      payload: { refresh_token: 'unknown' },
    });
    expect(token.statusCode).toBe(400);
  });

  it('lets 30 sign-in requests through, then answers 429', async () => {
    const otp = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/v1/otp',
        remoteAddress: '198.51.100.4',
        payload: { email: `limit-${i}-${Date.now()}@example.com`, create_user: false },
      });
    for (let i = 0; i < 30; i++) expect((await otp(i)).statusCode).toBe(200);

    expect((await otp(30)).statusCode).toBe(429);
  });

  it('lets 150 token requests through, then answers 429', async () => {
    const refresh = () =>
      t.app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=refresh_token',
        remoteAddress: '198.51.100.9',
        payload: { refresh_token: 'unknown' },
      });
    for (let i = 0; i < 150; i++) expect((await refresh()).statusCode).toBe(400);

    expect((await refresh()).statusCode).toBe(429);
  });

  it('holds across app servers sharing one database', async () => {
    const second = await buildApp(testConfig(t.databaseUrl), { mailer: { send: async () => undefined } });
    try {
      for (let i = 0; i < 15; i++) expect((await verifyFrom('192.0.2.77')).statusCode).toBe(403);
      const fromSecond = () =>
        second.inject({
          method: 'POST',
          url: '/auth/v1/verify',
          remoteAddress: '192.0.2.77',
          payload: { type: 'email', token_hash: 'x' },
        });
      for (let i = 0; i < 15; i++) expect((await fromSecond()).statusCode).toBe(403);

      expect((await fromSecond()).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });
});
